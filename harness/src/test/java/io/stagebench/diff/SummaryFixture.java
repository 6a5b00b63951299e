package io.stagebench.diff;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.stagebench.config.ProfileEvent;
import io.stagebench.config.RunConfig;
import io.stagebench.json.Json;
import io.stagebench.result.BenchmarkOutcome;
import io.stagebench.store.RunFixture;
import io.stagebench.store.RunStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Stored runs with chosen per-fork statistics, written as every measuring command writes them (forks'
 * {@code fork-N.json}, then the store's one write call: histograms, JMH file, {@code summary.json} with an
 * environment). Each fork of a stage gets samples whose p50 is the value asked for and whose other statistics follow
 * from it: p90 = 1.2 x p50, p99 = 1.5 x, p99.9 = 2 x, p99.99 = 3 x, max = 5 x, min = 0.8 x, and the trimmed mean
 * (samples up to p99) about 1.01 x. Below and above the p50 the samples are split evenly, so the pooled p50 of the
 * forks is the median of their p50s.
 */
public final class SummaryFixture {

    /**
     * Samples per fork unless {@link #messages} says otherwise: p99.99 rests on 10 of them, so only it is unreliable.
     */
    private static final int DEFAULT_MESSAGES = 100_000;

    private String commit = RunFixture.COMMIT;
    private int cpu = 1;
    private final List<String> jvmFlags = new ArrayList<>(List.of("-Xms1g"));
    private ProfileEvent profile;
    private int messages = DEFAULT_MESSAGES;
    private final List<String> benchmarks = new ArrayList<>();
    private final List<BenchmarkOutcome> outcomes = new ArrayList<>();
    private int forks;
    private List<Integer> failed = List.of();

    public static SummaryFixture run() {
        return new SummaryFixture();
    }

    public SummaryFixture commit(String value) {
        commit = value;
        return this;
    }

    /** The measuring CPU the run records. */
    public SummaryFixture cpu(int value) {
        cpu = value;
        return this;
    }

    /** Records the run as profiled with {@code --prof event}. */
    public SummaryFixture profiled(ProfileEvent event) {
        profile = event;
        return this;
    }

    /** Adds JVM flags the run records. */
    public SummaryFixture jvmFlags(String... flags) {
        jvmFlags.addAll(Arrays.asList(flags));
        return this;
    }

    /**
     * Samples per fork of every benchmark added after this call (a multiple of 5 000): with 50 000, p99.9 rests on 50
     * samples per fork and is unreliable too.
     */
    public SummaryFixture messages(int perFork) {
        messages = perFork;
        return this;
    }

    /** The forks, numbered from 1, that failed in every benchmark added after this call: they keep no data. */
    public SummaryFixture failed(Integer... forkNumbers) {
        failed = List.of(forkNumbers);
        return this;
    }

    /**
     * Adds a benchmark.
     *
     * @param stages stage name to its per-fork p50s in ns (every stage the same fork count)
     */
    public SummaryFixture benchmark(String name, Map<String, double[]> stages) {
        forks = stages.values().iterator().next().length;
        List<Map<String, double[]>> perFork = new ArrayList<>();
        for (int f = 0; f < forks; f++) {
            Map<String, double[]> series = new LinkedHashMap<>();
            for (Map.Entry<String, double[]> stage : stages.entrySet()) {
                series.put(stage.getKey(), samples(stage.getValue()[f], messages));
            }
            perFork.add(series);
        }
        benchmarks.add(name);
        outcomes.add(RunFixture.outcome(name, List.copyOf(stages.keySet()), perFork, failed));
        return this;
    }

    /**
     * @return {@code n} samples (a multiple of 5 000) with p50 {@code p50Ns} and the other statistics derived from it
     */
    private static double[] samples(double p50Ns, int n) {
        double[] ns = new double[n];
        int unit = n / 1_000;
        fill(ns, 0, 490 * unit, 0.8 * p50Ns);
        fill(ns, 490 * unit, 510 * unit, p50Ns);
        fill(ns, 510 * unit, 950 * unit, 1.2 * p50Ns);
        fill(ns, 950 * unit, 995 * unit, 1.5 * p50Ns);
        fill(ns, 995 * unit, n - n / 5_000, 2 * p50Ns);
        fill(ns, n - n / 5_000, n - 1, 3 * p50Ns);
        ns[n - 1] = 5 * p50Ns;
        return ns;
    }

    private static void fill(double[] ns, int from, int to, double value) {
        Arrays.fill(ns, from, to, value);
    }

    /** Writes the run into {@code dir}; returns {@code dir}. */
    public Path writeTo(Path dir) {
        Path machine = null;
        try {
            Files.createDirectories(dir);
            machine = Files.createTempDirectory("stagebench-machine");
            RunConfig config = RunConfig.builder(benchmarks, cpu, dir)
                    .forks(forks)
                    .messages(messages)
                    .jvmFlags(jvmFlags)
                    .profile(profile)
                    .build();
            RunFixture.store(
                    dir, config, outcomes, List.of(), RunFixture.environment(machine, RunFixture.START, commit, false));
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            delete(machine);
        }
    }

    /**
     * Rewrites a written run's {@code summary.json} as a build that timed the core's loop writes it: fork {@code i} of
     * every benchmark at {@code forkLoopNs[i % length]} (its median over its replicas; 0 for a fork that timed none).
     */
    public static void timeCoreLoop(Path runDir, double... forkLoopNs) {
        Path summary = runDir.resolve(RunStore.SUMMARY);
        try {
            JsonNode root = Json.mapper().readTree(summary.toFile());
            for (JsonNode benchmark : root.get("benchmarks")) {
                JsonNode forks = benchmark.get("forks");
                for (int i = 0; i < forks.size(); i++) {
                    ((ObjectNode) forks.get(i)).put("coreLoopNs", forkLoopNs[i % forkLoopNs.length]);
                }
            }
            Json.mapper().writeValue(summary.toFile(), root);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Rewrites a written run's {@code summary.json} as a build that probes the core writes it: each fork of
     * {@code benchmark} one pass of windows, the first {@code sharedWindows[i]} of fork {@code i}'s met a spell (its
     * probe {@code 1 + slowdown} times the calm one's, its centre of {@code series} as much slower), the rest calm,
     * each calm window's centre the fork's {@code tmean} with the spell's share taken out.
     */
    public static void probeWindows(
            Path runDir, String benchmark, String series, int windows, int[] sharedWindows, double slowdown) {
        Path summary = runDir.resolve(RunStore.SUMMARY);
        try {
            JsonNode root = Json.mapper().readTree(summary.toFile());
            for (JsonNode b : root.get("benchmarks")) {
                if (!b.get("name").asText().equals(benchmark)) {
                    continue;
                }
                JsonNode forks = b.get("forks");
                for (int i = 0; i < forks.size(); i++) {
                    ObjectNode fork = (ObjectNode) forks.get(i);
                    double tmeanNs = 0;
                    for (JsonNode s : fork.get("summaries")) {
                        if (s.get("stage").asText().equals(series)) {
                            tmeanNs = s.get("tmeanNs").asDouble();
                        }
                    }
                    int shared = sharedWindows[i % sharedWindows.length];
                    double calmNs = tmeanNs / (1 + slowdown * shared / windows);
                    ObjectNode core = fork.putObject("coreWindows");
                    core.put("windowRows", 4_000);
                    core.put("perPass", windows);
                    ArrayNode loop = core.putArray("loopNs");
                    ArrayNode centres = fork.putObject("windowCentresNs").putArray(series);
                    for (int w = 0; w < windows; w++) {
                        boolean spell = w < shared;
                        loop.add(2.2 * (spell ? 1 + slowdown : 1 + 0.001 * (w % 3)));
                        centres.add(calmNs * (spell ? 1 + slowdown : 1));
                    }
                }
            }
            Json.mapper().writeValue(summary.toFile(), root);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void delete(Path tree) {
        if (tree == null) {
            return;
        }
        try (Stream<Path> files = Files.walk(tree)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * @return nine per-fork values around {@code centreNs}, spread evenly over +-{@code jitterNs}: enough forks for a
     *     change to survive the Holm adjustment over a diff's rows
     */
    public static double[] forks(double centreNs, double jitterNs) {
        return new double[] {
            centreNs - jitterNs,
            centreNs + jitterNs / 2,
            centreNs,
            centreNs - jitterNs / 2,
            centreNs + jitterNs,
            centreNs - 0.75 * jitterNs,
            centreNs + 0.25 * jitterNs,
            centreNs - 0.25 * jitterNs,
            centreNs + 0.75 * jitterNs
        };
    }
}
