package io.stagebench.forked;

import io.stagebench.api.RecordingStamps;
import io.stagebench.link.RawStamps;
import java.util.Arrays;

/**
 * Preallocated, pre-touched struct-of-arrays storage for one fork's measured messages: per message the raw start tick,
 * the sequence number, a 32-bit tick delta per stage and, in paced mode, the 32-bit queueing delay from the intended
 * arrival to the start.
 *
 * <pre>
 *   index i:  startTicks[i]   long  begin read (back-to-back) or intended arrival (paced)
 *             seq[i]          int   low 32 bits of the message's sequence number
 *             queueTicks[i]   int   paced only: start read - intended arrival
 *             stageTicks[k][i] int  stage k's delta, probe overhead NOT yet subtracted
 *             stageTags[k][i]  byte stage k's tag: 0 none, 1 + the tag's index, -1 skipped ({@link Stamps#tag})
 * </pre>
 *
 * Sized before the run and never grown: a message beyond capacity is counted as dropped.
 */
public final class Recording {

    final long[] startTicks;
    final int[] seq;
    final int[] queueTicks;
    final int[][] stageTicks;
    final byte[][] stageTags;
    final int capacity;
    int size;
    long dropped;

    /**
     * @param capacity messages to hold
     * @param stages stage count (at least 1)
     * @param paced whether to keep queueing delays
     */
    public Recording(int capacity, int stages, boolean paced) {
        if (capacity < 1 || stages < 1) {
            throw new IllegalArgumentException("capacity and stages must be positive: " + capacity + ", " + stages);
        }
        this.capacity = capacity;
        this.startTicks = new long[capacity];
        this.seq = new int[capacity];
        this.queueTicks = paced ? new int[capacity] : null;
        this.stageTicks = new int[stages][capacity];
        this.stageTags = new byte[stages][capacity];
        preTouch();
    }

    private void preTouch() {
        // write every page now so the measured loop takes no first-touch page fault
        Arrays.fill(startTicks, 1L);
        Arrays.fill(startTicks, 0L);
        Arrays.fill(seq, -1);
        if (queueTicks != null) {
            Arrays.fill(queueTicks, -1);
        }
        for (int[] stage : stageTicks) {
            Arrays.fill(stage, -1);
        }
        for (byte[] stage : stageTags) {
            Arrays.fill(stage, RecordingStamps.SKIPPED);
            Arrays.fill(stage, RecordingStamps.UNTAGGED);
        }
    }

    /** @return a {@link Stamps} writing into this recording, for a benchmark that declares no tags */
    RecordingStamps stamps(io.stagebench.clock.Clock clock) {
        return stamps(clock, 0);
    }

    /**
     * @param tagCount the tags the benchmark declares
     * @return a {@link Stamps} writing into this recording's stage and tag arrays
     */
    RecordingStamps stamps(io.stagebench.clock.Clock clock, int tagCount) {
        return new RecordingStamps(clock, stageTicks, stageTags, tagCount);
    }

    /** @return unmarked stamps for a benchmark that declares no tags */
    RecordingStamps unmarkedStamps(io.stagebench.clock.Clock clock) {
        return unmarkedStamps(clock, 0);
    }

    /**
     * @param tagCount the tags the benchmark declares: its tags go to this recording's tag array, which no result
     *     reads, so the unmarked pass does the same tagging work as the marked one
     * @return {@link Stamps#unmarked unmarked} stamps writing each message's total into this one-stage recording
     */
    RecordingStamps unmarkedStamps(io.stagebench.clock.Clock clock, int tagCount) {
        if (stageTicks.length != 1) {
            throw new IllegalStateException("an unmarked recording has one stage, not " + stageTicks.length);
        }
        return RecordingStamps.unmarked(clock, stageTicks[0], stageTags[0], tagCount);
    }

    /** @return {@link Stamps#batched batched} stamps writing each batch's interval into this one-stage recording */
    RecordingStamps batchedStamps(io.stagebench.clock.Clock clock) {
        if (stageTicks.length != 1) {
            throw new IllegalStateException("a batched recording has one stage, not " + stageTicks.length);
        }
        return RecordingStamps.batched(clock, stageTicks[0]);
    }

    public int capacity() {
        return capacity;
    }

    public int size() {
        return size;
    }

    public long dropped() {
        return dropped;
    }

    public int stages() {
        return stageTicks.length;
    }

    public boolean paced() {
        return queueTicks != null;
    }

    /** @return the recorded messages stage {@code stage} ran for: those that did not {@link Stamps#skip skip} it */
    public long ranFor(int stage) {
        byte[] tags = stageTags[stage];
        long ran = 0;
        for (int i = 0; i < size; i++) {
            ran += tags[i] == RecordingStamps.SKIPPED ? 0 : 1;
        }
        return ran;
    }

    /** @return raw start tick of message {@code i} */
    public long startTicks(int i) {
        return startTicks[i];
    }

    /** @return sequence number (low 32 bits) of message {@code i} */
    public int seq(int i) {
        return seq[i];
    }

    /** @return stage {@code stage}'s raw delta of message {@code i}, unsigned */
    public long stageTicks(int stage, int i) {
        return Integer.toUnsignedLong(stageTicks[stage][i]);
    }

    /** @return queueing delay of message {@code i}, unsigned; 0 in back-to-back mode */
    public long queueTicks(int i) {
        return queueTicks == null ? 0 : Integer.toUnsignedLong(queueTicks[i]);
    }

    /**
     * @return a copy of the first {@link #size()} messages, as the fork writes them ({@code fork-N.raw}); with their
     *     tags when any message tagged or skipped a stage
     */
    public RawStamps raw() {
        int n = size;
        int[][] stages = new int[stages()][];
        byte[][] tags = new byte[stages()][];
        boolean tagged = false;
        for (int s = 0; s < stages.length; s++) {
            stages[s] = Arrays.copyOf(stageTicks[s], n);
            tags[s] = Arrays.copyOf(stageTags[s], n);
            for (int i = 0; i < n && !tagged; i++) {
                tagged = tags[s][i] != RecordingStamps.UNTAGGED;
            }
        }
        return new RawStamps(
                stages(),
                n,
                Arrays.copyOf(startTicks, n),
                Arrays.copyOf(seq, n),
                queueTicks == null ? null : Arrays.copyOf(queueTicks, n),
                stages,
                tagged ? tags : null);
    }
}
