package io.stagebench.diff;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The two-sided Wilcoxon signed-rank test over paired per-fork differences (B's fork i minus A's fork i, run next to
 * each other from the same layout seed), exact for every sample size a comparison has: the p-value is the share of the
 * 2^n sign assignments of the observed absolute differences whose rank sum lies at least as far from its mean as the
 * observed one. Ties among the absolute differences take midranks and zero differences are dropped (Wilcoxon's
 * convention), so the distribution is the exact one conditional on the ties the data has: p50 values, which move in
 * counter steps, tie often.
 *
 * <p>With n nonzero differences the test can never return a p below {@code 2 / 2^n}, reached when every difference has
 * the same sign: 10 pairs give 0.0020, 15 pairs 0.000061.
 *
 * <p>IMPLEMENTATION NOTES: ranks are doubled so that midranks are integers; the distribution of the doubled
 * positive-rank sum is built by one pass per difference over at most n(n+1) + 1 cells, in probabilities (each sign
 * 1/2), so 2^n never overflows. Untied differences - the common case for per-fork means - have the doubled ranks 2, 4
 * .. 2n, so their distribution depends on n alone and is built once per n and kept, as are the critical ranks; a
 * distribution with ties is built for its own ranks.
 */
public final class SignedRank {

    private record Key(int n, double tail) {}

    /** The untied distribution of the doubled positive-rank sum, by n; read only. */
    private static final Map<Integer, double[]> UNTIED = new ConcurrentHashMap<>();

    private static final Map<Key, Integer> CRITICAL_RANKS = new ConcurrentHashMap<>();

    private SignedRank() {}

    /**
     * The outcome of one test.
     *
     * @param nonZero differences that were not zero (the test's n)
     * @param positiveRank the sum of the ranks of the positive differences (midranks)
     * @param pValue two-sided exact p-value in [0, 1]; 1 when every difference is zero
     */
    public record Result(int nonZero, double positiveRank, double pValue) {}

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
        double[] pmf =
                untied(doubledRanks) ? UNTIED.computeIfAbsent(n, SignedRank::untiedDoubled) : signFlips(doubledRanks);
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
     * @return the largest c such that P(T &lt;= c - 1) &lt;= {@code tail} for the untied signed-rank statistic T of
     *     {@code n} pairs, so that the Walsh averages of rank c and n(n+1)/2 + 1 - c bound a two-sided interval of
     *     confidence at least 1 - 2 x tail; 0 when even c = 1 is too wide
     */
    static int lowerCriticalRank(int n, double tail) {
        return CRITICAL_RANKS.computeIfAbsent(new Key(n, tail), k -> computeLowerCriticalRank(k.n(), k.tail()));
    }

    /**
     * @return whether no two of {@code doubledRanks} are a shared midrank: every one is even, so they are 2, 4 .. 2n
     */
    private static boolean untied(int[] doubledRanks) {
        for (int r : doubledRanks) {
            if ((r & 1) != 0) {
                return false;
            }
        }
        // an even midrank can still be shared (three values at positions 0..2 share doubled rank 4): count them
        boolean[] seen = new boolean[doubledRanks.length + 1];
        for (int r : doubledRanks) {
            if (seen[r / 2]) {
                return false;
            }
            seen[r / 2] = true;
        }
        return true;
    }

    /** @return the distribution of the doubled positive-rank sum of {@code n} untied differences (ranks 2, 4 .. 2n) */
    private static double[] untiedDoubled(int n) {
        int[] doubled = new int[n];
        for (int i = 0; i < n; i++) {
            doubled[i] = 2 * (i + 1);
        }
        return signFlips(doubled);
    }

    private static int computeLowerCriticalRank(int n, double tail) {
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
     * @return P(S = s) for s = 0 .. sum of {@code ranks}, where S is the sum of the ranks that a fair coin per rank
     *     marks positive: the signed-rank null distribution
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

    /** @return each value's midrank among {@code values} (no NaN), doubled (1-based ranks, so 2..2n) */
    private static int[] doubledMidranks(double[] values) {
        int n = values.length;
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int[] ranks = new int[n];
        for (int k = 0; k < n; k++) {
            // the values equal to this one sit at sorted positions first..last (0-based) and share the midrank
            // ((first+1) + (last+1)) / 2; doubled: first + last + 2
            int first = firstAtLeast(sorted, values[k]);
            int last = (values[k] == Double.POSITIVE_INFINITY ? n : firstAtLeast(sorted, Math.nextUp(values[k]))) - 1;
            ranks[k] = first + last + 2;
        }
        return ranks;
    }

    /** @return the first position of {@code sorted} holding a value of at least {@code value}, or its length */
    private static int firstAtLeast(double[] sorted, double value) {
        int lo = 0;
        int hi = sorted.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] < value) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
