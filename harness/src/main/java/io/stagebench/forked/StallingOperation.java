package io.stagebench.forked;

import io.stagebench.api.Operation;
import io.stagebench.api.Sink;
import io.stagebench.api.Stamps;
import io.stagebench.clock.Clock;

/**
 * Wraps an operation so that chosen messages also busy-wait inside their measured interval: an injected stall for
 * demonstrating coordinated omission and testing paced mode. Either periodic (every {@code every}-th message,
 * {@code --stall-every}) or once (measured message {@code atMeasured}, {@code --stall-at}; armed by
 * {@link #measurementStarts(long)} once warm-up is over, since warm-up may be bounded by time). Used only when
 * {@code --stall-us} is given; the measured loop then sees this class alone, so its call stays monomorphic.
 *
 * <p>IMPLEMENTATION NOTE: a stall path that warm-up never took would be compiled as an uncommon trap, and the one
 * measured stall would then deoptimise the loop (a JIT compilation and a few allocated bytes during measurement). So
 * the decision is data, not a branch per mode: every message compares its sequence number with {@code nextStallSeq}; a
 * one-off stall's warm-up enters the same path every {@value #WARMUP_PERIOD} messages with a short
 * {@value #WARMUP_STALL_NS} ns stall (warm-up is not measured), and arming it only changes the fields.
 */
final class StallingOperation implements Operation {

    /** Warm-up messages between exercises of a one-off stall's path. */
    static final long WARMUP_PERIOD = 64;
    /** Length of those exercises in ns. */
    static final long WARMUP_STALL_NS = 1_000;

    private final Operation inner;
    private final Clock clock;
    private final long atMeasured;
    private final long stallTicks;
    private long nextStallSeq;
    private long period;
    private long pendingTicks;

    private StallingOperation(
            Operation inner,
            Clock clock,
            long firstStallSeq,
            long period,
            long pendingTicks,
            long atMeasured,
            long stallTicks) {
        this.inner = inner;
        this.clock = clock;
        this.nextStallSeq = firstStallSeq;
        this.period = period;
        this.pendingTicks = pendingTicks;
        this.atMeasured = atMeasured;
        this.stallTicks = stallTicks;
    }

    /** Stalls every {@code every}-th message (seq {@code every - 1}, {@code 2 * every - 1}, ...). */
    StallingOperation(Operation inner, Clock clock, long every, long stallTicks) {
        this(inner, clock, every - 1, every, stallTicks, -1, stallTicks);
        if (every < 1) {
            throw new IllegalArgumentException("the stall period must be at least 1 message, got " + every);
        }
    }

    /**
     * @param warmupStallTicks length of the warm-up exercises of the stall path
     * @return an operation that stalls once, at measured message {@code atMeasured} (from 0)
     */
    static StallingOperation once(
            Operation inner, Clock clock, long atMeasured, long stallTicks, long warmupStallTicks) {
        if (atMeasured < 0) {
            throw new IllegalArgumentException("the stall's message must not be negative, got " + atMeasured);
        }
        return new StallingOperation(
                inner, clock, WARMUP_PERIOD - 1, WARMUP_PERIOD, warmupStallTicks, atMeasured, stallTicks);
    }

    /** Arms a one-off stall: the first measured message has sequence number {@code firstMeasuredSeq}. */
    void measurementStarts(long firstMeasuredSeq) {
        if (atMeasured >= 0) {
            nextStallSeq = firstMeasuredSeq + atMeasured;
            period = Long.MAX_VALUE / 2; // after it, never again
            pendingTicks = stallTicks;
        }
    }

    @Override
    public void run(long seq, Stamps stamps, Sink sink) {
        inner.run(seq, stamps, sink);
        if (seq >= nextStallSeq) {
            final long until = clock.raw() + pendingTicks;
            while (clock.raw() < until) {
                Thread.onSpinWait();
            }
            nextStallSeq = seq + period;
        }
    }
}
