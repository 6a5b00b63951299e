package io.stagebench.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.stagebench.json.Json;
import io.stagebench.output.HistoryReport;
import io.stagebench.output.TrendPage;
import io.stagebench.store.RunHistory;
import io.stagebench.store.RunStore;
import io.stagebench.store.StoreException;
import io.stagebench.system.GitCheckout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code history}'s selection of stored runs and its analysis, over synthetic runs of a line of commits. */
class HistoryTest {

    @TempDir
    Path root;

    private final List<GitCheckout.Commit> line = new ArrayList<>();

    private GitCheckout.Commit commit(int i) {
        String hash = String.format(Locale.ROOT, "%02d", i).repeat(20);
        return new GitCheckout.Commit(
                hash, Instant.parse("2026-12-01T10:00:00Z").plusSeconds(60L * i), "commit " + i);
    }

    /** Stores a run of {@code commit} whose benchmark "hold" has forks spread +-1 % around {@code centreNs}. */
    private Path store(GitCheckout.Commit commit, String runId, double centreNs) {
        double[] forks = {centreNs * 0.99, centreNs * 0.995, centreNs, centreNs * 1.005, centreNs * 1.01};
        return SummaryFixture.run()
                .commit(commit.hash())
                .messages(5_000)
                .benchmark("hold", Map.of("hold", forks))
                .writeTo(root.resolve(commit.shortHash()).resolve(runId));
    }

    private void line(double... centresNs) {
        for (int i = 0; i < centresNs.length; i++) {
            GitCheckout.Commit c = commit(i + 1);
            line.add(c);
            store(c, "20261201-10000" + i, centresNs[i]);
        }
    }

    private static void edit(Path run, String field, String value) throws IOException {
        editEnvironment(run, env -> env.put(field, value));
    }

    private static void editNumber(Path run, String field, double value) throws IOException {
        editEnvironment(run, env -> env.put(field, value));
    }

    private static void editEnvironment(Path run, Consumer<ObjectNode> change) throws IOException {
        Path summary = run.resolve(RunStore.SUMMARY);
        JsonNode tree = Json.mapper().readTree(summary.toFile());
        change.accept((ObjectNode) tree.get("environment"));
        Files.writeString(summary, Json.write(tree));
    }

    private History history(RunHistory.Selection selection) {
        return History.of(
                selection, List.of("hold"), List.of(Statistic.P50), VerdictRule.defaults(), ChangePoints.DEFAULT_ALPHA);
    }

    @Test
    void shouldMarkOneChangePointAtTheCommitWhereTheLevelShifts() {
        line(1_000, 1_000, 1_000, 1_000, 3_000, 3_000, 3_000, 3_000);

        History history = history(RunHistory.select(line, root, List.of("hold"), null, null));

        History.Trend trend = history.trends().get(0);
        assertEquals(8, trend.points().size());
        assertEquals(1, trend.changePoints().size(), trend.changePoints().toString());
        assertEquals(
                line.get(4),
                trend.points().get(trend.changePoints().get(0).index()).commit().commit());
        assertEquals(Verdict.SLOWER, trend.points().get(4).previous().verdict());
        assertEquals(Verdict.NO_CHANGE, trend.points().get(5).previous().verdict());
        String text = new HistoryReport(history).toText();
        String words = text.replaceAll("\\s+", " ");
        assertTrue(words.contains("hold/hold p50 at " + line.get(4).shortHash() + " 'commit 5': +"), text);
        assertTrue(words.contains("False alarms: at most 0.01 in this report"), text);
        assertTrue(text.lines().allMatch(l -> l.length() <= 120), text);
        String html = TrendPage.render(history, root, Instant.now());
        assertTrue(html.contains("change point at <code>" + line.get(4).shortHash()), "the trend page marks it");
        assertTrue(
                html.contains("href=\"" + line.get(0).shortHash() + "/20261201-100000/"),
                "links to each run's report, relative to the page");
    }

    @Test
    void shouldSayUnderAChangePointThatTheCoresStateMovedWithIt() throws IOException {
        line(1_000, 1_000, 1_000, 1_000, 3_000, 3_000, 3_000, 3_000);
        for (int i = 0; i < line.size(); i++) {
            SummaryFixture.timeCoreLoop(
                    root.resolve(line.get(i).shortHash()).resolve("20261201-10000" + i), i < 4 ? 2.23 : 2.33);
        }

        History history = history(RunHistory.select(line, root, List.of("hold"), null, null));

        String words = new HistoryReport(history).toText().replaceAll("\\s+", " ");
        assertTrue(
                words.contains("the measuring core's issue-bound loop ran 2.230 ns an iteration in "
                        + line.get(3).shortHash() + "'s runs and 2.330 ns in "
                        + line.get(4).shortHash() + "'s (+4.5%)"),
                words);
        JsonNode point = Json.mapper()
                .readTree(new HistoryReport(history).toJson())
                .get("series")
                .get(0)
                .get("commits")
                .get(4);
        assertEquals(2.33, point.get("coreLoopNs").asDouble(), 1e-9);
    }

    @Test
    void shouldSayNothingOfTheCoreUnderAChangePointItDidNotMoveWith() {
        line(1_000, 1_000, 1_000, 1_000, 3_000, 3_000, 3_000, 3_000);
        for (int i = 0; i < line.size(); i++) {
            SummaryFixture.timeCoreLoop(
                    root.resolve(line.get(i).shortHash()).resolve("20261201-10000" + i), 2.23 + 0.01 * (i % 2));
        }

        History history = history(RunHistory.select(line, root, List.of("hold"), null, null));

        assertEquals(1, history.trends().get(0).changePoints().size());
        assertFalse(new HistoryReport(history).toText().contains("issue-bound loop"));
    }

    @Test
    void shouldFindNoChangePointOverCommitsOfTheSameCode() {
        line(1_000, 1_003, 998, 1_001, 1_000, 999, 1_002, 1_000);

        History history = history(RunHistory.select(line, root, List.of("hold"), null, null));

        assertEquals(List.of(), history.trends().get(0).changePoints());
    }

    @Test
    void shouldLeaveOutRunsOfAnotherMachineAndNameThemWithTheFieldThatDiffers() throws IOException {
        line(1_000, 1_000, 1_000);
        Path other = store(line.get(1), "20261201-110000", 2_000);
        edit(other, "kernel", "5.10.0-old");

        RunHistory.Selection selection = RunHistory.select(line, root, List.of("hold"), null, null);

        assertEquals(3, selection.commits().size());
        assertEquals(1, selection.commits().get(1).runs().size(), "the other machine's run is not pooled");
        assertEquals(1, selection.leftOut().size(), selection.leftOut().toString());
        String why = selection.leftOut().get(0);
        assertTrue(
                why.startsWith(line.get(1).shortHash()
                        + "/20261201-110000: another machine (kernel '5.10.0-old' instead of '"),
                why);
    }

    @Test
    void shouldTellTwoCpusOfOneModelNameApartByTheirTscAndKeepAFewKilohertzOfCalibrationAsOneMachine()
            throws IOException {
        line(1_000, 1_000, 1_000);
        // two AMD EPYC kinds of one fleet both read 'AMD EPYC': family 25 model 1 at 2445.4 MHz, family 26 model 2 at
        // 2096.0
        Path otherKind = store(line.get(1), "20261201-110000", 2_000);
        editNumber(otherKind, "kernelTscMhz", 2445.406);
        Path reboot = store(line.get(2), "20261201-110000", 1_000);
        editNumber(reboot, "kernelTscMhz", 2600.004);

        RunHistory.Selection selection = RunHistory.select(line, root, List.of("hold"), null, null);

        assertEquals(1, selection.commits().get(1).runs().size(), "the other CPU's run is not pooled");
        assertEquals(2, selection.commits().get(2).runs().size(), "a reboot's few kHz are the same machine");
        assertEquals(1, selection.leftOut().size(), selection.leftOut().toString());
        assertTrue(
                selection.leftOut().get(0).contains("another machine (TSC 2445.4 MHz instead of 2600.0 MHz)"),
                selection.leftOut().toString());
        assertTrue(
                selection.machine().describe().contains("(TSC 2600.0 MHz)"),
                selection.machine().describe());
    }

    @Test
    void shouldTakeTheNewestRunsMachineAndLeaveOutOlderCommitsMeasuredElsewhere() throws IOException {
        line(1_000, 1_000, 1_000);
        edit(root.resolve(line.get(0).shortHash()).resolve("20261201-100000"), "cpuModel", "Old CPU");

        RunHistory.Selection selection = RunHistory.select(line, root, List.of("hold"), null, null);

        assertEquals(
                List.of(line.get(1), line.get(2)),
                selection.commits().stream().map(RunHistory.CommitRuns::commit).toList());
        assertEquals(1, selection.commitsWithoutRuns());
        assertTrue(
                selection.leftOut().get(0).contains("another machine (CPU 'Old CPU' instead of 'Fixture CPU"),
                selection.leftOut().toString());
    }

    @Test
    void shouldPoolTheForksOfEveryRunOfACommit() {
        line(1_000, 1_000);
        store(line.get(1), "20261201-120000", 1_000);

        RunHistory.Selection selection = RunHistory.select(line, root, List.of("hold"), null, null);

        assertEquals(
                10,
                selection
                        .commits()
                        .get(1)
                        .benchmark("hold")
                        .orElseThrow()
                        .forks()
                        .size());
        assertEquals(
                10, history(selection).trends().get(0).points().get(1).side().forks());
    }

    @Test
    void shouldLeaveOutRunsWithUncommittedChangesAndOfAnotherConfiguration() {
        line(1_000, 1_000);
        SummaryFixture.run()
                .commit(line.get(1).hash())
                .messages(5_000)
                .benchmark("hold", Map.of("hold", new double[] {1_000, 1_000, 1_000}))
                .writeTo(root.resolve(line.get(1).shortHash() + "-dirty").resolve("20261201-130000"));
        SummaryFixture.run()
                .commit(line.get(1).hash())
                .messages(10_000)
                .benchmark("hold", Map.of("hold", new double[] {1_000, 1_000, 1_000}))
                .writeTo(root.resolve(line.get(0).shortHash()).resolve("20261201-090000"));

        RunHistory.Selection selection = RunHistory.select(line, root, List.of("hold"), null, null);

        assertTrue(
                selection.leftOut().stream()
                        .anyMatch(l -> l.contains("another configuration (messages 10000 instead of 5000)")),
                selection.leftOut().toString());
        assertTrue(
                selection.leftOut().stream().anyMatch(l -> l.startsWith("1 run(s) with uncommitted changes")),
                selection.leftOut().toString());
    }

    /** Makes {@code run} one of {@code --batch configured} whose benchmark measured {@code batch} messages a sample. */
    private static void batched(Path run, int configured, int batch) throws IOException {
        Path summary = run.resolve(RunStore.SUMMARY);
        JsonNode tree = Json.mapper().readTree(summary.toFile());
        ((ObjectNode) tree.get("config")).put("batch", configured);
        ((ObjectNode) tree.get("benchmarks").get(0))
                .put("batch", batch)
                .put("samples", "mean of " + batch + " messages");
        Files.writeString(summary, Json.write(tree));
    }

    @Test
    void shouldLeaveOutAndNameARunOfAnotherBatchInsteadOfTakingTheCommitsNewest() throws IOException {
        line(1_000, 1_000);
        batched(store(line.get(0), "20261201-110000", 700), 16, 16);

        RunHistory.Selection selection = RunHistory.select(line, root, List.of("hold"), null, null);
        History history = history(selection);

        assertEquals(1, selection.commits().get(0).runs().size(), "the batched run is not pooled");
        assertEquals(1_000, history.trends().get(0).points().get(0).centreNs(), 1e-6);
        assertEquals(
                List.of(line.get(0).shortHash() + "/20261201-110000: another configuration (batch 16 instead of 1)"),
                selection.leftOut());
        assertTrue(new HistoryReport(history).toText().contains("left out (1):"), "the table says so");
    }

    @Test
    void shouldLeaveOutABenchmarkThatBatchAutoBatchedApartFromItsNewestRun() throws IOException {
        line(1_000, 1_000);
        batched(root.resolve(line.get(0).shortHash()).resolve("20261201-100000"), 0, 1);
        batched(root.resolve(line.get(1).shortHash()).resolve("20261201-100001"), 0, 1);
        batched(store(line.get(1), "20261201-090000", 700), 0, 16);

        RunHistory.Selection selection = RunHistory.select(line, root, List.of("hold"), null, null);

        assertEquals(1, selection.commits().get(1).runs().size(), "the run auto batched in 16 is not pooled");
        assertEquals(
                5,
                selection
                        .commits()
                        .get(1)
                        .benchmark("hold")
                        .orElseThrow()
                        .forks()
                        .size());
        assertEquals(
                List.of(line.get(1).shortHash() + "/20261201-090000: hold measured in batches of 16, not one message a"
                        + " sample as its newest run (--batch): a sample of another size"),
                selection.leftOut());
    }

    @Test
    void shouldRefuseALineWithNoStoredRunOrAnUnknownSeries() {
        line.add(commit(1));
        StoreException none =
                assertThrows(StoreException.class, () -> RunHistory.select(line, root, List.of("hold"), null, null));
        assertTrue(none.getMessage().startsWith("no stored run of hold for any of the 1 commit(s)"), none.getMessage());

        store(line.get(0), "20261201-100000", 1_000);
        RunHistory.Selection selection = RunHistory.select(line, root, List.of("hold"), null, null);
        DiffException unknown = assertThrows(
                DiffException.class,
                () -> History.of(
                        selection, List.of("hold/nope"), List.of(Statistic.TMEAN), VerdictRule.defaults(), 0.01));
        assertEquals("benchmark hold has no series 'nope' (it has: hold)", unknown.getMessage());
    }
}
