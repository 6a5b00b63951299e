package io.stagebench.store;

import io.stagebench.api.ParameterDeclaration;
import io.stagebench.config.RunConfig;
import io.stagebench.link.ForkResult;
import io.stagebench.registry.ParamSweep;
import io.stagebench.result.BenchmarkOutcome;
import io.stagebench.stats.Distribution;
import io.stagebench.stats.LatencyHistograms;
import io.stagebench.system.BuildInfo;
import io.stagebench.system.Environment;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * A run in JMH's JSON result schema ({@code -rf json}), so tools that read JMH results - JMH Visualizer,
 * continuous-benchmarking actions - read stagebench results unchanged.
 *
 * <p>One entry per benchmark x series, named {@code stagebench.<benchmark>.<series>}, in mode {@code sample} with
 * {@code scoreUnit} {@code ns/op}, and {@code jmhVersion} the JMH version the cross-check benchmarks are built with.
 * The score means what it means in JMH's SampleTime mode; where stagebench departs from JMH it says so:
 *
 * <ul>
 *   <li>{@code score} is the mean of every merged sample, as SampleTime reports - never read it alone: the median and
 *       the tail are beside it;
 *   <li>{@code scoreError} is half the spread of the forks' means (max - min) / 2 - the run-to-run spread, where JMH
 *       writes a 99.9% confidence half-width - and {@code "NaN"} with a single fork, as JMH writes it;
 *       {@code scoreConfidence} is [lowest, highest] fork mean;
 *   <li>{@code scorePercentiles} are exact nearest-rank percentiles of the merged samples, with JMH's keys "0.0" (the
 *       minimum) to "100.0" (the exact maximum);
 *   <li>{@code secondaryMetrics} {@code p0.00}, {@code p0.50}, {@code p0.90}, {@code p0.95}, {@code p0.99},
 *       {@code p0.999}, {@code p0.9999} and {@code p1.00} (JMH 1.37's names for SampleTime's percentiles) carry the
 *       exact percentiles as metrics of their own, shaped as JMH shapes them, so tools that plot only scores plot the
 *       tail;
 *   <li>{@code params} holds every parameter the benchmark declares, with the value measured (the default unless
 *       {@code --param} set it), as strings like JMH's {@code @Param};
 *   <li>{@code rawDataHistogram} holds, per fork, one iteration: the fork's HdrHistogram buckets as [value ns, count]
 *       pairs (integer ns, 3 significant digits).
 * </ul>
 */
public final class JmhResultFile {

    /** File name in the run folder. */
    public static final String FILE = "jmh-result.json";

    /** The percentiles JMH writes, by key. */
    static final double[] PERCENTILES = {0.0, 50.0, 90.0, 95.0, 99.0, 99.9, 99.99, 99.999, 99.9999, 100.0};

    /** The percentiles also written as secondary metrics, by JMH's name for them. */
    static final Map<String, Double> SECONDARY = secondary();

    private static Map<String, Double> secondary() {
        Map<String, Double> m = new LinkedHashMap<>();
        m.put("p0.00", 0.0);
        m.put("p0.50", 50.0);
        m.put("p0.90", 90.0);
        m.put("p0.95", 95.0);
        m.put("p0.99", 99.0);
        m.put("p0.999", 99.9);
        m.put("p0.9999", 99.99);
        m.put("p1.00", 100.0);
        return m;
    }

    private JmhResultFile() {}

    /** @return the JSON tree: a list of JMH result entries */
    public static List<Map<String, Object>> entries(
            RunConfig config, List<BenchmarkOutcome> outcomes, Environment environment) {
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

    /** The parameter naming a batched entry's K: a distribution of K-message means is not one of messages. */
    public static final String BATCH_PARAM = "stagebench.batch";

    private static Map<String, Object> entry(
            RunConfig config, BenchmarkOutcome outcome, String series, Distribution merged, Environment environment) {
        ForkResult first = outcome.forks().get(0);
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("jmhVersion", BuildInfo.current().jmhVersion());
        // a variant of a parameter sweep is JMH's benchmark with its params, not a benchmark of another name
        String name = outcome.descriptor().name();
        Map<String, String> swept = ParamSweep.sweptIn(name);
        e.put("benchmark", "stagebench." + ParamSweep.baseName(name) + "." + series);
        e.put("mode", "sample");
        e.put("threads", 1);
        e.put("forks", outcome.forks().size());
        e.put("jvm", ProcessHandle.current().info().command().orElse(environment.jvmName()));
        e.put("jvmArgs", first.run().jvmFlags());
        e.put("jdkVersion", System.getProperty("java.version"));
        e.put("vmName", environment.jvmName());
        e.put("vmVersion", System.getProperty("java.vm.version"));
        e.put("warmupIterations", 1);
        e.put(
                "warmupTime",
                config.warmup().timed()
                        ? config.warmup().warmupMs() + " ms"
                        : config.warmup().warmupMessages() + " ops");
        // batched (--batch K): as JMH's batch size, K calls to a timed operation; the score stays per call
        int batch = outcome.batch();
        e.put("warmupBatchSize", batch);
        e.put("measurementIterations", 1);
        e.put("measurementTime", config.messages() + " ops");
        e.put("measurementBatchSize", batch);
        Map<String, String> params = new TreeMap<>();
        for (ParameterDeclaration p : outcome.descriptor().parameters()) {
            params.put(
                    p.name(), swept.getOrDefault(p.name(), config.params().getOrDefault(p.name(), p.defaultValue())));
        }
        if (batch > 1) {
            // its own variant in JMH tools: the distribution is of K-call means, not of calls
            params.put(BATCH_PARAM, Integer.toString(batch));
        }
        e.put("params", params);
        Map<String, Object> primary = new LinkedHashMap<>();
        List<Distribution> forks = outcome.perFork().getOrDefault(series, List.of());
        double lo = forks.stream().mapToDouble(JmhResultFile::mean).min().orElse(Double.NaN);
        double hi = forks.stream().mapToDouble(JmhResultFile::mean).max().orElse(Double.NaN);
        primary.put("score", mean(merged));
        primary.put("scoreError", forks.size() > 1 ? (Object) ((hi - lo) / 2) : "NaN");
        primary.put("scoreConfidence", forks.size() > 1 ? List.of(lo, hi) : List.of("NaN", "NaN"));
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
        Map<String, Object> secondary = new LinkedHashMap<>();
        SECONDARY.forEach((metricName, percentile) -> {
            Map<String, Object> metric = new LinkedHashMap<>();
            double value = valueAt(merged, percentile);
            metric.put("score", value);
            metric.put("scoreError", "NaN");
            metric.put("scoreConfidence", List.of("NaN", "NaN"));
            // as JMH writes a secondary metric of one value: every percentile of it is that value
            Map<String, Object> flat = new LinkedHashMap<>();
            for (double p : PERCENTILES) {
                flat.put(key(p), value);
            }
            metric.put("scorePercentiles", flat);
            metric.put("scoreUnit", "ns/op");
            metric.put("rawData", List.of(List.of(value)));
            secondary.put(metricName, metric);
        });
        e.put("secondaryMetrics", secondary);
        return e;
    }

    /** @return the mean of every sample, SampleTime's score */
    static double mean(Distribution d) {
        return d.trimmedMean(100);
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
