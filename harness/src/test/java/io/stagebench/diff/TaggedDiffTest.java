package io.stagebench.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.stagebench.config.RunConfig;
import io.stagebench.host.InProcessForks;
import io.stagebench.host.Runner;
import io.stagebench.link.Warmup;
import io.stagebench.registry.BenchmarkRegistry;
import io.stagebench.result.BenchmarkOutcome;
import io.stagebench.store.ResultReader;
import io.stagebench.store.RunFixture;
import io.stagebench.store.StoredRun;
import io.stagebench.system.CpuList;
import io.stagebench.testing.MeasuresInProcess;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A change to one tag's path, measured, stored and compared as a user's two runs are: the diff calls that tag slower
 * and the other tag of the same stage no change.
 */
@MeasuresInProcess
class TaggedDiffTest {

    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

    @TempDir
    Path dir;

    private StoredRun measure(String name, long oddTicks) throws Exception {
        Path runDir = Files.createDirectories(dir.resolve(name));
        // 6 v 6 forks reach p 0.0022, below Holm's first step over the 6 rows (0.05 / 6); send spins 600 ticks, so its
        // "no change" does not hang on a few ns of probe residue (an empty send was once called faster)
        RunConfig config = RunConfig.builder(List.of("test.tagged"), -1, runDir)
                .forks(6)
                .warmup(Warmup.ofMessages(4_000))
                .messages(4_000)
                .chunk(500)
                .overheadPairs(20_000)
                .lockMemory(false)
                .params(Map.of("evenTicks", "1500", "oddTicks", Long.toString(oddTicks), "sendTicks", "600"))
                .jvmFlagsInsteadOfDefaults(List.of())
                .forkTimeoutS(120)
                .build();
        BenchmarkRegistry registry = BenchmarkRegistry.load();
        List<BenchmarkOutcome> outcomes =
                new Runner(config, registry, CpuList.parse(""), InProcessForks.launcher(registry), QUIET).run();
        RunFixture.store(
                runDir,
                config,
                outcomes,
                List.of(),
                RunFixture.environment(dir.resolve("machine"), RunFixture.START, RunFixture.COMMIT, false));
        return ResultReader.readSummary(runDir);
    }

    private static Verdict verdict(RunDiff diff, String series) {
        return diff.benchmarks().get(0).stages().stream()
                .filter(s -> s.stage().equals(series))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no row " + series))
                .comparisons()
                .get(0)
                .verdict();
    }

    @Test
    void shouldCallOnlyTheSlowedTagSlowerAmongTheTagsOfItsStage() throws Exception {
        StoredRun a = measure("a", 1_500);
        StoredRun b = measure("b", 6_000);

        // A and B are measured one after the other in this JVM, not interleaved: a row the change did not touch may
        // drift by a percent or two between them, so the smallest change called here is 5 % (the slowed tag is 4x)
        VerdictRule rule = new VerdictRule(VerdictRule.DEFAULT_ALPHA, 5.0);
        RunDiff diff = RunDiff.compare(a, b, rule, List.of(Statistic.TMEAN), List.of(), true);
        RunDiff stagesOnly = RunDiff.compare(a, b, rule, List.of(Statistic.TMEAN), List.of());

        assertEquals(Verdict.SLOWER, verdict(diff, "work[odd]"));
        assertEquals(Verdict.NO_CHANGE, verdict(diff, "work[even]"));
        assertEquals(Verdict.NO_CHANGE, verdict(diff, "send"), "the even messages' second stage");
        assertEquals(Verdict.SLOWER, verdict(diff, "work"), "the stage as a whole holds the slowed tag");
        assertEquals(6, diff.rowCount(), "work, its two tags, send, total, unmarked: one family");
        assertEquals(List.of(), diff.tagSeriesLeftOut());
        assertEquals(
                List.of("test.tagged/work[even]", "test.tagged/work[odd]"),
                stagesOnly.tagSeriesLeftOut(),
                "compared only when asked: more rows make every call stricter");
        assertEquals(4, stagesOnly.rowCount());
    }
}
