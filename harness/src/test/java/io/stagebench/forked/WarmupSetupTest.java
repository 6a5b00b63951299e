package io.stagebench.forked;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.config.RunConfig;
import io.stagebench.link.ForkResult;
import io.stagebench.link.ForkSpec;
import io.stagebench.link.Replica;
import io.stagebench.link.Warmup;
import io.stagebench.registry.BenchmarkRegistry;
import io.stagebench.testbench.SetupLogBenchmark;
import io.stagebench.testing.MeasuresInProcess;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fork's warm-up on a setup of its own ({@link ReplicaExecution#WARMUP_SETUP}), thrown away before the replicas.
 */
@MeasuresInProcess
class WarmupSetupTest {

    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());
    private static final int MESSAGES = 5_000;
    private static final int WARMUP_MESSAGES = 40_000;

    @TempDir
    Path runDir;

    private ForkResult fork(Warmup warmup, int replicas) throws Exception {
        return fork(warmup, replicas, QUIET);
    }

    private ForkResult fork(Warmup warmup, int replicas, PrintStream progress) throws Exception {
        RunConfig config = RunConfig.builder(List.of("test.setup-log"), -1, runDir)
                .forks(1)
                .warmup(warmup)
                .messages(MESSAGES)
                .replicas(replicas)
                .overheadPairs(20_000)
                .lockMemory(false)
                .jvmFlagsInsteadOfDefaults(List.of())
                .forkTimeoutS(120)
                .jitRetries(0)
                .layout(false, 0)
                .build();
        ForkSpec spec = config.forkSpec("test.setup-log", 1, runDir);
        SetupLogBenchmark.clear();
        return new ForkExecution(spec, BenchmarkRegistry.load().get("test.setup-log"), progress).run();
    }

    @Test
    void shouldWarmUpOnASetupOfItsOwnAndMeasureOnlySetupsMadeAfterIt() throws Exception {
        ForkResult result = fork(Warmup.ofMessages(WARMUP_MESSAGES), 2);

        List<SetupLogBenchmark.Entry> setups = SetupLogBenchmark.log();
        assertEquals(3, setups.size(), "the warm-up's setup and one a replica: " + setups);
        assertTrue(
                setups.get(0).messages() >= WARMUP_MESSAGES + MESSAGES,
                "the first setup ran the fork's warm-up and its checked pass: " + setups);
        for (SetupLogBenchmark.Entry replica : setups.subList(1, 3)) {
            assertEquals(
                    2L * MESSAGES,
                    replica.messages(),
                    "a replica's setup ran one warm-up pass and its measured one: " + setups);
        }
        List<Replica> replicas = result.measurement().replicas();
        assertEquals(List.of(1, 2), replicas.stream().map(Replica::replica).toList());
        for (Replica replica : replicas) {
            assertEquals(MESSAGES, replica.warmupMessages(), "replica " + replica.replica() + " warmed up one pass");
            assertEquals(MESSAGES, replica.measuredMessages());
        }
        assertTrue(
                result.measurement().warmupMessages() >= WARMUP_MESSAGES + MESSAGES,
                "the fork's warm-up counts the warm-up setup's: "
                        + result.measurement().warmupMessages());
        assertEquals(2L * MESSAGES, result.measurement().measuredMessages());
    }

    @Test
    void shouldSayTheForksWarmUpWhereAReplicaStartsMeasuringNotOnlyItsOwnPass() throws Exception {
        ByteArrayOutputStream lines = new ByteArrayOutputStream();

        ForkResult result =
                fork(Warmup.ofMessages(WARMUP_MESSAGES), 1, new PrintStream(lines, true, StandardCharsets.UTF_8));

        String progress = lines.toString(StandardCharsets.UTF_8);
        assertTrue(
                progress.contains("measuring " + MESSAGES + " messages (back-to-back) after "
                        + result.measurement().warmupMessages() + " of warm-up"),
                progress);
        assertTrue(!progress.contains("after " + MESSAGES + " of warm-up"), progress);
    }

    @Test
    void shouldMeasureTheFirstSetupColdWhenToldNotToWarmUp() throws Exception {
        ForkResult result = fork(Warmup.NONE, 1);

        List<SetupLogBenchmark.Entry> setups = SetupLogBenchmark.log();
        assertEquals(List.of(new SetupLogBenchmark.Entry(1, MESSAGES)), setups, "one setup, measured without warm-up");
        assertEquals(0, result.measurement().warmupMessages());
    }
}
