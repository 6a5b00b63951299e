package io.stagebench.diff;

import io.stagebench.json.Json;
import io.stagebench.stats.StageSummary;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes {@code summary.json} files as the result store does (schema 2 with an environment
 * unless {@link #legacy()}), from synthetic per-fork p50s
 * (the other statistics derived from them: p99 = 1.5 x p50, p99.9 = 2 x, max = 5 x).
 */
public final class SummaryFixture {

    private String schema = "stagebench.run/2";
    private String commit = "0123456789abcdef0123456789abcdef01234567";
    private Map<String, Object> environment = Map.of("cpuModel", "EPYC", "kernel", "6.1.0", "governor", "performance");
    private final Map<String, Object> config = new LinkedHashMap<>(Map.of("binding", "ffm", "cpu", 1,
            "messages", 200_000, "jvmFlags", List.of("-Xms1g")));
    private final List<Map<String, Object>> benchmarks = new ArrayList<>();
    private final List<String> unreliable = new ArrayList<>(List.of("p99.99"));

    public static SummaryFixture run() {
        return new SummaryFixture();
    }

    /** A summary as the first schema wrote it: no environment. */
    public SummaryFixture legacy() {
        schema = "stagebench.run/1";
        environment = null;
        return this;
    }

    public SummaryFixture schema(String value) {
        schema = value;
        return this;
    }

    public SummaryFixture commit(String value) {
        commit = value;
        return this;
    }

    public SummaryFixture environment(Map<String, Object> value) {
        environment = value;
        return this;
    }

    public SummaryFixture config(String key, Object value) {
        config.put(key, value);
        return this;
    }

    /** Marks these statistics unreliable in every summary written after this call. */
    public SummaryFixture unreliable(String... labels) {
        unreliable.clear();
        unreliable.addAll(Arrays.asList(labels));
        return this;
    }

    /**
     * Adds a benchmark.
     *
     * @param stages stage name to its per-fork p50s in ns (every stage the same fork count)
     */
    public SummaryFixture benchmark(String name, Map<String, double[]> stages) {
        int forks = stages.values().iterator().next().length;
        Map<String, Object> b = new LinkedHashMap<>();
        b.put("name", name);
        b.put("stages", List.copyOf(stages.keySet()));
        b.put("forksSucceeded", forks);
        b.put("failures", List.of());
        List<StageSummary> merged = new ArrayList<>();
        stages.forEach((stage, p50s) -> {
            double[] sorted = p50s.clone();
            Arrays.sort(sorted);
            merged.add(summary(stage, sorted[sorted.length / 2], 200_000L * forks));
        });
        b.put("summaries", merged);
        List<Map<String, Object>> forkList = new ArrayList<>();
        for (int f = 0; f < forks; f++) {
            Map<String, Object> fork = new LinkedHashMap<>();
            fork.put("fork", f + 1);
            fork.put("result", "forks/" + name + "/fork-" + (f + 1) + ".json");
            List<StageSummary> own = new ArrayList<>();
            for (Map.Entry<String, double[]> stage : stages.entrySet()) {
                own.add(summary(stage.getKey(), stage.getValue()[f], 200_000));
            }
            fork.put("summaries", own);
            forkList.add(fork);
        }
        b.put("forks", forkList);
        benchmarks.add(b);
        return this;
    }

    private StageSummary summary(String stage, double p50, long count) {
        return new StageSummary(stage, count, p50, 1.2 * p50, 1.5 * p50, 2 * p50, 3 * p50, 5 * p50, 0.8 * p50, unreliable,
                1.05 * p50);
    }

    /** Writes {@code dir/summary.json}; returns {@code dir}. */
    public Path writeTo(Path dir) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("schema", schema);
        root.put("commit", commit);
        root.put("dirty", false);
        root.put("branch", "main");
        root.put("config", config);
        if (environment != null) {
            root.put("environment", environment);
            root.put("startTime", "2026-11-30T05:00:00Z");
        }
        root.put("benchmarks", benchmarks);
        root.put("warnings", List.of());
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve("summary.json"), Json.write(root));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return dir;
    }

    /**
     * @return nine per-fork values around {@code centreNs}, spread evenly over +-{@code jitterNs}:
     *         enough forks for a change to survive the Holm adjustment over a diff's rows
     */
    public static double[] forks(double centreNs, double jitterNs) {
        return new double[] {centreNs - jitterNs, centreNs + jitterNs / 2, centreNs, centreNs - jitterNs / 2, centreNs + jitterNs,
            centreNs - 0.75 * jitterNs, centreNs + 0.25 * jitterNs, centreNs - 0.25 * jitterNs, centreNs + 0.75 * jitterNs};
    }
}
