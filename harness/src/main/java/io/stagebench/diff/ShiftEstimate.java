package io.stagebench.diff;

import java.util.Arrays;

/**
 * The Hodges-Lehmann estimate of how far B's per-fork values sit from A's - the median of every pairwise difference
 * {@code b[j] - a[i]} - with its distribution-free confidence interval (the order statistics of those differences that
 * the Mann-Whitney U null distribution picks). It is the shift the U test is about, it ignores a fork in an odd mode
 * the way a median does, and its interval narrows as forks are added.
 *
 * @param shiftNs median pairwise difference, B - A
 * @param lowNs lower bound of the interval (-infinity when the fork counts cannot bound it)
 * @param highNs upper bound (+infinity likewise)
 * @param confidence the interval's nominal confidence, e.g. 0.99
 */
public record ShiftEstimate(double shiftNs, double lowNs, double highNs, double confidence) {

    /** No estimate: a side had no values. */
    public static final ShiftEstimate NONE = new ShiftEstimate(Double.NaN, Double.NaN, Double.NaN, Double.NaN);

    /**
     * @param a A's per-fork values (old)
     * @param b B's per-fork values (new)
     * @param alpha 1 - the interval's confidence, in (0, 1)
     */
    public static ShiftEstimate of(double[] a, double[] b, double alpha) {
        if (a.length == 0 || b.length == 0) {
            return NONE;
        }
        double[] differences = new double[a.length * b.length];
        int k = 0;
        for (double x : a) {
            for (double y : b) {
                differences[k++] = y - x;
            }
        }
        Arrays.sort(differences);
        int count = differences.length;
        double median =
                count % 2 == 1 ? differences[count / 2] : (differences[count / 2 - 1] + differences[count / 2]) / 2;
        int c = RankSumDistribution.lowerCriticalRank(a.length, b.length, alpha / 2);
        double low = c >= 1 ? differences[c - 1] : Double.NEGATIVE_INFINITY;
        double high = c >= 1 ? differences[count - c] : Double.POSITIVE_INFINITY;
        return new ShiftEstimate(median, low, high, 1 - alpha);
    }

    /**
     * The paired Hodges-Lehmann estimate: the median of the Walsh averages {@code (d[i] + d[j]) / 2, i <= j} of the
     * pair differences B - A, with the distribution-free interval the signed-rank null distribution picks among them.
     * It is the shift the signed-rank test is about.
     *
     * @param differences each pair's difference, B's fork minus A's fork of the same pair
     * @param alpha 1 - the interval's confidence, in (0, 1)
     */
    public static ShiftEstimate paired(double[] differences, double alpha) {
        int n = differences.length;
        if (n == 0) {
            return NONE;
        }
        double[] walsh = new double[n * (n + 1) / 2];
        int k = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i; j < n; j++) {
                walsh[k++] = (differences[i] + differences[j]) / 2;
            }
        }
        Arrays.sort(walsh);
        int count = walsh.length;
        double median = count % 2 == 1 ? walsh[count / 2] : (walsh[count / 2 - 1] + walsh[count / 2]) / 2;
        int c = SignedRank.lowerCriticalRank(n, alpha / 2);
        double low = c >= 1 ? walsh[c - 1] : Double.NEGATIVE_INFINITY;
        double high = c >= 1 ? walsh[count - c] : Double.POSITIVE_INFINITY;
        return new ShiftEstimate(median, low, high, 1 - alpha);
    }

    /** @return the interval's width, high - low (infinite when unbounded, NaN for no estimate) */
    public double widthNs() {
        return highNs - lowNs;
    }

    /** @return whether the interval excludes 0 */
    public boolean excludesZero() {
        return lowNs > 0 || highNs < 0;
    }
}
