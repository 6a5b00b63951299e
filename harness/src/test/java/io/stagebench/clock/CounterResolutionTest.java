package io.stagebench.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class CounterResolutionTest {

    private static final Calibration MHZ_2596 = new Calibration(2.596, 2.596, 2.596, 1, 200_000_000);

    /**
     * A counter whose true time advances with every read: an unfenced read returns it rounded down to
     * {@code readQuantum}, a fenced one rounded down to {@code fencedQuantum}, as on a KVM guest whose fenced reads
     * land on 26-tick boundaries while back-to-back reads differ by a tick. The end read adds 0 to 400 ticks of "work".
     */
    private static final class QuantisedCounter implements Clock {
        private final long readQuantum;
        private final long fencedQuantum;
        private final SplittableRandom random = new SplittableRandom(7);
        private long nowTicks = 1_000_003;

        QuantisedCounter(long readQuantum, long fencedQuantum) {
            this.readQuantum = readQuantum;
            this.fencedQuantum = fencedQuantum;
        }

        @Override
        public long begin() {
            nowTicks += 38;
            return nowTicks - nowTicks % fencedQuantum;
        }

        @Override
        public long end() {
            nowTicks += 38 + random.nextInt(400);
            return nowTicks - nowTicks % fencedQuantum;
        }

        @Override
        public long raw() {
            nowTicks += 1 + random.nextInt(3);
            return nowTicks - nowTicks % readQuantum;
        }

        @Override
        public ClockBinding binding() {
            return ClockBinding.FFM;
        }
    }

    @Test
    void shouldNameTheIntervalStepWhenFencedIntervalsAreCoarserThanBackToBackReads() {
        CounterResolution resolution = CounterResolution.measure(new QuantisedCounter(1, 26), CounterStep.MIN_PAIRS);

        assertEquals(1, resolution.readStepTicks());
        assertEquals(26, resolution.intervalStepTicks());
        assertEquals(26, resolution.stepTicks());
        assertTrue(resolution.intervalsCoarser());
        assertEquals("step 26 ticks = 10.0 ns (intervals; back-to-back reads 1 tick)", resolution.describe(MHZ_2596));
    }

    @Test
    void shouldReportOneStepWhenReadsAndIntervalsStepAlike() {
        CounterResolution resolution = CounterResolution.measure(new QuantisedCounter(24, 24), CounterStep.MIN_PAIRS);

        assertEquals(24, resolution.readStepTicks());
        assertEquals(24, resolution.intervalStepTicks());
        assertFalse(resolution.intervalsCoarser());
        assertEquals("step 24 ticks = 9.2 ns", resolution.describe(MHZ_2596));
    }

    @Test
    void shouldFindNoCoarserStepInIntervalsOfEveryLength() {
        CounterResolution resolution = CounterResolution.measure(new QuantisedCounter(1, 1), CounterStep.MIN_PAIRS);

        assertEquals(1, resolution.stepTicks());
        assertEquals("step 1 ticks = 0.4 ns", resolution.describe(MHZ_2596));
    }

    @Test
    void shouldKeepTheStepThroughAFewOddIntervals() {
        long[] deltas = new long[1_000];
        for (int i = 0; i < deltas.length; i++) {
            deltas[i] = 52 + 26L * (i % 9);
        }
        for (int i = 0; i < 5; i++) {
            deltas[i * 100] = 1_000 + 13 * i + 1; // interrupted intervals: 0.5 %, off the grid
        }
        assertEquals(26, CounterStep.commonStep(deltas));
    }

    @Test
    void shouldNotCallAStepFromIntervalsOfOneLength() {
        long[] deltas = new long[1_000];
        Arrays.fill(deltas, 78);
        assertEquals(1, CounterStep.commonStep(deltas));
    }

    @Test
    void shouldDescribeOlderResultsWithoutABackToBackStepByTheirStepAlone() {
        assertEquals("step 24 ticks = 9.2 ns", CounterResolution.describe(24, 0, MHZ_2596));
        assertEquals(
                "step 26 ticks = 10.0 ns (intervals; back-to-back reads 1 tick)",
                CounterResolution.describe(26, 1, MHZ_2596));
    }
}
