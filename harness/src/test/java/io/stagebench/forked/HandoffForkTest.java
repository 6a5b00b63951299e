package io.stagebench.forked;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.config.RunConfig;
import io.stagebench.link.ForkResult;
import io.stagebench.link.ForkSpec;
import io.stagebench.link.RawStamps;
import io.stagebench.link.Warmup;
import io.stagebench.registry.BenchmarkRegistry;
import io.stagebench.testing.MeasuresInProcess;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A two-thread fork runs the same template as a one-thread fork: the same warm-up, retries and verification. */
@MeasuresInProcess
class HandoffForkTest {

    @TempDir
    Path runDir;

    @Test
    void shouldWarmUpAHandoffUnderATimedWarmUpInPassesAsLongAsTheMeasurement() throws Exception {
        ByteArrayOutputStream lines = new ByteArrayOutputStream();
        ForkResult result = run(config(0, 100), new PrintStream(lines, true, StandardCharsets.UTF_8));

        String progress = lines.toString(StandardCharsets.UTF_8);
        assertTrue(progress.contains("warm-up 100 ms on both threads"), progress);
        assertTrue(
                result.measurement().warmupMessages() >= result.measurement().measuredMessages(),
                result.measurement().warmupMessages() + " warm-up messages");
        assertTrue(result.measurement().warmupPasses() >= 1);
    }

    @Test
    void shouldMeasureBothThreadsAndWriteEachThreadsStamps() throws Exception {
        ForkResult result = run(config(2_000, 0), new PrintStream(PrintStream.nullOutputStream()));

        assertEquals(2, result.placement().threads().size());
        assertEquals(
                List.of("feed", "strategy"),
                result.placement().threads().stream().map(t -> t.name()).toList());
        assertEquals(1_000, result.measurement().measuredMessages());
        assertEquals(
                1_000,
                RawStamps.read(runDir.resolve(result.measurement().rawFile())).count());
        assertTrue(
                Files.exists(runDir.resolve(result.placement().threads().get(1).rawFile())));
        assertEquals(0, result.measurement().markErrors());
    }

    private ForkResult run(RunConfig config, PrintStream progress) throws Exception {
        ForkSpec spec = config.forkSpec("test.handoff", 1, runDir);
        return new ForkExecution(spec, BenchmarkRegistry.load().get("test.handoff"), progress).run();
    }

    private RunConfig config(long warmupMessages, long warmupMs) {
        return RunConfig.builder(List.of("test.handoff"), -1, runDir)
                .forks(1)
                .warmup(new Warmup(warmupMessages, warmupMs))
                .messages(1_000)
                .chunk(500)
                .overheadPairs(100_000)
                .lockMemory(false)
                .jvmFlagsInsteadOfDefaults(List.of())
                .forkTimeoutS(120)
                .build();
    }
}
