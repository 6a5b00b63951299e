package io.stagebench.diff;

/**
 * One statistic of one stage, old against new, and the verdict of the rule.
 *
 * @param statistic     which statistic
 * @param oldNs         pooled value of the old run
 * @param newNs         pooled value of the new run
 * @param changePercent (new - old) / old x 100: 0 when both are 0, infinite when only old is 0
 * @param oldForksNs    per-fork values of the old run
 * @param newForksNs    per-fork values of the new run
 * @param spreadOldNs   max - min of the old per-fork values
 * @param spreadNewNs   max - min of the new per-fork values
 * @param shiftNs       median of the new per-fork values - median of the old
 * @param pValue        two-sided Mann-Whitney U p-value over the per-fork values; NaN when no test was run
 * @param pExact        true when {@code pValue} is exact; false when ties forced the normal approximation
 * @param verdict       faster, slower, no change or unreliable
 * @param reason        the deciding condition, short: "p 0.420 >= 0.05", "shift within spread", "3 v 3 forks", ...
 */
public record Comparison(Statistic statistic, double oldNs, double newNs, double changePercent, double[] oldForksNs,
                         double[] newForksNs, double spreadOldNs, double spreadNewNs, double shiftNs, double pValue,
                         boolean pExact, Verdict verdict, String reason) {

    public Comparison {
        oldForksNs = oldForksNs.clone();
        newForksNs = newForksNs.clone();
    }

    @Override
    public double[] oldForksNs() {
        return oldForksNs.clone();
    }

    @Override
    public double[] newForksNs() {
        return newForksNs.clone();
    }
}
