package io.stagebench.clock;

/**
 * The counter's practical granularity: the smallest non-zero gap between two back-to-back
 * unfenced reads. Any interval of only a few steps is quantisation rather than signal;
 * on a 24 MHz ARM counter one step (41.7 ns) is longer than a whole decode stage.
 */
public final class CounterStep {

    /** Default number of read pairs. */
    public static final int DEFAULT_PAIRS = 100_000;
    /** Fewest pairs accepted, as the reference asks. */
    public static final int MIN_PAIRS = 10_000;

    private CounterStep() {
    }

    /**
     * @return the smallest non-zero difference between back-to-back {@code raw()} reads over
     *         {@code pairs} pairs, in ticks; 0 when the counter never advanced between reads
     */
    public static long measureTicks(Clock clock, int pairs) {
        long best = Long.MAX_VALUE;
        for (int i = 0; i < pairs; i++) {
            long first = clock.raw();
            long second = clock.raw();
            long gap = second - first;
            if (gap > 0 && gap < best) {
                best = gap;
            }
        }
        return best == Long.MAX_VALUE ? 0 : best;
    }

    /**
     * @return the average cost of one {@code raw()} read in ticks, from {@code reads}
     *         consecutive reads bracketed by fenced reads
     */
    public static double readCostTicks(Clock clock, int reads) {
        long sink = 0;
        long start = clock.begin();
        for (int i = 0; i < reads; i++) {
            sink ^= clock.raw();
        }
        long end = clock.end();
        BLACKHOLE = sink;
        return (double) (end - start) / reads;
    }

    // Written once per call so the reads in readCostTicks cannot be eliminated.
    @SuppressWarnings("unused")
    private static volatile long BLACKHOLE;
}
