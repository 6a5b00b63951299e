package io.stagebench.api;

import io.stagebench.clock.Clock;
import io.stagebench.clock.ClockBinding;

/** A counter that moves 10 ticks a read, from {@code start}: stamps' arithmetic with known ticks. */
final class StepClock implements Clock {

    private long ticks;

    StepClock() {
        this(0);
    }

    StepClock(long start) {
        ticks = start;
    }

    @Override
    public long begin() {
        return ticks += 10;
    }

    @Override
    public long end() {
        return ticks += 10;
    }

    @Override
    public long raw() {
        return ticks += 10;
    }

    @Override
    public ClockBinding binding() {
        return ClockBinding.NANOTIME;
    }
}
