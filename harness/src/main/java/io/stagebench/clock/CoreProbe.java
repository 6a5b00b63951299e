package io.stagebench.clock;

/**
 * A short issue-bound loop timed on the measuring clock between windows of a measured pass: the same eight independent
 * multiply-add chains as {@link CoreLoop}, a few microseconds long, so that every window of messages carries the state
 * of the core it was measured on. A window whose probe ran slower than the run's fastest met the host's other guest on
 * the core's other hardware thread, which a replica-level loop, timed only before and after the pass, misses when the
 * spell comes and goes within the pass.
 *
 * <p>Measurement hazards: it touches no memory and runs between chunks of the measured loop, never inside one, so it
 * leaves the caches and the fenced intervals to the benchmark; it allocates nothing. Its chains are scalar recurrences
 * with constants of their own, and their sum is kept, so that the JIT neither folds nor vectorises them. The chains are
 * written out here rather than shared with {@link CoreLoop}: that loop's figure is compared between builds, so its
 * compiled code is left as it was.
 */
public final class CoreProbe {

    /** Iterations a probe: long beside the counter's step and an interrupt's entry, short beside a window. */
    public static final int ITERATIONS = 4_096;

    private final Clock clock;
    /** What the chains ended at: kept, so that the JIT keeps the loop. */
    private long sink;

    /** @param clock the measuring clock, whose raw reads time the probe */
    public CoreProbe(Clock clock) {
        this.clock = clock;
    }

    /** @return ticks the probe's {@value #ITERATIONS} iterations took */
    public long ticks() {
        long a = 1;
        long b = 2;
        long c = 3;
        long d = 4;
        long e = 5;
        long f = 6;
        long g = 7;
        long h = 8;
        long start = clock.raw();
        for (int i = 0; i < ITERATIONS; i++) {
            a = a * 3 + 1;
            b = b * 5 + 1;
            c = c * 7 + 1;
            d = d * 9 + 1;
            e = e * 11 + 1;
            f = f * 13 + 1;
            g = g * 15 + 1;
            h = h * 17 + 1;
        }
        long ticks = clock.raw() - start;
        sink += a ^ b ^ c ^ d ^ e ^ f ^ g ^ h;
        return ticks;
    }

    /** @return what the chains ended at, summed (what keeps the JIT from dropping them) */
    public long sink() {
        return sink;
    }
}
