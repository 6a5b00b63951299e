package io.stagebench.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.api.Operation;
import io.stagebench.api.Preparation;
import io.stagebench.api.Sink;
import io.stagebench.api.Stamps;
import io.stagebench.clock.ClockBinding;
import io.stagebench.link.Mode;
import io.stagebench.link.Warmup;
import java.lang.invoke.MethodType;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunConfigTest {

    /**
     * Every field away from the builder's default but the rate (a batch is back to back), so a field the copy forgets
     * shows.
     */
    private static RunConfig unusual() {
        return RunConfig.builder(List.of("parse", "book"), 3, Path.of("run"))
                .forks(7)
                .warmup(Warmup.ofTime(Duration.ofMillis(250)))
                .messages(54_321)
                .chunk(321)
                .stall(40, 1_000, 777)
                .binding(ClockBinding.JNA)
                .calibration(150, 3)
                .overheadPairs(33_333)
                .lockMemory(false)
                .params(Map.of("seed", "9"))
                .jvmFlagsInsteadOfDefaults(List.of("-Xmx64m"))
                .forkTimeoutS(42)
                .jitRetries(5)
                .layout(false, 11)
                .batch(Batch.of(16))
                .replicas(6)
                .calmForks(4)
                .build();
    }

    @Test
    void shouldCopyEveryFieldThroughItsBuilder() {
        RunConfig config = unusual();

        assertEquals(config, config.toBuilder().build());
        assertEquals(List.of("-Xmx64m"), config.jvmFlags());
        RunConfig paced = config.toBuilder().batch(Batch.ONE).paced(50_000).build();
        assertEquals(paced, paced.toBuilder().build());
        assertEquals(Mode.PACED, paced.mode());
    }

    @Test
    void shouldRefuseEachValueOutOfItsRangeInOneLineNamingItsOption() {
        RunConfig.Builder builder = RunConfig.builder(List.of("parse"), 0, Path.of("run"));
        Map<String, RunConfig.Builder> bad = new LinkedHashMap<>();
        bad.put(
                "--forks must be at least 1, got 0",
                RunConfig.builder(List.of("parse"), 0, Path.of("run")).forks(0));
        bad.put(
                "--replicas must be in [1, 1000], got 1001",
                RunConfig.builder(List.of("parse"), 0, Path.of("run")).replicas(1001));
        bad.put(
                "--messages must be at least 1, got 0",
                RunConfig.builder(List.of("parse"), 0, Path.of("run")).messages(0));
        bad.put(
                "--batch 64 is larger than the 10 measured messages (-n)",
                RunConfig.builder(List.of("parse"), 0, Path.of("run"))
                        .messages(10)
                        .batch(Batch.of(64)));
        bad.put(
                "--batch applies only back to back: a paced run times each message from its own arrival (drop --rate)",
                RunConfig.builder(List.of("parse"), 0, Path.of("run"))
                        .paced(1_000)
                        .batch(Batch.AUTO));
        bad.put(
                "--jit-retries must be in [0, 100], got -1",
                RunConfig.builder(List.of("parse"), 0, Path.of("run")).jitRetries(-1));
        bad.forEach((message, variant) -> assertEquals(
                message,
                assertThrows(IllegalArgumentException.class, variant::build).getMessage()));
        assertEquals(MeasureDefaults.PLAN_REPLICAS, builder.build().replicas(), "and the defaults pass");
    }

    @Test
    void shouldChangeOnlyWhatAVariantNames() {
        RunConfig config = unusual();

        assertEquals(
                new RunConfig(
                        config.benchmarks(),
                        2,
                        config.warmup(),
                        config.messages(),
                        config.chunk(),
                        config.mode(),
                        config.rateHz(),
                        config.stallUs(),
                        config.stallEvery(),
                        config.stallAt(),
                        config.cpu(),
                        config.binding(),
                        config.calibrationMs(),
                        config.calibrationRounds(),
                        config.overheadPairs(),
                        config.lockMemory(),
                        Map.of("seed", "10"),
                        config.jvmFlags(),
                        config.forkTimeoutS(),
                        config.runDir(),
                        config.jitRetries(),
                        config.fixedAddresses(),
                        config.layoutSeed(),
                        Batch.AUTO,
                        1,
                        config.profile(),
                        config.calmForks()),
                config.withForks(2)
                        .withParams(Map.of("seed", "10"))
                        .withBatch(Batch.AUTO)
                        .withReplicas(1));
        assertEquals(200, config.withMessages(200).chunk(), "a loop's chunk is at most the messages measured");
    }

    @Test
    void shouldPilotOneForkOfOneIntervalAMessageWithTheRunsWarmUpAndFlags() {
        RunConfig pilot = unusual().pilot("book", 1_000, Path.of("pilot"));

        assertEquals(List.of("book"), pilot.benchmarks());
        assertEquals(Path.of("pilot"), pilot.runDir());
        assertEquals(
                List.of(1, 1_000, 321, 1), List.of(pilot.forks(), pilot.messages(), pilot.chunk(), pilot.replicas()));
        assertEquals(Batch.ONE, pilot.batch());
        assertEquals(List.of(0L, 1L, -1L), List.of(pilot.stallUs(), pilot.stallEvery(), pilot.stallAt()));
        assertEquals(Warmup.ofTime(Duration.ofMillis(250)), pilot.warmup());
        assertEquals(List.of("-Xmx64m"), pilot.jvmFlags());
        assertEquals(Map.of("seed", "9"), pilot.params());
    }

    @Test
    void shouldRefuseAForkSpecBeforeAPilotChoseTheBatch() {
        RunConfig auto = unusual().withBatch(Batch.AUTO);

        assertThrows(IllegalStateException.class, () -> auto.forkSpec("parse", 1, Path.of("out")));
        assertEquals(
                16, unusual().forkSpec("parse", 1, Path.of("out")).measurement().batch());
    }

    @Test
    void shouldInlineExactlyTheOperationsAndPreparationsMethodsIntoTheLoopInEveryFork() throws Exception {
        // the commands name methods by signature: a change to either interface must change them, or they match nothing
        String run = MethodType.methodType(void.class, long.class, Stamps.class, Sink.class)
                .toMethodDescriptorString();
        String prepare =
                MethodType.methodType(void.class, long.class, Sink.class).toMethodDescriptorString();
        Operation.class.getMethod("run", long.class, Stamps.class, Sink.class);
        Preparation.class.getMethod("prepare", long.class, Sink.class);

        assertEquals(
                List.of(
                        "-XX:CompileCommand=quiet",
                        "-XX:CompileCommand=inline,*::run" + run,
                        "-XX:CompileCommand=inline,*::prepare" + prepare),
                MeasureDefaults.INLINE_OPERATION_FLAGS);
        assertTrue(MeasureDefaults.JVM_FLAGS.containsAll(MeasureDefaults.INLINE_OPERATION_FLAGS));
    }
}
