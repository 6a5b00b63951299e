package io.stagebench.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.stagebench.clock.NanoTimeClock;
import io.stagebench.nativeaccess.Affinity;
import io.stagebench.testing.MachineCpus;
import io.stagebench.testing.MeasuresInProcess;
import org.junit.jupiter.api.Test;

@MeasuresInProcess
class CrossCoreOffsetTest {

    @Test
    void shouldBoundTheOffsetOfOneSharedCounterAroundZeroWithinTheFastestRoundTrip() throws Exception {
        assumeTrue(
                Affinity.unavailableReason().isEmpty() && MachineCpus.online().size() > 1,
                "needs pinning and two CPUs");
        int other = Affinity.currentCpu() == 0 ? 1 : 0;

        // System.nanoTime() is one counter for every core: its true offset is 0
        CrossCoreOffset offset = CrossCoreOffset.measure(new NanoTimeClock(), Affinity.currentCpu(), other, 2_000);

        assertTrue(
                offset.lowTicks() <= 0 && offset.highTicks() >= 0,
                "[" + offset.lowTicks() + ", " + offset.highTicks() + "]");
        assertTrue(offset.highTicks() - offset.lowTicks() <= offset.minRoundTripTicks(), offset.describe(1.0));
        assertTrue(offset.boundTicks() <= offset.minRoundTripTicks(), offset.describe(1.0));
        assertEquals(2_000, offset.rounds());
    }

    @Test
    void shouldCallTheBoundTheLargerSideOfTheInterval() {
        CrossCoreOffset offset = new CrossCoreOffset(0, 1, -30, 90, 200, 10);

        assertEquals(90, offset.boundTicks());
        assertEquals(30.0, offset.offsetTicks());
    }
}
