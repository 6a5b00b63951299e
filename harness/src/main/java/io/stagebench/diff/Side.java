package io.stagebench.diff;

import io.stagebench.stats.StageSummary;
import java.util.Arrays;
import java.util.List;

/**
 * One side of a comparison of one statistic: the pooled value and each fork's own.
 *
 * @param pooledNs the statistic over every fork's samples pooled (what {@code run} reports)
 * @param forksNs the statistic of each fork on its own, in fork order
 * @param unreliableWhy why the statistic cannot be trusted on this side (too few samples beyond it), or null when it
 *     can
 */
public record Side(double pooledNs, double[] forksNs, String unreliableWhy) {

    public Side {
        forksNs = forksNs.clone();
    }

    /**
     * One side of {@code statistic}: its pooled value and each fork's.
     *
     * @param pooled the summary over every fork's samples
     * @param perFork each fork's own summary of the same series, in fork order
     */
    public static Side of(Statistic statistic, StageSummary pooled, List<StageSummary> perFork) {
        String unreliable = statistic.isUnreliable(pooled) ? statistic.unreliableWhy() : null;
        double[] forks = new double[perFork.size()];
        for (int i = 0; i < forks.length; i++) {
            StageSummary own = perFork.get(i);
            forks[i] = statistic.valueNs(own);
            if (unreliable == null && statistic.isUnreliable(own)) {
                unreliable = statistic.unreliableWhy() + " in fork " + (i + 1);
            }
        }
        return new Side(statistic.valueNs(pooled), forks, unreliable);
    }

    @Override
    public double[] forksNs() {
        return forksNs.clone();
    }

    /** @return the number of forks */
    public int forks() {
        return forksNs.length;
    }

    /** @return the median of the per-fork values (mean of the middle two for an even count); NaN when empty */
    public double medianNs() {
        if (forksNs.length == 0) {
            return Double.NaN;
        }
        double[] sorted = forksNs.clone();
        Arrays.sort(sorted);
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }

    /**
     * @return the run-to-run spread: the interquartile range of the per-fork values (linear interpolation between order
     *     statistics); 0 for one fork, NaN for none
     */
    public double iqrNs() {
        if (forksNs.length == 0) {
            return Double.NaN;
        }
        double[] sorted = forksNs.clone();
        Arrays.sort(sorted);
        return quantile(sorted, 0.75) - quantile(sorted, 0.25);
    }

    private static double quantile(double[] sorted, double q) {
        double at = q * (sorted.length - 1);
        int below = (int) Math.floor(at);
        int above = Math.min(sorted.length - 1, below + 1);
        return sorted[below] + (at - below) * (sorted[above] - sorted[below]);
    }

    /** @return max - min of the per-fork values; 0 for one fork, NaN for none */
    public double rangeNs() {
        if (forksNs.length == 0) {
            return Double.NaN;
        }
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (double v : forksNs) {
            lo = Math.min(lo, v);
            hi = Math.max(hi, v);
        }
        return hi - lo;
    }
}
