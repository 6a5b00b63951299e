package io.stagebench.probe;

import io.stagebench.clock.Calibration;
import io.stagebench.clock.Clock;
import io.stagebench.clock.ClockBinding;
import io.stagebench.clock.ClockMeasurement;
import io.stagebench.clock.CounterResolution;
import io.stagebench.clock.CounterStep;
import io.stagebench.clock.LoadedClock;
import io.stagebench.clock.ProbeOverhead;
import io.stagebench.nativeaccess.Affinity;
import io.stagebench.nativeaccess.ClockLoader;
import io.stagebench.nativeaccess.NativeFloor;
import io.stagebench.system.JitActivity;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Measures one binding as a measuring fork does before it measures anything else: pin, load, warm up, calibrate, then
 * counter step, probe overhead, read cost and the C floor.
 *
 * <p>Run it in a JVM of its own per binding: measuring several bindings in one JVM makes the shared loops' call sites
 * polymorphic and adds a virtual call to every probe but the first binding's.
 */
public final class ClockProbe {

    private static final int WARMUP_ROUNDS = 5;
    private static final int WARMUP_PAIRS = 100_000;

    private ClockProbe() {}

    /**
     * @param binding the binding to load
     * @param intervalMs calibration interval per round
     * @param rounds calibration rounds
     * @param pairs probe-overhead pairs (and C floor iterations)
     * @param cpu CPU to pin the calling thread to, or -1 to leave it unpinned
     */
    public static ClockMeasurement measure(ClockBinding binding, long intervalMs, int rounds, int pairs, int cpu) {
        List<String> warnings = new ArrayList<>();
        int pinnedCpu = -1;
        if (cpu >= 0) {
            var refused = Affinity.pinCurrentThread(cpu);
            if (refused.isPresent()) {
                warnings.add("pinning refused: " + refused.get() + "; measured unpinned");
            } else {
                pinnedCpu = cpu;
            }
        }
        LoadedClock loaded = ClockLoader.load(binding);
        warnings.addAll(loaded.warnings());
        Clock clock = loaded.clock();

        for (int i = 0; i < WARMUP_ROUNDS; i++) {
            ProbeOverhead.measure(clock, WARMUP_PAIRS);
            CounterStep.measureTicks(clock, WARMUP_PAIRS);
            CounterStep.readCostTicks(clock, WARMUP_PAIRS);
        }
        Calibration calibration = Calibration.measure(clock, intervalMs, rounds);
        CounterResolution resolution =
                CounterResolution.measure(clock, Math.max(CounterStep.DEFAULT_PAIRS, pairs / 10));
        ProbeOverhead overhead = ProbeOverhead.measureSettled(
                clock, pairs, resolution.stepTicks(), new JitActivity()::settle, ProbeOverhead.MAX_SETTLE_ROUNDS);
        double readCostTicks = CounterStep.readCostTicks(clock, pairs);

        long floorOverheadTicks = -1;
        long floorStepTicks = -1;
        if (loaded.binding().isNative()) {
            try {
                floorOverheadTicks = NativeFloor.probeOverheadTicks(pairs);
                floorStepTicks = NativeFloor.stepTicks(Math.max(CounterStep.DEFAULT_PAIRS, pairs / 10));
            } catch (LinkageError | RuntimeException e) {
                warnings.add("C floor not measured: " + e.getMessage());
            }
        }
        if (calibration.relativeSpread() > 1e-4) {
            warnings.add(String.format(
                    Locale.ROOT,
                    "calibration rounds disagree by %.1e (relative): the machine was busy or the counter drifts",
                    calibration.relativeSpread()));
        }
        return new ClockMeasurement(
                binding,
                loaded.binding(),
                calibration,
                resolution,
                overhead,
                readCostTicks,
                floorOverheadTicks,
                floorStepTicks,
                pinnedCpu,
                warnings);
    }
}
