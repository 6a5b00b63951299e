package io.stagebench.store;

import io.stagebench.result.BenchmarkOutcome;
import io.stagebench.stats.StageSummary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * A run in the input formats of two continuous-benchmarking trackers, written beside {@code summary.json}, so CI can
 * publish a run without converting it:
 *
 * <ul>
 *   <li>{@value #BMF_FILE}: Bencher Metric Format. One benchmark per series, {@code stagebench.<benchmark>.<series>},
 *       one measure per statistic with its unit in its slug ({@code p50-ns}, {@code p99-ns}, {@code tmean-ns} ...);
 *       {@code value} is the statistic of every fork's samples merged, {@code lower_value} and {@code upper_value} the
 *       lowest and highest fork's.
 *   <li>{@value #GITHUB_FILE}: github-action-benchmark's {@code customSmallerIsBetter}. One entry per series and
 *       statistic, named {@code stagebench.<benchmark>.<series> <statistic>}, unit {@code ns}, {@code range} half the
 *       forks' spread ({@code ± x}), {@code extra} the fork and sample counts and the forks' range.
 * </ul>
 *
 * A statistic that is not a number (a series with no samples) is left out of both: the trackers take numbers only. A
 * batched benchmark's names carry {@code [batch K]}: its samples are K-message means, not messages, and a tracker must
 * not put them on one line with an unbatched run's.
 */
public final class TrackerFiles {

    /** Bencher Metric Format, beside summary.json. */
    public static final String BMF_FILE = "bmf.json";
    /** github-action-benchmark's customSmallerIsBetter, beside summary.json. */
    public static final String GITHUB_FILE = "github-action-benchmark.json";

    /** A statistic the trackers get: its name and how to read it from a summary. */
    private record Statistic(String name, ToDoubleFunction<StageSummary> value) {}

    private static final List<Statistic> STATISTICS = List.of(
            new Statistic("tmean", StageSummary::tmeanNs),
            new Statistic("p50", StageSummary::p50Ns),
            new Statistic("p90", StageSummary::p90Ns),
            new Statistic("p99", StageSummary::p99Ns),
            new Statistic("p99.9", StageSummary::p999Ns),
            new Statistic("p99.99", StageSummary::p9999Ns),
            new Statistic("max", StageSummary::maxNs));

    private TrackerFiles() {}

    /** @return the Bencher Metric Format document of {@code outcomes} */
    public static Map<String, Map<String, Map<String, Double>>> bmf(List<BenchmarkOutcome> outcomes) {
        Map<String, Map<String, Map<String, Double>>> out = new LinkedHashMap<>();
        for (Series series : series(outcomes)) {
            Map<String, Map<String, Double>> measures = new LinkedHashMap<>();
            for (Statistic statistic : STATISTICS) {
                if (!series.defined(statistic)) {
                    continue;
                }
                Map<String, Double> metric = new LinkedHashMap<>();
                metric.put("value", statistic.value().applyAsDouble(series.merged()));
                metric.put("lower_value", series.lowest(statistic));
                metric.put("upper_value", series.highest(statistic));
                measures.put(statistic.name() + "-ns", metric);
            }
            out.put(series.name(), measures);
        }
        return out;
    }

    /** @return github-action-benchmark's customSmallerIsBetter document of {@code outcomes} */
    public static List<Map<String, Object>> githubActionBenchmark(List<BenchmarkOutcome> outcomes) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Series series : series(outcomes)) {
            for (Statistic statistic : STATISTICS) {
                if (!series.defined(statistic)) {
                    continue;
                }
                double lo = series.lowest(statistic);
                double hi = series.highest(statistic);
                Map<String, Object> entry = new LinkedHashMap<>();
                entry.put("name", series.name() + " " + statistic.name());
                entry.put("unit", "ns");
                entry.put("value", statistic.value().applyAsDouble(series.merged()));
                entry.put("range", String.format(Locale.ROOT, "± %.1f", (hi - lo) / 2));
                entry.put(
                        "extra",
                        String.format(
                                Locale.ROOT,
                                "%d fork(s), %,d samples; forks %.1f .. %.1f ns",
                                series.forks().size(),
                                series.merged().count(),
                                lo,
                                hi));
                out.add(entry);
            }
        }
        return out;
    }

    /** One series of one benchmark: its tracker name, its merged summary and each fork's. */
    private record Series(String name, StageSummary merged, List<StageSummary> forks) {

        /** @return whether the statistic is a number on the series and every fork: both trackers take numbers only */
        boolean defined(Statistic statistic) {
            return Double.isFinite(statistic.value().applyAsDouble(merged))
                    && forks.stream()
                            .allMatch(f -> Double.isFinite(statistic.value().applyAsDouble(f)));
        }

        double lowest(Statistic statistic) {
            return forks.stream()
                    .mapToDouble(statistic.value())
                    .min()
                    .orElse(statistic.value().applyAsDouble(merged));
        }

        double highest(Statistic statistic) {
            return forks.stream()
                    .mapToDouble(statistic.value())
                    .max()
                    .orElse(statistic.value().applyAsDouble(merged));
        }
    }

    private static List<Series> series(List<BenchmarkOutcome> outcomes) {
        List<Series> out = new ArrayList<>();
        for (BenchmarkOutcome outcome : outcomes) {
            if (outcome.forks().isEmpty()) {
                continue;
            }
            String batch = outcome.batch() > 1 ? "[batch " + outcome.batch() + "]" : "";
            for (StageSummary merged : outcome.summaries()) {
                List<StageSummary> forks = new ArrayList<>();
                for (int i = 0; i < outcome.forks().size(); i++) {
                    outcome.forkSummaries(i).stream()
                            .filter(s -> s.stage().equals(merged.stage()))
                            .forEach(forks::add);
                }
                out.add(new Series(
                        "stagebench." + outcome.descriptor().name() + "." + merged.stage() + batch, merged, forks));
            }
        }
        return out;
    }
}
