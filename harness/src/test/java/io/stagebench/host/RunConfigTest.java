package io.stagebench.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.api.Operation;
import io.stagebench.api.Preparation;
import io.stagebench.api.Sink;
import io.stagebench.api.Stamps;
import io.stagebench.clock.ClockBinding;
import io.stagebench.extension.command.Batch;
import io.stagebench.link.Mode;
import io.stagebench.link.Warmup;
import java.lang.invoke.MethodType;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunConfigTest {

    /** Every field away from the builder's default, so a field the copy forgets shows. */
    private static RunConfig unusual() {
        return RunConfig.builder(List.of("parse", "book"), 3, Path.of("run")).forks(7).warmup(Warmup.ofTime(Duration.ofMillis(250)))
                .messages(54_321).chunk(321).paced(50_000).stall(40, 1_000, 777).binding(ClockBinding.JNA)
                .calibration(150, 3).overheadPairs(33_333).lockMemory(false).params(Map.of("seed", "9"))
                .jvmFlagsInsteadOfDefaults(List.of("-Xmx64m")).forkTimeoutS(42).jitRetries(5).layout(false, 11)
                .batch(Batch.of(16)).replicas(6).build();
    }

    @Test
    void shouldCopyEveryFieldThroughItsBuilder() {
        RunConfig config = unusual();

        assertEquals(config, config.toBuilder().build());
        assertEquals(Mode.PACED, config.mode());
        assertEquals(List.of("-Xmx64m"), config.jvmFlags());
    }

    @Test
    void shouldChangeOnlyWhatAVariantNames() {
        RunConfig config = unusual();

        assertEquals(new RunConfig(config.benchmarks(), 2, config.warmup(), config.messages(),
                config.chunk(), config.mode(), config.rateHz(), config.stallUs(), config.stallEvery(), config.stallAt(),
                config.cpu(), config.binding(), config.calibrationMs(), config.calibrationRounds(), config.overheadPairs(),
                config.lockMemory(), Map.of("seed", "10"), config.jvmFlags(), config.forkTimeoutS(), config.runDir(),
                config.jitRetries(), config.fixedAddresses(), config.layoutSeed(), Batch.AUTO, 1),
                config.withForks(2).withParams(Map.of("seed", "10")).withBatch(Batch.AUTO).withReplicas(1));
        assertEquals(200, config.withMessages(200).chunk(), "a loop's chunk is at most the messages measured");
    }

    @Test
    void shouldPilotOneForkOfOneIntervalAMessageWithTheRunsWarmUpAndFlags() {
        RunConfig pilot = unusual().pilot("book", 1_000, Path.of("pilot"));

        assertEquals(List.of("book"), pilot.benchmarks());
        assertEquals(Path.of("pilot"), pilot.runDir());
        assertEquals(List.of(1, 1_000, 321, 1), List.of(pilot.forks(), pilot.messages(), pilot.chunk(), pilot.replicas()));
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
        assertEquals(16, unusual().forkSpec("parse", 1, Path.of("out")).measurement().batch());
    }

    @Test
    void shouldInlineExactlyTheOperationsAndPreparationsMethodsIntoTheLoopInEveryFork() throws Exception {
        // the commands name methods by signature: a change to either interface must change them, or they match nothing
        String run = MethodType.methodType(void.class, long.class, Stamps.class, Sink.class).toMethodDescriptorString();
        String prepare = MethodType.methodType(void.class, long.class, Sink.class).toMethodDescriptorString();
        Operation.class.getMethod("run", long.class, Stamps.class, Sink.class);
        Preparation.class.getMethod("prepare", long.class, Sink.class);

        assertEquals(List.of("-XX:CompileCommand=quiet", "-XX:CompileCommand=inline,*::run" + run,
                "-XX:CompileCommand=inline,*::prepare" + prepare), RunConfig.INLINE_OPERATION_FLAGS);
        assertTrue(RunConfig.DEFAULT_JVM_FLAGS.containsAll(RunConfig.INLINE_OPERATION_FLAGS));
    }
}
