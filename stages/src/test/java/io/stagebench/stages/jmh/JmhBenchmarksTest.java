package io.stagebench.stages.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.config.MeasureDefaults;
import io.stagebench.extension.Harness;
import io.stagebench.process.JvmFork;
import io.stagebench.registry.BenchmarkRegistry;
import io.stagebench.stages.testing.MeasuresInProcess;
import java.io.InputStream;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/** The JMH benchmarks as built: listed for JMH, beside the stagebench ones, and runnable. */
class JmhBenchmarksTest {

    private static final String PACKAGE = "io.stagebench.stages.jmh.";
    private static final List<String> BENCHMARKS = List.of(
            "BookJmh.parse",
            "BookJmh.parseAndApply",
            "DecideCallJmh.decide",
            "DecideCallJmh.timer",
            "DecideJmh.prepare",
            "DecideJmh.prepareAndDecide",
            "EncodeJmh.encode",
            "ParseJmh.parse",
            "PipelineJmh.pipeline");

    @Test
    void shouldListEveryJmhBenchmarkInAverageTimeAndSampleTime() throws Exception {
        List<BenchmarkListEntry> entries;
        try (InputStream in = getClass().getResourceAsStream(BenchmarkList.BENCHMARK_LIST)) {
            assertNotNull(in, "JMH's annotation processor wrote no " + BenchmarkList.BENCHMARK_LIST);
            entries = BenchmarkList.readBenchmarkList(in);
        }

        Set<String> listed = new TreeSet<>();
        for (BenchmarkListEntry entry : entries) {
            listed.add(entry.getUsername() + " " + entry.getMode());
        }
        Set<String> expected = new TreeSet<>();
        for (String benchmark : BENCHMARKS) {
            expected.add(PACKAGE + benchmark + " " + Mode.AverageTime);
            expected.add(PACKAGE + benchmark + " " + Mode.SampleTime);
        }
        assertEquals(expected, listed);
    }

    @Test
    void shouldStartEveryJmhForkWithTheJvmFlagsOfAStagebenchFork() throws Exception {
        List<String> forkFlags = Harness.SHARED_FORK_FLAGS;
        assertEquals(
                List.of(
                        MeasureDefaults.HEAP_MIN_FLAG,
                        MeasureDefaults.HEAP_MAX_FLAG,
                        MeasureDefaults.PRE_TOUCH_FLAG,
                        MeasureDefaults.HUGE_PAGES_FLAG,
                        MeasureDefaults.GC_FLAG,
                        MeasureDefaults.FOREGROUND_COMPILE_FLAG),
                forkFlags);
        assertTrue(MeasureDefaults.JVM_FLAGS.containsAll(forkFlags), MeasureDefaults.JVM_FLAGS.toString());
        try (InputStream in = getClass().getResourceAsStream(BenchmarkList.BENCHMARK_LIST)) {
            for (BenchmarkListEntry entry : BenchmarkList.readBenchmarkList(in)) {
                Collection<String> appended = entry.getJvmArgsAppend().orElse(List.of());

                assertTrue(appended.containsAll(forkFlags), entry.getUsername() + ": " + appended);
                assertTrue(appended.containsAll(JvmFork.BASE_JVM_FLAGS), entry.getUsername() + ": " + appended);
                assertTrue(
                        appended.stream().noneMatch(a -> a.equals("-Xmx1g") || a.equals("-Xms1g")),
                        entry.getUsername() + ": " + appended);
            }
        }
    }

    @Test
    void shouldKeepTheStagebenchBenchmarksListedBesideTheJmhOnes() {
        List<String> names = BenchmarkRegistry.load().names();

        assertTrue(names.containsAll(List.of("parse", "book", "decide", "encode", "pipeline")), names.toString());
    }

    @MeasuresInProcess
    @Test
    void shouldRunAJmhBenchmarkInProcessAndMeasureAPositiveAverageTime() throws Exception {
        var options = new OptionsBuilder()
                .include(PACKAGE.replace(".", "\\.") + "ParseJmh\\.parse$")
                .mode(Mode.AverageTime)
                .timeUnit(TimeUnit.NANOSECONDS)
                .forks(0)
                .warmupIterations(0)
                .measurementIterations(1)
                .measurementTime(TimeValue.milliseconds(100))
                .param("messages", "20000")
                .verbosity(VerboseMode.SILENT)
                .shouldFailOnError(true)
                .build();

        Collection<RunResult> results = new Runner(options).run();

        assertEquals(1, results.size());
        double nsPerOp = results.iterator().next().getPrimaryResult().getScore();
        assertTrue(nsPerOp > 0 && nsPerOp < 100_000, "ns/op " + nsPerOp);
    }
}
