package io.stagebench.forked;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.config.MeasureDefaults;
import io.stagebench.config.RunConfig;
import io.stagebench.link.ForkResult;
import io.stagebench.link.ForkSpec;
import io.stagebench.link.Warmup;
import io.stagebench.registry.BenchmarkRegistry;
import io.stagebench.testbench.RareStageBenchmark;
import io.stagebench.testing.MeasuresInProcess;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Warm-up by each stage's own count ({@link StageWarmup}): a stage that runs for one message in 1,000. */
class StageWarmupTest {

    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

    @TempDir
    Path runDir;

    private ForkResult fork(long warmupMessages) throws Exception {
        return fork(warmupMessages, MeasureDefaults.JIT_RETRIES);
    }

    /** @param jitRetries measured passes the JIT may have the fork discard (and count as warm-up) */
    private ForkResult fork(long warmupMessages, int jitRetries) throws Exception {
        RunConfig config = RunConfig.builder(List.of("test.rare-stage"), -1, runDir)
                .forks(1)
                .warmup(Warmup.ofMessages(warmupMessages))
                .messages(20_000)
                .overheadPairs(20_000)
                .lockMemory(false)
                .jvmFlagsInsteadOfDefaults(List.of())
                .forkTimeoutS(120)
                .jitRetries(jitRetries)
                .layout(false, 0)
                .build();
        ForkSpec spec = config.forkSpec("test.rare-stage", 1, runDir);
        return new ForkExecution(spec, BenchmarkRegistry.load().get("test.rare-stage"), QUIET).run();
    }

    @MeasuresInProcess
    @Test
    void shouldWarmARareStageUntilItHasRunAsOftenAsTheOptimisingCompilerNeedsBeforeMeasuring() throws Exception {
        long target = StageWarmup.jvmTarget();

        // -w 20000: a warm-up counted in messages would run the rare stage 20 times
        ForkResult result = fork(20_000);

        assertTrue(
                result.measurement().warmupMessages() / RareStageBenchmark.EVERY >= target,
                "the rare stage ran " + result.measurement().warmupMessages() / RareStageBenchmark.EVERY
                        + " times in warm-up, fewer than "
                        + target);
        assertEquals(
                2,
                result.measurement().warmupStageRuns().size(),
                result.measurement().warmupStageRuns().toString());
        assertTrue(
                result.measurement().warmupStageRuns().get(1) >= target,
                result.measurement().warmupStageRuns().toString());
        assertEquals(
                result.measurement().warmupStageRuns().get(0) / RareStageBenchmark.EVERY,
                result.measurement().warmupStageRuns().get(1),
                1.0,
                "the rare stage's runs are its share of the messages");
        assertEquals(
                20,
                result.measurement().measuredMessages() / RareStageBenchmark.EVERY,
                "the measured pass is as asked");
        assertTrue(
                result.checks().warnings().stream().noneMatch(w -> w.contains("fewer than")),
                result.checks().warnings().toString());
    }

    @MeasuresInProcess
    @Test
    void shouldKeepTheWarmUpAskedForWhenToldNotToWarmUp() throws Exception {
        // no pass discarded for the JIT: in this shared test JVM one now and then compiles during the first pass, and
        // its replay counts as warm-up of its own kind, not the stages'
        ForkResult result = fork(0, 0);

        assertEquals(List.of(), result.measurement().warmupStageRuns());
        assertEquals(0, result.measurement().warmupMessages());
    }

    @Test
    void shouldAskForTwiceTheTierFourThresholdOfThisJvm() {
        // surefire's JVM runs HotSpot's defaults: Tier4CompileThreshold 15000, CompileThresholdScaling 1.0
        assertEquals(30_000, StageWarmup.jvmTarget());
    }

    @Test
    void shouldCountEachStagesRunsFromItsShareAndAskForThePassesItsRarestStageNeeds() {
        StageWarmup stages = new StageWarmup(List.of("common", "rare", "never"), 30_000);
        // a measured pass of 20 000 messages: the rare stage ran for 20 of them, the last stage for none
        stages.measured(new long[] {20_000, 20, 0}, 20_000);

        assertEquals(List.of(100_000L, 100L, 0L), StageWarmup.asList(stages.runsAt(100_000)));
        // 29 900 runs to go at 20 a pass of 20 000: 1 495 passes; a stage that never runs asks for none
        assertEquals(1_495, stages.passesNeeded(100_000, 20_000));
        assertEquals(0, stages.passesNeeded(30_000_000, 20_000));
        assertEquals("common 100,000, rare 100, never 0", stages.describe(stages.runsAt(100_000)));
    }

    @Test
    void shouldNameTheShortStageItsCountAndTheFix() {
        StageWarmup stages = new StageWarmup(List.of("common", "rare"), 30_000);
        stages.measured(new long[] {20_000, 20}, 20_000);

        List<String> warnings = stages.shortStages(stages.runsAt(1_000_000));

        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(
                warnings.get(0).startsWith("stage rare ran 1,000 times before it was measured, fewer than the 30,000"),
                warnings.get(0));
        assertTrue(warnings.get(0).contains("fix: a longer -w"), warnings.get(0));
    }
}
