package io.stagebench.output;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.stagebench.json.Json;
import io.stagebench.store.RunFixture;
import io.stagebench.store.RunStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A batched benchmark's page says its samples are K-message means; an unbatched one's says nothing of batches. A
 * profiled run's page links each benchmark's flame graphs.
 */
class HtmlReportBatchTest {

    @TempDir
    Path results;

    @TempDir
    Path fakeRoot;

    @Test
    void shouldSayABatchedBenchmarksSamplesAreMeansOfItsBatch() throws Exception {
        Path runDir = RunFixture.writeRun(results, fakeRoot, RunFixture.COMMIT, true, RunFixture.START, 3, List.of());
        String unbatched = Files.readString(HtmlReport.write(runDir, results, runDir.resolve(RunStore.REPORT)));
        Path summary = runDir.resolve(RunStore.SUMMARY);
        ObjectNode root = (ObjectNode) Json.mapper().readTree(summary.toFile());
        ((ObjectNode) root.get("benchmarks").get(0)).put("batch", 16);
        Files.writeString(summary, Json.write(root));

        String batched = Files.readString(HtmlReport.write(runDir, results, runDir.resolve(RunStore.REPORT)));

        assertFalse(unbatched.contains("BATCHED"));
        assertTrue(
                batched.contains("<strong>BATCHED</strong>, 16 messages a sample: each sample is the mean of 16"
                        + " consecutive messages"),
                batched);
    }

    @Test
    void shouldLinkAProfiledRunsFlameGraphsUnderItsBenchmark() throws Exception {
        Path runDir = RunFixture.writeRun(results, fakeRoot, RunFixture.COMMIT, true, RunFixture.START, 3, List.of());
        Path summary = runDir.resolve(RunStore.SUMMARY);
        ObjectNode root = (ObjectNode) Json.mapper().readTree(summary.toFile());
        ((ObjectNode) root.get("config")).put("profile", "cpu");
        Files.writeString(summary, Json.write(root));
        String benchmark = root.get("benchmarks").get(0).get("name").asText();
        Path forks = Files.createDirectories(runDir.resolve("forks").resolve(benchmark));
        Files.writeString(forks.resolve("fork-1.collapsed"), "ForkMain.main;KeptPass.measure;Enc.encode 40\n");
        Files.writeString(forks.resolve("fork-1.flame.html"), "<html></html>");

        String page = Files.readString(HtmlReport.write(runDir, results, runDir.resolve(RunStore.REPORT)));

        String flame = "forks/" + benchmark + "/fork-1.flame.html";
        assertTrue(page.contains("<a href=\"" + flame + "\">" + flame + "</a>"), page);
        assertTrue(page.contains(benchmark + " (40 samples): 100.0% Enc.encode"), page);
    }
}
