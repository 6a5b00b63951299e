package io.stagebench.forked;

import io.stagebench.api.BenchmarkParams;
import io.stagebench.api.HandoffOperation;
import io.stagebench.api.Sink;
import io.stagebench.api.Stamps;
import io.stagebench.clock.Calibration;
import io.stagebench.clock.Clock;
import io.stagebench.clock.LoadedClock;
import io.stagebench.clock.ProbeOverhead;
import io.stagebench.io.AtomicFiles;
import io.stagebench.json.Json;
import io.stagebench.link.CrossCoreOffset;
import io.stagebench.link.ForkLayout;
import io.stagebench.link.ForkResult;
import io.stagebench.link.ForkSpec;
import io.stagebench.link.Mode;
import io.stagebench.link.RawStamps;
import io.stagebench.link.ThreadPlacement;
import io.stagebench.registry.BenchmarkDescriptor;
import io.stagebench.system.CpuInfo;
import io.stagebench.system.CpuList;
import io.stagebench.system.JitEvents;
import io.stagebench.system.SystemFiles;
import java.io.PrintStream;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The measurement of a {@link HandoffOperation} in one fork, after the ruler is read on the
 * feed (measuring) thread: bound the cross-core counter offset → start the strategy thread,
 * pinned to its own CPU and read back → warm up both threads in passes → measure → verify
 * allocation on each thread, GC and JIT → write each thread's raw stamps. The launcher joins
 * them ({@link HandoffJoin}).
 *
 * <p>Measurement hazards:
 * <ul>
 *   <li>The strategy thread runs on the CPU the launcher keeps for the JVM's own threads (the
 *       only other CPU of a 2-core machine): a compile or a collection there lands in the
 *       strategy's stages and the handoff. The JIT check around the pass catches compiles;
 *       other threads' time slices it cannot see.</li>
 *   <li>The handoff compares two CPUs' counters: it is no better than {@link CrossCoreOffset}.</li>
 * </ul>
 */
final class HandoffFork {

    /**
     * What the fork measured before the benchmark, and where the strategy thread goes.
     *
     * @param strategyCpu CPU for the strategy thread (-1: none chosen, not pinned)
     * @param layout      where the fork's memory lies ({@link ForkLayout})
     */
    record Ruler(LoadedClock loaded, Calibration calibration, long stepTicks, ProbeOverhead overhead, int cpuPinned,
                 String affinity, boolean memoryLocked, int strategyCpu, ForkLayout layout) {
    }

    private final ForkSpec spec;
    private final BenchmarkDescriptor descriptor;
    private final PrintStream progress;
    private final String tag;
    private final long startNs;
    private final List<String> warnings;
    private final JitEvents jitEvents;

    HandoffFork(ForkSpec spec, BenchmarkDescriptor descriptor, PrintStream progress, String tag, long startNs,
                List<String> warnings, JitEvents jitEvents) {
        this.spec = spec;
        this.descriptor = descriptor;
        this.progress = progress;
        this.tag = tag;
        this.startNs = startNs;
        this.warnings = warnings;
        this.jitEvents = jitEvents;
    }

    /**
     * @return the strategy thread's CPU: the first CPU the launcher left this JVM's other threads
     *         that is not the feed's, or -1 when there is none
     */
    static int strategyCpu(Optional<CpuList> serviceCpus, int feedCpu) {
        if (serviceCpus.isEmpty()) {
            return -1;
        }
        for (int cpu : serviceCpus.get().toArray()) {
            if (cpu != feedCpu) {
                return cpu;
            }
        }
        return -1;
    }

    ForkResult run(HandoffOperation op, BenchmarkParams params, Ruler ruler) throws Exception {
        Clock clock = ruler.loaded().clock();
        Calibration calibration = ruler.calibration();
        List<String> stages = descriptor.stages();
        int split = descriptor.handoffStage(op.getClass());
        List<String> feedStages = stages.subList(0, split);
        List<String> strategyStages = stages.subList(split + 1, stages.size());
        String[] threadNames = descriptor.threads().toArray(String[]::new);
        if (spec.stallUs() > 0) {
            warnings.add("stall injection is not supported for handoff benchmarks: ignored");
        }
        CrossCoreOffset crossCore = boundOffset(clock, ruler);

        boolean paced = spec.mode() == Mode.PACED;
        int chunk = spec.chunk();
        Recording feed = new Recording(spec.measuredMessages(), feedStages.size(), paced);
        Recording strategyRec = new Recording(spec.measuredMessages(), strategyStages.size(), false);
        Recording feedScratch = new Recording(chunk, feedStages.size(), paced);
        Recording strategyScratch = new Recording(chunk, strategyStages.size(), false);
        Sink sink = new Sink();
        double intervalTicks = paced ? calibration.ticksPerNs() * 1e9 / spec.rateHz() : 0;
        boolean replay = BenchmarkDescriptor.hasReset(op.getClass());
        try (StrategyThread strategy = new StrategyThread(threadNames[1], ruler.strategyCpu(), clock, op, chunk)) {
            strategy.start();
            if (strategy.pinRefusal() != null) {
                warnings.add(threadNames[1] + " thread pinning refused: " + strategy.pinRefusal() + "; measured unpinned");
            } else if (ruler.strategyCpu() < 0) {
                warnings.add(threadNames[1] + " thread not pinned: no CPU other than the " + threadNames[0]
                        + " thread's was left for it");
            }
            say(threadNames[0] + " thread on CPU " + ruler.cpuPinned() + ", " + threadNames[1] + " thread on CPU "
                    + strategy.cpuPinned() + " (affinity " + strategy.affinity() + ")");
            HandoffPasses passes = new HandoffPasses(clock, op, sink, intervalTicks, chunk,
                    BenchmarkDescriptor.resetAction(op, params, clock, calibration), replay, strategy);
            Stamps feedScratchStamps = feedScratch.stamps(clock);
            Stamps strategyScratchStamps = strategyScratch.stamps(clock);

            say("warm-up " + spec.warmupMessages() + " messages on both threads" + (replay ? ", replaying the measured messages" : ""));
            long seq = 0;
            int warmupPasses = 0;
            long passLength = replay ? spec.measuredMessages() : Math.max(1, Math.min(spec.measuredMessages(), spec.warmupMessages()));
            long warmupEndNs = System.nanoTime() + spec.warmupMs() * 1_000_000L;
            while (spec.warmupMs() > 0 ? System.nanoTime() < warmupEndNs : seq < spec.warmupMessages()) {
                if (warmupPasses++ > 0) {
                    passes.reset();
                }
                long count = spec.warmupMs() > 0 ? passLength : Math.min(passLength, spec.warmupMessages() - seq);
                seq = passes.run(feedScratch, feedScratchStamps, strategyScratch, strategyScratchStamps, count, seq);
            }
            checkMarks(feedScratchStamps, strategyScratchStamps, feedStages, strategyStages);
            long warmupMessages = seq;

            say("measuring " + spec.measuredMessages() + " messages (" + spec.mode() + ") after " + warmupMessages
                    + " warm-up messages");
            progress.flush();
            MeasurementBracket bracket;
            Stamps feedStamps;
            Stamps strategyStamps;
            JitRetries retries = new JitRetries(spec.jitRetries());
            do {
                bracket = retries.nextBracket();
                feedStamps = feed.stamps(clock);
                strategyStamps = strategyRec.stamps(clock);
                if (warmupMessages > 0 || retries.anyDiscarded()) {
                    passes.reset();
                }
                bracket.open(true);
                seq = passes.run(feed, feedStamps, strategyRec, strategyStamps, spec.measuredMessages(), seq);
                bracket.close();
            } while (!retries.keep(bracket));
            List<Long> discarded = retries.discarded();
            if (!discarded.isEmpty()) {
                say(discarded.size() + " measured pass(es) discarded as warm-up, the JIT compiled during them " + discarded);
            }
            long strategyAllocated = passes.strategyAllocatedBytes();
            verify(bracket, strategyAllocated, threadNames, discarded);
            long marksWrong = feedStamps.markErrors() + strategyStamps.markErrors();
            if (marksWrong > 0) {
                warnings.add(marksWrong + " messages marked the wrong number of stage boundaries");
            }
            long sinkValue = sink.publish() ^ strategy.sinkValue();
            BenchmarkDescriptor.tearDown(op, params, clock, calibration);
            ForkExecution.stdoutWarning(spec).ifPresent(warnings::add);

            String strategyRaw = "fork-" + spec.fork() + "." + threadNames[1] + ".raw";
            List<ThreadPlacement> threads = List.of(
                    new ThreadPlacement(threadNames[0], feedStages, spec.cpu(), ruler.cpuPinned(), ruler.affinity(),
                            bracket.allocatedBytes(), spec.rawFileName()),
                    new ThreadPlacement(threadNames[1], strategyStages, ruler.strategyCpu(), strategy.cpuPinned(),
                            strategy.affinity(), strategyAllocated, strategyRaw));
            ForkResult result = new ForkResult(spec.benchmark(), spec.fork(), stages, spec.mode(), spec.rateHz(),
                    spec.binding(), ruler.loaded().binding(), calibration, ruler.stepTicks(), ruler.overhead(), spec.cpu(),
                    ruler.cpuPinned(), ruler.affinity(), ruler.memoryLocked(), warmupMessages, feed.size(), feed.dropped(),
                    bracket.allocatedBytes() + strategyAllocated, bracket.gcCount(), bracket.jitCompilations(), marksWrong,
                    sinkValue, 0, 0, System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version"),
                    ForkExecution.jvmFlags(), spec.rawFileName(), warnings, bracket.firstStartEpochMs(),
                    bracket.lastEndEpochMs(), ManagementFactory.getGarbageCollectorMXBeans().stream()
                    .map(GarbageCollectorMXBean::getName).toList(), warmupPasses + discarded.size(), replay, List.of(), null,
                    threads, crossCore, ruler.layout(), 1, null);
            Path outDir = Path.of(spec.outDir());
            feed.raw().write(outDir.resolve(spec.rawFileName()));
            strategyRec.raw().write(outDir.resolve(strategyRaw));
            AtomicFiles.writeString(outDir.resolve(spec.resultFileName()), Json.write(result));
            say("done");
            return result;
        }
    }

    /** Bounds the offset between the two threads' CPUs and warns when it exceeds a counter step or the flags cannot vouch for the counter. */
    private CrossCoreOffset boundOffset(Clock clock, Ruler ruler) throws InterruptedException {
        if (ruler.strategyCpu() < 0 || ruler.cpuPinned() < 0 || ruler.strategyCpu() == ruler.cpuPinned()) {
            warnings.add("cross-core offset not bounded: the two threads do not run on two known CPUs");
            return null;
        }
        CrossCoreOffset offset;
        try {
            offset = CrossCoreOffset.measure(clock, ruler.cpuPinned(), ruler.strategyCpu(), CrossCoreOffset.DEFAULT_ROUNDS);
        } catch (IllegalStateException e) {
            warnings.add(e.getMessage());
            return null;
        }
        say(offset.describe(ruler.calibration().ticksPerNs()));
        if (offset.boundTicks() > ruler.stepTicks()) {
            warnings.add(String.format(Locale.ROOT, "the cross-core counter offset is bounded only to +-%d ticks (%.1f ns),"
                    + " more than one counter step (%d ticks): a handoff figure is uncertain by that much",
                    offset.boundTicks(), offset.boundTicks() / ruler.calibration().ticksPerNs(), ruler.stepTicks()));
        }
        CpuInfo cpu = CpuInfo.read(SystemFiles.host());
        if (!cpu.constantTsc() || !cpu.nonstopTsc()) {
            warnings.add("the CPU flags lack " + (cpu.constantTsc() ? "" : "constant_tsc ") + (cpu.nonstopTsc() ? "" : "nonstop_tsc ")
                    + "- the two CPUs' counters need not tick together, and a handoff compares them");
        }
        return offset;
    }

    private void checkMarks(Stamps feedStamps, Stamps strategyStamps, List<String> feedStages, List<String> strategyStages) {
        if (feedStamps.markErrors() > 0 || strategyStamps.markErrors() > 0) {
            throw new IllegalStateException("benchmark '" + spec.benchmark() + "' marked the wrong number of stage"
                    + " boundaries in warm-up: " + feedStamps.markErrors() + " feed messages (stages " + feedStages + "), "
                    + strategyStamps.markErrors() + " strategy messages (stages " + strategyStages + ")");
        }
    }

    private void verify(MeasurementBracket bracket, long strategyAllocated, String[] threadNames, List<Long> discarded) {
        if (!bracket.jitQuietBefore()) {
            warnings.add("the JIT compiler was still busy " + JitRetries.QUIET_MAX_MS + " ms after warm-up");
        }
        if (bracket.allocatedBytes() != 0) {
            warnings.add("the " + threadNames[0] + " thread allocated " + bracket.allocatedBytes() + " bytes during measurement");
        }
        if (strategyAllocated != 0) {
            warnings.add("the " + threadNames[1] + " thread allocated " + strategyAllocated + " bytes during measurement");
        }
        if (bracket.gcCount() != 0) {
            warnings.add(bracket.gcCount() + " garbage collection(s) during measurement");
        }
        if (bracket.jitCompilations() != 0) {
            warnings.add(bracket.jitCompilations() + (bracket.jitExact() ? " JIT compilation(s)" : " ms of JIT compilation")
                    + " during measurement" + (discarded.isEmpty() ? "" : " (" + discarded.size()
                    + " earlier pass(es) discarded for the same reason)"));
        }
    }

    private void say(String line) {
        progress.println(tag + line + " (+" + (System.nanoTime() - startNs) / 1_000_000 + " ms)");
    }
}
