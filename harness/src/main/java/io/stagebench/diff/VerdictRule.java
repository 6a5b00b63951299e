package io.stagebench.diff;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * The rule that decides whether a change is real, over one statistic's per-fork values
 * (one value per fork and side). A row is called <b>faster</b> or <b>slower</b> only when
 * all of these hold:
 * <ol>
 *   <li><b>significant across the whole comparison</b>: the two-sided Mann-Whitney U p-value,
 *       Holm-adjusted over every row of the comparison, is below {@code alpha / looks}
 *       (a sequential {@code ab} that may stop at any of {@code looks} fork counts spends
 *       alpha evenly over them);</li>
 *   <li><b>beyond the run-to-run spread</b>: the Hodges-Lehmann shift (median of the pairwise
 *       differences B - A) exceeds the interquartile range of the per-fork values of either
 *       side. The IQR does not widen as forks are added, as max - min does, and a fork in an
 *       odd mode moves it little;</li>
 *   <li><b>large enough to matter</b>: the shift is at least {@code thresholdPercent} of A's
 *       per-fork median;</li>
 *   <li>the pooled values moved the same way.</li>
 * </ol>
 * Otherwise it is <b>no change</b>, printed with the smallest change this comparison could
 * have detected ({@link Comparison#detectablePercent()}): the largest of the spread, the
 * threshold, and the shift an 80 %-power U test reaches at the strictest Holm level
 * (alpha / looks / rows) given the forks' robust standard deviation (IQR / 1.349). It is
 * <b>unreliable</b> - no test is attempted and the row is left out of the Holm family - when a
 * side has fewer than 2 forks, when the fork counts cannot reach the level at all (the
 * smallest exact two-sided p of n v m forks is 2 / C(n+m, n)), or when the statistic rests on
 * fewer than 100 samples beyond it on either side.
 *
 * @param alpha            family-wise significance level of one comparison, in (0, 1)
 * @param thresholdPercent smallest |change| in % that can be called, at least 0
 * @param looks            how many times a sequential comparison may look at the data, at least 1
 */
public record VerdictRule(double alpha, double thresholdPercent, int looks) {

    /** Default significance level. */
    public static final double DEFAULT_ALPHA = 0.05;
    /** Default smallest change, in percent. */
    public static final double DEFAULT_THRESHOLD_PERCENT = 2.0;
    /** Forks a side below which every comparison is flagged as weak. */
    public static final int RECOMMENDED_FORKS = 5;
    /** Power at which the detectable change is quoted. */
    public static final double POWER = 0.8;
    /** Confidence of the printed shift interval. */
    public static final double INTERVAL_CONFIDENCE = 0.95;
    /** IQR of a normal distribution in standard deviations. */
    static final double IQR_PER_SD = 1.349;
    /** Asymptotic efficiency of the U test relative to the t test, 3 / pi. */
    static final double U_EFFICIENCY = 3 / Math.PI;

    private static final NormalDistribution STANDARD_NORMAL = NormalDistribution.of(0, 1);

    /**
     * @throws IllegalArgumentException "alpha must be in (0, 1), got 1.5", "threshold must
     *         not be negative, got -1.0" or "looks must be at least 1, got 0"
     */
    public VerdictRule {
        if (!(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("alpha must be in (0, 1), got " + alpha);
        }
        if (!(thresholdPercent >= 0) || Double.isInfinite(thresholdPercent)) {
            throw new IllegalArgumentException("threshold must not be negative, got " + thresholdPercent);
        }
        if (looks < 1) {
            throw new IllegalArgumentException("looks must be at least 1, got " + looks);
        }
    }

    /** A rule for a comparison made once (not sequential). */
    public VerdictRule(double alpha, double thresholdPercent) {
        this(alpha, thresholdPercent, 1);
    }

    /** @return the rule with the default alpha and threshold, one look */
    public static VerdictRule defaults() {
        return new VerdictRule(DEFAULT_ALPHA, DEFAULT_THRESHOLD_PERCENT);
    }

    /** @return the same rule for a comparison that may look {@code count} times */
    public VerdictRule withLooks(int count) {
        return new VerdictRule(alpha, thresholdPercent, count);
    }

    /** @return the family-wise level of one look: alpha / looks */
    public double lookAlpha() {
        return alpha / looks;
    }

    /**
     * One row of a comparison.
     *
     * @param statistic the statistic
     * @param old       A's side
     * @param now       B's side
     */
    public record Row(Statistic statistic, Side old, Side now) {
    }

    /** Judges one row as a family of its own. */
    public Comparison judge(Statistic statistic, Side old, Side now) {
        return judgeAll(List.of(new Row(statistic, old, now))).get(0);
    }

    /**
     * Judges every row of one comparison together: the rows' p-values form one Holm family.
     *
     * @return one comparison per row, in order
     */
    public List<Comparison> judgeAll(List<Row> rows) {
        int n = rows.size();
        String[] unreliable = new String[n];
        double[] p = new double[n];
        boolean[] exact = new boolean[n];
        int family = 0;
        for (int i = 0; i < n; i++) {
            Row row = rows.get(i);
            unreliable[i] = unreliableWhy(row.old(), row.now());
            if (unreliable[i] == null) {
                MannWhitney.Result test = MannWhitney.test(row.old().forksNs(), row.now().forksNs());
                p[i] = test.pValue();
                exact[i] = test.exact();
                family++;
            } else {
                p[i] = Double.NaN;
            }
        }
        double[] adjusted = Holm.adjust(p);
        double strictest = lookAlpha() / Math.max(1, family);
        List<Comparison> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(verdict(rows.get(i), unreliable[i], p[i], adjusted[i], exact[i], strictest));
        }
        return out;
    }

    private Comparison verdict(Row row, String unreliable, double p, double pAdjusted, boolean exact, double strictest) {
        Side old = row.old();
        Side now = row.now();
        double centre = old.medianNs();
        ShiftEstimate shift = old.forks() > 0 && now.forks() > 0
                ? ShiftEstimate.of(old.forksNs(), now.forksNs(), 1 - INTERVAL_CONFIDENCE) : ShiftEstimate.NONE;
        double shiftPercent = percentOf(shift.shiftNs(), centre);
        double pooledChange = changePercent(old.pooledNs(), now.pooledNs());
        double spread = Math.max(old.iqrNs(), now.iqrNs());
        double detectable = unreliable != null ? Double.NaN : detectablePercent(old, now, centre, strictest);
        Verdict verdict;
        String reason;
        if (unreliable != null) {
            verdict = Verdict.UNRELIABLE;
            reason = unreliable;
        } else if (!(pAdjusted < lookAlpha())) {
            verdict = Verdict.NO_CHANGE;
            reason = String.format(Locale.ROOT, "Holm p %s >= %s", formatP(pAdjusted), formatAlpha(lookAlpha()));
        } else if (!(Math.abs(shift.shiftNs()) > spread)) {
            verdict = Verdict.NO_CHANGE;
            reason = String.format(Locale.ROOT, "shift %.2f ns within spread (IQR) %.2f ns", Math.abs(shift.shiftNs()), spread);
        } else if (!(Math.abs(shiftPercent) >= thresholdPercent)) {
            verdict = Verdict.NO_CHANGE;
            reason = String.format(Locale.ROOT, "|shift| %.1f%% < %s%%", Math.abs(shiftPercent), formatThreshold(thresholdPercent));
        } else if (Math.signum(pooledChange) != Math.signum(shift.shiftNs())) {
            verdict = Verdict.NO_CHANGE;
            reason = "pooled change and per-fork shift disagree in direction";
        } else {
            verdict = shift.shiftNs() > 0 ? Verdict.SLOWER : Verdict.FASTER;
            reason = String.format(Locale.ROOT, "Holm p %s, shift %.2f ns > IQR %.2f ns", formatP(pAdjusted),
                    Math.abs(shift.shiftNs()), spread);
        }
        return new Comparison(row.statistic(), old.pooledNs(), now.pooledNs(), pooledChange, old.forksNs(), now.forksNs(),
                old.iqrNs(), now.iqrNs(), shift.shiftNs(), shiftPercent, shift.lowNs(), shift.highNs(), p, pAdjusted,
                unreliable == null && exact, detectable, verdict, reason);
    }

    /**
     * The smallest change, in % of A's per-fork median, that this row could have called: the
     * largest of the spread rule, the threshold, and the shift at which a U test at level
     * {@code level} has {@link #POWER} power given the forks' robust standard deviation
     * (normal approximation, U's efficiency 3/pi against the t test). Infinite when the fork
     * counts cannot reach {@code level} at all.
     */
    double detectablePercent(Side old, Side now, double centre, double level) {
        if (!(MannWhitney.smallestTwoSidedP(old.forks(), now.forks()) < level) || !(centre != 0)) {
            return Double.POSITIVE_INFINITY;
        }
        double sd = Math.sqrt((old.iqrNs() * old.iqrNs() + now.iqrNs() * now.iqrNs()) / 2) / IQR_PER_SD;
        double z = STANDARD_NORMAL.inverseCumulativeProbability(1 - level / 2) + STANDARD_NORMAL.inverseCumulativeProbability(POWER);
        double statisticalNs = z * sd * Math.sqrt(1.0 / old.forks() + 1.0 / now.forks()) / Math.sqrt(U_EFFICIENCY);
        double spreadNs = Math.max(old.iqrNs(), now.iqrNs());
        double thresholdNs = Math.abs(centre) * thresholdPercent / 100;
        return Math.max(Math.max(statisticalNs, spreadNs), thresholdNs) / Math.abs(centre) * 100;
    }

    /** @return why no test can be made, or null when one can */
    private String unreliableWhy(Side old, Side now) {
        if (old.forks() < 2 || now.forks() < 2) {
            return old.forks() + " v " + now.forks() + " forks: at least 2 a side needed";
        }
        double smallest = MannWhitney.smallestTwoSidedP(old.forks(), now.forks());
        if (!(smallest < lookAlpha())) {
            return String.format(Locale.ROOT, "%d v %d forks cannot reach p < %s (smallest p %s)", old.forks(), now.forks(),
                    formatAlpha(lookAlpha()), formatP(smallest));
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

    /** @return (now - old) / old x 100; 0 when both are 0; infinite when only old is 0 */
    static double changePercent(double oldNs, double nowNs) {
        if (oldNs == 0) {
            return nowNs == 0 ? 0 : Math.copySign(Double.POSITIVE_INFINITY, nowNs);
        }
        return (nowNs - oldNs) / oldNs * 100.0;
    }

    private static double percentOf(double shiftNs, double centreNs) {
        if (Double.isNaN(shiftNs) || Double.isNaN(centreNs)) {
            return Double.NaN;
        }
        return changePercent(centreNs, centreNs + shiftNs);
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
