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
 * the probe overhead subtracted. To measure that, the runner replays a pipeline's messages through {@link #unmarked
 * unmarked} stamps too, whose marks do nothing: the one delta is the message's total with begin and end reads only.
 *
 * <p>A batched run ({@code --batch K}, {@link #batched}) times K consecutive messages between one begin and one end
 * read: marks and {@link #restart()} do nothing there (a read inside the batch would be the per-message probe the batch
 * exists to amortise), and {@link #stageStartTicks()} is the batch's start read for every message of the batch.
 *
 * <p>A message's stages may be <b>tagged</b> with what kind of work they did ({@link #tag(int)}, one of the names the
 * benchmark declares in {@link Benchmark#tags()}) and a stage that did no work for a message may say so
 * ({@link #skip()}): the results then give each tag its own distribution, and leave a skipped stage's message out of
 * that stage's distribution instead of pooling an empty interval with real work. A tag is one byte a stage a message in
 * a preallocated array, written when the stage tags or skips.
 */
public final class Stamps {

    /** Largest delta a 32-bit slot holds. */
    public static final long MAX_DELTA_TICKS = 0xFFFF_FFFFL;
    /** A stage's stored tag when the message gave it none. */
    public static final byte UNTAGGED = 0;
    /** A stage's stored tag when the message {@link #skip() skipped} it. */
    public static final byte SKIPPED = -1;

    private final Clock clock;
    private final int[][] deltaTicks;
    private final byte[][] stageTags;
    private final int tagCount;
    private final int stageCount;
    private final boolean marking;
    private final boolean batched;
    private int row;
    private int stage;
    private long lastTicks;
    private long markErrors;
    private boolean restartIgnored;
    private long tagErrors;
    private int lastBadTag;

    /**
     * @param clock the fork's clock
     * @param deltaTicks one array per stage, each as long as the recording
     */
    public Stamps(Clock clock, int[][] deltaTicks) {
        this(clock, deltaTicks, null, 0, true, false);
    }

    /**
     * @param clock the fork's clock
     * @param deltaTicks one array per stage, each as long as the recording
     * @param stageTags one array per stage, as long: each message's tag of that stage ({@link #UNTAGGED},
     *     {@link #SKIPPED} or 1 + the tag's index)
     * @param tagCount how many tags the benchmark declares: {@link #tag(int)} takes 0 .. tagCount - 1
     */
    public Stamps(Clock clock, int[][] deltaTicks, byte[][] stageTags, int tagCount) {
        this(clock, deltaTicks, stageTags, tagCount, true, false);
        if (stageTags.length != deltaTicks.length || tagCount < 0 || tagCount > TagDeclaration.MAX_TAGS) {
            throw new IllegalArgumentException("tags of " + stageTags.length + " stages for " + deltaTicks.length
                    + " stages, " + tagCount + " declared");
        }
    }

    private Stamps(
            Clock clock, int[][] deltaTicks, byte[][] stageTags, int tagCount, boolean marking, boolean batched) {
        this.clock = clock;
        this.deltaTicks = deltaTicks;
        this.stageTags = stageTags;
        this.tagCount = tagCount;
        this.stageCount = deltaTicks.length;
        this.marking = marking;
        this.batched = batched;
    }

    /**
     * Runner: stamps whose {@link #mark()} and {@link #markAt} do nothing, so a pipeline's message is timed by the
     * begin and end reads alone, into {@code totalTicks}.
     *
     * <p>The same class as marking stamps, so the benchmark's call sites stay monomorphic; the mode is a final field
     * tested in {@code mark()}, a branch that always goes one way within a pass.
     */
    public static Stamps unmarked(Clock clock, int[] totalTicks) {
        return unmarked(clock, totalTicks, null, 0);
    }

    /**
     * Runner: unmarked stamps that store the benchmark's {@link #tag tags} and {@link #skip skips} as marked stamps do,
     * into {@code tags}, which no result reads: the unmarked pass then does the benchmark's tagging work too, so
     * {@code total} minus {@code unmarked} is what the marks cost, not the marks and the tags.
     *
     * @param tags one byte a message, as long as {@code totalTicks}
     * @param tagCount how many tags the benchmark declares
     */
    public static Stamps unmarked(Clock clock, int[] totalTicks, byte[] tags, int tagCount) {
        return new Stamps(
                clock, new int[][] {totalTicks}, tags == null ? null : new byte[][] {tags}, tagCount, false, false);
    }

    /**
     * Runner: stamps of a batched run, one delta per batch of K messages into {@code batchTicks}: marks and
     * {@link #restart()} do nothing (a restart is noted, {@link #restartIgnored()}), so nothing but the operation runs
     * between the batch's begin and end reads.
     */
    public static Stamps batched(Clock clock, int[] batchTicks) {
        return new Stamps(clock, new int[][] {batchTicks}, null, 0, false, true);
    }

    /** Marks the boundary after the current stage (nothing in {@link #unmarked} stamps). */
    public void mark() {
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
    public void markAt(long ticks) {
        if (!marking) {
            return;
        }
        int current = stage;
        if (current < stageCount - 1) {
            deltaTicks[current][row] = saturate(ticks - lastTicks);
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
    public void restart() {
        if (batched) {
            restartIgnored = true; // a store of a constant: no load, no dependency on the last message
            return;
        }
        lastTicks = clock.begin();
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
    public void tag(int tag) {
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
    public void skip() {
        if (stageTags != null) {
            stageTags[stage][row] = SKIPPED;
        }
    }

    /** @return calls of {@link #tag(int)} with an index the benchmark does not declare */
    public long tagErrors() {
        return tagErrors;
    }

    /** @return the last index {@link #tag(int)} refused (meaningful when {@link #tagErrors()} is not 0) */
    public int lastBadTag() {
        return lastBadTag;
    }

    /** @return whether a batched run ignored a restart (false in any other stamps) */
    public boolean restartIgnored() {
        return restartIgnored;
    }

    /**
     * @return the tick at which the current stage's timing began (the start read, last mark or restart); in a batched
     *     run, the batch's start read for every message of the batch, so a benchmark that waits a fixed time from it
     *     must chain its own deadlines (as {@code spin} does)
     */
    public long stageStartTicks() {
        return lastTicks;
    }

    /** Runner: prepares the stamps for the message in {@code row}; called before the start read. */
    public void open(int row) {
        this.row = row;
        this.stage = 0;
        if (stageTags != null) {
            // the row may hold an earlier pass's tags; cleared here, before the start read, not in any interval
            for (byte[] tags : stageTags) {
                tags[row] = UNTAGGED;
            }
        }
    }

    /** Runner: the start read of the current message. */
    public void start(long startTicks) {
        this.lastTicks = startTicks;
    }

    /** Runner: the end read of the current message; stores the last stage's delta. */
    public void close(long endTicks) {
        int current = stage;
        deltaTicks[current][row] = saturate(endTicks - lastTicks);
        if (current != stageCount - 1) {
            markErrors++;
        }
    }

    /** @return messages whose number of marks was not (stages - 1) */
    public long markErrors() {
        return markErrors;
    }

    /** @return {@code ticks} as an unsigned 32-bit delta, saturated, negatives as 0 */
    public static int saturate(long ticks) {
        return (int) Math.min(Math.max(ticks, 0L), MAX_DELTA_TICKS);
    }
}
