package io.stagebench.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.output.DiffReport;
import io.stagebench.store.Pairing;
import io.stagebench.store.ResultReader;
import io.stagebench.store.StoredRun;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CoreLevelsTest {

    @TempDir
    Path dir;

    private static final List<Statistic> ALL = List.of(Statistic.values());

    /**
     * @return a stored run of one benchmark whose forks' replicas timed the core loop at {@code loopNs} a fork (0: not)
     */
    private StoredRun run(String name, double... loopNs) {
        Path runDir = SummaryFixture.run()
                .benchmark("decide", Map.of("decide", SummaryFixture.forks(22, 0.3)))
                .writeTo(dir.resolve(name));
        SummaryFixture.timeCoreLoop(runDir, loopNs);
        return ResultReader.readSummary(runDir);
    }

    /**
     * @return {@code run} as one side of an {@code ab} whose pairs took turns ({@code turns}) or ran one after the
     *     other
     */
    private static StoredRun paired(StoredRun run, String side, StoredRun partner, boolean turns) {
        return new StoredRun(
                run.dir(),
                run.schema(),
                run.commit(),
                run.dirty(),
                run.branch(),
                run.runId(),
                run.startTime(),
                run.config(),
                run.environment(),
                run.warnings(),
                run.benchmarks(),
                Pairing.of(side, partner.dir(), turns, turns, 1));
    }

    private static StoredRun.Benchmark decide(StoredRun run) {
        return run.benchmark("decide").orElseThrow();
    }

    @Test
    void shouldReadABenchmarksLevelAsTheMedianOfItsForksThatTimedTheLoop() {
        StoredRun run = run("a", 2.30, 2.20, 0, 2.25, 2.60);

        assertEquals(2.25, decide(run).coreLoopNs().orElseThrow(), 1e-9, "median of the 7 forks above 0 of the 9");
    }

    @Test
    void shouldWarnWhenTwoRunsMeasuredApartMetTheCoreInStatesApart() {
        StoredRun a = run("a", 2.231);
        StoredRun b = run("b", 2.324);

        RunDiff diff = RunDiff.compare(a, b, VerdictRule.defaults(), ALL, List.of());

        String warning = diff.warnings().stream()
                .filter(w -> w.startsWith("decide: " + CoreLevels.WARNING))
                .findFirst()
                .orElseThrow();
        assertTrue(
                warning.contains("ran 2.231 ns an iteration in A's forks and 2.324 ns in B's (+4.2%): the host shared"
                        + " the core with another guest more while B ran"),
                warning);
        assertTrue(
                new DiffReport(diff)
                        .toText()
                        .contains("\n  core: issue-bound loop A 2.231 ns, B 2.324 ns an iteration" + " (+4.2%)\n"),
                new DiffReport(diff).toText());
    }

    @Test
    void shouldNameTheSlowerSideEitherWay() {
        Optional<String> warning = CoreLevels.of(decide(run("a", 2.40)), decide(run("b", 2.20)), false, false)
                .orElseThrow()
                .warning("decide");

        assertTrue(
                warning.orElseThrow().contains("(-8.3%): the host shared the core with another guest more while A ran"),
                warning.get());
    }

    @Test
    void shouldNotWarnOfLevelsWithinThreePercent() {
        CoreLevels levels = CoreLevels.of(decide(run("a", 2.231)), decide(run("b", 2.290)), false, false)
                .orElseThrow();

        assertEquals(2.6, levels.changePercent(), 0.05);
        assertTrue(levels.warning("decide").isEmpty());
    }

    /**
     * @return the diff's text of two runs paired by an {@code ab} whose pairs took turns, or ran one after the other
     */
    private String pairedDiff(boolean turns) {
        StoredRun a = run("a" + turns, 2.231);
        StoredRun b = run("b" + turns, 2.324);

        RunDiff diff = RunDiff.compare(
                paired(a, "A", b, turns), paired(b, "B", a, turns), VerdictRule.defaults(), ALL, List.of());

        assertFalse(
                diff.warnings().stream().anyMatch(w -> w.contains(CoreLevels.WARNING)),
                "the sides shared the host's moments");
        return new DiffReport(diff).toText();
    }

    @Test
    void shouldShowButNotWarnOfSidesMeasuredSideBySide() {
        String text = pairedDiff(true);

        assertTrue(text.contains("A 2.231 ns, B 2.324 ns an iteration (+4.2%), measured side by side"), text);
    }

    @Test
    void shouldNotCallPairsWhoseForksRanOneAfterTheOtherMeasuredSideBySide() {
        String text = pairedDiff(false);

        assertFalse(text.contains("side by side"), text);
        assertTrue(
                text.contains("A 2.231 ns, B 2.324 ns an iteration (+4.2%), measured as pairs of forks one after the"
                        + " other"),
                text);
    }

    @Test
    void shouldSayNothingOfTheCoreWhenASideDidNotTimeIt() {
        StoredRun a = run("a", 0);
        StoredRun b = run("b", 2.324);

        RunDiff diff = RunDiff.compare(a, b, VerdictRule.defaults(), ALL, List.of());

        assertTrue(decide(a).coreLoopNs().isEmpty());
        assertTrue(CoreLevels.of(decide(a), decide(b), false, false).isEmpty());
        assertFalse(
                diff.warnings().stream().anyMatch(w -> w.contains(CoreLevels.WARNING)),
                diff.warnings().toString());
        assertFalse(new DiffReport(diff).toText().contains("core: "), new DiffReport(diff).toText());
    }
}
