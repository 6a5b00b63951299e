package io.stagebench.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.stagebench.clock.ClockBinding;
import io.stagebench.config.Batch;
import io.stagebench.config.ProfileEvent;
import io.stagebench.config.RunConfig;
import io.stagebench.config.UsageException;
import io.stagebench.forked.ForkExecution;
import io.stagebench.json.Json;
import io.stagebench.link.CoreWindows;
import io.stagebench.link.ForkFiles;
import io.stagebench.link.ForkResult;
import io.stagebench.link.ForkSpec;
import io.stagebench.link.LinkVersion;
import io.stagebench.link.RawStamps;
import io.stagebench.link.Warmup;
import io.stagebench.output.RunReport;
import io.stagebench.process.JvmFork;
import io.stagebench.registry.BenchmarkRegistry;
import io.stagebench.result.BenchmarkOutcome;
import io.stagebench.result.LatencySeries;
import io.stagebench.result.MarkCost;
import io.stagebench.result.ProfileStacks;
import io.stagebench.result.ProfileSummary;
import io.stagebench.result.TailExemplars;
import io.stagebench.system.CpuList;
import io.stagebench.testing.MachineCpus;
import io.stagebench.testing.MeasuresInProcess;
import io.stagebench.testing.StartsProcesses;
import io.stagebench.warning.Warning;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunnerTest {

    @TempDir
    Path runDir;

    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

    /**
     * @return what {@code benchmark} measured in {@code forks} in-process forks, the ones numbered in {@code crashing}
     *     crashed
     */
    private BenchmarkOutcome runInProcess(String benchmark, int forks, int... crashing) throws Exception {
        BenchmarkRegistry registry = BenchmarkRegistry.load();
        return new Runner(
                        config(List.of(benchmark), forks, List.of()),
                        registry,
                        CpuList.parse(""),
                        inProcessExcept(registry, crashing),
                        QUIET)
                .run()
                .get(0);
    }

    /** @return what the first benchmark of {@code config} measured in real forks */
    private static BenchmarkOutcome runInRealForks(RunConfig config) throws Exception {
        return new Runner(config, BenchmarkRegistry.load(), CpuList.parse(""), ForkLauncher.jvm(), QUIET)
                .run()
                .get(0);
    }

    private RunConfig config(List<String> benchmarks, int forks, List<String> jvmFlags) {
        return RunConfig.builder(benchmarks, -1, runDir)
                .forks(forks)
                .warmup(Warmup.ofMessages(2_000))
                .messages(3_000)
                .chunk(500)
                .overheadPairs(100_000)
                .lockMemory(false)
                .jvmFlagsInsteadOfDefaults(jvmFlags)
                .forkTimeoutS(120)
                .build();
    }

    /** Runs forks in this JVM, except the ones listed, which "crash". */
    private static ForkLauncher inProcessExcept(BenchmarkRegistry registry, int... crashing) {
        return (specFile, flags, cpus, timeout) -> {
            int fork = Integer.parseInt(specFile.getFileName().toString().replaceAll("\\D", ""));
            for (int crashed : crashing) {
                if (fork == crashed) {
                    return new JvmFork.Exit(List.of("fake"), 134, false, "", 5, null);
                }
            }
            InProcessForks.run(specFile, registry);
            return InProcessForks.succeeded();
        };
    }

    @MeasuresInProcess
    @Test
    void shouldGiveEachBatchedForkTheDifferenceOfItsPassesMeansAsItsMean() throws Exception {
        BenchmarkRegistry registry = BenchmarkRegistry.load();
        RunConfig config = RunConfig.builder(List.of("test.prepared"), -1, runDir)
                .forks(2)
                .warmup(Warmup.ofMessages(2_000))
                .messages(4_000)
                .chunk(500)
                .overheadPairs(100_000)
                .lockMemory(false)
                .jvmFlagsInsteadOfDefaults(List.of())
                .forkTimeoutS(120)
                .batch(Batch.of(4))
                .build();

        BenchmarkOutcome outcome = new Runner(config, registry, CpuList.parse(""), inProcessExcept(registry), QUIET)
                .run()
                .get(0);

        assertEquals(2, outcome.batchMeansNs().size(), "one a fork");
        for (int i = 0; i < 2; i++) {
            ForkResult fork = outcome.forks().get(i);
            double sumNs = 0;
            long batches = 0;
            for (int r = 1; r <= fork.replicaCount(); r++) {
                ForkResult replica = fork.ofReplica(r);
                RawStamps whole = RawStamps.read(file(replica.measurement().rawFile()));
                RawStamps preparation =
                        RawStamps.read(file(replica.measurement().preparationRawFile()));
                double ticks = 0;
                for (int b = 0; b < whole.count(); b++) {
                    ticks += whole.stage(0, b) - preparation.stage(0, b);
                }
                sumNs += ticks / 4 / replica.ruler().calibration().ticksPerNs();
                batches += whole.count();
            }
            assertEquals(
                    sumNs / batches,
                    outcome.batchMeansNs().get(i),
                    1e-9,
                    "fork " + (i + 1) + ": its whole pass's batches less its preparation's, never cut at 0");
        }
        assertEquals(List.of(), runInProcess("empty", 1).batchMeansNs(), "a run that is not batched has none");
    }

    /** @return the one file of the run named {@code name} (a fork's raw stamps) */
    private Path file(String name) throws IOException {
        try (Stream<Path> files = Files.walk(runDir)) {
            List<Path> found =
                    files.filter(p -> p.getFileName().toString().equals(name)).toList();
            assertEquals(1, found.size(), name + ": " + found);
            return found.get(0);
        }
    }

    /** A real fork whose measured code allocates: its warning names where, from one more pass profiled. */
    @StartsProcesses
    @Test
    void shouldNameWhereAForksMeasuredCodeAllocates() throws Exception {
        RunConfig config = config(List.of("test.allocating"), 1, List.of()).toBuilder()
                .replicas(1)
                .build();

        int allocatingLine = allocatingLine();

        BenchmarkOutcome outcome = runInRealForks(config);

        assertEquals(1, outcome.forks().size(), outcome.failures().toString());
        List<String> warnings = outcome.forks().get(0).checks().warnings();
        assertTrue(
                warnings.stream()
                        .anyMatch(w -> w.contains("bytes during measurement")
                                && w.contains("profiled by async-profiler: 100 % long[] at AllocatingBenchmark.run:"
                                        + allocatingLine + ")")),
                warnings.toString());
    }

    /** @return the line of the test benchmark that allocates on every message */
    private static int allocatingLine() throws IOException {
        List<String> source =
                Files.readAllLines(Path.of("src/test/java/io/stagebench/testbench/AllocatingBenchmark.java"));
        for (int i = 0; i < source.size(); i++) {
            if (source.get(i).contains("new long[]")) {
                return i + 1;
            }
        }
        throw new IllegalStateException("AllocatingBenchmark allocates no long[]");
    }

    /**
     * A real fork that may not load async-profiler: the flight recorder profiles its measured passes and names where
     * they allocate, to the line, and the warning says which profiler ran and why.
     */
    @StartsProcesses
    @Test
    void shouldFallBackToTheFlightRecorderWhereAsyncProfilerMayNotLoad() throws Exception {
        int allocatingLine = allocatingLine();
        RunConfig config = config(List.of("test.allocating"), 1, List.of("-Dstagebench.profiler=jfr")).toBuilder()
                .replicas(1)
                .messages(200_000)
                .warmup(Warmup.ofMessages(20_000))
                .profile(ProfileEvent.CPU)
                .build();

        BenchmarkOutcome outcome = runInRealForks(config);

        assertEquals(1, outcome.forks().size(), outcome.failures().toString());
        List<String> warnings = outcome.forks().get(0).checks().warnings();
        assertTrue(
                warnings.stream()
                        .anyMatch(w -> w.contains(
                                "profiled by JFR: 100 % long[] at AllocatingBenchmark.run:" + allocatingLine + ")")),
                warnings.toString());
        assertTrue(
                warnings.stream()
                        .anyMatch(
                                w -> w.contains("--prof cpu: async-profiler could not load (-Dstagebench.profiler=jfr),"
                                        + " so JFR profiled the measured passes instead")),
                warnings.toString());
        List<String> stacks =
                Files.readAllLines(runDir.resolve("forks/test.allocating").resolve(ForkFiles.profile(1)));
        assertTrue(stacks.stream().anyMatch(s -> s.contains("AllocatingBenchmark.run")), String.join("\n", stacks));
        assertEquals(
                List.of(),
                stacks.stream().filter(s -> !s.contains("KeptPass.measure")).toList(),
                "every sample in a measured pass");
        assertEquals("ns", ProfileStacks.read(runDir, "test.allocating").unit(), "read as time a message");
    }

    /** A real fork under {@code --prof cpu}: its profile holds the measured passes' frames and nothing else. */
    @StartsProcesses
    @Test
    void shouldProfileTheMeasuredPassesOnlyUnderProf() throws Exception {
        RunConfig config = config(List.of("spin"), 1, List.of()).toBuilder()
                .messages(50_000)
                .warmup(Warmup.ofMessages(20_000))
                .params(Map.of("ticks", "100"))
                .profile(ProfileEvent.CPU)
                .build();

        BenchmarkOutcome outcome = runInRealForks(config);

        assertEquals(1, outcome.forks().size(), outcome.failures().toString());
        List<String> stacks = Files.readAllLines(runDir.resolve("forks/spin").resolve(ForkFiles.profile(1)));
        assertTrue(stacks.stream().anyMatch(s -> s.contains("SpinBenchmark.run")), String.join("\n", stacks));
        assertEquals(
                List.of(),
                stacks.stream().filter(s -> !s.contains("KeptPass.measure")).toList(),
                "every sample in a measured pass");
        assertTrue(
                stacks.stream().noneMatch(s -> s.contains("Warmup") || s.contains("RulerReading")),
                "no warm-up or ruler frame");
        assertTrue(Files.exists(runDir.resolve("forks/spin").resolve(ForkFiles.flameGraph(1))));
        assertTrue(ProfileSummary.read(runDir, "spin", 5).samples() > 0, "the launcher reads what the fork wrote");
    }

    @StartsProcesses
    @Test
    void shouldKeepABenchmarksStdoutInALogSoItCannotForgeOrBreakProgress() throws Exception {
        ByteArrayOutputStream seen = new ByteArrayOutputStream();
        PrintStream progress = new PrintStream(seen, true, StandardCharsets.UTF_8);
        Runner runner = new Runner(
                config(List.of("test.noisy"), 1, List.of()),
                BenchmarkRegistry.load(),
                CpuList.parse(""),
                ForkLauncher.jvm(),
                progress);

        BenchmarkOutcome outcome = runner.run().get(0);

        assertEquals(1, outcome.forks().size(), outcome.failures().toString());
        String lines = seen.toString(StandardCharsets.UTF_8);
        // off a terminal the launcher prints the fork's own measuring line, whole, and nothing the benchmark wrote
        assertTrue(lines.lines().anyMatch(l -> l.startsWith("[test.noisy fork 1/1] measuring 3000 messages")), lines);
        assertTrue(!lines.contains("FAKE") && !lines.contains("partial line"), lines);
        Path log = runDir.resolve("forks/test.noisy/fork-1.out");
        // written by each setup: the warm-up's own, then replica 1's
        assertEquals(
                (io.stagebench.testbench.NoisyBenchmark.FAKE + "\na partial line with no newline").repeat(2),
                Files.readString(log));
        assertTrue(
                outcome.forks().get(0).checks().warnings().stream()
                        .anyMatch(w -> w.startsWith("the benchmark wrote ") && w.contains(log.toString())),
                outcome.forks().get(0).checks().warnings().toString());
    }

    @MeasuresInProcess
    @Test
    void shouldReportACrashedForkAndKeepTheOthers() throws Exception {
        BenchmarkOutcome outcome = runInProcess("empty", 3, 2);

        assertEquals(
                List.of(1, 3), outcome.forks().stream().map(f -> f.run().fork()).toList());
        assertEquals(1, outcome.failures().size());
        assertTrue(
                outcome.failures().get(0).contains("empty fork 2/3 killed by SIGABRT (exit status 134)"),
                outcome.failures().get(0));
        assertEquals(6_000, outcome.merged().get("empty").count());
        assertEquals(2, outcome.perFork().get("empty").size());
    }

    @MeasuresInProcess
    @Test
    void shouldSayHowLongAForkTookFromItsLaunchToItsFirstMeasuredMessage() throws Exception {
        BenchmarkOutcome outcome = runInProcess("empty", 2);

        assertEquals(2, outcome.forks().size(), outcome.failures().toString());
        Double startS = outcome.costs().startS();
        assertTrue(
                startS != null && startS > 0 && startS <= outcome.costs().forkS(),
                "measuring from " + startS + " s of a fork of "
                        + outcome.costs().forkS() + " s");
        assertTrue(
                outcome.costs().describe().contains(" (measuring from "),
                outcome.costs().describe());
    }

    @Test
    void shouldRefuseABuildOfANewerLinkInOneLineBeforeAnyOfItsForksStarts() {
        List<Path> launched = new ArrayList<>();
        ForkLauncher newer = new ForkLauncher() {
            @Override
            public JvmFork.Exit launch(Path specFile, List<String> flags, CpuList cpus, Duration timeout) {
                launched.add(specFile);
                return InProcessForks.succeeded();
            }

            @Override
            public int linkVersion() {
                return LinkVersion.CURRENT + 1;
            }
        };
        Runner runner = new Runner(
                config(List.of("empty"), 2, List.of()), BenchmarkRegistry.load(), CpuList.parse(""), newer, QUIET);

        UsageException refused = assertThrows(UsageException.class, runner::run);

        assertTrue(
                refused.getMessage().startsWith("the forks' build speaks link version " + (LinkVersion.CURRENT + 1)),
                refused.getMessage());
        assertEquals(List.of(), launched);
    }

    @MeasuresInProcess
    @Test
    void shouldSayAForkThatExitedZeroWithoutItsResultWasEndedFromInside() throws Exception {
        BenchmarkRegistry registry = BenchmarkRegistry.load();
        // fork 2 exits 0 and writes nothing, as a benchmark that calls System.exit(0) leaves it
        ForkLauncher launcher = (specFile, flags, cpus, timeout) -> {
            if (!specFile.getFileName().toString().contains("2")) {
                InProcessForks.run(specFile, registry);
            }
            return InProcessForks.succeeded();
        };
        BenchmarkOutcome outcome = new Runner(
                        config(List.of("empty"), 3, List.of()), registry, CpuList.parse(""), launcher, QUIET)
                .run()
                .get(0);

        assertEquals(
                List.of(1, 3), outcome.forks().stream().map(f -> f.run().fork()).toList());
        assertEquals(
                List.of("empty fork 2/3 exited with code 0 without writing its result (fork-2.json): its JVM ended"
                        + " before the fork finished - a System.exit or Runtime.halt in the benchmark's code?"),
                outcome.failures());
    }

    @MeasuresInProcess
    @Test
    void shouldSayInTheLastLineHowManyForksFailedAndHow() throws Exception {
        BenchmarkRegistry registry = BenchmarkRegistry.load();
        RunConfig config = config(List.of("empty"), 3, List.of());
        List<BenchmarkOutcome> outcomes =
                new Runner(config, registry, CpuList.parse(""), inProcessExcept(registry, 2), QUIET).run();

        RunReport report = new RunReport(config, outcomes, List.of());

        assertEquals(
                Optional.of("*** FAILED: 1 of 3 forks failed; the results are from the others: empty fork 2/3 killed"
                        + " by SIGABRT (exit status 134); its output is above"),
                report.failureLine());
    }

    @MeasuresInProcess
    @Test
    void shouldCallWhatRunsBetweenForksAfterEveryForkAFailedOneToo() throws Exception {
        BenchmarkRegistry registry = BenchmarkRegistry.load();
        List<String> ended = new ArrayList<>();

        new Runner(
                        config(List.of("empty"), 3, List.of()),
                        registry,
                        CpuList.parse(""),
                        inProcessExcept(registry, 2),
                        QUIET,
                        (benchmark, fork) -> ended.add(benchmark + " " + fork))
                .run();

        assertEquals(List.of("empty 1", "empty 2", "empty 3"), ended);
    }

    @MeasuresInProcess
    @Test
    void shouldSayWhichBenchmarkHasNoResultWhenEveryForkFailed() throws Exception {
        BenchmarkRegistry registry = BenchmarkRegistry.load();
        RunConfig config = config(List.of("empty"), 2, List.of());
        List<BenchmarkOutcome> outcomes =
                new Runner(config, registry, CpuList.parse(""), inProcessExcept(registry, 1, 2), QUIET).run();

        String line = new RunReport(config, outcomes, List.of()).failureLine().orElseThrow();

        assertTrue(
                line.startsWith(
                        "*** FAILED: 2 of 2 forks failed; no result for empty: empty fork 1/2 killed by SIGABRT"),
                line);
        assertTrue(line.endsWith("(and 1 more, listed above)"), line);
    }

    @MeasuresInProcess
    @Test
    void shouldHaveNoFailureLineWhenEveryForkSucceeded() throws Exception {
        BenchmarkRegistry registry = BenchmarkRegistry.load();
        RunConfig config = config(List.of("empty"), 1, List.of());

        List<BenchmarkOutcome> outcomes =
                new Runner(config, registry, CpuList.parse(""), inProcessExcept(registry), QUIET).run();

        assertEquals(Optional.empty(), new RunReport(config, outcomes, List.of()).failureLine());
    }

    @MeasuresInProcess
    @Test
    void shouldMergePipelineForksIntoStagesAndTotal() throws Exception {
        BenchmarkOutcome outcome = runInProcess("test.pipeline", 2);

        assertEquals(
                List.of("first", "second", "total", "unmarked"),
                List.copyOf(outcome.merged().keySet()));
        assertEquals(6_000, outcome.merged().get("total").count());
        assertEquals(6_000, outcome.merged().get("unmarked").count());
        assertTrue(MarkCost.of(outcome).isPresent());
        assertTrue(outcome.forks().stream().allMatch(f -> f.measurement().markErrors() == 0));
    }

    @MeasuresInProcess
    @Test
    void shouldCutEachSeriesOfTheMarkedPassIntoTheWindowsItsProbesBracket() throws Exception {
        BenchmarkOutcome outcome = runInProcess("test.tagged", 2);

        // 3,000 messages in chunks of 500, a window every Passes.WINDOW_CHUNKS chunks: 2 windows a pass, 1 replica
        CoreWindows windows =
                CoreWindows.joined(outcome.forks().get(1).measurement().replicas());
        assertEquals(2, windows.loopNs().size());
        assertTrue(windows.loopNs().stream().allMatch(ns -> ns > 0), windows.toString());
        // a series of the marked pass with one sample a message is cut; a tag's, or the unmarked pass's, is not
        assertEquals(Set.of("work", "total"), outcome.windowCentres(1).keySet());
        double[] centres = outcome.windowCentres(1).get("total");
        assertEquals(2, centres.length);
        assertTrue(centres[0] > 0 && centres[1] > 0, Arrays.toString(centres));
    }

    // runs beside other tests: it checks which forks ran, which the windows it rewrites decide, not what they measured
    @Test
    void shouldMeasureMoreForksOfABenchmarkUntilEnoughMetTheCoreCalm() throws Exception {
        ByteArrayOutputStream said = new ByteArrayOutputStream();
        // forks 1-4 met another guest through every window; fork 5 and any later one did not
        List<BenchmarkOutcome> outcomes = runWithSpells(5, 5, Set.of(1, 2, 3, 4), said);

        // 1 of 5 forks calm: one more a round until 5 of 9 (at least 5, and half), not the 5 more it may take
        assertEquals(9, outcomes.get(0).forks().size());
        assertEquals(
                List.of(1, 2, 3, 4, 5, 6, 7, 8, 9),
                outcomes.get(0).forks().stream().map(f -> f.run().fork()).toList());
        String progress = said.toString(StandardCharsets.UTF_8);
        assertTrue(
                progress.contains("test.tagged: 1 of 5 forks had 25% of their windows calm (5 and half needed);"
                        + " measuring up to 5 more"),
                progress);
        RunConfig asked =
                RunConfig.builder(List.of("test.tagged"), -1, runDir).forks(5).build();
        assertTrue(
                String.join(
                                "\n",
                                new RunReport(asked, outcomes, List.of())
                                        .toText(true)
                                        .lines()
                                        .toList())
                        .contains("9/9 forks (4 more for too few calm windows)"),
                "the report says why it has more forks than asked");
    }

    // runs beside other tests: it checks which forks ran, which the windows it rewrites decide, not what they measured
    @Test
    void shouldStopMeasuringMoreForksAtTheMostItMayTakeAndTakeNoneWhenEnoughWereCalm() throws Exception {
        // only fork 5 calm: 2 more at most, both met a spell too
        assertEquals(
                7,
                runWithSpells(5, 2, Set.of(1, 2, 3, 4, 6, 7, 8), new ByteArrayOutputStream())
                        .get(0)
                        .forks()
                        .size());
        // all 5 calm: none more
        assertEquals(
                5,
                runWithSpells(5, 5, Set.of(), new ByteArrayOutputStream())
                        .get(0)
                        .forks()
                        .size());
    }

    /**
     * @return a run of {@code test.tagged} in {@code forks} in-process forks and at most {@code calmForks} more, the
     *     windows of the forks in {@code spells} read 4.0 ns an iteration of the probe and every other's 2.5
     */
    private List<BenchmarkOutcome> runWithSpells(
            int forks, int calmForks, Set<Integer> spells, ByteArrayOutputStream progress) throws Exception {
        BenchmarkRegistry registry = BenchmarkRegistry.load();
        RunConfig config = config(List.of("test.tagged"), forks, List.of()).toBuilder()
                .calmForks(calmForks)
                .build();
        ForkLauncher inProcess = inProcessExcept(registry);
        ForkLauncher spelled = (specFile, flags, cpus, timeout) -> {
            JvmFork.Exit exit = inProcess.launch(specFile, flags, cpus, timeout);
            int fork = Integer.parseInt(specFile.getFileName().toString().replaceAll("\\D", ""));
            try {
                Path result = specFile.resolveSibling(ForkFiles.result(fork));
                ObjectNode written = (ObjectNode) Json.mapper().readTree(result.toFile());
                for (JsonNode replica : written.get("replicas")) {
                    ArrayNode loopNs = (ArrayNode) replica.get("windows").get("loopNs");
                    for (int w = 0; w < loopNs.size(); w++) {
                        loopNs.set(w, spells.contains(fork) ? 4.0 : 2.5);
                    }
                }
                Files.writeString(result, Json.mapper().writeValueAsString(written));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return exit;
        };
        PrintStream out = new PrintStream(progress, true, StandardCharsets.UTF_8);
        return new Runner(config, registry, CpuList.parse(""), spelled, out).run();
    }

    @MeasuresInProcess
    @Test
    void shouldMergeEachTagOfAStageAndCountOnlyTheMessagesAStageRanFor() throws Exception {
        BenchmarkOutcome outcome = runInProcess("test.tagged", 2);

        assertEquals(
                List.of("work", "work[even]", "work[odd]", "send", "total", "unmarked"),
                List.copyOf(outcome.merged().keySet()));
        assertEquals(6_000, outcome.merged().get("work").count());
        assertEquals(3_000, outcome.merged().get("work[odd]").count());
        assertEquals(3_000, outcome.merged().get("send").count(), "odd messages skip send");
        assertEquals(6_000, outcome.merged().get("total").count());
        assertEquals(
                List.of("even", "odd", "unused"), outcome.forks().get(0).run().tags());
        assertEquals(0, outcome.forks().get(0).checks().allocatedBytes());
    }

    @StartsProcesses
    @Test
    void shouldStopTheRunWithOneLineWhenABenchmarkTagsOutsideItsDeclaration() {
        BenchmarkRegistry registry = BenchmarkRegistry.load();
        for (String benchmark : List.of("test.bad-tag", "test.undeclared-tag")) {
            Runner runner = new Runner(
                    config(List.of(benchmark, "empty"), 2, List.of("-Xmx256m")),
                    registry,
                    CpuList.parse(""),
                    ForkLauncher.jvm(),
                    QUIET);

            UsageException refused = assertThrows(UsageException.class, runner::run);

            String expected = benchmark.equals("test.bad-tag")
                    ? "benchmark 'test\\.bad-tag' tagged [1-9][0-9]* warm-up messages with tag 2, but declares 2 \\(0\\.\\.1: first,"
                            + " second\\) \\(@Benchmark\\(tags = \\{\\.\\.\\.\\}\\)\\)"
                    : "benchmark 'test\\.undeclared-tag' tags messages 'undeclared' but declares only the tags declared"
                            + " \\(@Benchmark\\(tags = \\{\\.\\.\\.\\}\\)\\)";
            assertTrue(refused.getMessage().matches(expected), refused.getMessage());
        }
    }

    @MeasuresInProcess
    @Test
    void shouldDetectAllocationInTheMeasuredLoop() throws Exception {
        BenchmarkRegistry registry = BenchmarkRegistry.load();
        ForkSpec spec = config(List.of("test.allocating"), 1, List.of()).forkSpec("test.allocating", 1, runDir);

        ForkResult result = new ForkExecution(spec, registry.get("test.allocating"), QUIET).run();

        assertTrue(
                result.checks().allocatedBytes() >= 3_000L * 16,
                "allocated " + result.checks().allocatedBytes());
        assertTrue(
                result.checks().warnings().stream().anyMatch(w -> w.contains("allocated")),
                result.checks().warnings().toString());
    }

    @MeasuresInProcess
    @Test
    void shouldRecordZeroAllocationForAnAllocationFreeBenchmark() throws Exception {
        BenchmarkRegistry registry = BenchmarkRegistry.load();
        ForkSpec spec = config(List.of("test.pipeline"), 1, List.of()).forkSpec("test.pipeline", 1, runDir);

        ForkResult result = new ForkExecution(spec, registry.get("test.pipeline"), QUIET).run();

        assertEquals(0, result.checks().allocatedBytes());
        assertEquals(3_000, result.measurement().measuredMessages());
        assertTrue(runDir.resolve("fork-1.raw").toFile().isFile());
    }

    @Test
    void shouldStartEveryForkWithTheJvmArgumentsItsBenchmarkDeclaresAfterTheRunsOwn() throws Exception {
        List<List<String>> started = new ArrayList<>();
        ForkLauncher recording = (specFile, flags, cpus, timeout) -> {
            started.add(flags.stream().filter(f -> !f.startsWith("-Xlog:")).toList()); // the JIT log's flag aside
            return new JvmFork.Exit(List.of("fake"), 134, false, "", 5, null);
        };

        new Runner(
                        config(List.of("test.jvm-args", "empty"), 2, List.of("-Xmx256m")),
                        BenchmarkRegistry.load(),
                        CpuList.parse(""),
                        recording,
                        QUIET)
                .run();

        assertEquals(
                List.of(
                        List.of("-Xmx256m", "-Dtest.jvmArgs.needed=yes"),
                        List.of("-Xmx256m", "-Dtest.jvmArgs.needed=yes"),
                        List.of("-Xmx256m"),
                        List.of("-Xmx256m")),
                started);
    }

    @StartsProcesses
    @Test
    void shouldRunRealForksAndReportOneWhoseSetupThrows() throws Exception {
        BenchmarkRegistry registry = BenchmarkRegistry.load();
        List<String> flags = List.of("-Xmx256m");
        Runner runner = new Runner(
                config(List.of("test.failing-setup", "empty"), 2, flags),
                registry,
                CpuList.parse(""),
                ForkLauncher.jvm(),
                QUIET);

        List<BenchmarkOutcome> outcomes = runner.run();

        assertTrue(outcomes.get(0).forks().isEmpty());
        assertTrue(
                outcomes.get(0).failures().get(0).contains("test.failing-setup fork 1/2 exited with code 1"),
                outcomes.get(0).failures().toString());
        // the second fork's trace is the first's: said once, the second naming the first
        assertTrue(
                outcomes.get(0).failures().get(1).endsWith(Warning.SAME_FAILURE_AS + "1/2"),
                outcomes.get(0).failures().toString());
        assertEquals(
                2, outcomes.get(1).forks().size(), outcomes.get(1).failures().toString());
        assertEquals(6_000, outcomes.get(1).merged().get("empty").count());
        assertEquals(ClockBinding.FFM, outcomes.get(1).forks().get(0).ruler().binding());
    }

    @MeasuresInProcess
    @Test
    void shouldStallOnceAtTheRequestedMeasuredMessageWhateverTheWarmUp() throws Exception {
        BenchmarkRegistry registry = BenchmarkRegistry.load();
        RunConfig config = RunConfig.builder(List.of("empty"), -1, runDir)
                .forks(1)
                .warmup(Warmup.ofMessages(2_000))
                .messages(3_000)
                .chunk(500)
                .stall(5_000, 1, 1_500)
                .overheadPairs(100_000)
                .lockMemory(false)
                .jvmFlagsInsteadOfDefaults(List.of())
                .forkTimeoutS(120)
                .jitRetries(0)
                .build();
        Runner runner = new Runner(config, registry, CpuList.parse(""), inProcessExcept(registry), QUIET);

        BenchmarkOutcome outcome = runner.run().get(0);

        ForkResult fork = outcome.forks().get(0);
        RawStamps raw = RawStamps.read(runDir.resolve("forks")
                .resolve("empty")
                .resolve(fork.measurement().rawFile()));
        double[] ns = LatencySeries.compute(
                        raw,
                        List.of("empty"),
                        fork.ruler().overhead().minTicks(),
                        fork.ruler().calibration().ticksPerNs())
                .get("empty");
        assertTrue(ns[1_500] >= 5_000_000, "the stalled message took " + ns[1_500] + " ns");
        // real time on a shared machine: a preemption may slow another message, but not many
        long slowOthers = IntStream.range(0, ns.length)
                .filter(i -> i != 1_500 && ns[i] >= 5_000_000)
                .count();
        assertTrue(slowOthers < 30, slowOthers + " other messages took as long as the stall");
        TailExemplars.Exemplar slowest = outcome.tail().get(0).slowest().get(0);
        assertEquals(raw.seq()[1_500], slowest.seq(), "the tail's exemplars name the stalled message first");
        assertEquals(ns[1_500], slowest.ns(), 100, "as its series reads it, the probe overhead subtracted");
        assertTrue(
                fork.checks()
                        .warnings()
                        .contains("stall injected: 5000 us once, at measured message 1500 (a demonstration,"
                                + " not the benchmark's own behaviour)"),
                fork.checks().warnings().toString());
    }

    @StartsProcesses
    @Test
    void shouldFailAForkThatOutlivesItsTimeout() {
        JvmFork.Exit outcome = JvmFork.run(new JvmFork.Spec(
                Sleeper.class.getName(), List.of(), List.of(), CpuList.parse(""), Duration.ofMillis(1500)));

        assertTrue(outcome.timedOut());
        assertTrue(outcome.failure().startsWith("timed out after"), outcome.failure());
    }

    /** A fork that never ends by itself. */
    public static final class Sleeper {
        public static void main(String[] args) throws InterruptedException {
            Thread.sleep(600_000);
        }
    }

    @MeasuresInProcess
    @Test
    void shouldWarmUpOnTheMeasuredMessagesOfABenchmarkThatResets() throws Exception {
        BenchmarkRegistry registry = BenchmarkRegistry.load();
        ForkSpec spec = config(List.of("test.replayed"), 1, List.of()).forkSpec("test.replayed", 1, runDir);

        ForkResult result = new ForkExecution(spec, registry.get("test.replayed"), QUIET).run();

        assertTrue(result.measurement().replayed());
        assertEquals(3_000, result.measurement().measuredMessages());
        // every pass - warm-up, and the marked and unmarked measured ones - replays cursor values
        // 0 .. 2999, so the published checksum is a whole number of passes of their sum
        long passSum = 2_999L * 3_000 / 2;
        assertEquals(
                0,
                Math.floorMod(result.measurement().sinkValue(), passSum) % 1,
                "sink " + result.measurement().sinkValue());
        assertEquals("fork-1.unmarked.raw", result.measurement().unmarkedRawFile());
        assertTrue(runDir.resolve("fork-1.unmarked.raw").toFile().isFile());
    }

    @StartsProcesses
    @Test
    void shouldNameTheMethodThatDeoptimisedWhileTheForkMeasured() throws Exception {
        BenchmarkRegistry registry = BenchmarkRegistry.load();
        // the first measured pass is kept whatever happens in it (no retry), so the late branch's trap is in it
        RunConfig config = RunConfig.builder(List.of("test.late-deopt"), -1, runDir)
                .forks(1)
                .warmup(Warmup.ofMessages(200_000))
                .messages(100_000)
                .overheadPairs(100_000)
                .lockMemory(false)
                .forkTimeoutS(120)
                .jitRetries(0)
                .build();
        Runner runner = new Runner(config, registry, CpuList.parse(""), ForkLauncher.jvm(), QUIET);

        BenchmarkOutcome outcome = runner.run().get(0);

        assertEquals(1, outcome.forks().size(), outcome.failures().toString());
        ForkResult fork = outcome.forks().get(0);
        assertTrue(
                fork.checks().jitCompilations() > 0,
                "compilations " + fork.checks().jitCompilations());
        String method = "io.stagebench.testbench.LateDeoptBenchmark.run(long, Stamps, Sink)";
        assertTrue(
                fork.checks().jitEvents().stream()
                        .anyMatch(e -> e.startsWith("deoptimised " + method) && e.contains("unstable_if")),
                fork.checks().jitEvents().toString());
        assertTrue(
                fork.checks().warnings().stream()
                        .anyMatch(w -> w.contains("during measurement") && w.contains("LateDeoptBenchmark")),
                fork.checks().warnings().toString());
    }

    /**
     * A default-shaped warm-up (200,000 messages in chunks of 1,000) walks 200 chunks, the tier-3 threshold of the
     * walk's own methods: unless they are compiled before measuring, the first measured pass compiles them and is
     * discarded.
     */
    @StartsProcesses
    @Test
    void shouldKeepTheFirstMeasuredPassAfterAWarmUpOfTwoHundredChunks() throws Exception {
        RunConfig config = RunConfig.builder(List.of("spin"), MachineCpus.measuring(), runDir)
                .forks(1)
                .warmup(Warmup.ofMessages(200_000))
                .messages(200_000)
                .overheadPairs(100_000)
                .lockMemory(false)
                .params(Map.of("ticks", "10"))
                .forkTimeoutS(120)
                .jitRetries(8)
                .build();

        BenchmarkOutcome outcome = new Runner(
                        config, BenchmarkRegistry.load(), MachineCpus.service(), ForkLauncher.jvm(), QUIET)
                .run()
                .get(0);

        assertEquals(1, outcome.forks().size(), outcome.failures().toString());
        ForkResult fork = outcome.forks().get(0);
        // one warm-up pass on the warm-up's own setup (a pass of measured size, 200 chunks) and one on replica 1's; the
        // first measured pass of each is kept, not run again
        assertEquals(
                2, fork.measurement().warmupPasses(), fork.checks().warnings().toString());
        assertEquals(
                0, fork.checks().jitCompilations(), fork.checks().warnings().toString());
    }

    @StartsProcesses
    @Test
    void shouldDiscardAMeasuredPassDuringWhichTheJitCompiledAndKeepAQuietOne() throws Exception {
        BenchmarkRegistry registry = BenchmarkRegistry.load();
        RunConfig config = RunConfig.builder(List.of("test.late-deopt"), -1, runDir)
                .forks(1)
                .warmup(Warmup.ofMessages(200_000))
                .messages(100_000)
                .overheadPairs(100_000)
                .lockMemory(false)
                .forkTimeoutS(120)
                .jitRetries(8)
                .build();
        Runner runner = new Runner(config, registry, CpuList.parse(""), ForkLauncher.jvm(), QUIET);

        BenchmarkOutcome outcome = runner.run().get(0);

        ForkResult fork = outcome.forks().get(0);
        assertEquals(
                0, fork.checks().jitCompilations(), fork.checks().warnings().toString());
        assertTrue(
                fork.checks().jitEvents().isEmpty(), fork.checks().jitEvents().toString());
        // one warm-up pass, then at least the measured pass that trapped, discarded
        assertTrue(
                fork.measurement().warmupPasses() >= 2,
                "warm-up passes " + fork.measurement().warmupPasses());
        assertEquals(100_000, outcome.merged().get("test.late-deopt").count());
    }
}
