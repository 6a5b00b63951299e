package io.stagebench.clock;

/**
 * A clock that returns scripted tick values in order, for tests that must not depend on real time. Every read (begin,
 * end or raw) takes the next value.
 */
public final class ScriptedClock implements Clock {

    private final long[] ticks;
    private int next;

    public ScriptedClock(long... ticks) {
        this.ticks = ticks;
    }

    private long next() {
        if (next >= ticks.length) {
            throw new IllegalStateException("script exhausted after " + ticks.length + " reads");
        }
        return ticks[next++];
    }

    @Override
    public long begin() {
        return next();
    }

    @Override
    public long end() {
        return next();
    }

    @Override
    public long raw() {
        return next();
    }

    @Override
    public ClockBinding binding() {
        return ClockBinding.FFM;
    }

    public int reads() {
        return next;
    }
}
