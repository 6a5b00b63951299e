package io.stagebench.diff;

/**
 * One statistic of one series, old against new, and the verdict of the {@link VerdictRule}.
 *
 * @param statistic          which statistic
 * @param oldNs              pooled value of the old run
 * @param newNs              pooled value of the new run
 * @param changePercent      pooled change, (new - old) / old x 100: 0 when both are 0, infinite when only old is 0
 * @param oldForksNs         per-fork values of the old run
 * @param newForksNs         per-fork values of the new run
 * @param spreadOldNs        run-to-run spread of the old run: interquartile range of its per-fork values
 * @param spreadNewNs        the same of the new run
 * @param shiftNs            Hodges-Lehmann shift: median of the pairwise per-fork differences new - old
 * @param shiftPercent       the shift in % of the old per-fork median: the change the verdict is about
 * @param shiftLowNs         lower bound of the shift's {@value VerdictRule#INTERVAL_CONFIDENCE} confidence interval
 * @param shiftHighNs        upper bound of it
 * @param pValue             two-sided Mann-Whitney U p-value over the per-fork values; NaN when no test was run
 * @param pAdjusted          the p-value Holm-adjusted over every row of the comparison; NaN when no test was run
 * @param pExact             true when {@code pValue} is exact; false when ties forced the normal approximation
 * @param detectablePercent  the smallest change this row could have called, in % (infinite: none; NaN: no test)
 * @param verdict            faster, slower, no change or unreliable
 * @param reason             the deciding condition, short: "Holm p 0.420 >= 0.05", "shift within spread", ...
 */
public record Comparison(Statistic statistic, double oldNs, double newNs, double changePercent, double[] oldForksNs,
                         double[] newForksNs, double spreadOldNs, double spreadNewNs, double shiftNs,
                         double shiftPercent, double shiftLowNs, double shiftHighNs, double pValue, double pAdjusted,
                         boolean pExact, double detectablePercent, Verdict verdict, String reason) {

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
