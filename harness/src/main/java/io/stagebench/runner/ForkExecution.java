package io.stagebench.runner;

import io.stagebench.api.BenchmarkParams;
import io.stagebench.api.Operation;
import io.stagebench.api.Sink;
import io.stagebench.api.Stamps;
import io.stagebench.clock.Calibration;
import io.stagebench.clock.Clock;
import io.stagebench.clock.CounterStep;
import io.stagebench.clock.LoadedClock;
import io.stagebench.clock.ProbeOverhead;
import io.stagebench.fork.LauncherWatch;
import io.stagebench.json.Json;
import io.stagebench.nativeaccess.Affinity;
import io.stagebench.nativeaccess.ClockLoader;
import io.stagebench.io.AtomicFiles;
import io.stagebench.system.CpuList;
import io.stagebench.system.JitActivity;
import java.io.PrintStream;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One fork's measurement, in order: pin → mlockall (best effort) → load clock → calibrate
 * → counter step and probe overhead → set up the benchmark → preallocate and pre-touch
 * the recording → warm up → measure → verify (allocation, GC, JIT) → tear down → write
 * raw stamps and what the fork verified atomically. The fork never turns ticks into
 * nanoseconds: the launcher does, from the raw stamps, for every fork alike.
 *
 * <p>Progress goes to stderr between phases, never while measuring.
 */
public final class ForkExecution {

    private static final int WARMUP_PROBE_ROUNDS = 5;
    // A compile of a large method can take 100 ms without the compile count moving, and the
    // setup's hot code (a generator, say) queues compiles ahead of the benchmark's own: a
    // quiet window shorter than a compile reads a busy compiler as idle.
    private static final long JIT_QUIET_MS = 200;
    private static final long JIT_QUIET_MAX_MS = 5_000;

    private final ForkSpec spec;
    private final BenchmarkDescriptor descriptor;
    private final PrintStream progress;
    private final List<String> warnings = new ArrayList<>();
    private long startNs;

    public ForkExecution(ForkSpec spec, BenchmarkDescriptor descriptor, PrintStream progress) {
        this.spec = spec;
        this.descriptor = descriptor;
        this.progress = progress;
    }

    /** Runs the fork and writes its files; returns the summary it wrote. */
    public ForkResult run() throws Exception {
        startNs = System.nanoTime();
        // the launcher checked them; a fork started some other way fails here, in one line, before it measures
        spec.params().forEach((key, value) -> descriptor.parameter(key).ifPresent(p -> descriptor.checkParams(Map.of(key, value))));
        String tag = "[" + spec.benchmark() + " fork " + spec.fork() + "/" + spec.forks() + "] ";
        int cpuPinned = pin();
        String affinity = Affinity.currentThreadAffinity().map(CpuList::toString).orElse("unknown");
        boolean memoryLocked = spec.lockMemory() && lockMemory();

        LoadedClock loaded = ClockLoader.load(spec.binding());
        warnings.addAll(loaded.warnings());
        Clock clock = loaded.clock();
        say(tag + "calibrating " + loaded.binding() + " clock on CPU " + cpuPinned);
        for (int i = 0; i < WARMUP_PROBE_ROUNDS; i++) {
            ProbeOverhead.measure(clock, ProbeOverhead.MIN_PAIRS);
            CounterStep.measureTicks(clock, CounterStep.MIN_PAIRS);
        }
        Calibration calibration = Calibration.measure(clock, spec.calibrationMs(), spec.calibrationRounds());
        long stepTicks = CounterStep.measureTicks(clock, CounterStep.DEFAULT_PAIRS);
        ProbeOverhead overhead = loopOverhead(clock, stepTicks);

        BenchmarkParams params = new BenchmarkParams(spec.benchmark(), spec.fork(),
                spec.warmupMs() > 0 ? -1 : spec.warmupMessages(), spec.measuredMessages(), spec.params());
        Operation benchmark = descriptor.instantiate();
        say(tag + "setup");
        BenchmarkDescriptor.setup(benchmark, params, clock, calibration);
        // let the compiles the setup queued drain, so warm-up compiles the benchmark, not the setup
        new JitActivity().awaitQuiet(JIT_QUIET_MS, JIT_QUIET_MAX_MS);
        Operation op = benchmark;
        StallingOperation stalling = null;
        if (spec.stallUs() > 0) {
            long stallTicks = Math.round(spec.stallUs() * 1000.0 * calibration.ticksPerNs());
            if (spec.stallAt() >= 0) {
                stalling = StallingOperation.once(benchmark, clock, spec.stallAt(), stallTicks,
                        Math.round(StallingOperation.WARMUP_STALL_NS * calibration.ticksPerNs()));
                warnings.add(String.format(Locale.ROOT, "stall injected: %d us once, at measured message %d (a"
                        + " demonstration, not the benchmark's own behaviour)", spec.stallUs(), spec.stallAt()));
            } else {
                stalling = new StallingOperation(benchmark, clock, spec.stallEvery(), stallTicks);
                warnings.add(String.format(Locale.ROOT, "stall injected: %d us every %d messages (a demonstration, not"
                        + " the benchmark's own behaviour)", spec.stallUs(), spec.stallEvery()));
            }
            op = stalling;
        }

        boolean paced = spec.mode() == Mode.PACED;
        int stages = descriptor.stages().size();
        Recording measured = new Recording(spec.measuredMessages(), stages, paced);
        Recording scratch = new Recording(spec.chunk(), stages, paced);
        Stamps measuredStamps = measured.stamps(clock);
        Stamps scratchStamps = scratch.stamps(clock);
        Sink sink = new Sink();
        double intervalTicks = paced ? calibration.ticksPerNs() * 1e9 / spec.rateHz() : 0;

        say(tag + (spec.warmupMs() > 0 ? "warm-up " + spec.warmupMs() + " ms" : "warm-up " + spec.warmupMessages() + " messages"));
        long warmed = warmUp(clock, op, scratchStamps, sink, scratch, intervalTicks);
        if (stalling != null) {
            stalling.measurementStarts(warmed);
        }
        if (scratchStamps.markErrors() > 0) {
            throw new IllegalStateException("benchmark '" + spec.benchmark() + "' marked the wrong number of stage"
                    + " boundaries in " + scratchStamps.markErrors() + " warm-up messages (expected " + (stages - 1)
                    + " marks per message for stages " + descriptor.stages() + ")");
        }

        // Everything the measurement's bracket calls runs once here, before the JIT is waited
        // on: a first call (a string concatenation's bootstrap, a management bean) queues
        // compilations that would otherwise finish during measurement and be counted there.
        say(tag + "measuring " + spec.measuredMessages() + " messages (" + spec.mode() + ")");
        progress.flush();
        JitActivity jit = new JitActivity();
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        List<GarbageCollectorMXBean> collectors = ManagementFactory.getGarbageCollectorMXBeans();
        gcCount(collectors);
        threads.getCurrentThreadAllocatedBytes();
        System.currentTimeMillis();
        if (!jit.awaitQuiet(JIT_QUIET_MS, JIT_QUIET_MAX_MS)) {
            warnings.add("the JIT compiler was still busy " + JIT_QUIET_MAX_MS + " ms after warm-up");
        }
        long gc0 = gcCount(collectors);
        long jit0 = jit.read();
        // created before the allocation counter is read, started when measurement starts
        Schedule schedule = intervalTicks > 0 ? new Schedule(0, intervalTicks, warmed) : null;
        long allocated0 = threads.getCurrentThreadAllocatedBytes();
        long measureStartEpochMs = System.currentTimeMillis();

        measure(clock, op, measuredStamps, sink, measured, warmed, schedule, intervalTicks);

        long allocated1 = threads.getCurrentThreadAllocatedBytes();
        long measureEndEpochMs = System.currentTimeMillis();
        long jit1 = jit.read();
        long gc1 = gcCount(collectors);
        long sinkValue = sink.publish();

        long allocatedBytes = allocated1 - allocated0;
        long gcCount = gc1 - gc0;
        long jitCompilations = jit.exact() ? jit1 - jit0 : (jit1 != jit0 ? Math.max(1, jit1 - jit0) : 0);
        if (allocatedBytes != 0) {
            warnings.add("the measuring thread allocated " + allocatedBytes + " bytes during measurement");
        }
        if (gcCount != 0) {
            warnings.add(gcCount + " garbage collection(s) during measurement");
        }
        if (jitCompilations != 0) {
            warnings.add(jitCompilations + (jit.exact() ? " JIT compilation(s)" : " ms of JIT compilation")
                    + " during measurement: warm-up was too short or something else ran in the fork");
        }
        if (measuredStamps.markErrors() > 0) {
            warnings.add(measuredStamps.markErrors() + " messages marked the wrong number of stage boundaries");
        }

        BenchmarkDescriptor.tearDown(benchmark, params, clock, calibration);

        // raw ticks only: the launcher turns them into nanoseconds, in one place (LatencySeries)
        RawStamps raw = RawStamps.of(measured);

        ForkResult result = new ForkResult(spec.benchmark(), spec.fork(), descriptor.stages(), spec.mode(), spec.rateHz(),
                spec.binding(), loaded.binding(), calibration, stepTicks, overhead, spec.cpu(), cpuPinned, affinity,
                memoryLocked, warmed, measured.size(), measured.dropped(), allocatedBytes, gcCount,
                jitCompilations, measuredStamps.markErrors(), sinkValue, spec.stallUs(), spec.stallEvery(),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version"),
                jvmFlags(), spec.rawFileName(), warnings,
                measureStartEpochMs, measureEndEpochMs, collectors.stream().map(GarbageCollectorMXBean::getName).toList());
        Path outDir = Path.of(spec.outDir());
        raw.write(outDir.resolve(spec.rawFileName()));
        AtomicFiles.writeString(outDir.resolve(spec.resultFileName()), Json.write(result));
        say(tag + "done");
        return result;
    }

    /**
     * The probe overhead as the measured loop pays it ({@link MeasureLoop#probeOnly}), in
     * rounds until its minimum stops improving, the JIT settling between rounds.
     */
    private ProbeOverhead loopOverhead(Clock clock, long stepTicks) {
        int pairs = spec.overheadPairs();
        Recording rec = new Recording(pairs, 1, false);
        Stamps stamps = rec.stamps(clock);
        JitActivity jit = new JitActivity();
        ProbeOverhead best = null;
        for (int round = 0; round < ProbeOverhead.MAX_SETTLE_ROUNDS; round++) {
            for (int from = 0; from < pairs; from += spec.chunk()) {
                MeasureLoop.probeOnly(clock, stamps, rec, from, Math.min(pairs, from + spec.chunk()));
            }
            long[] deltas = new long[pairs];
            for (int i = 0; i < pairs; i++) {
                deltas[i] = rec.stageTicks(0, i);
            }
            ProbeOverhead next = ProbeOverhead.fromDeltas(deltas, stepTicks);
            if (best != null && next.minTicks() >= best.minTicks()) {
                return best.minTicks() == next.minTicks() && next.medianTicks() < best.medianTicks() ? next : best;
            }
            best = next;
            jit.settle();
        }
        return best;
    }

    /** @return this JVM's flags, less the launcher's pid (it differs in every run and says nothing of the measurement) */
    private static List<String> jvmFlags() {
        String launcher = "-D" + LauncherWatch.PID_PROPERTY + "=";
        return ManagementFactory.getRuntimeMXBean().getInputArguments().stream().filter(f -> !f.startsWith(launcher)).toList();
    }

    private void say(String line) {
        progress.println(line + " (+" + (System.nanoTime() - startNs) / 1_000_000 + " ms)");
    }

    private int pin() {
        if (spec.cpu() < 0) {
            warnings.add("measuring thread not pinned (no CPU chosen)");
            return Affinity.currentCpu();
        }
        var refused = Affinity.pinCurrentThread(spec.cpu());
        refused.ifPresent(reason -> warnings.add("pinning refused: " + reason + "; measured unpinned"));
        return Affinity.currentCpu();
    }

    private boolean lockMemory() {
        var refused = Affinity.lockCurrentMemory();
        refused.ifPresent(reason -> warnings.add("memory not locked: " + reason));
        return refused.isEmpty();
    }

    private long warmUp(Clock clock, Operation op, Stamps stamps, Sink sink, Recording scratch, double intervalTicks) {
        int chunk = spec.chunk();
        long done = 0;
        if (spec.warmupMs() > 0) {
            long deadline = System.nanoTime() + spec.warmupMs() * 1_000_000L;
            Schedule schedule = intervalTicks > 0 ? new Schedule(clock.raw(), intervalTicks, 0) : null;
            while (System.nanoTime() < deadline) {
                if (schedule == null) {
                    MeasureLoop.backToBack(clock, op, stamps, sink, scratch, 0, chunk, done);
                } else {
                    MeasureLoop.paced(clock, op, stamps, sink, scratch, 0, chunk, done, schedule);
                }
                done += chunk;
            }
        } else {
            Schedule schedule = intervalTicks > 0 ? new Schedule(clock.raw(), intervalTicks, 0) : null;
            while (done < spec.warmupMessages()) {
                int n = (int) Math.min(chunk, spec.warmupMessages() - done);
                if (schedule == null) {
                    MeasureLoop.backToBack(clock, op, stamps, sink, scratch, 0, n, done);
                } else {
                    MeasureLoop.paced(clock, op, stamps, sink, scratch, 0, n, done, schedule);
                }
                done += n;
            }
        }
        return done;
    }

    private void measure(Clock clock, Operation op, Stamps stamps, Sink sink, Recording rec, long seqBase,
                         Schedule schedule, double intervalTicks) {
        int n = rec.capacity();
        int chunk = spec.chunk();
        if (schedule != null) {
            // the schedule's first message is the first measured message, due one interval from now
            schedule.startAt(clock.raw() + (long) intervalTicks);
        }
        // the chunk loops are written out, not shared through a helper: a helper called once per
        // chunk reaches its compile threshold near the end of warm-up and compiles during measurement
        if (schedule == null) {
            for (int from = 0; from < n; from += chunk) {
                MeasureLoop.backToBack(clock, op, stamps, sink, rec, from, Math.min(n, from + chunk), seqBase);
            }
        } else {
            for (int from = 0; from < n; from += chunk) {
                MeasureLoop.paced(clock, op, stamps, sink, rec, from, Math.min(n, from + chunk), seqBase, schedule);
            }
        }
    }

    private static long gcCount(List<GarbageCollectorMXBean> collectors) {
        long total = 0;
        for (GarbageCollectorMXBean collector : collectors) {
            total += Math.max(0, collector.getCollectionCount());
        }
        return total;
    }
}
