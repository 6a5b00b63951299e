package io.stagebench.api;

import java.lang.management.ManagementFactory;
import java.util.List;

/**
 * Consumes results so the JIT cannot prove them unused and delete the work that made them, in the manner of JMH's
 * {@code Blackhole}.
 *
 * <p>In a fork each value goes to a compiler blackhole: an empty static method the JIT is told to keep its argument
 * alive for ({@link #BLACKHOLE_FLAGS}, in every fork's flags), which costs no instruction and carries nothing from one
 * message to the next, as JMH's compiler blackholes do. Without those flags (a JVM started otherwise, a test) each
 * value is folded into a field of this object instead, {@code folded * 31 + value}, which the JIT must compute; that
 * fold is a multiply chain from each consumed value to the next, so it can add a few cycles to an operation of a few
 * nanoseconds measured in batches.
 *
 * <p>A benchmark receives its sink from the runner ({@link RecordingSink}, which publishes the fold after the measured
 * loop); a test that calls an operation directly may make one with {@code new Sink()}.
 *
 * <p>Objects are consumed by reference; in the fold, by identity hash, which is computed once per object and stored in
 * its header: consume objects prepared in setup, not new ones.
 */
public class Sink {

    /** The JVM flags that make {@code blackhole} a compiler blackhole. */
    public static final List<String> BLACKHOLE_FLAGS = List.of(
            "-XX:+UnlockExperimentalVMOptions", "-XX:CompileCommand=blackhole,io/stagebench/api/Sink.blackhole");

    /** Whether this JVM was started with {@link #BLACKHOLE_FLAGS}: a constant the JIT folds into each consume. */
    private static final boolean COMPILER_BLACKHOLES =
            ManagementFactory.getRuntimeMXBean().getInputArguments().containsAll(BLACKHOLE_FLAGS);

    long folded;

    /** Consumes a long. */
    public final void consume(long value) {
        if (COMPILER_BLACKHOLES) {
            blackhole(value);
        } else {
            folded = folded * 31 + value;
        }
    }

    /** Consumes an int. */
    public final void consume(int value) {
        if (COMPILER_BLACKHOLES) {
            blackhole(value);
        } else {
            folded = folded * 31 + value;
        }
    }

    /** Consumes a boolean. */
    public final void consume(boolean value) {
        if (COMPILER_BLACKHOLES) {
            blackhole(value);
        } else {
            folded = folded * 31 + (value ? 1 : 0);
        }
    }

    /** Consumes a double. */
    public final void consume(double value) {
        if (COMPILER_BLACKHOLES) {
            blackhole(value);
        } else {
            folded = folded * 31 + Double.doubleToRawLongBits(value);
        }
    }

    /** Consumes an object reference. */
    public final void consume(Object value) {
        if (COMPILER_BLACKHOLES) {
            blackhole(value);
        } else {
            folded = folded * 31 + System.identityHashCode(value);
        }
    }

    private static void blackhole(long value) {}

    private static void blackhole(int value) {}

    private static void blackhole(boolean value) {}

    private static void blackhole(double value) {}

    private static void blackhole(Object value) {}
}
