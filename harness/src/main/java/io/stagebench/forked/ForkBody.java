package io.stagebench.forked;

import io.stagebench.link.CoreWindows;
import io.stagebench.link.CrossCoreOffset;
import io.stagebench.link.ThreadPlacement;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * What differs between a fork of one measured thread ({@link OperationBody}) and a fork of two ({@link HandoffBody});
 * the steps around it, and their order, are the fork's alone ({@link ForkExecution}, {@link ReplicaExecution}). The two
 * bodies keep their own measured loops ({@code MeasureLoop}, {@code HandoffLoop}), compiled apart, as JMH keeps one
 * generated loop per benchmark mode.
 */
interface ForkBody extends AutoCloseable {

    /**
     * The body's share of the fork's result ({@code ForkResult}'s fields of the same names).
     *
     * @param warmupMessages warm-up messages the result reports
     * @param measuredMessages messages recorded in the kept attempt
     * @param droppedMessages messages beyond the recording's capacity
     * @param stallUs the stall injected in µs (0: none)
     * @param stallEvery its period in messages
     * @param unmarkedRawFile the unmarked pass's raw file, null when not measured
     * @param threads a handoff's threads, empty for one thread
     * @param crossCore the bound on the threads' counter offset, null for one thread
     * @param batch messages per timed interval
     * @param preparationRawFile the preparation pass's raw file, null when not measured
     */
    record Parts(
            long warmupMessages,
            long measuredMessages,
            long droppedMessages,
            long stallUs,
            long stallEvery,
            String unmarkedRawFile,
            List<ThreadPlacement> threads,
            CrossCoreOffset crossCore,
            int batch,
            String preparationRawFile) {}

    /** Bytes one measuring thread allocated during the kept measured pass; {@code label} names it in a warning. */
    record Allocation(String label, long bytes) {}

    /** Starts what runs beside the measuring thread (nothing, or the strategy thread); before warm-up. */
    void start() throws Exception;

    /** @return what the warm-up line says after its length, e.g. {@code ", replaying the measured messages"} */
    String warmupNote();

    /** @return the messages of one measured pass: the length of a warm-up pass that replays them */
    long measuredPassMessages();

    /**
     * @return how many times {@link #measure} runs each message: 2 when a second pass (a pipeline's unmarked pass, a
     *     batched run's preparation) follows the measured one, so a profile of it counts every message it ran
     */
    default int passesPerMeasure() {
        return 1;
    }

    /** @return whether the benchmark rewinds between passes ({@code @Reset}), so each pass replays the same messages */
    boolean replays();

    /**
     * Runs one warm-up pass of {@code count} messages from sequence number {@code seq}, after rewinding when it is not
     * the first.
     *
     * @return the sequence number after the pass
     */
    long warmupPass(long count, long seq, int passIndex) throws Exception;

    /**
     * Enters the measured loop {@code entries} times, a message (or a batch) each, replaying the measured messages: the
     * warm-up of a loop a pass enters too seldom for the optimising compiler ({@link CodeWarmup}). A body whose loops
     * this does not reach runs a warm-up pass instead.
     *
     * @return the sequence number after the last message
     */
    default long warmupEntries(long entries, long seq, int passIndex) throws Exception {
        return warmupPass(measuredPassMessages(), seq, passIndex);
    }

    /**
     * @return per stage, the messages of the last measured (marked) pass it ran for ({@link StageWarmup}); null when
     *     the body records no stage of its own (a batch times its messages whole; a handoff's stages lie on two
     *     threads' recordings)
     */
    long[] stageRuns();

    /** Fails the fork on what warm-up showed to be wrong (marks that do not match the stages, say). */
    void afterWarmup();

    /**
     * @param warmedUp what ran before, e.g. "100000 of warm-up"
     * @return the line that says measurement starts, after the fork's tag
     */
    String measuringLine(String warmedUp);

    /**
     * Runs one measured attempt inside {@code bracket} (opening and closing it), from {@code seq}, rewinding first when
     * {@code rewind}.
     *
     * @return the sequence number after it
     */
    long measure(MeasurementBracket bracket, long seq, boolean rewind) throws Exception;

    /** Warns of what the kept measurement showed that degrades it (to the warnings the body was given). */
    void afterMeasurement();

    /** @return the measuring threads' allocations in the kept attempt, the measuring thread first */
    List<Allocation> allocations(MeasurementBracket bracket);

    /** @return messages whose marks did not match the stage count */
    long markErrors();

    /** @return the published fold of every sink (keeps the results alive) */
    long sinkValue();

    /** @return the benchmark instance, for its {@code @TearDown} */
    Object instance();

    /**
     * @param warmupMessages messages run before the first measured attempt
     * @param seq the sequence number after the kept attempt
     * @param bracket the kept attempt's bracket
     * @return what the fork's result says of the measurement that only the body knows
     */
    Parts parts(long warmupMessages, long seq, MeasurementBracket bracket);

    /**
     * Writes the raw stamps of the kept attempt into {@code outDir}, under replica {@code replica}'s names
     * ({@code ForkFiles.replica}).
     */
    void writeRaw(Path outDir, int replica) throws IOException;

    @Override
    void close() throws InterruptedException;

    /**
     * @param ticksPerNs the counter's rate
     * @return the core's state through the last kept pass, window by window ({@link CoreWindows}); none when its passes
     *     are not probed
     */
    default CoreWindows coreWindows(double ticksPerNs) {
        return CoreWindows.NONE;
    }
}
