package io.stagebench.api;

/**
 * Consumes results so the JIT cannot prove them unused and delete the work that made them, in the manner of JMH's
 * {@code Blackhole}.
 *
 * <p>IMPLEMENTATION NOTES: each value is folded into a plain field of this object, which escapes to the runner; the JIT
 * must therefore compute every value, but may keep the running fold in a register, so consuming costs about one cycle
 * and no memory fence. The folded value is published once, after measurement ({@link #published()}). Objects are folded
 * by identity hash, which is computed once per object and stored in its header: consume objects prepared in setup, not
 * new ones.
 */
public final class Sink {

    private long folded;
    private volatile long published;

    /** Consumes a long. */
    public void consume(long value) {
        folded = folded * 31 + value;
    }

    /** Consumes an int. */
    public void consume(int value) {
        folded = folded * 31 + value;
    }

    /** Consumes a boolean. */
    public void consume(boolean value) {
        folded = folded * 31 + (value ? 1 : 0);
    }

    /** Consumes a double by its bits. */
    public void consume(double value) {
        folded = folded * 31 + Double.doubleToRawLongBits(value);
    }

    /** Consumes an object reference. */
    public void consume(Object value) {
        folded = folded * 31 + System.identityHashCode(value);
    }

    /** Publishes the fold; the runner calls it after the measured loop. */
    public long publish() {
        published = folded;
        return published;
    }

    /** @return the last published fold */
    public long published() {
        return published;
    }
}
