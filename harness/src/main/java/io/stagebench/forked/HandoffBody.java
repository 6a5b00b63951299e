package io.stagebench.forked;

import io.stagebench.api.BenchmarkParams;
import io.stagebench.api.HandoffOperation;
import io.stagebench.api.RecordingSink;
import io.stagebench.api.RecordingStamps;
import io.stagebench.clock.Calibration;
import io.stagebench.clock.Clock;
import io.stagebench.link.CrossCoreOffset;
import io.stagebench.link.ForkFiles;
import io.stagebench.link.ForkSpec;
import io.stagebench.link.ForkWarning;
import io.stagebench.link.Mode;
import io.stagebench.link.ThreadPlacement;
import io.stagebench.registry.BenchmarkDescriptor;
import io.stagebench.system.CpuInfo;
import io.stagebench.system.CpuList;
import io.stagebench.system.SystemFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The body of a fork of a {@link HandoffOperation}, after the ruler is read on the feed (measuring) thread: bound the
 * cross-core counter offset → start the strategy thread, pinned to its own CPU and read back → passes on both threads →
 * each thread's allocation and raw stamps. The launcher joins the two recordings by sequence number (its
 * {@code HandoffJoin}).
 *
 * <p>Measurement hazards:
 *
 * <ul>
 *   <li>The strategy thread runs on the CPU the launcher keeps for the JVM's own threads (the only other CPU of a
 *       2-core machine): a compile or a collection there lands in the strategy's stages and the handoff. The JIT check
 *       around the pass catches compiles; other threads' time slices it cannot see.
 *   <li>The handoff compares two CPUs' counters: it is no better than {@link CrossCoreOffset}.
 * </ul>
 */
final class HandoffBody implements ForkBody {

    private final ForkSpec spec;
    private final ForkSpec.Measurement plan;
    private final HandoffOperation op;
    private final Ruler ruler;
    private final Warnings warnings;
    private final Consumer<String> say;
    private final Clock clock;
    private final List<String> feedStages;
    private final List<String> strategyStages;
    private final String[] threadNames;
    private final int strategyCpu;
    private final boolean replay;
    private final Recording feed;
    private final Recording strategyRec;
    private final Recording feedScratch;
    private final Recording strategyScratch;
    private final RecordingStamps feedScratchStamps;
    private final RecordingStamps strategyScratchStamps;
    private final RecordingSink sink = new RecordingSink();
    private final StrategyThread strategy;
    private final HandoffPasses passes;
    private CrossCoreOffset crossCore;
    private final List<String> tags;
    private RecordingStamps feedStamps;
    private RecordingStamps strategyStamps;

    HandoffBody(
            ForkSpec spec,
            BenchmarkDescriptor descriptor,
            HandoffOperation op,
            BenchmarkParams params,
            Ruler ruler,
            Warnings warnings,
            Consumer<String> say) {
        this.spec = spec;
        this.plan = spec.measurement();
        this.op = op;
        this.ruler = ruler;
        this.warnings = warnings;
        this.say = say;
        this.clock = ruler.clock();
        Calibration calibration = ruler.calibration();
        List<String> stages = descriptor.stages();
        int split = descriptor.handoffStage(op.getClass());
        feedStages = stages.subList(0, split);
        strategyStages = stages.subList(split + 1, stages.size());
        threadNames = descriptor.threads().toArray(String[]::new);
        strategyCpu = strategyCpu(ruler.serviceCpus(), ruler.cpuPinned());
        if (plan.stallUs() > 0) {
            warnings.add("stall injection is not supported for handoff benchmarks: ignored");
        }
        boolean paced = plan.mode() == Mode.PACED;
        int chunk = plan.chunk();
        feed = new Recording(plan.measuredMessages(), feedStages.size(), paced);
        strategyRec = new Recording(plan.measuredMessages(), strategyStages.size(), false);
        feedScratch = new Recording(chunk, feedStages.size(), paced);
        strategyScratch = new Recording(chunk, strategyStages.size(), false);
        tags = descriptor.tags();
        feedScratchStamps = feedScratch.stamps(clock, tags.size());
        strategyScratchStamps = strategyScratch.stamps(clock, tags.size());
        double intervalTicks = paced ? calibration.ticksPerNs() * 1e9 / plan.rateHz() : 0;
        replay = BenchmarkDescriptor.hasReset(op.getClass());
        strategy = new StrategyThread(threadNames[1], strategyCpu, clock, op, chunk);
        passes = new HandoffPasses(
                clock,
                op,
                sink,
                intervalTicks,
                chunk,
                BenchmarkDescriptor.resetAction(op, params, clock, calibration, ruler.wallClock()),
                replay,
                strategy);
    }

    /**
     * @return the strategy thread's CPU: the first CPU the launcher left this JVM's other threads that is not the
     *     feed's, or -1 when there is none
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

    @Override
    public void start() throws InterruptedException {
        crossCore = boundOffset();
        strategy.start();
        if (strategy.pinRefusal() != null) {
            warnings.add(
                    ForkWarning.PINNING,
                    threadNames[1] + " thread pinning refused: " + strategy.pinRefusal() + "; measured unpinned");
        } else if (strategyCpu < 0) {
            warnings.add(
                    ForkWarning.PINNING,
                    threadNames[1] + " thread not pinned: no CPU other than the " + threadNames[0]
                            + " thread's was left for it");
        }
        say.accept(threadNames[0] + " thread on CPU " + ruler.cpuPinned() + ", " + threadNames[1] + " thread on CPU "
                + strategy.cpuPinned() + " (affinity " + strategy.affinity() + ")");
    }

    @Override
    public String warmupNote() {
        return " on both threads" + (replay ? ", replaying the measured messages" : "");
    }

    @Override
    public long measuredPassMessages() {
        return plan.measuredMessages();
    }

    @Override
    public boolean replays() {
        return replay;
    }

    @Override
    public long[] stageRuns() {
        return null;
    }

    @Override
    public long warmupPass(long count, long seq, int passIndex) throws Exception {
        if (passIndex > 0) {
            passes.reset();
        }
        return passes.run(feedScratch, feedScratchStamps, strategyScratch, strategyScratchStamps, count, seq);
    }

    @Override
    public void afterWarmup() {
        TagErrors.refuse(spec.job().benchmark(), tags, "warm-up", feedScratchStamps, strategyScratchStamps);
        if (feedScratchStamps.markErrors() > 0 || strategyScratchStamps.markErrors() > 0) {
            throw new IllegalStateException("benchmark '" + spec.job().benchmark()
                    + "' marked the wrong number of stage"
                    + " boundaries in warm-up: " + feedScratchStamps.markErrors() + " feed messages (stages "
                    + feedStages
                    + "), " + strategyScratchStamps.markErrors() + " strategy messages (stages " + strategyStages
                    + ")");
        }
    }

    @Override
    public String measuringLine(String warmedUp) {
        return "measuring " + plan.measuredMessages() + " messages (" + plan.mode() + ") after " + warmedUp;
    }

    @Override
    public long measure(MeasurementBracket bracket, long seq, boolean rewind) throws Exception {
        feedStamps = feed.stamps(clock, tags.size());
        strategyStamps = strategyRec.stamps(clock, tags.size());
        if (rewind) {
            passes.reset();
        }
        bracket.open(true);
        long next = passes.run(feed, feedStamps, strategyRec, strategyStamps, plan.measuredMessages(), seq);
        bracket.close();
        return next;
    }

    @Override
    public void afterMeasurement() {
        TagErrors.refuse(spec.job().benchmark(), tags, "measured", feedStamps, strategyStamps);
    }

    @Override
    public List<Allocation> allocations(MeasurementBracket bracket) {
        return List.of(
                new Allocation(threadNames[0], bracket.allocatedBytes()),
                new Allocation(threadNames[1], passes.strategyAllocatedBytes()));
    }

    @Override
    public long markErrors() {
        return feedStamps.markErrors() + strategyStamps.markErrors();
    }

    @Override
    public long sinkValue() {
        return sink.publish() ^ strategy.sinkValue();
    }

    @Override
    public Object instance() {
        return op;
    }

    @Override
    public Parts parts(long warmupMessages, long seq, MeasurementBracket bracket) {
        List<ThreadPlacement> threads = List.of(
                new ThreadPlacement(
                        threadNames[0],
                        feedStages,
                        spec.placement().cpu(),
                        ruler.cpuPinned(),
                        ruler.affinity(),
                        bracket.allocatedBytes(),
                        spec.rawFileName()),
                new ThreadPlacement(
                        threadNames[1],
                        strategyStages,
                        strategyCpu,
                        strategy.cpuPinned(),
                        strategy.affinity(),
                        passes.strategyAllocatedBytes(),
                        strategyRawFile()));
        return new Parts(warmupMessages, feed.size(), feed.dropped(), 0, 0, null, threads, crossCore, 1, null);
    }

    @Override
    public void writeRaw(Path outDir, int replica) throws IOException {
        feed.raw().write(outDir.resolve(ForkFiles.replica(spec.rawFileName(), replica)));
        strategyRec.raw().write(outDir.resolve(ForkFiles.replica(strategyRawFile(), replica)));
    }

    @Override
    public void close() throws InterruptedException {
        strategy.close();
    }

    private String strategyRawFile() {
        return spec.threadRawFileName(threadNames[1]);
    }

    /**
     * Bounds the offset between the two threads' CPUs and warns when it exceeds a counter step or the flags cannot
     * vouch for the counter.
     */
    private CrossCoreOffset boundOffset() throws InterruptedException {
        if (strategyCpu < 0 || ruler.cpuPinned() < 0 || strategyCpu == ruler.cpuPinned()) {
            warnings.add("cross-core offset not bounded: the two threads do not run on two known CPUs");
            return null;
        }
        CrossCoreOffset offset;
        try {
            offset = CrossCoreOffset.measure(clock, ruler.cpuPinned(), strategyCpu, CrossCoreOffset.DEFAULT_ROUNDS);
        } catch (IllegalStateException e) {
            warnings.add(e.getMessage());
            return null;
        }
        say.accept(offset.describe(ruler.calibration().ticksPerNs()));
        if (offset.boundTicks() > ruler.stepTicks()) {
            warnings.add(String.format(
                    Locale.ROOT,
                    "the cross-core counter offset is bounded only to +-%d ticks (%.1f ns),"
                            + " more than one counter step (%d ticks): a handoff figure is uncertain by that much",
                    offset.boundTicks(),
                    offset.boundTicks() / ruler.calibration().ticksPerNs(),
                    ruler.stepTicks()));
        }
        CpuInfo cpu = CpuInfo.read(SystemFiles.host());
        if (!cpu.constantTsc() || !cpu.nonstopTsc()) {
            warnings.add("the CPU flags lack " + (cpu.constantTsc() ? "" : "constant_tsc ")
                    + (cpu.nonstopTsc() ? "" : "nonstop_tsc ")
                    + "- the two CPUs' counters need not tick together, and a handoff compares them");
        }
        return offset;
    }
}
