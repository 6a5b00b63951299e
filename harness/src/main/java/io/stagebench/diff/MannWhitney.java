package io.stagebench.diff;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.commons.statistics.inference.AlternativeHypothesis;
import org.apache.commons.statistics.inference.MannWhitneyUTest;
import org.apache.commons.statistics.inference.PValueMethod;

/**
 * The two-sided Mann-Whitney U test over per-fork values, exact for the small samples a benchmark comparison has (one
 * value per fork): it assumes no normality, and latency figures are emphatically not normal.
 *
 * <p>With n and m forks the exact test can never return a p-value below {@code 2 / C(n+m, n)}, reached when the two
 * sides do not overlap at all: 5 v 5 forks give 2/252 = 0.0079, 3 v 3 only 2/20 = 0.1. {@link #smallestTwoSidedP(int,
 * int)} says which significance levels a comparison can reach at all.
 *
 * <p>IMPLEMENTATION NOTES: tied values make the exact distribution inapplicable; the library then falls back to the
 * normal approximation with continuity correction, and {@link Result#exact()} says so. When every value on both sides
 * is equal the library returns NaN; this class returns p = 1 (no evidence of any difference).
 *
 * <p>Without ties the exact result depends on n, m and how many pairs A wins alone, so it is computed once for each and
 * kept: a detectable change is found by bisection over shifted samples, dozens of tests a row, and the library's exact
 * distribution is built anew each call.
 */
public final class MannWhitney {

    private static final MannWhitneyUTest TEST = MannWhitneyUTest.withDefaults()
            .with(AlternativeHypothesis.TWO_SIDED)
            .with(PValueMethod.EXACT);

    /** n, m and the number of pairs in which A's value is the larger: what an untied result depends on. */
    private record Untied(int n, int m, long aWins) {}

    private static final Map<Untied, Result> UNTIED = new ConcurrentHashMap<>();

    private MannWhitney() {}

    /**
     * The outcome of one test.
     *
     * @param u the U statistic of the first sample
     * @param pValue two-sided p-value in [0, 1]
     * @param exact true when the p-value is exact; false when ties forced the normal approximation
     */
    public record Result(double u, double pValue, boolean exact) {}

    /**
     * @param a the first sample, at least one value
     * @param b the second sample, at least one value
     * @throws IllegalArgumentException when a sample is empty
     */
    public static Result test(double[] a, double[] b) {
        if (a.length == 0 || b.length == 0) {
            throw new IllegalArgumentException(
                    "Mann-Whitney U needs at least one value a side, got " + a.length + " and " + b.length);
        }
        Untied key = untied(a, b);
        return key == null ? library(a, b) : UNTIED.computeIfAbsent(key, k -> library(a, b));
    }

    private static Result library(double[] a, double[] b) {
        MannWhitneyUTest.Result result = TEST.test(a, b);
        double p = result.getPValue();
        return new Result(result.getStatistic(), Double.isNaN(p) ? 1.0 : Math.min(1.0, p), !result.hasTiedValues());
    }

    /** @return the key of an untied comparison, or null when two values tie (or one is NaN) */
    private static Untied untied(double[] a, double[] b) {
        double[] all = new double[a.length + b.length];
        System.arraycopy(a, 0, all, 0, a.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        Arrays.sort(all);
        for (int i = 0; i < all.length; i++) {
            if (Double.isNaN(all[i]) || i > 0 && all[i] == all[i - 1]) {
                return null;
            }
        }
        long aWins = 0;
        for (double x : a) {
            for (double y : b) {
                aWins += x > y ? 1 : 0;
            }
        }
        return new Untied(a.length, b.length, aWins);
    }

    /**
     * @return the smallest two-sided exact p-value that {@code n} v {@code m} values can give: 2 / C(n+m, n), at most 1
     */
    public static double smallestTwoSidedP(int n, int m) {
        if (n < 1 || m < 1) {
            return 1.0;
        }
        // C(n+m, n) built up as a double; exact for the fork counts of any real run
        double combinations = 1;
        int k = Math.min(n, m);
        for (int i = 1; i <= k; i++) {
            combinations = combinations * (n + m - k + i) / i;
        }
        return Math.min(1.0, 2.0 / combinations);
    }

    /** @return the fewest forks a side (equal on both) whose smallest two-sided p is below {@code alpha} */
    public static int forksNeeded(double alpha) {
        for (int n = 1; n < 1_000; n++) {
            if (smallestTwoSidedP(n, n) < alpha) {
                return n;
            }
        }
        throw new IllegalArgumentException(
                "alpha " + alpha + " is too small to reach with fewer than 1000 forks a side");
    }
}
