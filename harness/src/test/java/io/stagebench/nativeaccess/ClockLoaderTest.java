package io.stagebench.nativeaccess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.clock.Clock;
import io.stagebench.clock.ClockBinding;
import io.stagebench.clock.CounterStep;
import io.stagebench.clock.LoadedClock;
import io.stagebench.clock.ProbeOverhead;
import io.stagebench.testing.MeasuresInProcess;
import org.junit.jupiter.api.Test;

@MeasuresInProcess
class ClockLoaderTest {

    @Test
    void shouldFallBackToNanoTimeWithAWarningWhenTheLibraryCannotLoad() {
        LoadedClock loaded = ClockLoader.load(ClockBinding.FFM, binding -> {
            throw new ExceptionInInitializerError(new IllegalStateException("no native clock for linux-riscv64"));
        });

        assertEquals(ClockBinding.NANOTIME, loaded.binding());
        assertEquals(ClockBinding.FFM, loaded.requested());
        assertTrue(loaded.isFallback());
        assertEquals(1, loaded.warnings().size());
        assertTrue(
                loaded.warnings().get(0).contains("no native clock for linux-riscv64"),
                loaded.warnings().get(0));
        assertTrue(
                loaded.warnings().get(0).contains("falling back to System.nanoTime()"),
                loaded.warnings().get(0));
    }

    @Test
    void shouldLoadNanoTimeWithoutWarnings() {
        LoadedClock loaded = ClockLoader.load(ClockBinding.NANOTIME);

        assertEquals(ClockBinding.NANOTIME, loaded.binding());
        assertFalse(loaded.isFallback());
        assertTrue(loaded.warnings().isEmpty());
    }

    @Test
    void shouldReadAnAdvancingCounterThroughEveryNativeBinding() {
        for (ClockBinding binding : new ClockBinding[] {ClockBinding.FFM, ClockBinding.JNA}) {
            LoadedClock loaded = ClockLoader.load(binding);
            assertEquals(binding, loaded.binding(), () -> "fell back: " + loaded.warnings());
            Clock clock = loaded.clock();

            long first = clock.begin();
            long second = clock.end();
            ProbeOverhead overhead = ProbeOverhead.measure(clock, 10_000);

            assertTrue(second > first, binding + " counter did not advance");
            assertTrue(overhead.minTicks() > 0 && overhead.minTicks() <= overhead.medianTicks(), overhead.toString());
            assertTrue(CounterStep.measureTicks(clock, 10_000) > 0, binding + " step is zero");
        }
    }

    @Test
    void shouldMeasureACFloorBelowOrEqualToTheFfmBindingsMedian() {
        long floorTicks = NativeFloor.probeOverheadTicks(100_000);
        ProbeOverhead ffm =
                ProbeOverhead.measure(ClockLoader.load(ClockBinding.FFM).clock(), 100_000);

        assertTrue(floorTicks > 0, "floor " + floorTicks);
        // an invariant, not a speed target: nothing measured from Java beats the C loop's median
        assertTrue(floorTicks <= ffm.medianTicks(), "floor " + floorTicks + " vs ffm " + ffm);
        assertTrue(NativeFloor.stepTicks(10_000) > 0);
    }
}
