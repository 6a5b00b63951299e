package io.stagebench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.stagebench.json.Json;
import io.stagebench.store.RunFixture;
import io.stagebench.store.RunStore;
import io.stagebench.system.GitCheckout;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code history} and {@code bisect} refuse bad input in one line, exit 2, before anything is read or measured (in this
 * checkout's own git history).
 */
class HistoryCommandTest {

    @TempDir
    Path results;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private void assertOneLineError(String command, String expected, String... args) {
        err.getBuffer().setLength(0);
        int code = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        assertEquals(2, code, err.toString());
        assertTrue(err.toString().startsWith("stagebench " + command + ": "), err.toString());
        assertTrue(err.toString().contains(expected), err.toString());
        assertEquals(1, err.toString().strip().lines().count(), err.toString());
    }

    @Test
    void shouldRefuseAHistoryWithNoStoredRun() {
        assertOneLineError(
                "history", "no stored run of any benchmark for any of the", "history", "--results", results.toString());
    }

    @Test
    void shouldSayAResultsFolderThatDoesNotExistDoesNotInsteadOfFindingNoRun() {
        String missing = results.resolve("typo").toString();
        assertOneLineError("history", "--results " + missing + ": no such folder", "history", "--results", missing);
        assertOneLineError("diff", "--results " + missing + ": no such folder", "diff", "a", "b", "--results", missing);
        assertOneLineError("report", "--results " + missing + ": no such folder", "report", "--results", missing);
    }

    @Test
    void shouldRefuseInOneLineNamingTheFileASummaryWhoseBenchmarkSeriesAreNotItsForks(@TempDir Path fakeRoot)
            throws Exception {
        String head = GitCheckout.of(RunStore.projectHome()).resolve("HEAD").orElseThrow();
        Path run = RunFixture.writeRun(results, fakeRoot, head, false, RunFixture.START, 1, List.of());
        Path summary = run.resolve(RunStore.SUMMARY);
        ObjectNode root = (ObjectNode) Json.mapper().readTree(summary.toFile());
        root.get("benchmarks")
                .get(0)
                .get("summaries")
                .forEach(s -> ((ObjectNode) s)
                        .put("stage", "renamed-" + s.get("stage").asText()));
        Files.writeString(summary, Json.write(root));

        assertOneLineError(
                "history",
                summary + ": benchmarks[0].forks[0].summaries has no series renamed-parse",
                "history",
                "pipe",
                "--html",
                results.resolve("trend.html").toString(),
                "--results",
                results.toString());
        assertOneLineError("history", summary.toString(), "history", "pipe", "--results", results.toString());
    }

    @Test
    void shouldRefuseAnUnknownSinceAndBadFigures() {
        assertOneLineError("history", "--since: unknown commit 'no-such-rev'", "history", "--since", "no-such-rev");
        assertOneLineError("history", "--change-alpha must be in (0, 1), got 1.5", "history", "--change-alpha", "1.5");
        assertOneLineError("history", "--stat: unknown statistic 'p95'", "history", "--stat", "p95");
    }

    @Test
    void shouldRefuseABisectWhoseGoodIsNotAnAncestorOfBad() {
        assertOneLineError(
                "bisect", "is not an ancestor of BAD", "bisect", "HEAD", "HEAD~1", "--results", results.toString());
    }

    @Test
    void shouldRefuseABisectWithoutBadOrWithAnUnknownCommit() {
        assertOneLineError("bisect", "name BAD, the slower commit, after GOOD", "bisect", "HEAD~1");
        assertOneLineError("bisect", "GOOD: unknown commit 'no-such-rev'", "bisect", "no-such-rev", "HEAD");
    }
}
