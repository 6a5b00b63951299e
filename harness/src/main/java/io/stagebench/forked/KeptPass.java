package io.stagebench.forked;

import io.stagebench.link.ForkWarning;
import io.stagebench.link.ProgressEvent.Phase;
import io.stagebench.system.CpuList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A replica's measured pass, measured again until one can be kept. A pass is warm-up, not a measurement, and more
 * warm-up runs before the next one, when a stage had run too few times for the optimising compiler
 * ({@link StageWarmup}), when the JIT compiled while it ran ({@link JitRetries}), or when code it reached was still
 * below C2 when it started ({@link CodeWarmup}). Which pass is kept is decided by those counts alone, never by its
 * timings. The measured loop itself is the body's ({@link ForkBody#measure}); this class only runs between passes.
 */
final class KeptPass {

    private final ForkBody body;
    private final ForkProgress progress;
    private final JitRetries retries;
    /** each stage's runs before a pass; null when not counted (only the fork's whole warm-up counts them) */
    private final StageWarmup stages;
    /** the warm-up of the code the measured messages reach, or null when the fork does not extend it */
    private final CodeWarmup code;

    private long seq;
    private int passIndex;
    /** passes discarded for the stages' runs or for code below C2 */
    private int stageDiscards;

    private long[] runsBeforeKept;
    private MeasurementBracket bracket;
    private final PassProfiler profiler;

    /**
     * @param stages each stage's runs, or null when they are not counted
     * @param code the measured code's warm-up, or null when not extended
     * @param seq the sequence number after the replica's warm-up
     * @param passIndex the warm-up passes run so far: the index of the next pass
     */
    KeptPass(
            ForkBody body,
            ForkProgress progress,
            PassProfiler profiler,
            JitRetries retries,
            StageWarmup stages,
            CodeWarmup code,
            long seq,
            int passIndex) {
        this.body = body;
        this.progress = progress;
        this.profiler = profiler;
        this.retries = retries;
        this.stages = stages;
        this.code = code;
        this.seq = seq;
        this.passIndex = passIndex;
    }

    /**
     * Waits for the replica's measure turn and runs the pass that brings its data back into the caches
     * ({@link ForkTurns#awaitMeasureTurn}).
     */
    void takeMeasureTurn(ForkTurns turns, int replica, Optional<CpuList> serviceCpus) throws Exception {
        seq = turns.awaitMeasureTurn(body, replica, serviceCpus, seq, passIndex++);
    }

    /** Measures passes until one is kept, with the warm-up each discarded one asked for between them. */
    void measure() throws Exception {
        while (true) {
            bracket = retries.nextBracket();
            long before = seq;
            profiler.beforePass();
            seq = body.measure(bracket, seq, seq > 0);
            profiler.afterPass((seq - before) * body.passesPerMeasure());
            if (discardedForStages(before)) {
                continue;
            }
            // a pass the JIT changed while it ran was warm-up, not a measurement
            if (retries.keep(bracket) && !discardedForCode()) {
                return;
            }
        }
    }

    /**
     * @param before the sequence number the pass started at
     * @return whether a stage had run too few times for the optimising compiler when the pass started: the pass was
     *     warm-up, and the warm-up passes the stages still need have run
     */
    private boolean discardedForStages(long before) throws Exception {
        long[] runs = stages != null ? body.stageRuns() : null;
        if (runs == null) {
            return false;
        }
        stages.measured(runs, body.measuredPassMessages());
        runsBeforeKept = stages.runsAt(before);
        long more = stages.passesNeeded(before, body.measuredPassMessages());
        if (more <= 0) {
            return false;
        }
        // a stage that ran too few times for the optimising compiler: this pass was warm-up
        progress.say(
                Phase.DISCARDED,
                "measured pass discarded as warm-up: the stages had run "
                        + stages.describe(runsBeforeKept) + " times, fewer than "
                        + String.format(Locale.ROOT, "%,d", stages.target()) + " for the optimising compiler; " + more
                        + " more warm-up pass(es)");
        stageDiscards++;
        // a pipeline's warm-up pass runs its messages marked and unmarked: counted by what it ran
        do {
            seq = body.warmupPass(body.measuredPassMessages(), seq, passIndex++);
        } while (stages.passesNeeded(seq, body.measuredPassMessages()) > 0);
        return true;
    }

    /**
     * @return whether code the measured messages reach was below C2 when the pass started: the pass was warm-up, and
     *     the warm-up that code asked for has run
     */
    private boolean discardedForCode() throws Exception {
        long more = code == null ? 0 : code.passesNeeded(bracket.firstStartEpochMs(), passIndex, bracket.passesMs());
        if (more == 0) {
            return false;
        }
        stageDiscards++;
        if (code.loopBelow()) {
            // the loop is entered once a chunk: passes of a few slow messages never bring it to C2's calls
            long entries = CodeWarmup.loopEntries();
            progress.say(
                    Phase.DISCARDED,
                    "measured pass discarded as warm-up: code below C2 when it started ("
                            + code.describeBelow() + "); the measured loop entered " + entries
                            + " more times, a message"
                            + " each");
            seq = body.warmupEntries(entries, seq, passIndex++);
            return true;
        }
        // code the measured messages reach was still C1's when the pass started: it was warm-up
        progress.say(
                Phase.DISCARDED,
                "measured pass discarded as warm-up: code below C2 when it started (" + code.describeBelow() + "); "
                        + more + " more warm-up pass(es)");
        for (long p = 0; p < more; p++) {
            seq = body.warmupPass(body.measuredPassMessages(), seq, passIndex++);
        }
        return true;
    }

    /** Warns of each stage that ran fewer times than the optimising compiler needs before the kept pass. */
    void warnShortStages(Warnings warnings) {
        if (runsBeforeKept != null) {
            stages.shortStages(runsBeforeKept).forEach(w -> warnings.add(ForkWarning.OTHER, w));
        }
    }

    /** Says how many passes the JIT's compiles discarded, if any ({@code of} names the replica). */
    void sayDiscarded(String of) {
        List<Long> discarded = retries.discarded();
        if (!discarded.isEmpty()) {
            progress.say(
                    Phase.DISCARDED,
                    discarded.size() + " measured pass(es)" + of + " discarded as warm-up,"
                            + " the JIT compiled during them " + discarded
                            + (bracket.jitCompilations() == 0 ? "; the last pass compiled nothing" : ""));
        }
    }

    /** @return the sequence number after the last pass run */
    long seq() {
        return seq;
    }

    /** @return the kept pass's bracket, once {@link #measure} has returned */
    MeasurementBracket bracket() {
        return bracket;
    }

    /** @return the compile count of each pass the JIT's compiles discarded, in order */
    List<Long> discarded() {
        return retries.discarded();
    }

    /** @return per stage, its runs before the kept pass; null when not counted */
    long[] runsBeforeKept() {
        return runsBeforeKept;
    }

    /** @return the passes run: warm-up passes and every discarded pass */
    int passes() {
        return passIndex + retries.discarded().size() + stageDiscards;
    }
}
