package io.stagebench.diff;

import java.util.Locale;

/**
 * The rule that decides whether a change is real. A statistic is called <b>faster</b> or
 * <b>slower</b> only when all three hold:
 * <ol>
 *   <li>the two-sided Mann-Whitney U test over the per-fork values gives p &lt; {@code alpha};</li>
 *   <li>the shift - median of the new per-fork values minus median of the old - exceeds the
 *       run-to-run spread (max - min of the per-fork values) of either side:
 *       {@code |shift| > max(spreadOld, spreadNew)};</li>
 *   <li>the pooled value changed by at least {@code thresholdPercent}, in the same direction
 *       as the shift.</li>
 * </ol>
 * Otherwise it is <b>no change</b>. It is <b>unreliable</b> - no test is attempted - when a
 * side has fewer than 2 forks, when the fork counts cannot reach {@code alpha} at all (the
 * smallest exact two-sided p of n v m forks is 2 / C(n+m, n): 3 v 3 cannot go below 0.1),
 * or when the statistic rests on fewer than 100 samples beyond it on either side.
 *
 * <p>p50 uses the per-fork p50s; p99, p99.9 and max use that statistic's per-fork values in
 * the same way. The default {@code alpha} is 0.05 and the default threshold 2 %: "a 2 %
 * improvement is usually noise", and this rule is what says when it is not.
 *
 * @param alpha            significance level, in (0, 1)
 * @param thresholdPercent smallest |change| in % that can be called, at least 0
 */
public record VerdictRule(double alpha, double thresholdPercent) {

    /** Default significance level. */
    public static final double DEFAULT_ALPHA = 0.05;
    /** Default smallest change, in percent. */
    public static final double DEFAULT_THRESHOLD_PERCENT = 2.0;
    /** Forks a side below which every comparison is flagged as weak. */
    public static final int RECOMMENDED_FORKS = 5;

    /**
     * @throws IllegalArgumentException "alpha must be in (0, 1), got 1.5" or "threshold must
     *         not be negative, got -1.0"
     */
    public VerdictRule {
        if (!(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("alpha must be in (0, 1), got " + alpha);
        }
        if (!(thresholdPercent >= 0) || Double.isInfinite(thresholdPercent)) {
            throw new IllegalArgumentException("threshold must not be negative, got " + thresholdPercent);
        }
    }

    /** @return the rule with the default alpha and threshold */
    public static VerdictRule defaults() {
        return new VerdictRule(DEFAULT_ALPHA, DEFAULT_THRESHOLD_PERCENT);
    }

    /** Compares one statistic of one stage, old against new. */
    public Comparison judge(Statistic statistic, Side old, Side now) {
        double change = changePercent(old.pooledNs(), now.pooledNs());
        double spreadOld = old.spreadNs();
        double spreadNew = now.spreadNs();
        double shift = now.medianNs() - old.medianNs();
        String unreliable = unreliableWhy(old, now);
        if (unreliable != null) {
            return comparison(statistic, old, now, change, shift, Double.NaN, true, Verdict.UNRELIABLE, unreliable);
        }
        MannWhitney.Result test = MannWhitney.test(old.forksNs(), now.forksNs());
        double p = test.pValue();
        double spread = Math.max(spreadOld, spreadNew);
        String reason;
        Verdict verdict;
        if (!(p < alpha)) {
            verdict = Verdict.NO_CHANGE;
            reason = String.format(Locale.ROOT, "p %s >= %s", formatP(p), formatAlpha(alpha));
        } else if (!(Math.abs(shift) > spread)) {
            verdict = Verdict.NO_CHANGE;
            reason = String.format(Locale.ROOT, "shift %.1f ns within spread %.1f ns", Math.abs(shift), spread);
        } else if (!(Math.abs(change) >= thresholdPercent)) {
            verdict = Verdict.NO_CHANGE;
            reason = String.format(Locale.ROOT, "|change| %.1f%% < %s%%", Math.abs(change), formatThreshold(thresholdPercent));
        } else if (Math.signum(change) != Math.signum(shift)) {
            verdict = Verdict.NO_CHANGE;
            reason = "pooled change and per-fork shift disagree in direction";
        } else {
            verdict = shift > 0 ? Verdict.SLOWER : Verdict.FASTER;
            reason = String.format(Locale.ROOT, "p %s, shift %.1f ns > spread %.1f ns", formatP(p), Math.abs(shift), spread);
        }
        return comparison(statistic, old, now, change, shift, p, test.exact(), verdict, reason);
    }

    /** @return why no test can be made, or null when one can */
    private String unreliableWhy(Side old, Side now) {
        if (old.forks() < 2 || now.forks() < 2) {
            return old.forks() + " v " + now.forks() + " forks: at least 2 a side needed";
        }
        double smallest = MannWhitney.smallestTwoSidedP(old.forks(), now.forks());
        if (!(smallest < alpha)) {
            return String.format(Locale.ROOT, "%d v %d forks cannot reach p < %s (smallest p %s)", old.forks(), now.forks(),
                    formatAlpha(alpha), formatP(smallest));
        }
        if (old.unreliableWhy() != null) {
            return "old: " + old.unreliableWhy();
        }
        if (now.unreliableWhy() != null) {
            return "new: " + now.unreliableWhy();
        }
        if (hasNaN(old.forksNs()) || hasNaN(now.forksNs()) || Double.isNaN(old.pooledNs()) || Double.isNaN(now.pooledNs())) {
            return "no samples";
        }
        return null;
    }

    private static Comparison comparison(Statistic statistic, Side old, Side now, double change, double shift, double p,
                                         boolean exact, Verdict verdict, String reason) {
        return new Comparison(statistic, old.pooledNs(), now.pooledNs(), change, old.forksNs(), now.forksNs(),
                old.spreadNs(), now.spreadNs(), shift, p, exact, verdict, reason);
    }

    /** @return (now - old) / old x 100; 0 when both are 0; infinite when only old is 0 */
    static double changePercent(double oldNs, double nowNs) {
        if (oldNs == 0) {
            return nowNs == 0 ? 0 : Math.copySign(Double.POSITIVE_INFINITY, nowNs);
        }
        return (nowNs - oldNs) / oldNs * 100.0;
    }

    private static boolean hasNaN(double[] values) {
        for (double v : values) {
            if (Double.isNaN(v)) {
                return true;
            }
        }
        return false;
    }

    /** @return a p-value as printed: "0.0079", "0.420", "<0.0001" */
    public static String formatP(double p) {
        if (Double.isNaN(p)) {
            return "-";
        }
        if (p < 0.0001) {
            return "<0.0001";
        }
        return p < 0.01 ? String.format(Locale.ROOT, "%.4f", p) : String.format(Locale.ROOT, "%.3f", p);
    }

    /** @return alpha as printed: "0.05" */
    public static String formatAlpha(double alpha) {
        return stripZeros(String.format(Locale.ROOT, "%.6f", alpha));
    }

    private static String formatThreshold(double percent) {
        return stripZeros(String.format(Locale.ROOT, "%.3f", percent));
    }

    private static String stripZeros(String number) {
        return number.contains(".") ? number.replaceAll("0+$", "").replaceAll("\\.$", "") : number;
    }
}
