package io.stagebench.api;

import io.stagebench.clock.Clock;

/**
 * The runner's side of {@link Stamps}: it makes the stamps a benchmark's operation receives, opens and closes each
 * message around the operation, and reads back what the benchmark did wrong (marks, tags, restarts). Nothing here is
 * for benchmark code, which sees {@link Stamps} only; a benchmark's call sites stay monomorphic, as this is the one
 * class of stamps.
 */
public final class RecordingStamps extends Stamps {

    /** Largest delta a 32-bit slot holds. */
    public static final long MAX_DELTA_TICKS = 0xFFFF_FFFFL;
    /** A stage's stored tag when the message gave it none. */
    public static final byte UNTAGGED = 0;
    /** A stage's stored tag when the message {@link #skip() skipped} it. */
    public static final byte SKIPPED = -1;

    /**
     * @param clock the fork's clock
     * @param deltaTicks one array per stage, each as long as the recording
     */
    public RecordingStamps(Clock clock, int[][] deltaTicks) {
        super(clock, deltaTicks, null, 0, true, false);
    }

    /**
     * @param clock the fork's clock
     * @param deltaTicks one array per stage, each as long as the recording
     * @param stageTags one array per stage, as long: each message's tag of that stage ({@link #UNTAGGED},
     *     {@link #SKIPPED} or 1 + the tag's index)
     * @param tagCount how many tags the benchmark declares: {@link #tag(int)} takes 0 .. tagCount - 1
     */
    public RecordingStamps(Clock clock, int[][] deltaTicks, byte[][] stageTags, int tagCount) {
        super(clock, deltaTicks, stageTags, tagCount, true, false);
        if (stageTags.length != deltaTicks.length || tagCount < 0 || tagCount > TagDeclaration.MAX_TAGS) {
            throw new IllegalArgumentException("tags of " + stageTags.length + " stages for " + deltaTicks.length
                    + " stages, " + tagCount + " declared");
        }
    }

    /**
     * stamps whose {@link #mark()} and {@link #markAt} do nothing, so a pipeline's message is timed by the begin and
     * end reads alone, into {@code totalTicks}.
     *
     * <p>The same class as marking stamps, so the benchmark's call sites stay monomorphic; the mode is a final field
     * tested in {@code mark()}, a branch that always goes one way within a pass.
     */
    public static RecordingStamps unmarked(Clock clock, int[] totalTicks) {
        return unmarked(clock, totalTicks, null, 0);
    }

    /**
     * unmarked stamps that store the benchmark's {@link #tag tags} and {@link #skip skips} as marked stamps do, into
     * {@code tags}, which no result reads: the unmarked pass then does the benchmark's tagging work too, so
     * {@code total} minus {@code unmarked} is what the marks cost, not the marks and the tags.
     *
     * @param tags one byte a message, as long as {@code totalTicks}
     * @param tagCount how many tags the benchmark declares
     */
    public static RecordingStamps unmarked(Clock clock, int[] totalTicks, byte[] tags, int tagCount) {
        return new RecordingStamps(
                clock, new int[][] {totalTicks}, tags == null ? null : new byte[][] {tags}, tagCount, false, false);
    }

    /**
     * stamps of a batched run, one delta per batch of K messages into {@code batchTicks}: marks and {@link #restart()}
     * do nothing (a restart is noted, {@link #restartIgnored()}), so nothing but the operation runs between the batch's
     * begin and end reads.
     */
    public static RecordingStamps batched(Clock clock, int[] batchTicks) {
        return new RecordingStamps(clock, new int[][] {batchTicks}, null, 0, false, true);
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

    /** prepares the stamps for the message in {@code row}; called before the start read. */
    public void open(int row) {
        this.row = row;
        this.stage = 0;
        this.endGiven = false;
        if (stageTags != null) {
            // the row may hold an earlier pass's tags; cleared here, before the start read, not in any interval
            for (byte[] tags : stageTags) {
                tags[row] = UNTAGGED;
            }
        }
    }

    /** the start read of the current message. */
    public void start(long startTicks) {
        this.lastTicks = startTicks;
    }

    /**
     * the end read of the current message; stores the last stage's delta, to the tick {@link #endAt} gave when the
     * benchmark gave one.
     */
    public void close(long endTicks) {
        int current = stage;
        deltaTicks[current][row] = saturate((endGiven ? endAtTicks : endTicks) - lastTicks);
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

    private RecordingStamps(
            Clock clock, int[][] deltaTicks, byte[][] stageTags, int tagCount, boolean marking, boolean batched) {
        super(clock, deltaTicks, stageTags, tagCount, marking, batched);
    }
}
