package io.stagebench.forked;

import io.stagebench.clock.Clock;
import io.stagebench.clock.ClockBinding;

/**
 * A clock over scripted time: every fenced read returns the current tick and then advances it by {@code readCostTicks},
 * every raw read by {@code rawCostTicks} (at least 1, so a spin on {@code raw()} always ends); operations under test
 * advance it with {@link #advance(long)}.
 */
final class FakeTimeClock implements Clock {

    private final long readCostTicks;
    private final long rawCostTicks;
    private long now;

    FakeTimeClock(long startTicks, long readCostTicks) {
        this(startTicks, readCostTicks, Math.max(1, readCostTicks));
    }

    FakeTimeClock(long startTicks, long readCostTicks, long rawCostTicks) {
        if (rawCostTicks < 1) {
            throw new IllegalArgumentException("raw reads must advance time");
        }
        this.now = startTicks;
        this.readCostTicks = readCostTicks;
        this.rawCostTicks = rawCostTicks;
    }

    void advance(long ticks) {
        now += ticks;
    }

    long now() {
        return now;
    }

    private long read() {
        long t = now;
        now += readCostTicks;
        return t;
    }

    @Override
    public long begin() {
        return read();
    }

    @Override
    public long end() {
        return read();
    }

    @Override
    public long raw() {
        long t = now;
        now += rawCostTicks;
        return t;
    }

    @Override
    public ClockBinding binding() {
        return ClockBinding.FFM;
    }
}
