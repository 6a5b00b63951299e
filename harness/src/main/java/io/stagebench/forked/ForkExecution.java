package io.stagebench.forked;

import io.stagebench.api.BenchmarkParams;
import io.stagebench.api.HandoffOperation;
import io.stagebench.api.Operation;
import io.stagebench.api.Preparation;
import io.stagebench.api.Sink;
import io.stagebench.api.Stamps;
import io.stagebench.clock.Calibration;
import io.stagebench.clock.Clock;
import io.stagebench.clock.CounterStep;
import io.stagebench.clock.LoadedClock;
import io.stagebench.clock.ProbeOverhead;
import io.stagebench.io.AtomicFiles;
import io.stagebench.json.Json;
import io.stagebench.link.ForkLayout;
import io.stagebench.link.ForkResult;
import io.stagebench.link.ForkSpec;
import io.stagebench.link.Mode;
import io.stagebench.link.RawStamps;
import io.stagebench.nativeaccess.Affinity;
import io.stagebench.nativeaccess.ClockLoader;
import io.stagebench.process.LauncherWatch;
import io.stagebench.registry.BenchmarkDescriptor;
import io.stagebench.system.CpuList;
import io.stagebench.system.JitActivity;
import io.stagebench.system.JitEvents;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One fork's measurement, in order: pin → mlockall (best effort) → load clock → calibrate
 * → counter step and probe overhead → set up the benchmark → preallocate and pre-touch
 * the recording → warm up → measure → verify (allocation, GC, JIT) → tear down → write
 * raw stamps and what the fork verified atomically. The fork never turns ticks into
 * nanoseconds: the launcher does, from the raw stamps, for every fork alike.
 *
 * <p>Progress goes to the progress stream (a fork's stdout, which its launcher reads) between
 * phases, never while measuring.
 */
public final class ForkExecution {

    private static final int WARMUP_PROBE_ROUNDS = 5;
    // A compile of a large method can take 100 ms without the compile count moving, and the
    // setup's hot code (a generator, say) queues compiles ahead of the benchmark's own: a
    // quiet window shorter than a compile reads a busy compiler as idle.

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
        // started on a thread of its own, before pinning: the recorder's threads inherit the
        // affinity of the thread that starts them, and its start-up (~0.3 s) overlaps calibration
        try (JitEvents jitEvents = JitEvents.startInBackground()) {
            return run(jitEvents);
        }
    }

    private ForkResult run(JitEvents jitEvents) throws Exception {
        String tag = "[" + spec.benchmark() + " fork " + spec.fork() + "/" + spec.forks() + "] ";
        // before pinning: the CPUs the launcher left this JVM's other threads, where a second measured thread goes
        java.util.Optional<CpuList> serviceCpus = Affinity.currentThreadAffinity();
        int cpuPinned = pin();
        String affinity = Affinity.currentThreadAffinity().map(CpuList::toString).orElse("unknown");
        boolean memoryLocked = spec.lockMemory() && lockMemory();

        LoadedClock loaded = ClockLoader.load(spec.binding());
        warnings.addAll(loaded.warnings());
        Clock clock = loaded.clock();
        new JitActivity().prime();
        say(tag + "calibrating " + loaded.binding() + " clock on CPU " + cpuPinned);
        for (int i = 0; i < WARMUP_PROBE_ROUNDS; i++) {
            ProbeOverhead.measure(clock, ProbeOverhead.MIN_PAIRS);
            CounterStep.measureTicks(clock, CounterStep.MIN_PAIRS);
        }
        Calibration calibration = Calibration.measure(clock, spec.calibrationMs(), spec.calibrationRounds());
        long stepTicks = CounterStep.measureTicks(clock, CounterStep.DEFAULT_PAIRS);
        ProbeOverhead overhead = loopOverhead(clock, stepTicks);

        BenchmarkParams params = new BenchmarkParams(spec.benchmark(), spec.fork(),
                spec.warmupMs() > 0 ? -1 : spec.warmupMessages(), spec.measuredMessages(), spec.params(),
                ForkLayout.offsetBytes(spec.layoutSeed()));
        // before the benchmark's instance exists: everything it allocates starts the seed's offset on
        ForkLayout placed = ForkLayout.apply(spec.layoutSeed(), spec.addressRandomisation());
        placed.warning().ifPresent(warnings::add);
        Object instance = descriptor.newInstance();
        say(tag + "setup");
        BenchmarkDescriptor.setup(instance, params, clock, calibration);
        ForkLayout layout = placed.withHugePages();
        jitEvents.awaitStart();
        // let the compiles the setup and the recorder's start queued drain, so warm-up compiles the benchmark, not the setup
        new JitActivity().awaitQuiet(JitRetries.QUIET_MS, JitRetries.QUIET_MAX_MS);
        if (instance instanceof HandoffOperation handoff) {
            HandoffFork.Ruler ruler = new HandoffFork.Ruler(loaded, calibration, stepTicks, overhead, cpuPinned, affinity,
                    memoryLocked, HandoffFork.strategyCpu(serviceCpus, cpuPinned), layout);
            return new HandoffFork(spec, descriptor, progress, tag, startNs, warnings, jitEvents).run(handoff, params, ruler);
        }
        Operation benchmark = (Operation) instance;
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
        boolean replay = BenchmarkDescriptor.hasReset(benchmark.getClass());
        // batched: one interval around K messages, marks off (a pipeline's batch is its total), and a
        // benchmark that restarts has its preparation timed in batches of its own, then subtracted
        int batch = spec.batch();
        boolean batched = batch > 1;
        boolean withUnmarked = !batched && descriptor.measuresUnmarked(benchmark.getClass());
        Preparation preparation = batched && benchmark instanceof Preparation p ? p : null;
        boolean secondPass = withUnmarked || preparation != null;
        int rows = spec.measuredMessages() / batch;
        int recordedStages = batched ? 1 : stages;
        int scratchRows = Math.max(1, spec.chunk() / batch);
        Recording measured = new Recording(rows, recordedStages, paced);
        Recording unmarked = secondPass ? new Recording(rows, 1, paced) : null;
        Recording scratch = new Recording(scratchRows, recordedStages, paced);
        Recording unmarkedScratch = secondPass ? new Recording(scratchRows, 1, paced) : null;
        Sink sink = new Sink();
        double intervalTicks = paced ? calibration.ticksPerNs() * 1e9 / spec.rateHz() : 0;
        Passes passes = new Passes(clock, op, sink, intervalTicks, spec.chunk(),
                BenchmarkDescriptor.resetAction(benchmark, params, clock, calibration), replay, batch, preparation);
        Stamps scratchStamps = batched ? scratch.batchedStamps(clock) : scratch.stamps(clock);
        Stamps unmarkedScratchStamps = !secondPass ? null
                : batched ? unmarkedScratch.batchedStamps(clock) : unmarkedScratch.unmarkedStamps(clock);
        String passNames = withUnmarked ? "marked and unmarked" : preparation != null ? "whole and preparation alone" : "";

        say(tag + "warm-up " + (spec.warmupMs() > 0 ? spec.warmupMs() + " ms" : spec.warmupMessages() + " messages")
                + (replay ? ", replaying the measured messages" : "") + (secondPass ? ", " + passNames : "")
                + (batched ? ", in batches of " + batch : ""));
        WarmupOutcome warm = warmUp(passes, scratch, scratchStamps, unmarkedScratch, unmarkedScratchStamps,
                preparation != null);
        refuseUnpreparedRestarts(scratchStamps, preparation, batch);
        if (preparation != null && !replay) {
            // without a rewind the preparation pass would walk the next messages, not the same ones
            throw new IllegalStateException("benchmark '" + spec.benchmark() + "' implements Preparation but declares no"
                    + " @Reset: a batched run subtracts its preparation from the same messages, which only a reset replays");
        }
        if (scratchStamps.markErrors() > 0) {
            throw new IllegalStateException("benchmark '" + spec.benchmark() + "' marked the wrong number of stage"
                    + " boundaries in " + scratchStamps.markErrors() + " warm-up messages (expected " + (stages - 1)
                    + " marks per message for stages " + descriptor.stages() + ")");
        }
        say(tag + "measuring " + (long) rows * batch + " messages (" + spec.mode()
                + (batched ? ", " + rows + " batches of " + batch : "") + (withUnmarked ? ", marked, then unmarked"
                : preparation != null ? ", whole, then preparation alone" : "") + ") after " + warm.messages() + " of warm-up");
        progress.flush();
        long seq = warm.messages();
        // odd forks measure marked first, even forks unmarked first: a drift within the fork
        // then shifts neither pass systematically
        boolean markedFirst = !secondPass || spec.fork() % 2 == 1;
        MeasurementBracket bracket;
        Stamps measuredStamps;
        JitRetries retries = new JitRetries(spec.jitRetries());
        do {
            bracket = retries.nextBracket();
            measuredStamps = batched ? measured.batchedStamps(clock) : measured.stamps(clock);
            Stamps unmarkedStamps = !secondPass ? null
                    : batched ? unmarked.batchedStamps(clock) : unmarked.unmarkedStamps(clock);
            if (stalling != null) {
                stalling.measurementStarts(seq);
            }
            final long passStart = seq;
            for (int pass = 0; pass < (secondPass ? 2 : 1); pass++) {
                boolean marked = (pass == 0) == markedFirst;
                if (pass > 0 || warm.messages() > 0 || retries.anyDiscarded()) {
                    passes.reset();
                }
                bracket.open(pass == 0);
                // a preparation pass gets the whole pass's sequence numbers: the same messages, the same inputs
                long from = preparation != null ? passStart : seq;
                long next = marked ? passes.run(measured, measuredStamps, from) : preparation != null
                        ? passes.runPreparation(unmarked, unmarkedStamps, from) : passes.run(unmarked, unmarkedStamps, from);
                seq = Math.max(seq, next);
                bracket.close();
            }
            // a pass the JIT changed while it ran was warm-up, not a measurement
        } while (!retries.keep(bracket));
        // with no warm-up, the first restart is seen here
        refuseUnpreparedRestarts(measuredStamps, preparation, batch);
        if (preparation != null && !scratchStamps.restartIgnored() && !measuredStamps.restartIgnored()) {
            warnings.add("the benchmark implements Preparation but never called Stamps.restart(): its preparation is"
                    + " subtracted from work that never excluded it");
        }
        if (batched) {
            batchWarnings(measured, unmarked, batch).forEach(warnings::add);
        }
        List<Long> discarded = retries.discarded();
        if (!discarded.isEmpty()) {
            say(tag + discarded.size() + " measured pass(es) discarded as warm-up, the JIT compiled during them "
                    + discarded + (bracket.jitCompilations() == 0 ? "; the last pass compiled nothing" : ""));
        }
        long sinkValue = sink.publish();
        List<String> jitNamed = bracket.jitCompilations() == 0 ? List.of()
                : jitEvents.namedWithin(bracket.windowsEpochMs(), Path.of(spec.outDir()).resolve("fork-" + spec.fork() + ".jfr"));

        long allocatedBytes = bracket.allocatedBytes();
        long gcCount = bracket.gcCount();
        long jitCompilations = bracket.jitCompilations();
        if (!bracket.jitQuietBefore()) {
            warnings.add("the JIT compiler was still busy " + JitRetries.QUIET_MAX_MS + " ms after warm-up");
        }
        if (allocatedBytes != 0) {
            warnings.add("the measuring thread allocated " + allocatedBytes + " bytes during measurement");
        }
        if (gcCount != 0) {
            warnings.add(gcCount + " garbage collection(s) during measurement");
        }
        if (jitCompilations != 0) {
            warnings.add(jitCompilations + (bracket.jitExact() ? " JIT compilation(s)" : " ms of JIT compilation")
                    + " during measurement" + (discarded.isEmpty() ? "" : " (" + discarded.size() + " earlier pass(es) discarded"
                    + " for the same reason)") + (jitNamed.isEmpty() ? "" : ": " + String.join("; ", jitNamed.subList(0,
                    Math.min(3, jitNamed.size()))))
                    + (jitEvents.unavailableReason() == null ? "" : " (methods not named: " + jitEvents.unavailableReason() + ")")
                    + (replay ? "" : " (the benchmark has no @Reset, so warm-up could not replay the measured messages)"));
        }
        if (measuredStamps.markErrors() > 0) {
            warnings.add(measuredStamps.markErrors() + " messages marked the wrong number of stage boundaries");
        }

        BenchmarkDescriptor.tearDown(benchmark, params, clock, calibration);
        stdoutWarning(spec).ifPresent(warnings::add);

        // raw ticks only: the launcher turns them into nanoseconds, in one place (LatencySeries)
        RawStamps raw = measured.raw();

        ForkResult result = new ForkResult(spec.benchmark(), spec.fork(), descriptor.stages(), spec.mode(), spec.rateHz(),
                spec.binding(), loaded.binding(), calibration, stepTicks, overhead, spec.cpu(), cpuPinned, affinity,
                memoryLocked, seq - (long) rows * batch * (withUnmarked ? 2L : 1L), (long) measured.size() * batch,
                measured.dropped(), allocatedBytes, gcCount,
                jitCompilations, measuredStamps.markErrors(), sinkValue, spec.stallUs(), spec.stallEvery(),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version"),
                jvmFlags(), spec.rawFileName(), warnings,
                bracket.firstStartEpochMs(), bracket.lastEndEpochMs(),
                ManagementFactory.getGarbageCollectorMXBeans().stream().map(GarbageCollectorMXBean::getName).toList(),
                warm.passes() + discarded.size(), replay, jitNamed, withUnmarked ? spec.unmarkedRawFileName() : null,
                List.of(), null, layout, batch, preparation != null ? spec.preparationRawFileName() : null);
        Path outDir = Path.of(spec.outDir());
        raw.write(outDir.resolve(spec.rawFileName()));
        if (secondPass) {
            unmarked.raw().write(outDir.resolve(withUnmarked ? spec.unmarkedRawFileName()
                    : spec.preparationRawFileName()));
        }
        AtomicFiles.writeString(outDir.resolve(spec.resultFileName()), Json.write(result));
        say(tag + "done");
        return result;
    }

    /**
     * @return what a batched run left out or clipped: the messages of {@code -n} beyond the last whole batch,
     *         and batches whose interval saturated the 32-bit delta
     */
    private List<String> batchWarnings(Recording measured, Recording preparation, int batch) {
        List<String> out = new ArrayList<>();
        int left = spec.measuredMessages() % batch;
        if (left > 0) {
            out.add(String.format(Locale.ROOT, "the last %d of the %d measured messages (-n) fill no batch of %d and were"
                    + " not measured", left, spec.measuredMessages(), batch));
        }
        long saturated = 0;
        for (Recording rec : preparation == null ? List.of(measured) : List.of(measured, preparation)) {
            for (int i = 0; i < rec.size(); i++) {
                if (rec.stageTicks(0, i) == Stamps.MAX_DELTA_TICKS) {
                    saturated++;
                }
            }
        }
        if (saturated > 0) {
            out.add(saturated + " batch(es) of " + batch + " took longer than the 32-bit delta holds (2^32 - 1 ticks) and"
                    + " were clipped to it; lower --batch");
        }
        return out;
    }

    /**
     * A batch cannot stop the clock at a restart: a restarting benchmark without a {@link Preparation} would time
     * its untimed work too, so its fork fails instead.
     */
    private void refuseUnpreparedRestarts(Stamps stamps, Preparation preparation, int batch) {
        if (batch > 1 && preparation == null && stamps.restartIgnored()) {
            throw new IllegalStateException("benchmark '" + spec.benchmark() + "' calls Stamps.restart(), which a batch"
                    + " (--batch " + batch + ") cannot honour: implement io.stagebench.api.Preparation so the batches of its"
                    + " untimed work are measured and subtracted, or measure it unbatched");
        }
    }

    /**
     * The probe overhead as the measured loop pays it ({@link MeasureLoop#probeOnly}), in
     * rounds until its minimum stops improving, the JIT settling between rounds.
     */
    ProbeOverhead loopOverhead(Clock clock, long stepTicks) {
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

    /**
     * @return a warning naming the log when the benchmark wrote to stdout, which a fork keeps in
     *         {@code fork-N.out} ({@link ProgressChannel}), or empty
     */
    static Optional<String> stdoutWarning(ForkSpec spec) {
        if (spec.progressToken() == null) {
            return Optional.empty();
        }
        System.out.flush();
        Path log = Path.of(spec.outDir()).resolve(spec.stdoutFileName());
        try {
            long bytes = Files.size(log);
            return bytes == 0 ? Optional.empty() : Optional.of("the benchmark wrote " + bytes
                    + " bytes to stdout, kept in " + log + " (a fork's stdout is not its progress)");
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** @return this JVM's flags, less the launcher's pid (it differs in every run and says nothing of the measurement) */
    static List<String> jvmFlags() {
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

    /** What the minimum warm-up ran. */
    private record WarmupOutcome(long messages, int passes) {
    }

    /**
     * The minimum warm-up ({@code -w} messages or time), in passes as long as the measurement
     * (as long as the warm-up, when that is shorter and the benchmark has no reset). A benchmark
     * with a reset is rewound before every pass, so each pass replays exactly the messages the
     * measurement will run; a pipeline's pass runs them marked and then unmarked, as the
     * measurement does. Warm-up goes on in the measurement itself: a measured pass during which
     * the JIT compiled is discarded and replayed.
     */
    private WarmupOutcome warmUp(Passes passes, Recording scratch, Stamps stamps, Recording unmarkedScratch,
                                 Stamps unmarkedStamps, boolean preparing) throws Exception {
        long minMessages = spec.warmupMessages();
        long minNs = spec.warmupMs() * 1_000_000L;
        if (minMessages <= 0 && minNs <= 0) {
            return new WarmupOutcome(0, 0);
        }
        long measuredLength = (long) (spec.measuredMessages() / passes.batch()) * passes.batch();
        long passLength = passes.replays() || minNs > 0 ? measuredLength
                : Math.max(1, Math.min(measuredLength, minMessages));
        long seq = 0;
        int passCount = 0;
        long begin = System.nanoTime();
        while (minNs > 0 ? System.nanoTime() - begin < minNs : seq < minMessages) {
            seq = warmupPass(passes, scratch, stamps, unmarkedScratch, unmarkedStamps, preparing,
                    minNs > 0 ? passLength : Math.min(passLength, minMessages - seq), seq, passCount++);
        }
        return new WarmupOutcome(seq, passCount);
    }

    private static long warmupPass(Passes passes, Recording scratch, Stamps stamps, Recording unmarkedScratch,
                                   Stamps unmarkedStamps, boolean preparing, long count, long seq, int passIndex)
            throws Exception {
        if (passIndex > 0) {
            passes.reset();
        }
        long next = passes.run(scratch, stamps, count, seq);
        if (unmarkedScratch != null) {
            passes.reset();
            // a preparation pass replays the same messages under the same sequence numbers
            next = preparing ? Math.max(next, passes.runPreparation(unmarkedScratch, unmarkedStamps, count, seq))
                    : passes.run(unmarkedScratch, unmarkedStamps, count, next);
        }
        return next;
    }
}
