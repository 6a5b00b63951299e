package io.stagebench.api;

import io.stagebench.clock.Clock;

/**
 * Stage-boundary stamps of the message being measured, stored as 32-bit tick deltas into preallocated per-stage arrays
 * (struct of arrays).
 *
 * <p>A pipeline benchmark calls {@link #mark()} at each boundary between stages; the runner reads the start before the
 * operation and the end after it. Stage {@code k}'s delta is the ticks between boundary {@code k} and boundary {@code k
 * + 1}. A boundary read is the end-of-interval read ({@code rdtscp; lfence}), which also keeps the next stage from
 * starting before it: one read serves both sides.
 *
 * <p>Measurement hazard: every mark costs one fenced read inside the pipeline, so a pipeline's total is larger than the
 * sum of isolated stage benchmarks by about (stages - 1) probes; the runner subtracts one probe overhead from each
 * stage delta. A delta larger than 2^32 - 1 ticks (1.6 s at 2.6 GHz) saturates at that value.
 *
 * <p>The fenced reads also stop the out-of-order core from overlapping one stage with the next, which costs more than
 * the probe overhead subtracted. To measure that, the runner replays a pipeline's messages through
 * {@link RecordingStamps#unmarked unmarked} stamps too, whose marks do nothing: the one delta is the message's total
 * with begin and end reads only.
 *
 * <p>A batched run ({@code --batch K}, {@link RecordingStamps#batched}) times K consecutive messages between one begin
 * and one end read: marks and {@link #restart()} do nothing there (a read inside the batch would be the per-message
 * probe the batch exists to amortise), and {@link #stageStartTicks()} is the batch's start read for every message of
 * the batch.
 *
 * <p>A message's stages may be <b>tagged</b> with what kind of work they did ({@link #tag(int)}, one of the names the
 * benchmark declares in {@link Benchmark#tags()}) and a stage that did no work for a message may say so
 * ({@link #skip()}): the results then give each tag its own distribution, and leave a skipped stage's message out of
 * that stage's distribution instead of pooling an empty interval with real work. A tag is one byte a stage a message in
 * a preallocated array, written when the stage tags or skips.
 */
public abstract class Stamps {

    final Clock clock;
    final int[][] deltaTicks;
    final byte[][] stageTags;
    final int tagCount;
    final int stageCount;
    final boolean marking;
    final boolean batched;
    int row;
    int stage;
    long lastTicks;
    long endAtTicks;
    boolean endGiven;
    long markErrors;
    boolean restartIgnored;
    long tagErrors;
    int lastBadTag;

    /** Only {@link RecordingStamps}, the runner's side, extends it: a benchmark receives stamps, never makes them. */
    Stamps(Clock clock, int[][] deltaTicks, byte[][] stageTags, int tagCount, boolean marking, boolean batched) {
        this.clock = clock;
        this.deltaTicks = deltaTicks;
        this.stageTags = stageTags;
        this.tagCount = tagCount;
        this.stageCount = deltaTicks.length;
        this.marking = marking;
        this.batched = batched;
    }

    /** Marks the boundary after the current stage (nothing in unmarked stamps). */
    public final void mark() {
        if (marking) {
            markAt(clock.end());
        }
    }

    /**
     * Marks the boundary after the current stage at {@code ticks}, a value the benchmark read earlier from the fork's
     * clock, instead of now: the current stage ends there and the next one starts there.
     *
     * <p>For benchmarks that watch the counter themselves and learn only afterwards where a boundary was (the built-in
     * {@code jitter} marks the read before a gap it has just seen, so the gap becomes the last stage). {@code ticks}
     * must not be earlier than the previous boundary (a negative delta is stored as 0).
     */
    public final void markAt(long ticks) {
        if (!marking) {
            return;
        }
        int current = stage;
        if (current < stageCount - 1) {
            deltaTicks[current][row] = RecordingStamps.saturate(ticks - lastTicks);
            stage = current + 1;
        } else {
            markErrors++;
        }
        lastTicks = ticks;
    }

    /**
     * Discards the time spent so far in the current stage: the stage is timed from here.
     *
     * <p>For isolated stage benchmarks whose input must be prepared per message by earlier stages (apply the message to
     * the book, then time only {@code decide}). The excluded work still runs on the measuring thread: in paced mode it
     * delays later messages but is not part of this message's latency, so use it in back-to-back mode.
     *
     * <p>In a batched run it does nothing but count: one interval spans K messages, so the clock cannot stop per
     * message. A batched run of a benchmark that restarts subtracts the excluded work instead, timed alone in batches
     * of its own ({@link Preparation}).
     */
    public final void restart() {
        if (batched) {
            restartIgnored = true; // a store of a constant: no load, no dependency on the last message
            return;
        }
        lastTicks = clock.begin();
    }

    /**
     * The current stage is timed from {@code ticks}, a value on the fork's clock the benchmark read or mapped earlier:
     * {@link #restart()} at a given instant, which may lie before the runner's start read.
     *
     * <p>For a message that entered the system before the process saw it: a benchmark that receives its input from a
     * socket maps the kernel's receive stamp onto the counter ({@link WallClock#ticksAt(long)}) and starts its first
     * stage there, so that stage holds the path from the kernel to the first instruction and not the wait for the
     * packet. Ignored, as a restart is, by batched stamps.
     */
    public final void restartAt(long ticks) {
        if (batched) {
            restartIgnored = true;
            return;
        }
        lastTicks = ticks;
    }

    /**
     * The message ends at {@code ticks}, a value on the fork's clock the benchmark read or mapped, instead of at the
     * runner's end read: the last stage's delta stops there.
     *
     * <p>For a message whose last stage ends outside the process: a benchmark that sends its order on a socket maps the
     * kernel's transmit stamp onto the counter and ends the message there; reading the stamp back from the socket
     * happens after it and is not part of the message. Call it in the last stage, after the work it ends; a later call
     * replaces it. Ignored by batched stamps, whose one interval spans many messages.
     */
    public final void endAt(long ticks) {
        if (!batched) {
            endAtTicks = ticks;
            endGiven = true;
        }
    }

    /**
     * Tags the current stage of this message with the benchmark's declared tag {@code tag} ({@link Benchmark#tags()},
     * by index; look an index up by name once, in setup, with {@link BenchmarkParams#tag(String)}). A stage is tagged
     * on its own: tag each stage that tells its messages apart.
     *
     * <p>Costs one byte store into the preallocated tags, inside the stage that calls it; a mark costs nothing more for
     * tags (a benchmark that never tags pays nothing inside any interval: the runner clears a message's tags before its
     * start read). Nothing is thrown here: an index outside the declaration is counted, and the fork refuses the
     * benchmark after warm-up with one line naming it. Ignored by batched stamps, which time a batch of messages as one
     * interval; stored, and not read, by the runner's unmarked stamps.
     */
    public final void tag(int tag) {
        if (stageTags == null) {
            return;
        }
        if (tag >= 0 && tag < tagCount) {
            stageTags[stage][row] = (byte) (tag + 1);
        } else {
            tagErrors++;
            lastBadTag = tag;
        }
    }

    /**
     * Says the current stage did no work for this message (the pipeline's {@code encode} when {@code decide} sent no
     * order): the results leave the message out of that stage's distribution and count it as skipped, instead of
     * pooling the empty interval between two marks with the messages the stage did run for. The stage's interval is
     * still measured and still part of the message's {@code total}. Call it before the stage's {@link #mark()} (or, in
     * the last stage, before the operation returns); the stages after it are not skipped unless they say so too. Costs
     * one byte store, as {@link #tag(int)} does, and replaces the stage's tag.
     */
    public final void skip() {
        if (stageTags != null) {
            stageTags[stage][row] = RecordingStamps.SKIPPED;
        }
    }

    /**
     * @return the tick at which the current stage's timing began (the start read, last mark or restart); in a batched
     *     run, the batch's start read for every message of the batch, so a benchmark that waits a fixed time from it
     *     must chain its own deadlines (as {@code spin} does)
     */
    public final long stageStartTicks() {
        return lastTicks;
    }
}
