package io.stagebench.store;

import io.stagebench.clock.Calibration;
import io.stagebench.clock.ClockBinding;
import io.stagebench.clock.ProbeOverhead;
import io.stagebench.config.RunConfig;
import io.stagebench.io.AtomicFiles;
import io.stagebench.json.Json;
import io.stagebench.link.ForkChecks;
import io.stagebench.link.ForkMeasurement;
import io.stagebench.link.ForkPlacement;
import io.stagebench.link.ForkResult;
import io.stagebench.link.ForkRuler;
import io.stagebench.link.ForkRun;
import io.stagebench.link.LinkVersion;
import io.stagebench.link.Mode;
import io.stagebench.link.Warmup;
import io.stagebench.registry.BenchmarkDescriptor;
import io.stagebench.result.BenchmarkOutcome;
import io.stagebench.result.RepetitionCosts;
import io.stagebench.result.SpreadComponents;
import io.stagebench.stats.Distribution;
import io.stagebench.stats.StageSummary;
import io.stagebench.system.Environment;
import io.stagebench.system.GitInfo;
import io.stagebench.system.MeasuredCode;
import io.stagebench.system.SystemFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/** Synthetic runs with known samples, written through the real store. */
public final class RunFixture {

    /** Every run's start time. */
    public static final Instant START = Instant.parse("2025-03-04T10:15:30Z");

    public static final List<String> STAGES = List.of("parse", "book");
    public static final String COMMIT = "0123456789abcdef0123456789abcdef01234567";

    private RunFixture() {}

    /**
     * A benchmark "pipe" (parse, book; plus total) of {@code forks} forks x {@code samples} messages, all under 2048
     * ns.
     */
    public static BenchmarkOutcome pipeline(int forks, int samples, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<Map<String, double[]>> perFork = new ArrayList<>();
        for (int f = 1; f <= forks; f++) {
            double[] parse = new double[samples];
            double[] book = new double[samples];
            double[] total = new double[samples];
            for (int i = 0; i < samples; i++) {
                parse[i] = latencyNs(random, 30 + f);
                book[i] = latencyNs(random, 80);
                total[i] = parse[i] + book[i];
            }
            Map<String, double[]> series = new LinkedHashMap<>();
            series.put("parse", parse);
            series.put("book", book);
            series.put("total", total);
            perFork.add(series);
        }
        return outcome("pipe", STAGES, perFork);
    }

    /**
     * A benchmark's outcome as the runner merges it, from each fork's samples.
     *
     * @param perFork per fork (fork 1 first), series name to its samples in ns
     */
    public static BenchmarkOutcome outcome(String name, List<String> stages, List<Map<String, double[]>> perFork) {
        return outcome(name, stages, perFork, List.of());
    }

    /**
     * A benchmark's outcome as the runner merges it when the forks numbered {@code failed} (from 1) failed: the others
     * keep their numbers, and each failed one is a failure line.
     */
    public static BenchmarkOutcome outcome(
            String name, List<String> stages, List<Map<String, double[]>> perFork, List<Integer> failed) {
        BenchmarkDescriptor descriptor = new BenchmarkDescriptor(name, stages, "synthetic", "none." + name);
        Map<String, List<Distribution>> distributions = new LinkedHashMap<>();
        List<ForkResult> results = new ArrayList<>();
        for (int f = 0; f < perFork.size(); f++) {
            if (failed.contains(f + 1)) {
                continue;
            }
            List<StageSummary> summaries = new ArrayList<>();
            perFork.get(f).forEach((series, ns) -> {
                Distribution d = Distribution.of(ns);
                distributions.computeIfAbsent(series, k -> new ArrayList<>()).add(d);
                summaries.add(StageSummary.of(series, d));
            });
            results.add(fork(name, stages, f + 1, summaries));
        }
        Map<String, Distribution> merged = new LinkedHashMap<>();
        distributions.forEach((series, parts) -> merged.put(series, Distribution.merge(parts)));
        List<String> failures = failed.stream()
                .map(f -> name + " fork " + f + "/" + perFork.size()
                        + " killed by SIGKILL (exit status 137); its output is above")
                .toList();
        return new BenchmarkOutcome(descriptor, results, failures, distributions, merged);
    }

    /**
     * Stores a run as a measuring command does: each fork's {@code fork-N.json} as the fork writes it, then everything
     * else through the store's one write call.
     */
    public static void store(
            Path dir, RunConfig config, List<BenchmarkOutcome> outcomes, List<String> warnings, Environment environment)
            throws IOException {
        for (BenchmarkOutcome outcome : outcomes) {
            for (ForkResult fork : outcome.forks()) {
                AtomicFiles.writeString(
                        dir.resolve(RunStore.forkResultPath(
                                outcome.descriptor().name(), fork.run().fork())),
                        Json.write(fork));
            }
        }
        RunStore.create(dir).write(config, outcomes, warnings, environment);
    }

    /** A body around {@code typicalNs} with a rare tail up to ~1 900 ns; fractional like real samples. */
    private static double latencyNs(SplittableRandom random, double typicalNs) {
        double body = typicalNs + random.nextDouble() * typicalNs * 0.5;
        return random.nextInt(500) == 0 ? body + random.nextDouble() * 1_700 : body;
    }

    public static ForkResult fork(String benchmark, List<String> stages, int fork, List<StageSummary> summaries) {
        long start = START.toEpochMilli() + 5_000L * fork;
        return new ForkResult(
                new ForkRun(
                        benchmark,
                        fork,
                        stages,
                        List.of(),
                        Mode.BACK_TO_BACK,
                        0,
                        1,
                        0,
                        1,
                        "Test VM 25",
                        List.of("-Xms1g", "-XX:+UseSerialGC"),
                        List.of("Copy", "MarkSweepCompact")),
                new ForkRuler(
                        ClockBinding.FFM,
                        ClockBinding.FFM,
                        new Calibration(2.6, 2.6, 2.6, 1, 200_000_000),
                        26,
                        1,
                        new ProbeOverhead(40, 42, 100_000)),
                new ForkPlacement(1, 1, "1", true, null, List.of(), null),
                new ForkMeasurement(
                        1_000,
                        2,
                        true,
                        null,
                        summaries.get(0).count(),
                        0,
                        0,
                        7,
                        start,
                        start + 1_500,
                        List.of(),
                        "fork-" + fork + ".raw",
                        null,
                        null),
                new ForkChecks(
                        0,
                        0,
                        0,
                        List.of(),
                        new MeasuredCode(
                                List.of("io.stagebench.forked.MeasureLoop::backToBack", "io.x.Pipe::parse"),
                                List.of(),
                                List.of(),
                                null),
                        List.of(fork + " messages marked the wrong number of stage boundaries"),
                        null),
                LinkVersion.CURRENT);
    }

    public static RunConfig config(Path runDir) {
        return RunConfig.builder(List.of("pipe"), 1, runDir)
                .forks(3)
                .warmup(Warmup.ofMessages(1_000))
                .messages(3_000)
                .overheadPairs(100_000)
                .lockMemory(false)
                .params(Map.of("size", "8"))
                .jvmFlagsInsteadOfDefaults(List.of("-Xms1g", "-XX:+UseSerialGC"))
                .forkTimeoutS(60)
                .build();
    }

    /** An environment read from a small fake machine under {@code fakeRoot}. */
    public static Environment environment(Path fakeRoot, Instant start, String commit, boolean dirty)
            throws IOException {
        write(fakeRoot, "proc/cpuinfo", """
                processor\t: 0
                model name\t: Fixture CPU @ 2.60GHz
                physical id\t: 0
                core id\t\t: 0
                flags\t\t: fpu tsc constant_tsc nonstop_tsc rdtscp
                processor\t: 1
                model name\t: Fixture CPU @ 2.60GHz
                physical id\t: 0
                core id\t\t: 0
                flags\t\t: fpu tsc constant_tsc nonstop_tsc rdtscp
                """);
        write(fakeRoot, "sys/devices/system/cpu/online", "0-1");
        write(fakeRoot, "sys/devices/system/clocksource/clocksource0/current_clocksource", "tsc");
        write(fakeRoot, "sys/devices/system/cpu/cpu0/tsc_freq_khz", "2600000");
        write(fakeRoot, "sys/devices/system/cpu/cpu1/cpufreq/scaling_governor", "powersave");
        return Environment.capture(
                new SystemFiles(fakeRoot),
                new GitInfo(commit, commit.substring(0, 12), dirty, "main"),
                start,
                1,
                List.of("-Xms1g", "-XX:+UseSerialGC"));
    }

    /**
     * Writes a complete run under {@code root/<commit>[-dirty]/<run-id>} through the real store; returns its folder.
     */
    public static Path writeRun(
            Path root, Path fakeRoot, String commit, boolean dirty, Instant start, long seed, List<String> warnings)
            throws IOException {
        Path dir =
                root.resolve(commit.substring(0, 12) + (dirty ? "-dirty" : "")).resolve(RunId.of(start));
        Files.createDirectories(dir);
        store(
                dir,
                config(dir),
                List.of(pipeline(3, 3_000, seed)),
                warnings,
                environment(fakeRoot, start, commit, dirty));
        return dir;
    }

    /**
     * Writes a complete run of "pipe" under {@code root/<COMMIT>/<run-id>} whose stages (and a tag series of parse)
     * spread between forks, setups and within a setup as given, in % ({@code summary.json}'s {@code spread}), and whose
     * forks and setups cost {@code costs}: a pilot for a plan of replicas. Returns its folder.
     */
    public static Path writeMeasuredRun(
            Path root, Path fakeRoot, Instant start, double forkPct, double setupPct, RepetitionCosts costs)
            throws IOException {
        BenchmarkOutcome plain = pipeline(3, 3_000, 1);
        SpreadComponents components = new SpreadComponents(3, 4, 8, 375, 40, forkPct, setupPct, 1.0, 2.8);
        BenchmarkOutcome measured = new BenchmarkOutcome(
                plain.descriptor(),
                plain.forks(),
                plain.failures(),
                plain.perFork(),
                plain.merged(),
                null,
                1,
                Map.of("parse", components, "book", components, "parse[add]", components),
                costs,
                Map.of());
        Path dir = root.resolve(COMMIT.substring(0, 12)).resolve(RunId.of(start));
        Files.createDirectories(dir);
        store(dir, config(dir), List.of(measured), List.of(), environment(fakeRoot, start, COMMIT, false));
        return dir;
    }

    /**
     * Writes a run whose every fork of "pipe" failed - as the store keeps it: the benchmark with its failures and no
     * fork, no summary - under {@code root/<commit>/<run-id>}; returns its folder.
     */
    public static Path writeFailedRun(Path root, Path fakeRoot, String commit, Instant start) throws IOException {
        Path dir = root.resolve(commit.substring(0, 12)).resolve(RunId.of(start));
        Files.createDirectories(dir);
        BenchmarkOutcome failed = new BenchmarkOutcome(
                new BenchmarkDescriptor("pipe", STAGES, "synthetic", "none.pipe"),
                List.of(),
                List.of("pipe fork 1/3 killed by SIGKILL (exit status 137); its output is above"),
                Map.of(),
                Map.of());
        store(dir, config(dir), List.of(failed), List.of(), environment(fakeRoot, start, commit, false));
        return dir;
    }

    private static void write(Path root, String relative, String content) throws IOException {
        Path file = root.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content);
    }
}
