package io.stagebench.store;

import io.stagebench.runner.BenchmarkOutcome;
import io.stagebench.runner.ForkResult;
import io.stagebench.runner.RunConfig;
import io.stagebench.stats.Distribution;
import io.stagebench.stats.LatencyHistograms;
import io.stagebench.system.Environment;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * A run in JMH's JSON result schema ({@code -rf json}), so tools that read JMH results -
 * JMH Visualizer, continuous-benchmarking actions - read stagebench results unchanged.
 *
 * <p>One entry per benchmark x series, named {@code stagebench.<benchmark>.<series>}, in mode
 * {@code sample} with {@code scoreUnit} {@code ns/op}. Deliberate departures from what JMH
 * itself would write, because a mean alone is never reported here:
 * <ul>
 *   <li>{@code score} is the <em>median</em> (exact p50 of the merged samples), not the mean
 *       JMH's SampleTime mode reports;</li>
 *   <li>{@code scoreError} is half the spread of the forks' medians (max - min) / 2 - the
 *       run-to-run spread - and {@code "NaN"} with a single fork, as JMH writes it;
 *       {@code scoreConfidence} is [lowest, highest] fork median;</li>
 *   <li>{@code scorePercentiles} are exact nearest-rank percentiles of the merged samples,
 *       with JMH's keys "0.0" (the minimum) to "100.0" (the exact maximum);</li>
 *   <li>{@code rawDataHistogram} holds, per fork, one iteration: the fork's HdrHistogram
 *       buckets as [value ns, count] pairs (integer ns, 3 significant digits).</li>
 * </ul>
 */
public final class JmhResultFile {

    /** File name in the run folder. */
    public static final String FILE = "jmh-result.json";

    /** The percentiles JMH writes, by key. */
    static final double[] PERCENTILES = {0.0, 50.0, 90.0, 95.0, 99.0, 99.9, 99.99, 99.999, 99.9999, 100.0};

    private JmhResultFile() {
    }

    /** @return the JSON tree: a list of JMH result entries */
    public static List<Map<String, Object>> entries(RunConfig config, List<BenchmarkOutcome> outcomes,
                                                    Environment environment) {
        List<Map<String, Object>> entries = new ArrayList<>();
        for (BenchmarkOutcome outcome : outcomes) {
            if (outcome.forks().isEmpty()) {
                continue;
            }
            for (Map.Entry<String, Distribution> series : outcome.merged().entrySet()) {
                entries.add(entry(config, outcome, series.getKey(), series.getValue(), environment));
            }
        }
        return entries;
    }

    private static Map<String, Object> entry(RunConfig config, BenchmarkOutcome outcome, String series,
                                             Distribution merged, Environment environment) {
        ForkResult first = outcome.forks().get(0);
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("benchmark", "stagebench." + outcome.descriptor().name() + "." + series);
        e.put("mode", "sample");
        e.put("threads", 1);
        e.put("forks", outcome.forks().size());
        e.put("jvm", ProcessHandle.current().info().command().orElse(environment.jvmName()));
        e.put("jvmArgs", first.jvmFlags());
        e.put("jdkVersion", System.getProperty("java.version"));
        e.put("vmName", environment.jvmName());
        e.put("vmVersion", System.getProperty("java.vm.version"));
        e.put("warmupIterations", 1);
        e.put("warmupTime", config.warmupMs() > 0 ? config.warmupMs() + " ms" : config.warmupMessages() + " ops");
        e.put("warmupBatchSize", 1);
        e.put("measurementIterations", 1);
        e.put("measurementTime", config.messages() + " ops");
        e.put("measurementBatchSize", 1);
        if (!config.params().isEmpty()) {
            e.put("params", new LinkedHashMap<>(new java.util.TreeMap<>(config.params())));
        }
        Map<String, Object> primary = new LinkedHashMap<>();
        double[] forkP50s = outcome.forkP50s(series);
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (double p : forkP50s) {
            lo = Math.min(lo, p);
            hi = Math.max(hi, p);
        }
        primary.put("score", merged.percentile(50));
        primary.put("scoreError", forkP50s.length > 1 ? (Object) ((hi - lo) / 2) : "NaN");
        primary.put("scoreConfidence", forkP50s.length > 1 ? List.of(lo, hi) : List.of("NaN", "NaN"));
        Map<String, Object> percentiles = new LinkedHashMap<>();
        for (double p : PERCENTILES) {
            percentiles.put(key(p), valueAt(merged, p));
        }
        primary.put("scorePercentiles", percentiles);
        primary.put("scoreUnit", "ns/op");
        List<Object> perFork = new ArrayList<>();
        for (Distribution fork : outcome.perFork().getOrDefault(series, List.of())) {
            perFork.add(List.of(buckets(LatencyHistograms.of(fork))));
        }
        primary.put("rawDataHistogram", perFork);
        e.put("primaryMetric", primary);
        e.put("secondaryMetrics", Map.of());
        return e;
    }

    /** @return JMH's key of a percentile: "0.0", "50.0", "99.9999", "100.0" */
    static String key(double percentile) {
        return String.valueOf(percentile);
    }

    /** @return the exact value at {@code percentile}: 0 is the minimum, 100 the maximum */
    static double valueAt(Distribution d, double percentile) {
        return percentile == 0.0 ? d.min() : d.percentile(percentile);
    }

    private static List<List<Number>> buckets(Histogram histogram) {
        List<List<Number>> buckets = new ArrayList<>();
        for (HistogramIterationValue v : histogram.recordedValues()) {
            buckets.add(List.of((double) v.getValueIteratedTo(), v.getCountAtValueIteratedTo()));
        }
        return buckets;
    }
}
