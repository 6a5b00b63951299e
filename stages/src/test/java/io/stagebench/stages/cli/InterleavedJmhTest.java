package io.stagebench.stages.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.stages.jmh.CoreLoopProfiler;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/** When {@code crosscheck} starts JMH's forks between stagebench's, and which twins beside which run. */
class InterleavedJmhTest {

    private static CrosscheckPlan plan(List<String> stages, int forks, String batch, int jmhForks) {
        return CrosscheckPlan.of(
                stages,
                forks,
                1_000,
                null,
                batch,
                new CrosscheckPlan.Jmh(jmhForks, 1, 1, 100),
                10_000,
                7,
                IllegalArgumentException::new);
    }

    @Test
    void shouldRunABatchedRowsTwinsBesideTheBatchedRunAndOnlyThePerMessageRowsOwnBesideThePerMessageRun() {
        InterleavedJmh jmh = new InterleavedJmh(plan(List.of(), 3, "auto", 2), (twins, fork) -> {});

        assertEquals(List.of("DecideJmh.prepareAndDecide", "DecideJmh.prepare"), jmh.twinsBeside("decide", true));
        assertEquals(List.of("DecideCallJmh.decide", "DecideCallJmh.timer"), jmh.twinsBeside("decide", false));
        assertEquals(List.of("ParseJmh.parse"), jmh.twinsBeside("parse", true));
        assertEquals(List.of(), jmh.twinsBeside("parse", false));
        assertEquals(List.of("PipelineJmh.pipeline"), jmh.twinsBeside("pipeline", true));
        assertEquals(List.of(), jmh.twinsBeside("pipeline", false));
    }

    @Test
    void shouldRunEveryTwinBesideThePerMessageRunWhenNothingIsBatched() {
        InterleavedJmh jmh = new InterleavedJmh(plan(List.of(), 3, "1", 2), (twins, fork) -> {});

        assertEquals(List.of("ParseJmh.parse"), jmh.twinsBeside("parse", false));
        assertEquals(List.of("DecideCallJmh.decide", "DecideCallJmh.timer"), jmh.twinsBeside("decide", false));
        assertEquals(List.of(), jmh.twinsBeside("parse", true));
    }

    @Test
    void shouldStartOneJmhForkAfterEachStagebenchForkUntilJmhHasItsForks() {
        List<String> started = new ArrayList<>();
        InterleavedJmh jmh = new InterleavedJmh(
                plan(List.of("encode"), 3, "auto", 2), (twins, fork) -> started.add(twins + "#" + fork));

        for (int fork = 1; fork <= 3; fork++) {
            jmh.forkEnded("encode", fork, false);
            jmh.forkEnded("encode", fork, true);
            started.add("after " + fork);
        }

        assertEquals(List.of("[EncodeJmh.encode]#1", "after 1", "[EncodeJmh.encode]#2", "after 2", "after 3"), started);
    }

    @Test
    void shouldStartEveryJmhForkStillOwedAfterTheLastStagebenchFork() {
        List<String> started = new ArrayList<>();
        InterleavedJmh jmh = new InterleavedJmh(
                plan(List.of("book"), 2, "auto", 4), (twins, fork) -> started.add(twins + "#" + fork));

        jmh.forkEnded("book", 1, true);
        started.add("after 1");
        jmh.forkEnded("book", 2, true);

        assertEquals(
                List.of(
                        "[BookJmh.parseAndApply, BookJmh.parse]#1",
                        "after 1",
                        "[BookJmh.parseAndApply, BookJmh.parse]#2",
                        "[BookJmh.parseAndApply, BookJmh.parse]#3",
                        "[BookJmh.parseAndApply, BookJmh.parse]#4"),
                started);
    }

    @Test
    void shouldTimeTheCoreAroundEveryMeasuredJmhIterationAndTakeTheForksMedian() throws Exception {
        var options = new OptionsBuilder()
                .include("io\\.stagebench\\.stages\\.jmh\\.ParseJmh\\.parse$")
                .mode(Mode.AverageTime)
                .timeUnit(TimeUnit.NANOSECONDS)
                .forks(0)
                .warmupIterations(1)
                .warmupTime(TimeValue.milliseconds(50))
                .measurementIterations(3)
                .measurementTime(TimeValue.milliseconds(50))
                .param("messages", "20000")
                .addProfiler(CoreLoopProfiler.class)
                .verbosity(VerboseMode.SILENT)
                .shouldFailOnError(true)
                .build();

        RunResult run = new Runner(options).run().iterator().next();
        BenchmarkResult fork = run.getBenchmarkResults().iterator().next();
        double[] iterationNs = fork.getIterationResults().stream()
                .mapToDouble(
                        i -> i.getSecondaryResults().get(CoreLoopProfiler.LABEL).getScore())
                .sorted()
                .toArray();

        assertEquals(3, iterationNs.length, "one figure a measured iteration, none for the warm-up");
        assertTrue(iterationNs[0] > 0 && Double.isFinite(iterationNs[2]), "ns an iteration of the loop");
        assertEquals(iterationNs[1], CoreLoopProfiler.forkNs(fork), 1e-12, "the fork's: the median of its iterations'");
    }

    @Test
    void shouldHaveNoCoreStateForAForkThatTimedNone() {
        BenchmarkResult fork = new BenchmarkResult(null, List.<IterationResult>of());

        assertTrue(Double.isNaN(CoreLoopProfiler.forkNs(fork)));
    }
}
