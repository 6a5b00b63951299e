package io.stagebench.diff;

import io.stagebench.api.TagDeclaration;
import io.stagebench.store.RunHistory;
import io.stagebench.store.StoredRun;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The trend of each series across a line of commits, as {@code stagebench history} prints it: per commit the
 * statistic's per-fork values (every run of the commit on the selection's machine and configuration pooled), their
 * median and range, the verdict of the {@link VerdictRule} against the commit before (the rule {@code diff} uses; Holm
 * over the rows shown for that pair of commits), and the {@link ChangePoints} of the series, at alpha divided among the
 * series shown.
 *
 * @param selection the commits and their runs
 * @param rule the verdict rule of adjacent commits, whose threshold the change points share
 * @param changeAlpha the family-wise false-alarm rate of the change points over every series shown
 * @param trends one per benchmark, series and statistic
 */
public record History(RunHistory.Selection selection, VerdictRule rule, double changeAlpha, List<Trend> trends) {

    public History {
        trends = List.copyOf(trends);
    }

    /**
     * One series and statistic.
     *
     * @param benchmark benchmark name
     * @param series series name
     * @param statistic the statistic
     * @param points one per commit that measured the series, oldest first
     * @param changePoints the change points (their index is into {@code points})
     */
    public record Trend(
            String benchmark,
            String series,
            Statistic statistic,
            List<Point> points,
            List<ChangePoints.ChangePoint> changePoints) {

        public Trend {
            points = List.copyOf(points);
            changePoints = List.copyOf(changePoints);
        }

        /** @return "hold/hold tmean", or "pipeline/encode p99" */
        public String name() {
            return benchmark + "/" + series + " " + statistic.label();
        }

        /** @return the change point whose new level starts at {@code point}, if any */
        public Optional<ChangePoints.ChangePoint> changePointAt(int point) {
            return changePoints.stream().filter(c -> c.index() == point).findFirst();
        }
    }

    /**
     * One commit of a trend.
     *
     * @param commit the commit and its runs
     * @param side the statistic's per-fork values (pooled over the commit's runs)
     * @param previous the verdict against the trend's previous commit, or null for the first
     */
    public record Point(RunHistory.CommitRuns commit, Side side, Comparison previous) {

        /** @return the median of the per-fork values: the commit's value */
        public double centreNs() {
            return side.medianNs();
        }

        /** @return the lowest fork's value */
        public double lowNs() {
            return Arrays.stream(side.forksNs()).min().orElse(Double.NaN);
        }

        /** @return the highest fork's value */
        public double highNs() {
            return Arrays.stream(side.forksNs()).max().orElse(Double.NaN);
        }
    }

    /**
     * @param wanted "benchmark" (every series of it) or "benchmark/series"; empty for every benchmark and series of the
     *     newest run
     * @param statistics the statistics, at least one
     * @throws DiffException "no benchmark 'x' in the runs selected (stored: a, b)", "benchmark a has no series 'y'
     *     (...)"
     */
    public static History of(
            RunHistory.Selection selection,
            List<String> wanted,
            List<Statistic> statistics,
            VerdictRule rule,
            double changeAlpha) {
        Map<String, List<String>> series = series(selection, wanted);
        List<PendingTrend> pending = new ArrayList<>();
        for (Map.Entry<String, List<String>> benchmark : series.entrySet()) {
            for (String s : benchmark.getValue()) {
                for (Statistic statistic : statistics) {
                    List<RunHistory.CommitRuns> commits = new ArrayList<>();
                    List<Side> sides = new ArrayList<>();
                    for (RunHistory.CommitRuns commit : selection.commits()) {
                        Optional<StoredRun.Benchmark> b = commit.benchmark(benchmark.getKey());
                        if (b.isEmpty()
                                || b.get().summary(s).isEmpty()
                                || b.get().forks().stream()
                                        .allMatch(f -> f.summary(s).isEmpty())) {
                            continue;
                        }
                        commits.add(commit);
                        sides.add(RunDiff.side(b.get(), b.get().forks(), s, statistic));
                    }
                    pending.add(new PendingTrend(benchmark.getKey(), s, statistic, commits, sides));
                }
            }
        }
        // the rows of one pair of adjacent commits are one Holm family, as one diff of the two would be
        Map<String, List<VerdictRule.Row>> families = new LinkedHashMap<>();
        for (PendingTrend t : pending) {
            for (int i = 1; i < t.commits().size(); i++) {
                families.computeIfAbsent(pairKey(t, i), k -> new ArrayList<>())
                        .add(new VerdictRule.Row(
                                t.statistic(), t.sides().get(i - 1), t.sides().get(i)));
            }
        }
        Map<String, List<Comparison>> judged = new LinkedHashMap<>();
        families.forEach((key, rows) -> judged.put(key, new ArrayList<>(rule.judgeAll(rows))));
        double perSeries = changeAlpha / Math.max(1, pending.size());
        List<Trend> trends = new ArrayList<>();
        for (PendingTrend t : pending) {
            List<Point> points = new ArrayList<>();
            for (int i = 0; i < t.commits().size(); i++) {
                Comparison previous = i == 0 ? null : judged.get(pairKey(t, i)).remove(0);
                points.add(new Point(t.commits().get(i), t.sides().get(i), previous));
            }
            trends.add(new Trend(
                    t.benchmark(),
                    t.series(),
                    t.statistic(),
                    points,
                    ChangePoints.find(t.sides(), t.statistic(), perSeries, rule.thresholdPercent())));
        }
        return new History(selection, rule, changeAlpha, trends);
    }

    /** @return the false-alarm rate each series' change points were searched at: the family's alpha over the series */
    public double seriesAlpha() {
        return changeAlpha / Math.max(1, trends.size());
    }

    private record PendingTrend(
            String benchmark,
            String series,
            Statistic statistic,
            List<RunHistory.CommitRuns> commits,
            List<Side> sides) {}

    private static String pairKey(PendingTrend t, int i) {
        return t.commits().get(i - 1).commit().hash() + ".."
                + t.commits().get(i).commit().hash();
    }

    /** @return benchmark to its series, as wanted, in the newest run's order */
    private static Map<String, List<String>> series(RunHistory.Selection selection, List<String> wanted) {
        Map<String, Set<String>> stored = new LinkedHashMap<>();
        for (int i = selection.commits().size() - 1; i >= 0; i--) {
            RunHistory.CommitRuns commit = selection.commits().get(i);
            for (StoredRun run : commit.runs()) {
                for (StoredRun.Benchmark b : run.benchmarks()) {
                    if (commit.pools(b)) {
                        stored.computeIfAbsent(b.name(), k -> new LinkedHashSet<>())
                                .addAll(b.series());
                    }
                }
            }
        }
        Map<String, List<String>> out = new LinkedHashMap<>();
        // a stage's tag series (stage[tag]) only when named: each series is one more Bonferroni share of alpha
        if (wanted.isEmpty()) {
            stored.forEach((b, s) -> out.put(
                    b,
                    s.stream()
                            .filter(one -> TagDeclaration.stageOf(one).isEmpty())
                            .toList()));
            return out;
        }
        for (String w : wanted) {
            int slash = w.indexOf('/');
            String benchmark = slash < 0 ? w : w.substring(0, slash);
            Set<String> series = stored.get(benchmark);
            if (series == null) {
                throw new DiffException("no benchmark '" + benchmark + "' in the runs selected (they have: "
                        + String.join(", ", stored.keySet()) + ")");
            }
            List<String> list = out.computeIfAbsent(benchmark, k -> new ArrayList<>());
            if (slash < 0) {
                series.stream()
                        .filter(s ->
                                !list.contains(s) && TagDeclaration.stageOf(s).isEmpty())
                        .forEach(list::add);
            } else {
                String one = w.substring(slash + 1);
                if (!series.contains(one)) {
                    throw new DiffException("benchmark " + benchmark + " has no series '" + one + "' (it has: "
                            + String.join(", ", series) + ")");
                }
                if (!list.contains(one)) {
                    list.add(one);
                }
            }
        }
        return out;
    }
}
