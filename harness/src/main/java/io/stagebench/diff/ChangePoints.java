package io.stagebench.diff;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * Change points of one statistic along a line of commits: where its level shifts and stays shifted, found from the
 * per-fork values of every commit by binary segmentation with the {@link VerdictRule} between the segments.
 *
 * <p>In a segment of commits, every split that leaves at least {@value #MIN_COMMITS} commits on each side is a
 * candidate, judged at alpha divided by the number of candidates (Bonferroni), in order of how well its two sides'
 * forks separate (the standardised Mann-Whitney U); the first one called is the change point, and both halves are
 * searched again. A split is called when two tests agree. The verdict rule, over the forks of all commits on each side
 * pooled as independent forks: the two-sided U test, the Hodges-Lehmann shift beyond its own spread, at least the
 * threshold. And, with the commit as the unit, against what the fork test cannot see - the level of a whole run moving
 * from one commit's run to the next, which all forks of a run share - a two-sided t test of the commits' own values
 * (the median of each commit's forks) before against after, its variance pooled within the two sides.
 *
 * <p>False alarms: with no change in the line, a series gets a false change point only if a candidate of the whole line
 * is called - later segments are searched only after a call - and by Bonferroni that happens with probability at most
 * alpha: the fork test is exact when forks are exchangeable between commits, the commit test when the commits' values
 * vary independently and normally about the level (whole runs moving included), and both must call. A caller that
 * searches several series divides alpha among them ({@code history} does). A shift of less than the threshold is never
 * called however many forks agree on it. Not found: a shift that a later commit of the same segment undoes, when
 * neither of its ends alone separates the segment.
 *
 * <p>A commit's per-fork values are a {@link Side}; its pooled value is not used here, and a segment's "pooled" value
 * is the median of its forks, for the direction check of the rule.
 */
public final class ChangePoints {

    /** Family-wise false-alarm rate of the change points of a {@code history} report, by default. */
    public static final double DEFAULT_ALPHA = 0.01;
    /** Fewest commits either side of a change point: a shift must persist over more than one commit to be one. */
    public static final int MIN_COMMITS = 2;

    private ChangePoints() {}

    /**
     * One change point.
     *
     * @param index the first commit of the new level (an index into the commits searched)
     * @param from the first commit of the segment it was found in
     * @param to one past the segment's last commit
     * @param candidates the splits the segment offered (the Bonferroni divisor)
     * @param comparison the verdict rule's comparison of the forks before against the forks after, within the segment
     * @param commitP the two-sided p of the t test of the commits' own values before against after
     */
    public record ChangePoint(int index, int from, int to, int candidates, Comparison comparison, double commitP) {

        /**
         * @return "+199.8% [+199.5, +200.1] (p <0.0001 over 20 v 20 forks, <0.0001 over 4 v 4 commits; level 0.002)"
         */
        public String describe(double alpha) {
            return String.format(
                    Locale.ROOT,
                    "%+.1f%% [%+.1f, %+.1f] (p %s over %d v %d forks, %s over %d v %d commits; level %s)",
                    comparison.shiftPercent(),
                    percent(comparison.shiftLowNs()),
                    percent(comparison.shiftHighNs()),
                    VerdictRule.formatP(comparison.pValue()),
                    comparison.oldForksNs().length,
                    comparison.newForksNs().length,
                    VerdictRule.formatP(commitP),
                    index - from,
                    to - index,
                    VerdictRule.formatAlpha(alpha / candidates));
        }

        private double percent(double ns) {
            double centre = median(comparison.oldForksNs());
            return centre == 0 ? Double.NaN : ns / centre * 100;
        }
    }

    /**
     * @param commits per commit, oldest first, the statistic's per-fork values (a commit without forks may be empty)
     * @param statistic the statistic the values are of
     * @param alpha the false-alarm rate of this series
     * @param thresholdPercent the smallest shift that can be called, in % of the earlier side's median
     * @return the change points, by commit
     */
    public static List<ChangePoint> find(
            List<Side> commits, Statistic statistic, double alpha, double thresholdPercent) {
        List<ChangePoint> found = new ArrayList<>();
        search(commits, 0, commits.size(), statistic, alpha, thresholdPercent, found);
        found.sort(Comparator.comparingInt(ChangePoint::index));
        return found;
    }

    private static void search(
            List<Side> commits,
            int from,
            int to,
            Statistic statistic,
            double alpha,
            double thresholdPercent,
            List<ChangePoint> found) {
        int candidates = to - from - 2 * MIN_COMMITS + 1;
        if (candidates < 1) {
            return;
        }
        double level = alpha / candidates;
        VerdictRule rule = new VerdictRule(level, thresholdPercent);
        for (int split : splitsBySeparation(commits, from, to)) {
            // Bonferroni over the candidates bounds the chance that any of them is called falsely: the first one
            // called,
            // in order of how well its forks separate, is the change point (the cheap commit test first)
            double commitP = commitP(commits.subList(from, split), commits.subList(split, to));
            if (!(commitP < level)) {
                continue;
            }
            Comparison c =
                    rule.judge(statistic, pooled(commits.subList(from, split)), pooled(commits.subList(split, to)));
            if (c.verdict() == Verdict.SLOWER || c.verdict() == Verdict.FASTER) {
                found.add(new ChangePoint(split, from, to, candidates, c, commitP));
                search(commits, from, split, statistic, alpha, thresholdPercent, found);
                search(commits, split, to, statistic, alpha, thresholdPercent, found);
                return;
            }
        }
    }

    /**
     * @return the splits k (from + MIN_COMMITS .. to - MIN_COMMITS) with forks on both sides, those whose forks before
     *     and after separate best first: by |U - n m / 2| / sd(U), from midranks of the segment's forks
     */
    static List<Integer> splitsBySeparation(List<Side> commits, int from, int to) {
        int total = 0;
        for (int i = from; i < to; i++) {
            total += commits.get(i).forks();
        }
        double[] values = new double[total];
        int[] owner = new int[total];
        int at = 0;
        for (int i = from; i < to; i++) {
            for (double v : commits.get(i).forksNs()) {
                values[at] = v;
                owner[at++] = i;
            }
        }
        double[] ranks = midranks(values);
        double[] rankSum = new double[to - from];
        for (int j = 0; j < total; j++) {
            rankSum[owner[j] - from] += ranks[j];
        }
        List<Integer> splits = new ArrayList<>();
        List<Double> separation = new ArrayList<>();
        double leftRanks = 0;
        int left = 0;
        for (int k = from + 1; k <= to - MIN_COMMITS; k++) {
            leftRanks += rankSum[k - 1 - from];
            left += commits.get(k - 1).forks();
            int right = total - left;
            if (k < from + MIN_COMMITS || left == 0 || right == 0) {
                continue;
            }
            double u = leftRanks - left * (left + 1) / 2.0;
            splits.add(k);
            separation.add(
                    Math.abs(u - left * (double) right / 2) / Math.sqrt(left * (double) right * (total + 1) / 12.0));
        }
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < splits.size(); i++) {
            order.add(i);
        }
        order.sort(Comparator.comparingDouble((Integer i) -> -separation.get(i)).thenComparingInt(i -> i));
        return order.stream().map(splits::get).toList();
    }

    private static double[] midranks(double[] values) {
        Integer[] order = new Integer[values.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingDouble(i -> values[i]));
        double[] ranks = new double[values.length];
        for (int i = 0; i < order.length; ) {
            int j = i;
            while (j + 1 < order.length && values[order[j + 1]] == values[order[i]]) {
                j++;
            }
            double rank = (i + j) / 2.0 + 1;
            for (int k = i; k <= j; k++) {
                ranks[order[k]] = rank;
            }
            i = j + 1;
        }
        return ranks;
    }

    /** @return the forks of {@code commits} as one side: "pooled" is their median; unreliable when any commit is */
    static Side pooled(List<Side> commits) {
        double[] forks = commits.stream()
                .flatMapToDouble(s -> Arrays.stream(s.forksNs()))
                .toArray();
        String unreliable = commits.stream()
                .map(Side::unreliableWhy)
                .filter(w -> w != null)
                .findFirst()
                .orElse(null);
        return new Side(median(forks), forks, unreliable);
    }

    /**
     * @return the two-sided p of Student's t test of the commits' own values (the median of each one's forks), before
     *     against after, the variance pooled within the two sides: the commit as the unit, so whatever moves a whole
     *     run between commits counts as noise; 0 when neither side varies and they differ, 1 when they do not
     */
    static double commitP(List<Side> before, List<Side> after) {
        double[] a = before.stream()
                .filter(s -> s.forks() > 0)
                .mapToDouble(Side::medianNs)
                .toArray();
        double[] b = after.stream()
                .filter(s -> s.forks() > 0)
                .mapToDouble(Side::medianNs)
                .toArray();
        int df = a.length + b.length - 2;
        if (a.length < 1 || b.length < 1 || df < 1) {
            return 1;
        }
        double meanA = Arrays.stream(a).average().orElseThrow();
        double meanB = Arrays.stream(b).average().orElseThrow();
        double squares = Arrays.stream(a).map(x -> (x - meanA) * (x - meanA)).sum()
                + Arrays.stream(b).map(x -> (x - meanB) * (x - meanB)).sum();
        double se = Math.sqrt(squares / df * (1.0 / a.length + 1.0 / b.length));
        if (!(se > 0)) {
            return meanA == meanB ? 1 : 0;
        }
        double t = Math.abs(meanB - meanA) / se;
        return Math.min(1, 2 * TDistribution.of(df).survivalProbability(t));
    }

    public static double median(double[] values) {
        return new Side(0, values, null).medianNs();
    }
}
