package io.stagebench.diff;

import java.util.Arrays;

/**
 * The two-sided Wilcoxon signed-rank test over paired per-fork differences (B's fork i minus
 * A's fork i, run next to each other from the same layout seed), exact for every sample
 * size a comparison has: the p-value is the share of the 2^n sign assignments of the
 * observed absolute differences whose rank sum lies at least as far from its mean as the
 * observed one. Ties among the absolute differences take midranks and zero differences are
 * dropped (Wilcoxon's convention), so the distribution is the exact one conditional on the
 * ties the data has: p50 values, which move in counter steps, tie often.
 *
 * <p>With n nonzero differences the test can never return a p below {@code 2 / 2^n}, reached
 * when every difference has the same sign: 10 pairs give 0.0020, 15 pairs 0.000061.
 *
 * <p>IMPLEMENTATION NOTES: ranks are doubled so that midranks are integers; the distribution
 * of the doubled positive-rank sum is built by one pass per difference over at most
 * n(n+1) + 1 cells, in probabilities (each sign 1/2), so 2^n never overflows.
 */
public final class SignedRank {

    private SignedRank() {
    }

    /**
     * The outcome of one test.
     *
     * @param nonZero      differences that were not zero (the test's n)
     * @param positiveRank the sum of the ranks of the positive differences (midranks)
     * @param pValue       two-sided exact p-value in [0, 1]; 1 when every difference is zero
     */
    public record Result(int nonZero, double positiveRank, double pValue) {
    }

    /** @param differences the paired differences, B - A, at least one */
    public static Result test(double[] differences) {
        if (differences.length == 0) {
            throw new IllegalArgumentException("the signed-rank test needs at least one pair");
        }
        int n = 0;
        double[] magnitudes = new double[differences.length];
        boolean[] positive = new boolean[differences.length];
        for (double d : differences) {
            if (d != 0 && !Double.isNaN(d)) {
                magnitudes[n] = Math.abs(d);
                positive[n] = d > 0;
                n++;
            }
        }
        if (n == 0) {
            return new Result(0, 0, 1.0);
        }
        int[] doubledRanks = doubledMidranks(Arrays.copyOf(magnitudes, n));
        int total = 0;
        int observed = 0;
        for (int i = 0; i < n; i++) {
            total += doubledRanks[i];
            if (positive[i]) {
                observed += doubledRanks[i];
            }
        }
        double[] pmf = signFlips(doubledRanks);
        // |2s - total| >= |2 observed - total|: as far from the mean as what was seen, on either side
        long distance = Math.abs(2L * observed - total);
        double p = 0;
        for (int s = 0; s <= total; s++) {
            if (Math.abs(2L * s - total) >= distance) {
                p += pmf[s];
            }
        }
        return new Result(n, observed / 2.0, Math.min(1.0, p));
    }

    /** @return the smallest two-sided p that {@code pairs} nonzero differences can give: 2 / 2^pairs, at most 1 */
    public static double smallestTwoSidedP(int pairs) {
        return pairs < 1 ? 1.0 : Math.min(1.0, 2.0 / Math.pow(2, pairs));
    }

    /** @return the fewest pairs whose smallest two-sided p is below {@code alpha} */
    public static int pairsNeeded(double alpha) {
        for (int n = 1; n < 1_000; n++) {
            if (smallestTwoSidedP(n) < alpha) {
                return n;
            }
        }
        throw new IllegalArgumentException("alpha " + alpha + " is too small to reach with fewer than 1000 pairs");
    }

    /**
     * @return the largest c such that P(T &lt;= c - 1) &lt;= {@code tail} for the untied
     *         signed-rank statistic T of {@code n} pairs, so that the Walsh averages of rank c
     *         and n(n+1)/2 + 1 - c bound a two-sided interval of confidence at least
     *         1 - 2 x tail; 0 when even c = 1 is too wide
     */
    static int lowerCriticalRank(int n, double tail) {
        int total = n * (n + 1) / 2;
        int[] ranks = new int[n];
        for (int i = 0; i < n; i++) {
            ranks[i] = i + 1;
        }
        double[] pmf = signFlips(ranks);
        double cumulative = 0;
        int c = 0;
        while (c <= total) {
            cumulative += pmf[c];
            if (cumulative > tail) {
                break;
            }
            c++;
        }
        return c;
    }

    /**
     * @return P(S = s) for s = 0 .. sum of {@code ranks}, where S is the sum of the ranks that a
     *         fair coin per rank marks positive: the signed-rank null distribution
     */
    private static double[] signFlips(int[] ranks) {
        int total = 0;
        for (int r : ranks) {
            total += r;
        }
        double[] pmf = new double[total + 1];
        pmf[0] = 1;
        int reach = 0;
        for (int r : ranks) {
            for (int s = reach; s >= 0; s--) {
                double half = pmf[s] / 2;
                pmf[s] = half;
                pmf[s + r] += half;
            }
            reach += r;
        }
        return pmf;
    }

    /** @return each value's midrank among {@code values}, doubled (1-based ranks, so 2..2n) */
    private static int[] doubledMidranks(double[] values) {
        int n = values.length;
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (x, y) -> Double.compare(values[x], values[y]));
        int[] ranks = new int[n];
        int i = 0;
        while (i < n) {
            int j = i;
            while (j + 1 < n && values[order[j + 1]] == values[order[i]]) {
                j++;
            }
            // positions i..j (0-based) share the midrank ((i+1) + (j+1)) / 2; doubled: i + j + 2
            for (int k = i; k <= j; k++) {
                ranks[order[k]] = i + j + 2;
            }
            i = j + 1;
        }
        return ranks;
    }
}
