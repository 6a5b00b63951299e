package io.stagebench.runner;

/**
 * Intended arrival times of a paced (open-loop) run: message {@code seq} is due at
 * {@code originTicks + (seq - firstSeq) * intervalTicks}, whatever happened to the
 * messages before it.
 *
 * <p>That independence is the point: a stall delays every later message's completion
 * relative to its due time, so the stall shows in the latency of every message it held
 * up, not in one sample (coordinated omission).
 */
final class Schedule {

    private final long originTicks;
    private final double intervalTicks;
    private final long firstSeq;

    Schedule(long originTicks, double intervalTicks, long firstSeq) {
        this.originTicks = originTicks;
        this.intervalTicks = intervalTicks;
        this.firstSeq = firstSeq;
    }

    long dueTicks(long seq) {
        return originTicks + (long) ((seq - firstSeq) * intervalTicks);
    }
}
