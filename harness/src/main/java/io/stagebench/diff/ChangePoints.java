package io.stagebench.diff;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Change points of one statistic along a line of commits: where its level shifts and stays
 * shifted, found from the per-fork values of every commit by binary segmentation with the
 * {@link VerdictRule} between the segments.
 *
 * <p>In a segment of commits, every split that leaves at least {@value #MIN_COMMITS} commits on
 * each side is a candidate; the one whose two sides' forks separate best (the largest
 * standardised Mann-Whitney U) is judged by the verdict rule at alpha divided by the number of
 * candidates (Bonferroni), the forks of all commits on each side pooled as independent forks:
 * the two-sided U test, the Hodges-Lehmann shift beyond its own spread, at least the threshold.
 * One more condition guards against what the test does not count, the level of a whole run
 * moving from one commit's run to the next: the shift must also exceed the commit-to-commit
 * spread on either side (the range of the commits' own medians: the level of no commit's run may
 * reach across the shift). A split that
 * passes is a change point, and both halves are searched again; one that does not ends the
 * search in that segment.
 *
 * <p>False alarms: with no change in the line and forks exchangeable between commits, the
 * first test calls a change with probability at most alpha, and only a call starts further
 * tests, so a series gets any false change point with probability at most alpha. A caller that
 * searches several series divides alpha among them ({@code history} does). A shift of less than
 * the threshold, or within the commit-to-commit spread, is never called however many forks
 * agree on it.
 *
 * <p>A commit's per-fork values are a {@link Side}; its pooled value is not used here, and a
 * segment's "pooled" value is the median of its forks, for the direction check of the rule.
 */
public final class ChangePoints {

    /** Family-wise false-alarm rate of the change points of a {@code history} report, by default. */
    public static final double DEFAULT_ALPHA = 0.01;
    /** Fewest commits either side of a change point: a shift must persist over more than one commit to be one. */
    public static final int MIN_COMMITS = 2;

    private ChangePoints() {
    }

    /**
     * One change point.
     *
     * @param index      the first commit of the new level (an index into the commits searched)
     * @param from       the first commit of the segment it was found in
     * @param to         one past the segment's last commit
     * @param candidates the splits the segment offered (the Bonferroni divisor)
     * @param comparison the verdict rule's comparison of the forks before against the forks after, within the segment
     * @param commitSpreadNs the larger commit-to-commit spread of the two sides, which the shift exceeded
     */
    public record ChangePoint(int index, int from, int to, int candidates, Comparison comparison, double commitSpreadNs) {

        /** @return "+199.8% (p <0.0001 of 0.002)": the shift, its p and the level it faced */
        public String describe(double alpha) {
            return String.format(Locale.ROOT, "%+.1f%% [%+.1f, %+.1f] (p %s < %s, %d v %d forks)", comparison.shiftPercent(),
                    percent(comparison.shiftLowNs()), percent(comparison.shiftHighNs()),
                    VerdictRule.formatP(comparison.pValue()), VerdictRule.formatAlpha(alpha / candidates),
                    comparison.oldForksNs().length, comparison.newForksNs().length);
        }

        private double percent(double ns) {
            double centre = median(comparison.oldForksNs());
            return centre == 0 ? Double.NaN : ns / centre * 100;
        }
    }

    /**
     * @param commits          per commit, oldest first, the statistic's per-fork values (a commit without forks may be empty)
     * @param statistic        the statistic the values are of
     * @param alpha            the false-alarm rate of this series
     * @param thresholdPercent the smallest shift that can be called, in % of the earlier side's median
     * @return the change points, by commit
     */
    public static List<ChangePoint> find(List<Side> commits, Statistic statistic, double alpha, double thresholdPercent) {
        List<ChangePoint> found = new ArrayList<>();
        search(commits, 0, commits.size(), statistic, alpha, thresholdPercent, found);
        found.sort(Comparator.comparingInt(ChangePoint::index));
        return found;
    }

    private static void search(List<Side> commits, int from, int to, Statistic statistic, double alpha,
                               double thresholdPercent, List<ChangePoint> found) {
        int candidates = to - from - 2 * MIN_COMMITS + 1;
        if (candidates < 1) {
            return;
        }
        int best = bestSplit(commits, from, to);
        if (best < 0) {
            return;
        }
        Side before = pooled(commits.subList(from, best));
        Side after = pooled(commits.subList(best, to));
        Comparison c = new VerdictRule(alpha / candidates, thresholdPercent).judge(statistic, before, after);
        double spread = Math.max(commitSpreadNs(commits.subList(from, best)), commitSpreadNs(commits.subList(best, to)));
        boolean called = (c.verdict() == Verdict.SLOWER || c.verdict() == Verdict.FASTER) && Math.abs(c.shiftNs()) > spread;
        if (!called) {
            return;
        }
        found.add(new ChangePoint(best, from, to, candidates, c, spread));
        search(commits, from, best, statistic, alpha, thresholdPercent, found);
        search(commits, best, to, statistic, alpha, thresholdPercent, found);
    }

    /**
     * @return the split k (from + MIN_COMMITS .. to - MIN_COMMITS) whose forks before and after separate best: the
     *         largest |U - n m / 2| / sd(U), from midranks of the segment's forks; -1 when no split has forks both sides
     */
    static int bestSplit(List<Side> commits, int from, int to) {
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
        int best = -1;
        double bestZ = -1;
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
            double z = Math.abs(u - left * (double) right / 2) / Math.sqrt(left * (double) right * (total + 1) / 12.0);
            if (z > bestZ) {
                bestZ = z;
                best = k;
            }
        }
        return best;
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
        double[] forks = commits.stream().flatMapToDouble(s -> Arrays.stream(s.forksNs())).toArray();
        String unreliable = commits.stream().map(Side::unreliableWhy).filter(w -> w != null).findFirst().orElse(null);
        return new Side(median(forks), forks, unreliable);
    }

    /** @return the range of the commits' own medians: how far the level moved from one commit's run to another's */
    static double commitSpreadNs(List<Side> commits) {
        double[] centres = commits.stream().filter(s -> s.forks() > 0).mapToDouble(Side::medianNs).toArray();
        return centres.length < 2 ? 0 : new Side(0, centres, null).rangeNs();
    }

    static double median(double[] values) {
        return new Side(0, values, null).medianNs();
    }
}
