package io.stagebench.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.config.RunConfig;
import io.stagebench.json.Json;
import io.stagebench.link.ForkFiles;
import io.stagebench.link.Warmup;
import io.stagebench.process.JvmFork;
import io.stagebench.registry.BenchmarkRegistry;
import io.stagebench.result.BenchmarkOutcome;
import io.stagebench.system.CpuList;
import io.stagebench.system.JitEvents;
import io.stagebench.testing.MeasuresInProcess;
import io.stagebench.testing.StartsProcesses;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@MeasuresInProcess
class InterleavedRunnerTest {

    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

    @TempDir
    Path dir;

    private RunConfig config(Path runDir, int forks, List<String> jvmFlags) {
        return RunConfig.builder(List.of("test.pipeline"), -1, runDir)
                .forks(forks)
                .warmup(Warmup.ofMessages(1_000))
                .messages(2_000)
                .chunk(500)
                .overheadPairs(100_000)
                .lockMemory(false)
                .jvmFlagsInsteadOfDefaults(jvmFlags)
                .forkTimeoutS(120)
                .build();
    }

    /**
     * Runs forks in this JVM, logging "A1", "B1", ... and the flags each side was launched with, after checking that
     * each fork was also given the JIT log of its own folder.
     */
    private static ForkLauncher logging(String side, List<String> log, BenchmarkRegistry registry) {
        return (specFile, flags, cpus, timeout) -> {
            int fork = InProcessForks.run(specFile, registry).job().fork();
            String jitLog = JitEvents.logFlag(specFile.resolveSibling(ForkFiles.jitLog(fork)));
            assertEquals(jitLog, flags.get(flags.size() - 1), "the fork's own JIT log, last");
            log.add(side + fork + flags.subList(0, flags.size() - 1));
            return InProcessForks.succeeded();
        };
    }

    /** A runner of 3 forks a side whose launchers log "A1[-Da]", "B1[-Db]", ... in launch order. */
    private InterleavedRunner threeForkRunner(List<String> log) {
        BenchmarkRegistry registry = BenchmarkRegistry.load();
        return new InterleavedRunner(
                new InterleavedRunner.Variant(
                        "A", config(dir.resolve("a"), 3, List.of("-Da")), logging("A", log, registry)),
                new InterleavedRunner.Variant(
                        "B", config(dir.resolve("b"), 3, List.of("-Db")), logging("B", log, registry)),
                registry,
                CpuList.parse(""),
                QUIET);
    }

    @Test
    void shouldInterleaveTheForksOfBothVariantsInAbbaOrderAndMergeEachSide() throws Exception {
        List<String> log = new ArrayList<>();
        InterleavedRunner runner = threeForkRunner(log);

        InterleavedRunner.Sides outcomes = runner.run();

        assertEquals(List.of("A1[-Da]", "B1[-Db]", "B2[-Db]", "A2[-Da]", "A3[-Da]", "B3[-Db]"), log);
        assertEquals(3, outcomes.a().get(0).forks().size());
        assertEquals(3, outcomes.b().get(0).forks().size());
        assertEquals(6_000, outcomes.b().get(0).merged().get("total").count());
        assertTrue(dir.resolve("a/forks/test.pipeline/fork-3.json").toFile().isFile());
        assertTrue(dir.resolve("b/forks/test.pipeline/fork-3.json").toFile().isFile());
        // the layout is common to a pair: fork i of A and fork i of B ran the same seed
        List<Long> seedsA = outcomes.a().get(0).forks().stream()
                .map(f -> f.placement().layout().seed())
                .toList();
        assertEquals(List.of(0L, 1L, 2L), seedsA);
        assertEquals(
                seedsA,
                outcomes.b().get(0).forks().stream()
                        .map(f -> f.placement().layout().seed())
                        .toList());
    }

    @Test
    void shouldAddPairsOnDemandUpToTheConfiguredForks() throws Exception {
        List<String> log = new ArrayList<>();
        InterleavedRunner runner = threeForkRunner(log);

        runner.runPairs("test.pipeline", 2);
        assertEquals(2, runner.outcomes().a().get(0).forks().size());
        runner.runPairs("test.pipeline", 1);

        assertEquals(List.of("A1[-Da]", "B1[-Db]", "B2[-Db]", "A2[-Da]", "A3[-Da]", "B3[-Db]"), log);
        assertEquals(3, runner.pairsRun("test.pipeline"));
        assertThrows(IllegalArgumentException.class, () -> runner.runPairs("test.pipeline", 1));
    }

    @Test
    void shouldMeasureTheReplicasAndMessagesAPlanGaveABenchmarkOnBothSides() throws Exception {
        List<String> log = new ArrayList<>();
        InterleavedRunner runner = threeForkRunner(log);
        runner.replicasOf(Map.of("test.pipeline", 2));
        runner.messagesOf(Map.of("test.pipeline", 500));

        runner.runPairs("test.pipeline", 1);

        for (BenchmarkOutcome side :
                List.of(runner.outcomes().a().get(0), runner.outcomes().b().get(0))) {
            assertEquals(2, side.forks().get(0).replicaCount());
            assertEquals(2 * 500, side.merged().get("total").count(), "2 replicas of 500 messages, not of 2,000");
        }
        assertThrows(
                IllegalArgumentException.class,
                () -> runner.messagesOf(Map.of("test.pipeline", 100)),
                "after its first pair");
    }

    /** A runner of 2 forks a side, each measuring {@code replicas} replicas, its forks in this JVM. */
    private InterleavedRunner inProcessRunner(int replicas) {
        ForkLauncher inProcess = InProcessForks.LAUNCHERS.own();
        return new InterleavedRunner(
                new InterleavedRunner.Variant(
                        "A", config(dir.resolve("a"), 2, List.of()).withReplicas(replicas), inProcess),
                new InterleavedRunner.Variant(
                        "B", config(dir.resolve("b"), 2, List.of()).withReplicas(replicas), inProcess),
                BenchmarkRegistry.load(),
                CpuList.parse(""),
                QUIET);
    }

    @Test
    void shouldKeepBothForksOfAPairAliveAndMeasureEachReplicaInItsOwnTurnBesideTheOtherSides() throws Exception {
        InterleavedRunner runner = inProcessRunner(2);

        InterleavedRunner.Sides outcomes = runner.run();

        assertTrue(runner.takesTurns());
        List<InterleavedRunner.PairSchedule> schedule = runner.schedule("test.pipeline");
        assertEquals(
                "[A1s, B1s, A1m, B1m, B2s, A2s, B2m, A2m, Bend, Aend]",
                schedule.get(0).turns().toString());
        assertEquals(
                "[B1s, A1s, B1m, A1m, A2s, B2s, A2m, B2m, Aend, Bend]",
                schedule.get(1).turns().toString());
        for (InterleavedRunner.PairSchedule pair : schedule) {
            for (PairTurns.Turn turn : pair.turns()) {
                if (!turn.part().equals(PairTurns.Turn.MEASURE)) {
                    continue;
                }
                var side = turn.side().equals("A") ? outcomes.a() : outcomes.b();
                var replica = side.get(0)
                        .forks()
                        .get(pair.pair() - 1)
                        .measurement()
                        .replicas()
                        .get(turn.replica() - 1);
                assertTrue(
                        replica.measureStartEpochMs() >= turn.startEpochMs()
                                && replica.measureEndEpochMs() <= turn.endEpochMs(),
                        "replica measured outside its turn " + turn);
            }
        }
        assertEquals(2 * 2 * 2_000, outcomes.a().get(0).merged().get("total").count());
        var stored = Json.mapper()
                .readTree(dir.resolve("b/forks/test.pipeline")
                        .resolve(InterleavedRunner.TURNS_FILE)
                        .toFile());
        assertEquals(
                "B", stored.get("pairs").get(1).get("turns").get(0).get("side").asText());
    }

    @Test
    void shouldRunThePairsOneAfterTheOtherWhenTurnsAreNotWantedOrOneReplicaIsAFork() {
        InterleavedRunner twoReplicas = inProcessRunner(2);
        InterleavedRunner oneReplica = inProcessRunner(1);

        assertTrue(twoReplicas.takesTurns());
        twoReplicas.oneAfterTheOther();

        assertTrue(!twoReplicas.takesTurns(), "ab --no-turns");
        assertTrue(!oneReplica.takesTurns(), "a fork of one replica is one turn");
    }

    @Test
    @StartsProcesses
    void shouldTakeTurnsBetweenTwoFreshForkJvms() throws Exception {
        BenchmarkRegistry registry = BenchmarkRegistry.load();
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        InterleavedRunner runner = new InterleavedRunner(
                new InterleavedRunner.Variant(
                        "A", config(dir.resolve("a"), 1, List.of()).withReplicas(2), ForkLauncher.jvm()),
                new InterleavedRunner.Variant(
                        "B", config(dir.resolve("b"), 1, List.of()).withReplicas(2), ForkLauncher.jvm()),
                registry,
                CpuList.parse(""),
                new PrintStream(progress, true, StandardCharsets.UTF_8));

        InterleavedRunner.Sides outcomes = runner.run();

        assertEquals(List.of(), outcomes.b().get(0).failures(), progress.toString(StandardCharsets.UTF_8));
        assertEquals(
                "[A1s, B1s, A1m, B1m, B2s, A2s, B2m, A2m, Bend, Aend]",
                runner.schedule("test.pipeline").get(0).turns().toString());
        assertEquals(2 * 2_000, outcomes.a().get(0).merged().get("total").count());
    }

    @Test
    void shouldRefuseVariantsWithDifferentForkCounts() {
        BenchmarkRegistry registry = BenchmarkRegistry.load();
        ForkLauncher never = (specFile, flags, cpus, timeout) -> {
            throw new AssertionError("nothing may run");
        };

        assertThrows(
                IllegalArgumentException.class,
                () -> new InterleavedRunner(
                        new InterleavedRunner.Variant("A", config(dir.resolve("a"), 3, List.of()), never),
                        new InterleavedRunner.Variant("B", config(dir.resolve("b"), 5, List.of()), never),
                        registry,
                        CpuList.parse(""),
                        QUIET));
    }

    @Test
    void shouldPutAnotherBuildsClassPathOnTheForksCommandLine() {
        List<String> command = JvmFork.command(new JvmFork.Spec(
                "x.Main",
                List.of("spec.json"),
                List.of("-Xmx64m"),
                CpuList.parse(""),
                Duration.ofSeconds(1),
                "/tmp/wt/stages/target/stagebench-stages.jar:/tmp/wt/stages/target/lib/*"));

        int cp = command.indexOf("-cp");
        assertEquals("/tmp/wt/stages/target/stagebench-stages.jar:/tmp/wt/stages/target/lib/*", command.get(cp + 1));
        assertEquals(List.of("x.Main", "spec.json"), command.subList(cp + 2, command.size()));
        List<String> own = JvmFork.command(
                new JvmFork.Spec("x.Main", List.of(), List.of(), CpuList.parse(""), Duration.ofSeconds(1)));
        assertEquals(System.getProperty("java.class.path"), own.get(own.indexOf("-cp") + 1));
    }
}
