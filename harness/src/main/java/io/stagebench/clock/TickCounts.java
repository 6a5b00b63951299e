package io.stagebench.clock;

import java.util.Arrays;

/**
 * Tick deltas counted by value from their smallest: exact order statistics in one pass, without sorting. The ruler's
 * deltas crowd a few hundred ticks above their minimum (a probe pair, a short fenced interval), so a count per tick
 * over {@value #SPAN_TICKS} ticks holds nearly all of them; the few beyond (an interrupt's) are kept aside and sorted
 * only when an answer needs them.
 *
 * <p>Why not sort: every fork reads its ruler before it measures anything, and under its foreground compilation
 * ({@code -Xbatch}) a sort of 100,000 deltas and a boxed map of interval lengths are large methods to interpret and
 * compile there: with them gone, and the probes' warm-up left to the counter step, a fork reaches its first measured
 * message sooner (docs/decisions.md, "Fork start").
 */
final class TickCounts {

    /** Ticks counted one by one above the smallest delta: 8,192 ticks, 3.3 µs at 2.5 GHz. */
    static final int SPAN_TICKS = 8_192;

    private final long smallest;
    private final int[] counts = new int[SPAN_TICKS];
    /** Deltas {@value #SPAN_TICKS} ticks or more above the smallest, in the order met. */
    private final long[] beyond;

    private int beyondCount;
    private final int total;
    private boolean beyondSorted;

    /** Counts the deltas of at least {@code from} ticks, leaving the array as it is; none such is an error. */
    private TickCounts(long[] deltas, long from) {
        long min = Long.MAX_VALUE;
        int n = 0;
        for (long delta : deltas) {
            if (delta >= from) {
                n++;
                min = Math.min(min, delta);
            }
        }
        if (n == 0) {
            throw new IllegalArgumentException("no deltas of " + from + " ticks or more");
        }
        smallest = min;
        total = n;
        long[] aside = null;
        for (long delta : deltas) {
            if (delta < from) {
                continue;
            }
            long above = delta - min;
            if (above < SPAN_TICKS) {
                counts[(int) above]++;
            } else {
                if (aside == null) {
                    aside = new long[n];
                }
                aside[beyondCount++] = delta;
            }
        }
        beyond = aside == null ? new long[0] : aside;
    }

    /** @return every delta counted */
    static TickCounts of(long[] deltas) {
        return new TickCounts(deltas, Long.MIN_VALUE);
    }

    /** @return the deltas of at least one tick counted: what a counter that advanced reads */
    static TickCounts positive(long[] deltas) {
        return new TickCounts(deltas, 1);
    }

    long smallest() {
        return smallest;
    }

    int total() {
        return total;
    }

    /** @return the delta at 0-based rank {@code rank} in ascending order, as a sort would have placed it */
    long atRank(int rank) {
        if (rank < 0 || rank >= total) {
            throw new IndexOutOfBoundsException("rank " + rank + " of " + total);
        }
        int seen = 0;
        for (int above = 0; above < SPAN_TICKS; above++) {
            seen += counts[above];
            if (seen > rank) {
                return smallest + above;
            }
        }
        sortBeyond();
        return beyond[rank - seen];
    }

    /** @return the largest delta */
    long largest() {
        return atRank(total - 1);
    }

    /**
     * @param limit the largest delta taken
     * @return the count and the sum of {@code max(0, delta)} over the deltas of at most {@code limit} ticks:
     *     {@code [count, sum]}
     */
    long[] countAndSumUpTo(long limit) {
        long n = 0;
        long sum = 0;
        for (int above = 0; above < SPAN_TICKS && smallest + above <= limit; above++) {
            n += counts[above];
            sum += counts[above] * Math.max(0, smallest + above);
        }
        for (int i = 0; i < beyondCount; i++) {
            if (beyond[i] <= limit) {
                n++;
                sum += Math.max(0, beyond[i]);
            }
        }
        return new long[] {n, sum};
    }

    /** @return how many deltas lie a whole number of {@code step}s (at least 1) above the smallest */
    long onGrid(long step) {
        long n = 0;
        for (long above = 0; above < SPAN_TICKS; above += step) {
            n += counts[(int) above];
        }
        for (int i = 0; i < beyondCount; i++) {
            if ((beyond[i] - smallest) % step == 0) {
                n++;
            }
        }
        return n;
    }

    /** @return whether the deltas hold at least two different values */
    boolean varied() {
        return counts[0] != total;
    }

    private void sortBeyond() {
        if (!beyondSorted) {
            Arrays.sort(beyond, 0, beyondCount);
            beyondSorted = true;
        }
    }
}
