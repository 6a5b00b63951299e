package io.stagebench.forked;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.config.RunConfig;
import io.stagebench.host.ForkLauncher;
import io.stagebench.host.Runner;
import io.stagebench.link.ForkResult;
import io.stagebench.link.Warmup;
import io.stagebench.registry.BenchmarkRegistry;
import io.stagebench.result.BenchmarkOutcome;
import io.stagebench.system.MeasuredCode;
import io.stagebench.testing.MachineCpus;
import io.stagebench.testing.StartsProcesses;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The measured code checked at C2 from a real fork's compile log ({@link MeasuredCode}): a method that one message in
 * 1,000 calls, inside a stage every message runs, after a warm-up too short for it - kept as asked, and extended until
 * that code is C2's ({@link CodeWarmup}).
 */
@StartsProcesses
class MeasuredCodeForkTest {

    private static final String RARE = "io.stagebench.testbench.RareBranchBenchmark::rare";

    @TempDir
    Path runDir;

    private ForkResult fork(long warmupMessages, List<String> jvmFlags) throws Exception {
        int cpu = MachineCpus.measuring();
        // chunks of 10: the loop is called 20,000 times in warm-up, past the tier-4 invocation threshold (5,000) early
        // on, so it is surely C2's by the kept pass; in chunks of 100 its C2 compile waited on back-edge counts and
        // now and then came late, leaving the loop itself below C2
        RunConfig config = RunConfig.builder(List.of("test.rare-branch"), cpu, runDir.resolve("f" + jvmFlags.size()))
                .forks(1)
                .warmup(Warmup.ofMessages(warmupMessages))
                .messages(20_000)
                .chunk(10)
                .overheadPairs(20_000)
                .lockMemory(false)
                .jvmFlagsInsteadOfDefaults(jvmFlags)
                .forkTimeoutS(120)
                .jitRetries(3)
                .build();
        BenchmarkOutcome outcome = new Runner(
                        config,
                        BenchmarkRegistry.load(),
                        MachineCpus.service(),
                        ForkLauncher.jvm(),
                        new PrintStream(OutputStream.nullOutputStream()))
                .run()
                .get(0);
        assertEquals(1, outcome.forks().size(), outcome.failures().toString());
        return outcome.forks().get(0);
    }

    @Test
    void shouldBringAMeasuredLoopThatAPassEntersOnceToC2ByEnteringItAMessageAtATime() throws Exception {
        // passes of 200 messages of ~10 us enter the loop once each: the stages' warm-up ran 150 of them, and the 32
        // extra passes the code's warm-up allowed left the loop at C1, with a warning whose longer -w could not help
        RunConfig config = RunConfig.builder(List.of("spin"), MachineCpus.measuring(), runDir.resolve("loop"))
                .forks(1)
                .warmup(Warmup.ofMessages(200))
                .messages(200)
                .params(Map.of("ticks", "20000"))
                .overheadPairs(20_000)
                .lockMemory(false)
                .forkTimeoutS(120)
                .jitRetries(3)
                .build();
        BenchmarkOutcome outcome = new Runner(
                        config,
                        BenchmarkRegistry.load(),
                        MachineCpus.service(),
                        ForkLauncher.jvm(),
                        new PrintStream(OutputStream.nullOutputStream()))
                .run()
                .get(0);
        assertEquals(1, outcome.forks().size(), outcome.failures().toString());
        ForkResult fork = outcome.forks().get(0);

        MeasuredCode code = fork.checks().measuredCode();
        assertTrue(code.checked(), code.notChecked());
        assertEquals(List.of(), code.notAtC2(), code.toString());
        assertTrue(code.atC2().contains(MeasureLoop.class.getName() + "::backToBack"), code.toString());
        assertTrue(
                fork.checks().warnings().stream().noneMatch(w -> w.startsWith("measured code below C2")),
                fork.checks().warnings().toString());
    }

    @Test
    void shouldNameARarelyCalledMethodBelowC2AfterAShortWarmUpAndWarmUntilItIsC2s() throws Exception {
        // 200,000 messages, kept as asked: the loop is C2's, rare has run 200 times (C1's profiling tier)
        ForkResult shortWarm = fork(200_000, List.of("-D" + CodeWarmup.ENABLED_PROPERTY + "=false"));
        // the same, extended until rare is C2's (~1,000 calls: a tier-3 method with a loop of 64 needs ~600 more)
        ForkResult longWarm = fork(200_000, List.of());

        MeasuredCode cold = shortWarm.checks().measuredCode();
        assertTrue(cold.checked(), cold.notChecked());
        assertTrue(cold.notAtC2().stream().anyMatch(m -> m.startsWith(RARE + " (")), cold.toString());
        List<String> named = shortWarm.checks().warnings().stream()
                .filter(w -> w.startsWith("measured code below C2"))
                .toList();
        assertEquals(1, named.size(), shortWarm.checks().warnings().toString());
        assertTrue(
                named.get(0).contains("RareBranchBenchmark.rare (")
                        && named.get(0).contains("fix: a longer warm-up (-w"),
                named.get(0));

        MeasuredCode warm = longWarm.checks().measuredCode();
        assertEquals(List.of(), warm.notAtC2(), warm.toString());
        assertTrue(warm.atC2().contains(RARE), warm.toString());
        assertTrue(warm.atC2().contains(MeasureLoop.class.getName() + "::backToBack"), warm.toString());
        assertTrue(
                longWarm.checks().warnings().stream().noneMatch(w -> w.startsWith("measured code below C2")),
                longWarm.checks().warnings().toString());
        assertTrue(
                longWarm.measurement().warmupPasses() > shortWarm.measurement().warmupPasses(),
                longWarm.measurement().warmupPasses() + " passes");
    }
}
