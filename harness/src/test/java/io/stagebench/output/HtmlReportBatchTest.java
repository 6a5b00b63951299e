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

/** A batched benchmark's page says its samples are K-message means; an unbatched one's says nothing of batches. */
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
}
