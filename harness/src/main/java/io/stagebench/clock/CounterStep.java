package io.stagebench.clock;

/**
 * The counter's practical granularity, measured two ways: the smallest non-zero gap between two back-to-back unfenced
 * reads ({@link #measureTicks}), and the step fenced intervals really come in ({@link #intervalTicks}). Any interval of
 * only a few steps is quantisation rather than signal; on a 24 MHz ARM counter one step (41.7 ns) is longer than a
 * whole decode stage.
 *
 * <p>Measurement hazard: the two can disagree. Under a hypervisor back-to-back reads can differ by 1 tick while every
 * fenced interval - begin, some work, end - is a whole multiple of a step many ticks long: a stage's percentiles then
 * sit on that grid whatever the reads' step says. The ruler takes the coarser of the two (docs/decisions.md, "Counter
 * step").
 */
public final class CounterStep {

    /** Default number of read pairs. */
    public static final int DEFAULT_PAIRS = 100_000;
    /** Fewest pairs accepted, as the reference asks. */
    public static final int MIN_PAIRS = 10_000;
    /** Default number of fenced intervals {@link #intervalTicks} times. */
    public static final int DEFAULT_INTERVALS = 20_000;
    /** Largest step {@link #commonStep} looks for, in ticks. */
    static final int MAX_STEP = 4_096;
    /** The share of intervals a step must divide (from the shortest): an interrupt's odd delta does not break it. */
    static final double STEP_SHARE = 0.99;

    private CounterStep() {}

    /**
     * @return the smallest non-zero difference between back-to-back {@code raw()} reads over {@code pairs} pairs, in
     *     ticks; 0 when the counter never advanced between reads
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
     * Times {@code intervals} fenced intervals ({@code begin()}, a little arithmetic of 0 to 63 rounds, {@code end()})
     * and returns the step their deltas come in ({@link #commonStep}).
     *
     * @return the largest step that divides the distance of almost every interval from the shortest, in ticks
     */
    public static long intervalTicks(Clock clock, int intervals) {
        long[] deltas = new long[intervals];
        long work = 1;
        for (int i = 0; i < intervals; i++) {
            int rounds = i & 63;
            long start = clock.begin();
            for (int r = 0; r < rounds; r++) {
                work = work * 6364136223846793005L + r;
            }
            long end = clock.end();
            deltas[i] = end - start;
        }
        BLACKHOLE = work;
        return commonStep(deltas);
    }

    /**
     * @param deltas fenced intervals of varying length, in ticks
     * @return the largest step q (at most {@value #MAX_STEP}) such that at least {@value #STEP_SHARE} of the deltas lie
     *     a whole number of steps from the shortest; 1 when no coarser one does, or the deltas hold fewer than two
     *     lengths (nothing to tell a step by)
     */
    static long commonStep(long[] deltas) {
        boolean advanced = false;
        for (long d : deltas) {
            advanced |= d > 0;
        }
        if (!advanced) {
            return 1;
        }
        TickCounts lengths = TickCounts.positive(deltas);
        if (!lengths.varied()) {
            return 1;
        }
        long spread = lengths.largest() - lengths.smallest();
        for (long q = Math.min(MAX_STEP, spread); q > 1; q--) {
            if (lengths.onGrid(q) >= STEP_SHARE * lengths.total()) {
                return q;
            }
        }
        return 1;
    }

    /**
     * @return the average cost of one {@code raw()} read in ticks, from {@code reads} consecutive reads bracketed by
     *     fenced reads
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
