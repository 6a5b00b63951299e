package io.stagebench.forked;

/**
 * Intended arrival times of a paced (open-loop) run: message {@code seq} is due at {@code originTicks + (seq -
 * firstSeq) * intervalTicks}, whatever happened to the messages before it.
 *
 * <p>That independence is the point: a stall delays every later message's completion relative to its due time, so the
 * stall shows in the latency of every message it held up, not in one sample (coordinated omission).
 */
final class Schedule {

    private long originTicks;
    private final double intervalTicks;
    private long firstSeq;

    Schedule(long originTicks, double intervalTicks, long firstSeq) {
        this.originTicks = originTicks;
        this.intervalTicks = intervalTicks;
        this.firstSeq = firstSeq;
    }

    /**
     * Moves message {@code firstSeq}'s due time to {@code originTicks}: lets the measured loop create its schedule
     * before the allocation counter is read and start it after.
     */
    void startAt(long originTicks) {
        this.originTicks = originTicks;
    }

    /** Starts the schedule over: message {@code firstSeq} is due at {@code originTicks}. */
    void restart(long firstSeq, long originTicks) {
        this.firstSeq = firstSeq;
        this.originTicks = originTicks;
    }

    long dueTicks(long seq) {
        return originTicks + (long) ((seq - firstSeq) * intervalTicks);
    }
}
