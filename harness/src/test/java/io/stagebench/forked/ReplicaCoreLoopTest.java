package io.stagebench.forked;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.config.RunConfig;
import io.stagebench.link.ForkResult;
import io.stagebench.link.ForkSpec;
import io.stagebench.link.Replica;
import io.stagebench.link.Warmup;
import io.stagebench.registry.BenchmarkRegistry;
import io.stagebench.testing.MeasuresInProcess;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReplicaCoreLoopTest {

    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

    @TempDir
    Path runDir;

    @MeasuresInProcess
    @Test
    void shouldTimeTheCoreBeforeEveryMeasuredReplicaButNotBeforeOneMeasuredColdOnPurpose() throws Exception {
        List<Replica> warmed = fork(Warmup.ofMessages(4_000), 2).measurement().replicas();
        List<Replica> cold = fork(Warmup.NONE, 1).measurement().replicas();

        assertEquals(2, warmed.size());
        assertTrue(warmed.stream().allMatch(r -> r.coreLoopNs() > 0), "every replica timed it: " + warmed);
        assertEquals(
                List.of(0.0), cold.stream().map(Replica::coreLoopNs).toList(), "-w 0 measures right after its setup");
    }

    private ForkResult fork(Warmup warmup, int replicas) throws Exception {
        RunConfig config = RunConfig.builder(List.of("empty"), -1, runDir)
                .forks(1)
                .warmup(warmup)
                .messages(2_000)
                .replicas(replicas)
                .overheadPairs(20_000)
                .lockMemory(false)
                .jvmFlagsInsteadOfDefaults(List.of())
                .forkTimeoutS(120)
                .jitRetries(0)
                .layout(false, 0)
                .build();
        ForkSpec spec = config.forkSpec("empty", 1, runDir);
        return new ForkExecution(spec, BenchmarkRegistry.load().get("empty"), QUIET).run();
    }
}
