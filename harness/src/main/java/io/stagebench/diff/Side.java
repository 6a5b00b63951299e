package io.stagebench.diff;

/**
 * One side of a comparison of one statistic: the pooled value and each fork's own.
 *
 * @param pooledNs      the statistic over every fork's samples pooled (what {@code run} reports)
 * @param forksNs       the statistic of each fork on its own, in fork order
 * @param unreliableWhy why the statistic cannot be trusted on this side (too few samples
 *                      beyond it), or null when it can
 */
public record Side(double pooledNs, double[] forksNs, String unreliableWhy) {

    public Side {
        forksNs = forksNs.clone();
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
        java.util.Arrays.sort(sorted);
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }

    /** @return the run-to-run spread: max - min of the per-fork values; 0 for one fork, NaN for none */
    public double spreadNs() {
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
