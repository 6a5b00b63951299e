package io.stagebench.runner;

import io.stagebench.api.Operation;
import io.stagebench.api.Sink;
import io.stagebench.api.Stamps;
import io.stagebench.clock.Clock;

/**
 * Wraps an operation so that every {@code every}-th message also busy-waits
 * {@code stallTicks} inside its measured interval: an injected stall for demonstrating
 * coordinated omission and testing paced mode. Used only when {@code --stall} is given;
 * the measured loop then sees this class alone, so its call stays monomorphic.
 */
final class StallingOperation implements Operation {

    private final Operation inner;
    private final Clock clock;
    private final long every;
    private final long stallTicks;

    StallingOperation(Operation inner, Clock clock, long every, long stallTicks) {
        this.inner = inner;
        this.clock = clock;
        this.every = every;
        this.stallTicks = stallTicks;
    }

    @Override
    public void run(long seq, Stamps stamps, Sink sink) {
        inner.run(seq, stamps, sink);
        if (seq % every == every - 1) {
            long until = clock.raw() + stallTicks;
            while (clock.raw() < until) {
                Thread.onSpinWait();
            }
        }
    }
}
