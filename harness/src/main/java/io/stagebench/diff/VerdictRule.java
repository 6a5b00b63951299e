package io.stagebench.diff;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The rule that decides whether a change is real, over one statistic's per-fork values (one value per fork and side). A
 * row is called <b>faster</b> or <b>slower</b> only when all of these hold:
 *
 * <ol>
 *   <li><b>significant across the whole comparison</b>: the row's two-sided p-value, adjusted over every row of the
 *       comparison by Holm's weighted procedure, is below {@code alpha / looks} (a sequential {@code ab} that may stop
 *       at any of {@code looks} fork counts spends alpha evenly over them). The centre rows ({@code tmean}) hold
 *       {@code centreShare} of the weight between them and the other rows the rest, so the statistic {@code ab} decides
 *       on is not diluted by the tails beside it; the chance of any false call in the comparison stays at most alpha.
 *       The test is the Wilcoxon signed-rank test over the pair differences when the row is {@link Row#paired() paired}
 *       (A's fork i and B's fork i ran next to each other from the same layout seed, so whatever the two shared - a
 *       layout mode, a slow stretch of the host - cancels) and its pairs share at least {@link #PAIRING_MIN_SHARE} of
 *       the fork-to-fork variance; else the Mann-Whitney U test;
 *   <li><b>beyond the run-to-run spread of the shift</b>: the Hodges-Lehmann shift (median of the Walsh averages of the
 *       pair differences, or of the pairwise differences B - A) exceeds its own spread, the width of its
 *       distribution-free 50 % interval: the interquartile range of the shift over repeats of this comparison. It is
 *       the seed's rule measured on the statistic compared rather than on one fork, so it narrows as forks are added
 *       instead of capping what can be called at the fork-to-fork spread;
 *   <li><b>large enough to matter</b>: the shift is at least {@code thresholdPercent} of A's per-fork median;
 *   <li>the pooled values moved the same way.
 * </ol>
 *
 * Otherwise it is <b>no change</b>, printed with the smallest change this row would have called
 * ({@link Comparison#detectablePercent()}): the row's own values with their shift taken out, then shifted until every
 * condition holds at the strictest level the row faces (Holm's first step: alpha / looks x the row's weight, which is 1
 * / rows when every row weighs alike). A change at least that large would have been called whatever the other rows did,
 * so a row whose shift reaches its {@code detect} is never printed "no change" for want of significance. It is
 * <b>unreliable</b> - no test is attempted and the row is left out of the Holm family - when a side has fewer than 2
 * forks (or fewer than 2 pairs), when the fork counts cannot reach the level at all (the smallest exact two-sided p of
 * n v m forks is 2 / C(n+m, n), of n pairs 2 / 2^n), or when the statistic rests on fewer than 100 samples beyond it on
 * either side.
 *
 * @param alpha family-wise significance level of one comparison, in (0, 1)
 * @param thresholdPercent smallest |change| in % that can be called, at least 0
 * @param looks how many times a sequential comparison may look at the data, at least 1
 * @param centreShare the share of alpha the centre rows hold between them when other rows are tested too, in (0, 1)
 */
public record VerdictRule(double alpha, double thresholdPercent, int looks, double centreShare) {

    /** Default significance level. */
    public static final double DEFAULT_ALPHA = 0.05;
    /** Default smallest change, in percent. */
    public static final double DEFAULT_THRESHOLD_PERCENT = 2.0;
    /** Forks a side below which every comparison is flagged as weak. */
    public static final int RECOMMENDED_FORKS = 5;
    /** Confidence of the printed shift interval. */
    public static final double INTERVAL_CONFIDENCE = 0.95;
    /** Confidence of the interval whose width is the shift's spread: 50 %, the interquartile range of the estimate. */
    public static final double SPREAD_CONFIDENCE = 0.5;
    /**
     * Least share of the fork-to-fork variance ({@link Row#pairShare()}) that a pair's two forks must have in common to
     * be judged on their differences. A difference carries the noise of both forks, 2 (1 - share) times one fork's
     * variance, and n pairs cannot go below p = 2 / 2^n where n v n independent forks reach 2 / C(2n, n); below a half,
     * the pairs' common part does not pay for that. Where the layout seeds do not carry the forks' modes, pairs share
     * little or none of the variance, and the unpaired interval is the narrower (docs/decisions.md, "Pairing share").
     */
    public static final double PAIRING_MIN_SHARE = 0.5;
    /**
     * Fewest pairs judged on their differences: 5 pairs cannot go below p = 2 / 2^5 = 0.0625 and so can call nothing at
     * 0.05, where 5 v 5 independent forks reach 0.008. With the share taken about each side's own mean, a large change
     * no longer pushes a row of few pairs to the forks' test by accident (a 4-pair {@code bisect} step of a 6,000-tick
     * delay could then judge no row), so the floor is stated here.
     */
    public static final int PAIRING_MIN_PAIRS = 6;
    /**
     * The share of alpha that the centre rows ({@code tmean}) hold between them when other rows are tested beside them:
     * half, the other half going to the tails. The centre is what {@code ab} decides on and what a change to the code
     * moves first; with every row weighted alike, a default {@code ab} of two benchmarks gave each of its 2 centre rows
     * 1/10 of alpha, and one of all five 1/50.
     */
    public static final double DEFAULT_CENTRE_SHARE = 0.5;

    /**
     * @throws IllegalArgumentException "alpha must be in (0, 1), got 1.5", "threshold must not be negative, got -1.0",
     *     "looks must be at least 1, got 0" or "the centre's share of alpha must be in (0, 1), got 1.0"
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
        if (!(centreShare > 0 && centreShare < 1)) {
            throw new IllegalArgumentException("the centre's share of alpha must be in (0, 1), got " + centreShare);
        }
    }

    /** A rule whose centre rows hold {@link #DEFAULT_CENTRE_SHARE} of alpha. */
    public VerdictRule(double alpha, double thresholdPercent, int looks) {
        this(alpha, thresholdPercent, looks, DEFAULT_CENTRE_SHARE);
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
        return new VerdictRule(alpha, thresholdPercent, count, centreShare);
    }

    /** @return the same rule with the centre rows holding {@code share} of alpha between them */
    public VerdictRule withCentreShare(double share) {
        return new VerdictRule(alpha, thresholdPercent, looks, share);
    }

    /** @return the family-wise level of one look: alpha / looks */
    public double lookAlpha() {
        return alpha / looks;
    }

    /**
     * One row of a comparison.
     *
     * @param statistic the statistic
     * @param old A's side
     * @param now B's side
     * @param paired true when {@code old.forksNs()[i]} and {@code now.forksNs()[i]} ran as a pair (next to each other,
     *     the same layout seed): the row is then judged on the pair differences, if the pairs share at least
     *     {@link #PAIRING_MIN_SHARE} of the fork-to-fork variance
     * @param basis what the forks' values are over when not every sample, for the row's test text (e.g. "calm windows,
     *     12 of 13 pairs": {@link CalmRows}); empty for every sample
     * @throws IllegalArgumentException when a paired row's sides have different fork counts
     */
    public record Row(Statistic statistic, Side old, Side now, boolean paired, String basis) {
        public Row {
            if (paired && old.forks() != now.forks()) {
                throw new IllegalArgumentException(
                        "a paired row needs as many forks a side, got " + old.forks() + " v " + now.forks());
            }
            basis = basis == null ? "" : basis;
        }

        /** A row of each fork's value over all its samples. */
        public Row(Statistic statistic, Side old, Side now, boolean paired) {
            this(statistic, old, now, paired, "");
        }

        /** An unpaired row: two independent sets of forks. */
        public Row(Statistic statistic, Side old, Side now) {
            this(statistic, old, now, false);
        }

        /** @return B - A per pair; only meaningful when paired */
        double[] differencesNs() {
            double[] a = old.forksNs();
            double[] b = now.forksNs();
            double[] d = new double[a.length];
            for (int i = 0; i < d.length; i++) {
                d[i] = b[i] - a[i];
            }
            return d;
        }

        /**
         * The share of the fork-to-fork variance that the two forks of a pair have in common: the covariance of a
         * pair's two values, each about its own side's mean, over the two sides' mean variance; 1 when a pair's two
         * values move together, 0 when pairing tells nothing. Each side about its own mean, so that a change between A
         * and B does not read as pairs that share nothing: about the grand mean of both sides (the rule before), B's
         * shift counted against the pairs, and a real slowdown as large as the forks' spread put the share below the
         * floor where the pairs shared most of it, so the row was judged as independent forks and missed
         * (docs/decisions.md, "Pairing share"). Swapping A's and B's values of one pair moves each side's mean by 1/n
         * of the pair's difference, so choosing the test by it leaves the signed-rank test's null distribution (all 2^n
         * swaps) nearly, not exactly, as it is: the false alarms are counted by simulation
         * ({@code VerdictRuleSimulationTest}). NaN for fewer than 2 pairs or no spread at all.
         */
        double pairShare() {
            double[] a = old.forksNs();
            double[] b = now.forksNs();
            if (!paired || a.length < 2) {
                return Double.NaN;
            }
            double meanA = 0;
            double meanB = 0;
            for (int i = 0; i < a.length; i++) {
                meanA += a[i];
                meanB += b[i];
            }
            meanA /= a.length;
            meanB /= b.length;
            double together = 0;
            double each = 0;
            for (int i = 0; i < a.length; i++) {
                together += (a[i] - meanA) * (b[i] - meanB);
                each += ((a[i] - meanA) * (a[i] - meanA) + (b[i] - meanB) * (b[i] - meanB)) / 2;
            }
            return each > 0 ? together / each : Double.NaN;
        }

        /**
         * @return whether the row is judged on its pair differences: it ran as {@link #PAIRING_MIN_PAIRS} pairs or more
         *     that share at least {@link #PAIRING_MIN_SHARE}
         */
        boolean judgedAsPairs() {
            return paired && old.forks() >= PAIRING_MIN_PAIRS && pairShare() >= PAIRING_MIN_SHARE;
        }

        /**
         * @return "signed-rank, 15 pairs (pairs share 72%)" or "Mann-Whitney U, 15 v 15 forks (pairs share 12%)", and
         *     the values' basis after it when not every sample ("; calm windows: ...")
         */
        String testName() {
            double share = pairShare();
            String shared = Double.isNaN(share) ? "" : String.format(Locale.ROOT, " (pairs share %.0f%%)", 100 * share);
            return (judgedAsPairs()
                            ? "signed-rank, " + old.forks() + " pairs" + shared
                            : "Mann-Whitney U, " + old.forks() + " v " + now.forks() + " forks" + shared)
                    + (basis.isEmpty() ? "" : "; " + basis);
        }

        /** @return the smallest two-sided exact p this row's fork counts can give */
        double smallestP() {
            return judgedAsPairs()
                    ? SignedRank.smallestTwoSidedP(old.forks())
                    : MannWhitney.smallestTwoSidedP(old.forks(), now.forks());
        }

        /** @return the two-sided p-value of B's values shifted by {@code deltaNs} (0: the data as measured) */
        double pValue(double deltaNs) {
            if (judgedAsPairs()) {
                double[] d = differencesNs();
                for (int i = 0; i < d.length; i++) {
                    d[i] += deltaNs;
                }
                return SignedRank.test(d).pValue();
            }
            double[] b = now.forksNs();
            for (int i = 0; i < b.length; i++) {
                b[i] += deltaNs;
            }
            return MannWhitney.test(old.forksNs(), b).pValue();
        }

        /**
         * @return the deltas of {@link #pValue} at which the test's ranks can change, so that its p is one value
         *     between two neighbours: for pairs where a difference changes sign ({@code -d[i]}) or two swap magnitude
         *     ({@code -(d[i] + d[j]) / 2}), for forks where a B value passes an A value ({@code a[i] - b[j]})
         */
        double[] rankChangesNs() {
            if (judgedAsPairs()) {
                double[] d = differencesNs();
                double[] changes = new double[d.length * (d.length + 1) / 2];
                int k = 0;
                for (int i = 0; i < d.length; i++) {
                    for (int j = i; j < d.length; j++) {
                        changes[k++] = -(d[i] + d[j]) / 2;
                    }
                }
                return changes;
            }
            double[] a = old.forksNs();
            double[] b = now.forksNs();
            double[] changes = new double[a.length * b.length];
            int k = 0;
            for (double x : a) {
                for (double y : b) {
                    changes[k++] = x - y;
                }
            }
            return changes;
        }

        /** @return the Hodges-Lehmann shift with its interval at {@code confidence} */
        ShiftEstimate shift(double confidence) {
            if (old.forks() == 0 || now.forks() == 0) {
                return ShiftEstimate.NONE;
            }
            return judgedAsPairs()
                    ? ShiftEstimate.paired(differencesNs(), 1 - confidence)
                    : ShiftEstimate.of(old.forksNs(), now.forksNs(), 1 - confidence);
        }
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
            unreliable[i] = unreliableWhy(row);
            if (unreliable[i] == null) {
                if (row.judgedAsPairs()) {
                    p[i] = row.pValue(0);
                    exact[i] = true;
                } else {
                    MannWhitney.Result test =
                            MannWhitney.test(row.old().forksNs(), row.now().forksNs());
                    p[i] = test.pValue();
                    exact[i] = test.exact();
                }
                family++;
            } else {
                p[i] = Double.NaN;
            }
        }
        double[] weights = weights(rows, p);
        double[] adjusted = Holm.adjust(p, weights);
        List<Comparison> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            // the strictest level this row faces: Holm's first step, its weight's share of the look's alpha
            out.add(verdict(rows.get(i), unreliable[i], p[i], adjusted[i], exact[i], lookAlpha() * weights[i]));
        }
        return out;
    }

    /**
     * Each row's share of the family's alpha (summing to 1 over the rows tested): the centre rows
     * ({@link Statistic#centreOf}) hold {@link #centreShare} of it between them and the other rows the rest, each row
     * of a group alike; when only one group is tested it holds all. NaN p-values (rows not tested) get a weight of 1
     * and are not part of the family.
     */
    double[] weights(List<Row> rows, double[] p) {
        Statistic centre = Statistic.centreOf(rows.stream().map(Row::statistic).toList());
        int centreRows = 0;
        int otherRows = 0;
        for (int i = 0; i < rows.size(); i++) {
            if (!Double.isNaN(p[i])) {
                if (rows.get(i).statistic() == centre) {
                    centreRows++;
                } else {
                    otherRows++;
                }
            }
        }
        double share = otherRows == 0 ? 1 : centreRows == 0 ? 0 : centreShare;
        double[] weights = new double[rows.size()];
        for (int i = 0; i < rows.size(); i++) {
            if (Double.isNaN(p[i])) {
                weights[i] = 1;
            } else {
                weights[i] = rows.get(i).statistic() == centre ? share / centreRows : (1 - share) / otherRows;
            }
        }
        return weights;
    }

    private Comparison verdict(
            Row row, String unreliable, double p, double pAdjusted, boolean exact, double strictest) {
        Side old = row.old();
        Side now = row.now();
        double centre = old.medianNs();
        ShiftEstimate shift = row.shift(INTERVAL_CONFIDENCE);
        double spread = row.shift(SPREAD_CONFIDENCE).widthNs();
        double shiftPercent = percentOf(shift.shiftNs(), centre);
        double pooledChange = changePercent(old.pooledNs(), now.pooledNs());
        double detectable =
                unreliable != null ? Double.NaN : detectablePercent(row, shift.shiftNs(), spread, centre, strictest);
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
            reason = String.format(
                    Locale.ROOT,
                    "shift %.2f ns within its spread (50%% interval) %.2f ns",
                    Math.abs(shift.shiftNs()),
                    spread);
        } else if (!(Math.abs(shiftPercent) >= thresholdPercent)) {
            verdict = Verdict.NO_CHANGE;
            reason = String.format(
                    Locale.ROOT, "|shift| %.1f%% < %s%%", Math.abs(shiftPercent), formatThreshold(thresholdPercent));
        } else if (Math.signum(pooledChange) != Math.signum(shift.shiftNs())) {
            verdict = Verdict.NO_CHANGE;
            reason = "pooled change and per-fork shift disagree in direction";
        } else {
            verdict = shift.shiftNs() > 0 ? Verdict.SLOWER : Verdict.FASTER;
            reason = String.format(
                    Locale.ROOT,
                    "Holm p %s, shift %.2f ns > its spread %.2f ns",
                    formatP(pAdjusted),
                    Math.abs(shift.shiftNs()),
                    spread);
        }
        return new Comparison(
                row.statistic(),
                old.pooledNs(),
                now.pooledNs(),
                pooledChange,
                old.forksNs(),
                now.forksNs(),
                old.iqrNs(),
                now.iqrNs(),
                shift.shiftNs(),
                shiftPercent,
                shift.lowNs(),
                shift.highNs(),
                spread,
                row.judgedAsPairs(),
                row.testName(),
                p,
                pAdjusted,
                unreliable == null && exact,
                detectable,
                verdict,
                reason);
    }

    /**
     * The smallest change, in % of A's per-fork median, that this row would have called: B's values with the measured
     * shift taken out, then moved by the smallest amount (either way; the larger of the two is returned) at which the
     * test's p falls below {@code level}, the shift clears its spread and the threshold. Infinite when the fork counts
     * cannot reach {@code level} however far the sides are moved apart.
     */
    double detectablePercent(Row row, double shiftNs, double spreadNs, double centre, double level) {
        if (!(row.smallestP() < level) || !(centre != 0) || Double.isNaN(shiftNs)) {
            return Double.POSITIVE_INFINITY;
        }
        double testNs = Math.max(detectableShiftNs(row, shiftNs, level, 1), detectableShiftNs(row, shiftNs, level, -1));
        double thresholdNs = Math.abs(centre) * thresholdPercent / 100;
        return Math.max(Math.max(testNs, spreadNs), thresholdNs) / Math.abs(centre) * 100;
    }

    /**
     * @return the smallest delta >= 0 at which the row's values, their shift removed and moved by sign x delta, test
     *     below level
     */
    private static double detectableShiftNs(Row row, double shiftNs, double level, int sign) {
        double hi = 0;
        double[] a = row.old().forksNs();
        double[] b = row.now().forksNs();
        // far enough that the sides no longer overlap (every pair difference of one sign): the smallest p there is
        for (double x : a) {
            for (double y : b) {
                hi = Math.max(hi, Math.abs(y - shiftNs - x));
            }
        }
        hi = hi * 2 + Math.max(1e-9, Math.abs(shiftNs));
        if (!(row.pValue(sign * hi - shiftNs) < level)) {
            return Double.POSITIVE_INFINITY;
        }
        if (row.pValue(-shiftNs) < level) {
            return 0;
        }
        // p is one value between two neighbouring deltas at which the ranks change: search those, not the line
        double[] changes = row.rankChangesNs();
        double[] steps = new double[changes.length];
        int count = 0;
        for (double change : changes) {
            double delta = sign * (change + shiftNs);
            if (delta > 0 && delta < hi) {
                steps[count++] = delta;
            }
        }
        Arrays.sort(steps, 0, count);
        int distinct = 0;
        for (int i = 0; i < count; i++) {
            if (distinct == 0 || steps[i] != steps[distinct - 1]) {
                steps[distinct++] = steps[i];
            }
        }
        // the smallest k whose stretch (steps[k - 1], steps[k]) tests below level; the last, up to hi, does
        int low = 0;
        int high = distinct;
        while (low < high) {
            int k = (low + high) >>> 1;
            double inside = ((k == 0 ? 0 : steps[k - 1]) + steps[k]) / 2;
            if (row.pValue(sign * inside - shiftNs) < level) {
                high = k;
            } else {
                low = k + 1;
            }
        }
        return low == 0 ? 0 : steps[low - 1];
    }

    /** @return why no test can be made, or null when one can */
    private String unreliableWhy(Row row) {
        Side old = row.old();
        Side now = row.now();
        if (row.judgedAsPairs() && old.forks() < 2) {
            return old.forks() + " pairs: at least 2 needed";
        }
        if (old.forks() < 2 || now.forks() < 2) {
            return old.forks() + " v " + now.forks() + " forks: at least 2 a side needed";
        }
        double smallest = row.smallestP();
        if (!(smallest < lookAlpha())) {
            return String.format(
                    Locale.ROOT,
                    "%s cannot reach p < %s (smallest p %s)",
                    row.judgedAsPairs() ? old.forks() + " pairs" : old.forks() + " v " + now.forks() + " forks",
                    formatAlpha(lookAlpha()),
                    formatP(smallest));
        }
        if (old.unreliableWhy() != null) {
            return "old: " + old.unreliableWhy();
        }
        if (now.unreliableWhy() != null) {
            return "new: " + now.unreliableWhy();
        }
        if (hasNaN(old.forksNs())
                || hasNaN(now.forksNs())
                || Double.isNaN(old.pooledNs())
                || Double.isNaN(now.pooledNs())) {
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
