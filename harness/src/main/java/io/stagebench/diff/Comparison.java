package io.stagebench.diff;

/**
 * One statistic of one series, old against new, and the verdict of the {@link VerdictRule}.
 *
 * @param statistic which statistic
 * @param oldNs pooled value of the old run
 * @param newNs pooled value of the new run
 * @param changePercent pooled change, (new - old) / old x 100: 0 when both are 0, infinite when only old is 0
 * @param oldForksNs per-fork values of the old run
 * @param newForksNs per-fork values of the new run
 * @param spreadOldNs fork-to-fork spread of the old run: interquartile range of its per-fork values
 * @param spreadNewNs the same of the new run
 * @param shiftNs Hodges-Lehmann shift, new - old: the median of the Walsh averages of the pair differences when paired,
 *     else of every pairwise per-fork difference
 * @param shiftPercent the shift in % of the old per-fork median: the change the verdict is about
 * @param shiftLowNs lower bound of the shift's {@value VerdictRule#INTERVAL_CONFIDENCE} confidence interval
 * @param shiftHighNs upper bound of it
 * @param shiftSpreadNs the shift's own run-to-run spread: the width of its distribution-free 50 % interval
 * @param paired true when the row was judged on pair differences (signed-rank), false for two independent sets of forks
 *     (Mann-Whitney U)
 * @param test the test and its sample, e.g. "signed-rank, 15 pairs"
 * @param pValue two-sided p-value of that test; NaN when no test was run
 * @param pAdjusted the p-value Holm-adjusted over every row of the comparison; NaN when no test was run
 * @param pExact true when {@code pValue} is exact; false when ties forced the normal approximation
 * @param detectablePercent the smallest change this row would have called, in % (infinite: none; NaN: no test)
 * @param verdict faster, slower, no change or unreliable
 * @param reason the deciding condition, short: "Holm p 0.420 >= 0.05", "shift within spread", ...
 */
public record Comparison(
        Statistic statistic,
        double oldNs,
        double newNs,
        double changePercent,
        double[] oldForksNs,
        double[] newForksNs,
        double spreadOldNs,
        double spreadNewNs,
        double shiftNs,
        double shiftPercent,
        double shiftLowNs,
        double shiftHighNs,
        double shiftSpreadNs,
        boolean paired,
        String test,
        double pValue,
        double pAdjusted,
        boolean pExact,
        double detectablePercent,
        Verdict verdict,
        String reason) {

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
