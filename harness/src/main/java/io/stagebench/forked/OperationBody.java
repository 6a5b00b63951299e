package io.stagebench.forked;

import io.stagebench.api.BenchmarkParams;
import io.stagebench.api.Operation;
import io.stagebench.api.Preparation;
import io.stagebench.api.RecordingSink;
import io.stagebench.api.RecordingStamps;
import io.stagebench.clock.Calibration;
import io.stagebench.clock.Clock;
import io.stagebench.clock.CoreProbe;
import io.stagebench.link.CoreWindows;
import io.stagebench.link.ForkFiles;
import io.stagebench.link.ForkSpec;
import io.stagebench.link.Mode;
import io.stagebench.registry.BenchmarkDescriptor;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The body of a fork of one measured thread ({@link Operation}): its recording and passes, the pipeline's unmarked
 * pass, a batched run's preparation pass, and an injected stall.
 *
 * <p>Measurement hazards: odd forks measure marked first and even forks unmarked (or the preparation) first, so a drift
 * within the fork shifts neither pass systematically; a batch cannot stop the clock at {@code Stamps.restart()}, so a
 * restarting benchmark without a {@link Preparation} fails its fork instead of timing its untimed work.
 */
final class OperationBody implements ForkBody {

    private final ForkSpec spec;
    private final ForkSpec.Measurement plan;
    private final BenchmarkDescriptor descriptor;
    private final Operation benchmark;
    private final Clock clock;
    private final Warnings warnings;
    private final StallingOperation stalling;
    private final int stages;
    private final boolean replay;
    private final int batch;
    private final boolean batched;
    private final boolean withUnmarked;
    private final Preparation preparation;
    private final boolean secondPass;
    private final int rows;
    private final Recording measured;
    private final Recording unmarked;
    private final Recording scratch;
    private final Recording unmarkedScratch;
    private final RecordingSink sink = new RecordingSink();
    private final Passes passes;
    private final RecordingStamps scratchStamps;
    private final RecordingStamps unmarkedScratchStamps;
    private RecordingStamps measuredStamps;
    /** The kept marked pass's core probes ({@link Passes#probeWindows}); null when paced (not probed). */
    private final long[] measuredProbeTicks;
    /** The windows those probes bracket. */
    private int measuredWindows;

    OperationBody(
            ForkSpec spec,
            BenchmarkDescriptor descriptor,
            Operation benchmark,
            BenchmarkParams params,
            Ruler ruler,
            Warnings warnings) {
        this.spec = spec;
        this.plan = spec.measurement();
        this.descriptor = descriptor;
        this.benchmark = benchmark;
        this.clock = ruler.clock();
        this.warnings = warnings;
        Calibration calibration = ruler.calibration();
        this.stalling = stalling(calibration);
        Operation op = stalling != null ? stalling : benchmark;

        boolean paced = plan.mode() == Mode.PACED;
        stages = descriptor.stages().size();
        replay = BenchmarkDescriptor.hasReset(benchmark.getClass());
        // batched: one interval around K messages, marks off (a pipeline's batch is its total), and a
        // benchmark that restarts has its preparation timed in batches of its own, then subtracted
        batch = plan.batch();
        batched = batch > 1;
        withUnmarked = !batched && descriptor.measuresUnmarked(benchmark.getClass());
        preparation = batched && benchmark instanceof Preparation p ? p : null;
        secondPass = withUnmarked || preparation != null;
        rows = plan.measuredMessages() / batch;
        int recordedStages = batched ? 1 : stages;
        int scratchRows = Math.max(1, plan.chunk() / batch);
        measured = new Recording(rows, recordedStages, paced);
        unmarked = secondPass ? new Recording(rows, 1, paced) : null;
        scratch = new Recording(scratchRows, recordedStages, paced);
        unmarkedScratch = secondPass ? new Recording(scratchRows, 1, paced) : null;
        double intervalTicks = paced ? calibration.ticksPerNs() * 1e9 / plan.rateHz() : 0;
        passes = new Passes(
                clock,
                op,
                sink,
                intervalTicks,
                plan.chunk(),
                BenchmarkDescriptor.resetAction(benchmark, params, clock, calibration, ruler.wallClock()),
                replay,
                batch,
                preparation);
        if (!paced) {
            passes.probeWindows(rows);
            measuredProbeTicks = new long[passes.windows(rows) + 1];
        } else {
            measuredProbeTicks = null;
        }
        scratchStamps = batched
                ? scratch.batchedStamps(clock)
                : scratch.stamps(clock, descriptor.tags().size());
        unmarkedScratchStamps = !secondPass
                ? null
                : batched
                        ? unmarkedScratch.batchedStamps(clock)
                        : unmarkedScratch.unmarkedStamps(
                                clock, descriptor.tags().size());
    }

    private StallingOperation stalling(Calibration calibration) {
        if (plan.stallUs() <= 0) {
            return null;
        }
        long stallTicks = Math.round(plan.stallUs() * 1000.0 * calibration.ticksPerNs());
        if (plan.stallAt() >= 0) {
            warnings.add(String.format(
                    Locale.ROOT,
                    "stall injected: %d us once, at measured message %d (a"
                            + " demonstration, not the benchmark's own behaviour)",
                    plan.stallUs(),
                    plan.stallAt()));
            return StallingOperation.once(
                    benchmark,
                    clock,
                    plan.stallAt(),
                    stallTicks,
                    Math.round(StallingOperation.WARMUP_STALL_NS * calibration.ticksPerNs()));
        }
        warnings.add(String.format(
                Locale.ROOT,
                "stall injected: %d us every %d messages (a demonstration, not" + " the benchmark's own behaviour)",
                plan.stallUs(),
                plan.stallEvery()));
        return new StallingOperation(benchmark, clock, plan.stallEvery(), stallTicks);
    }

    @Override
    public void start() {}

    @Override
    public String warmupNote() {
        String passNames =
                withUnmarked ? "marked and unmarked" : preparation != null ? "whole and preparation alone" : "";
        return (replay ? ", replaying the measured messages" : "")
                + (secondPass ? ", " + passNames : "")
                + (batched ? ", in batches of " + batch : "");
    }

    @Override
    public long measuredPassMessages() {
        return (long) rows * batch;
    }

    @Override
    public boolean replays() {
        return replay;
    }

    @Override
    public long warmupPass(long count, long seq, int passIndex) throws Exception {
        if (passIndex > 0) {
            passes.reset();
        }
        long next = passes.run(scratch, scratchStamps, count, seq);
        if (unmarkedScratch != null) {
            passes.reset();
            // a preparation pass replays the same messages under the same sequence numbers
            next = preparation != null
                    ? Math.max(next, passes.runPreparation(unmarkedScratch, unmarkedScratchStamps, count, seq))
                    : passes.run(unmarkedScratch, unmarkedScratchStamps, count, next);
        }
        return next;
    }

    @Override
    public long warmupEntries(long entries, long seq, int passIndex) throws Exception {
        long next = seq;
        for (long left = entries * batch; left > 0; left -= measuredPassMessages()) {
            passes.reset();
            next = passes.runEntries(scratch, scratchStamps, Math.min(left, measuredPassMessages()), next);
        }
        return next;
    }

    @Override
    public long[] stageRuns() {
        if (batched) {
            return null;
        }
        long[] runs = new long[stages];
        for (int s = 0; s < stages; s++) {
            runs[s] = measured.ranFor(s);
        }
        return runs;
    }

    @Override
    public void afterWarmup() {
        refuseUnpreparedRestarts(scratchStamps);
        if (preparation != null && !replay) {
            // without a rewind the preparation pass would walk the next messages, not the same ones
            throw new IllegalStateException(
                    "benchmark '" + spec.job().benchmark()
                            + "' implements Preparation but declares no"
                            + " @Reset: a batched run subtracts its preparation from the same messages, which only a reset replays");
        }
        TagErrors.refuse(spec.job().benchmark(), descriptor.tags(), "warm-up", scratchStamps);
        if (scratchStamps.markErrors() > 0) {
            throw new IllegalStateException("benchmark '" + spec.job().benchmark()
                    + "' marked the wrong number of stage"
                    + " boundaries in " + scratchStamps.markErrors() + " warm-up messages (expected " + (stages - 1)
                    + " marks per message for stages " + descriptor.stages() + ")");
        }
    }

    @Override
    public String measuringLine(String warmedUp) {
        return "measuring " + (long) rows * batch + " messages (" + plan.mode()
                + (batched ? ", " + rows + " batches of " + batch : "")
                + (withUnmarked
                        ? ", marked, then unmarked"
                        : preparation != null ? ", whole, then preparation alone" : "")
                + ") after " + warmedUp;
    }

    @Override
    public long measure(MeasurementBracket bracket, long seq, boolean rewind) throws Exception {
        // odd forks measure marked first, even forks unmarked first: a drift within the fork
        // then shifts neither pass systematically
        boolean markedFirst = !secondPass || spec.job().fork() % 2 == 1;
        measuredStamps = batched
                ? measured.batchedStamps(clock)
                : measured.stamps(clock, descriptor.tags().size());
        RecordingStamps unmarkedStamps = !secondPass
                ? null
                : batched
                        ? unmarked.batchedStamps(clock)
                        : unmarked.unmarkedStamps(clock, descriptor.tags().size());
        if (stalling != null) {
            stalling.measurementStarts(seq);
        }
        final long passStart = seq;
        long next = seq;
        for (int pass = 0; pass < (secondPass ? 2 : 1); pass++) {
            boolean marked = (pass == 0) == markedFirst;
            if (pass > 0 || rewind) {
                passes.reset();
            }
            bracket.open(pass == 0);
            // a preparation pass gets the whole pass's sequence numbers: the same messages, the same inputs
            long from = preparation != null ? passStart : next;
            long after = marked
                    ? passes.run(measured, measuredStamps, from)
                    : preparation != null
                            ? passes.runPreparation(unmarked, unmarkedStamps, from)
                            : passes.run(unmarked, unmarkedStamps, from);
            next = Math.max(next, after);
            bracket.close();
            if (marked && measuredProbeTicks != null) {
                measuredWindows = passes.copyProbes(measuredProbeTicks);
            }
        }
        return next;
    }

    @Override
    public int passesPerMeasure() {
        return secondPass ? 2 : 1;
    }

    @Override
    public void afterMeasurement() {
        // with no warm-up, the first restart is seen here
        refuseUnpreparedRestarts(measuredStamps);
        TagErrors.refuse(spec.job().benchmark(), descriptor.tags(), "measured", measuredStamps);
        if (preparation != null && !scratchStamps.restartIgnored() && !measuredStamps.restartIgnored()) {
            warnings.add("the benchmark implements Preparation but never called Stamps.restart(): its preparation is"
                    + " subtracted from work that never excluded it");
        }
        if (batched) {
            warnings.addAll(batchWarnings());
        }
    }

    @Override
    public List<Allocation> allocations(MeasurementBracket bracket) {
        return List.of(new Allocation("measuring", bracket.allocatedBytes()));
    }

    @Override
    public long markErrors() {
        return measuredStamps.markErrors();
    }

    @Override
    public long sinkValue() {
        return sink.publish();
    }

    @Override
    public Object instance() {
        return benchmark;
    }

    @Override
    public Parts parts(long warmupMessages, long seq, MeasurementBracket bracket) {
        return new Parts(
                seq - (long) rows * batch * (withUnmarked ? 2L : 1L),
                (long) measured.size() * batch,
                measured.dropped(),
                plan.stallUs(),
                plan.stallEvery(),
                withUnmarked ? spec.unmarkedRawFileName() : null,
                List.of(),
                null,
                batch,
                preparation != null ? spec.preparationRawFileName() : null);
    }

    @Override
    public void writeRaw(Path outDir, int replica) throws IOException {
        measured.raw().write(outDir.resolve(ForkFiles.replica(spec.rawFileName(), replica)));
        if (secondPass) {
            unmarked.raw()
                    .write(outDir.resolve(ForkFiles.replica(
                            withUnmarked ? spec.unmarkedRawFileName() : spec.preparationRawFileName(), replica)));
        }
    }

    @Override
    public CoreWindows coreWindows(double ticksPerNs) {
        return measuredProbeTicks == null || measuredWindows == 0
                ? CoreWindows.NONE
                : CoreWindows.of(
                        passes.windowRows(), measuredProbeTicks, measuredWindows, ticksPerNs, CoreProbe.ITERATIONS);
    }

    @Override
    public void close() {}

    /**
     * @return what a batched run left out or clipped: the messages of {@code -n} beyond the last whole batch, and
     *     batches whose interval saturated the 32-bit delta
     */
    private List<String> batchWarnings() {
        List<String> out = new ArrayList<>();
        int left = plan.measuredMessages() % batch;
        if (left > 0) {
            out.add(String.format(
                    Locale.ROOT,
                    "the last %d of the %d measured messages (-n) fill no batch of %d and were" + " not measured",
                    left,
                    plan.measuredMessages(),
                    batch));
        }
        long saturated = 0;
        for (Recording rec : unmarked == null ? List.of(measured) : List.of(measured, unmarked)) {
            for (int i = 0; i < rec.size(); i++) {
                if (rec.stageTicks(0, i) == RecordingStamps.MAX_DELTA_TICKS) {
                    saturated++;
                }
            }
        }
        if (saturated > 0) {
            out.add(saturated + " batch(es) of " + batch
                    + " took longer than the 32-bit delta holds (2^32 - 1 ticks) and"
                    + " were clipped to it; lower --batch");
        }
        return out;
    }

    /**
     * A batch cannot stop the clock at a restart: a restarting benchmark without a {@link Preparation} would time its
     * untimed work too, so its fork fails instead.
     */
    private void refuseUnpreparedRestarts(RecordingStamps stamps) {
        if (batch > 1 && preparation == null && stamps.restartIgnored()) {
            throw new IllegalStateException("benchmark '" + spec.job().benchmark()
                    + "' calls Stamps.restart(), which a batch"
                    + " (--batch " + batch
                    + ") cannot honour: implement io.stagebench.api.Preparation so the batches of its"
                    + " untimed work are measured and subtracted, or measure it unbatched");
        }
    }
}
