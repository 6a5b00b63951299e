package io.stagebench.clock;

/**
 * The fallback clock: {@code System.nanoTime()}, one tick per nanosecond.
 *
 * <p>Measurement hazard: on Linux this is {@code clock_gettime(CLOCK_MONOTONIC)} through the vDSO, tens of nanoseconds
 * a call with a step of the same order, and it is not fenced: the JIT and the CPU may move work across it. Fine above a
 * microsecond, a poor ruler for a single pipeline stage. Every report made with it says so.
 */
public final class NanoTimeClock implements Clock {

    @Override
    public long begin() {
        return System.nanoTime();
    }

    @Override
    public long end() {
        return System.nanoTime();
    }

    @Override
    public long raw() {
        return System.nanoTime();
    }

    @Override
    public ClockBinding binding() {
        return ClockBinding.NANOTIME;
    }
}
