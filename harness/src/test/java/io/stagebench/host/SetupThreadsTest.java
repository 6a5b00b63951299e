package io.stagebench.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.stagebench.config.RunConfig;
import io.stagebench.link.ForkResult;
import io.stagebench.link.Warmup;
import io.stagebench.registry.BenchmarkRegistry;
import io.stagebench.result.BenchmarkOutcome;
import io.stagebench.system.CpuList;
import io.stagebench.testbench.SetupThreadBenchmark;
import io.stagebench.testing.MachineCpus;
import io.stagebench.testing.StartsProcesses;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A thread a benchmark starts in its setup runs off the measuring CPU, or the fork says it does not (real forks, moved
 * as a launcher moves them).
 */
@StartsProcesses
class SetupThreadsTest {

    private static final int CPU = MachineCpus.measuring();

    @TempDir
    Path runDir;

    private ForkResult fork(Map<String, String> params) throws Exception {
        RunConfig config = RunConfig.builder(List.of("test.setup-thread"), CPU, runDir)
                .forks(1)
                .warmup(Warmup.ofMessages(2_000))
                .messages(3_000)
                .chunk(500)
                .overheadPairs(100_000)
                .lockMemory(false)
                .params(params)
                .jvmFlagsInsteadOfDefaults(List.of())
                .forkTimeoutS(120)
                .build();
        BenchmarkOutcome outcome = new Runner(
                        config,
                        BenchmarkRegistry.load(),
                        CpuList.parse("0-" + (CPU - 1)),
                        ForkLauncher.jvm(),
                        new PrintStream(OutputStream.nullOutputStream()))
                .run()
                .get(0);
        assertEquals(1, outcome.forks().size(), outcome.failures().toString());
        return outcome.forks().get(0);
    }

    private String allowed(String thread) throws Exception {
        String prefix = SetupThreadBenchmark.ALLOWED + thread + ": ";
        return Files.readAllLines(runDir.resolve("forks/test.setup-thread/fork-1.out")).stream()
                .filter(l -> l.startsWith(prefix))
                .findFirst()
                .orElseThrow()
                .substring(prefix.length());
    }

    @Test
    void shouldStartASetupsThreadsOffTheMeasuringCpuAndNameOneThatPinsItselfThere() throws Exception {
        assumeTrue(CPU >= 1, "needs a CPU besides the measuring one");

        ForkResult fork = fork(Map.of("pinTo", Integer.toString(CPU)));

        assertFalse(
                CpuList.parse(allowed("feed-handler")).contains(CPU),
                "the setup's thread may run on measuring CPU " + CPU + ": " + allowed("feed-handler"));
        assertEquals(CPU, fork.placement().cpuPinned());
        assertEquals(Integer.toString(CPU), fork.placement().affinity());
        assertEquals(Integer.toString(CPU), allowed("pinned-handler"));
        List<String> named = fork.checks().warnings().stream()
                .filter(w -> w.contains("may run on measuring CPU"))
                .toList();
        assertEquals(1, named.size(), fork.checks().warnings().toString());
        assertTrue(
                named.get(0)
                        .startsWith("thread(s) besides the measuring one may run on measuring CPU " + CPU
                                + ": 'pinned-handler' (thread "),
                named.get(0));
        assertFalse(named.get(0).contains("feed-handler"), named.get(0));
    }
}
