package io.stagebench.runner;

import io.stagebench.api.Operation;
import io.stagebench.api.Sink;
import io.stagebench.api.Stamps;
import io.stagebench.clock.Clock;

/**
 * Wraps an operation so that chosen messages also busy-wait {@code stallTicks} inside their
 * measured interval: an injected stall for demonstrating coordinated omission and testing
 * paced mode. Either periodic (every {@code every}-th message, {@code --stall-every}) or once
 * (measured message {@code atMeasured}, {@code --stall-at}; armed by
 * {@link #measurementStarts(long)} once warm-up is over, since warm-up may be bounded by
 * time). Used only when {@code --stall-us} is given; the measured loop then sees this class
 * alone, so its call stays monomorphic.
 */
final class StallingOperation implements Operation {

    private final Operation inner;
    private final Clock clock;
    private final long every;
    private final long atMeasured;
    private final long stallTicks;
    private long stallSeq = -1;

    /** Stalls every {@code every}-th message (seq {@code every - 1}, {@code 2 * every - 1}, ...). */
    StallingOperation(Operation inner, Clock clock, long every, long stallTicks) {
        this(inner, clock, every, -1, stallTicks);
    }

    private StallingOperation(Operation inner, Clock clock, long every, long atMeasured, long stallTicks) {
        this.inner = inner;
        this.clock = clock;
        this.every = every;
        this.atMeasured = atMeasured;
        this.stallTicks = stallTicks;
    }

    /** @return an operation that stalls once, at measured message {@code atMeasured} (from 0) */
    static StallingOperation once(Operation inner, Clock clock, long atMeasured, long stallTicks) {
        if (atMeasured < 0) {
            throw new IllegalArgumentException("the stall's message must not be negative, got " + atMeasured);
        }
        return new StallingOperation(inner, clock, 0, atMeasured, stallTicks);
    }

    /** Arms a one-off stall: the first measured message has sequence number {@code firstMeasuredSeq}. */
    void measurementStarts(long firstMeasuredSeq) {
        if (atMeasured >= 0) {
            stallSeq = firstMeasuredSeq + atMeasured;
        }
    }

    @Override
    public void run(long seq, Stamps stamps, Sink sink) {
        inner.run(seq, stamps, sink);
        if (seq == stallSeq || (every > 0 && seq % every == every - 1)) {
            long until = clock.raw() + stallTicks;
            while (clock.raw() < until) {
                Thread.onSpinWait();
            }
        }
    }
}
