package io.stagebench.forked;

import io.stagebench.api.RecordingStamps;
import io.stagebench.clock.Calibration;
import io.stagebench.clock.Clock;
import io.stagebench.clock.CounterResolution;
import io.stagebench.clock.CounterStep;
import io.stagebench.clock.LoadedClock;
import io.stagebench.clock.ProbeOverhead;
import io.stagebench.clock.RateCheck;
import io.stagebench.link.ForkSpec;
import io.stagebench.link.ForkWarning;
import io.stagebench.link.ProgressEvent.Phase;
import io.stagebench.nativeaccess.Affinity;
import io.stagebench.nativeaccess.ClockLoader;
import io.stagebench.system.CpuList;
import io.stagebench.system.JitActivity;
import java.lang.management.ManagementFactory;
import java.util.Optional;

/**
 * The fork's start, before the benchmark: pins the measuring thread, locks memory (best effort), loads the clock and
 * reads the ruler - calibration, counter step and probe overhead - that every replica measures with. What it could not
 * do (pin, lock) goes to the fork's warnings, and the fork measures on.
 */
final class RulerReading {

    /** Rounds of the counter step's reads before the step is measured: past the compile thresholds of its loops. */
    private static final int WARMUP_STEP_ROUNDS = 5;

    private final ForkSpec spec;
    private final ForkSpec.Measurement plan;
    private final Warnings warnings;
    private final ForkProgress progress;

    RulerReading(ForkSpec spec, Warnings warnings, ForkProgress progress) {
        this.spec = spec;
        this.plan = spec.measurement();
        this.warnings = warnings;
        this.progress = progress;
    }

    /** Pins, locks memory, loads the clock and reads the ruler: calibration, counter step, probe overhead. */
    Ruler read() throws Exception {
        // before pinning: the CPUs the launcher left this JVM's other threads, where a second measured thread goes
        Optional<CpuList> serviceCpus = Affinity.currentThreadAffinity();
        int cpuPinned = pin();
        String affinity =
                Affinity.currentThreadAffinity().map(CpuList::toString).orElse("unknown");
        boolean memoryLocked = spec.placement().lockMemory() && lockMemory();

        LoadedClock loaded = ClockLoader.load(spec.ruler().binding());
        warnings.addAll(loaded.warnings());
        ForkExecution.classCacheWarning(
                        ManagementFactory.getRuntimeMXBean().getInputArguments(), System.getProperty("java.vm.info"))
                .ifPresent(warnings::add);
        Clock clock = loaded.clock();
        new JitActivity().prime();
        progress.say(Phase.CALIBRATING, "calibrating " + loaded.binding() + " clock on CPU " + cpuPinned);
        // the step's reads compiled before they count: an interpreted read takes hundreds of ticks, not the step. The
        // probe overhead needs no such rounds: its own rounds go on until its minimum stops improving (loopOverhead)
        Calibration.Window calibrating = null;
        for (int i = 0; i < WARMUP_STEP_ROUNDS; i++) {
            CounterStep.measureTicks(clock, CounterStep.MIN_PAIRS);
            CounterStep.intervalTicks(clock, CounterStep.DEFAULT_INTERVALS);
            if (calibrating == null) {
                // the calibration's first round spans the rest of the ruler instead of a sleep of its own. Opened once
                // a round has compiled begin() and end(): the first fenced read of a fresh JVM comes late, which reads
                // the counter's rate low (docs/decisions.md, "Calibration")
                calibrating = Calibration.open(clock);
            }
        }
        // the coarser step decides which probe pairs are the interference-free cluster (ProbeOverhead.fromDeltas)
        CounterResolution resolution = CounterResolution.measure(clock, CounterStep.DEFAULT_PAIRS);
        ProbeOverhead overhead = loopOverhead(clock, resolution.stepTicks());
        long intervalMs = spec.ruler().calibrationMs();
        int rounds = spec.ruler().calibrationRounds();
        // an in-process fork after the first of its JVM checks that one's calibration instead of sleeping out its own
        Calibration kept = loaded.binding().isNative()
                ? KeptCalibration.of(loaded.binding(), intervalMs, rounds).orElse(null)
                : null;
        RateCheck check = kept == null ? null : calibrating.check(RateCheck.MIN_INTERVAL_MS);
        Calibration calibration;
        if (check != null && check.agrees(kept)) {
            calibration = kept;
        } else {
            check = null;
            calibration = calibrating.close(intervalMs, rounds);
            KeptCalibration.keep(loaded.binding(), intervalMs, rounds, calibration);
        }
        return new Ruler(
                loaded,
                calibration,
                check,
                resolution,
                overhead,
                cpuPinned,
                affinity,
                memoryLocked,
                serviceCpus,
                null,
                new LazyWallClock(loaded.clock(), calibration, cpuPinned));
    }

    /**
     * The probe overhead as the measured loop pays it ({@link MeasureLoop#probeOnly}), in rounds until its minimum
     * stops improving, the JIT settling between rounds.
     */
    ProbeOverhead loopOverhead(Clock clock, long stepTicks) {
        int pairs = spec.ruler().overheadPairs();
        Recording rec = new Recording(pairs, 1, false);
        RecordingStamps stamps = rec.stamps(clock);
        JitActivity jit = new JitActivity();
        ProbeOverhead best = null;
        for (int round = 0; round < ProbeOverhead.MAX_SETTLE_ROUNDS; round++) {
            for (int from = 0; from < pairs; from += plan.chunk()) {
                MeasureLoop.probeOnly(clock, stamps, rec, from, Math.min(pairs, from + plan.chunk()));
            }
            ProbeOverhead next = ProbeOverhead.fromDeltas(stageTicks(rec, pairs), stepTicks);
            if (best != null && next.minTicks() >= best.minTicks()) {
                return best.minTicks() == next.minTicks() && next.medianTicks() < best.medianTicks() ? next : best;
            }
            best = next;
            jit.settle();
        }
        return best;
    }

    /**
     * @return the first stage's ticks of the first {@code n} messages; a loop of its own, so that the compile its
     *     hundreds of thousands of turns ask for is this small method's, not an on-stack replacement of its caller's
     *     (under -Xbatch that replacement cost more than the copy and the count together)
     */
    private static long[] stageTicks(Recording rec, int n) {
        long[] ticks = new long[n];
        for (int i = 0; i < n; i++) {
            ticks[i] = rec.stageTicks(0, i);
        }
        return ticks;
    }

    /** Pins the measuring thread to the fork's CPU, or warns that it measures unpinned; returns the CPU it is on. */
    private int pin() {
        if (spec.placement().cpu() < 0) {
            warnings.add(ForkWarning.PINNING, "measuring thread not pinned (no CPU chosen)");
            return Affinity.currentCpu();
        }
        var refused = Affinity.pinCurrentThread(spec.placement().cpu());
        refused.ifPresent(
                reason -> warnings.add(ForkWarning.PINNING, "pinning refused: " + reason + "; measured unpinned"));
        return Affinity.currentCpu();
    }

    /** Locks the fork's memory, or warns why it could not; returns whether it did. */
    private boolean lockMemory() {
        var refused = Affinity.lockCurrentMemory();
        refused.ifPresent(reason -> warnings.add(ForkWarning.MEMORY_LOCK, "memory not locked: " + reason));
        return refused.isEmpty();
    }
}
