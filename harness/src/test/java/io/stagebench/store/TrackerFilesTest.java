package io.stagebench.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.stagebench.json.Json;
import io.stagebench.result.BenchmarkOutcome;
import io.stagebench.stats.StageSummary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The trackers' files validate against their documented shapes and say what the summary says. */
class TrackerFilesTest {

    @TempDir
    Path dir;

    @Test
    void shouldWriteBencherMetricFormatAsItsSchemaRequires() throws Exception {
        JsonNode bmf = stored().resolve(TrackerFiles.BMF_FILE).toFile().exists()
                ? Json.mapper().readTree(stored().resolve(TrackerFiles.BMF_FILE).toFile())
                : null;

        // https://bencher.dev/bmf.json: benchmark -> measure -> {value (required), lower_value, upper_value}, all
        // numbers
        assertTrue(bmf != null && bmf.isObject() && !bmf.isEmpty());
        bmf.properties().forEach(benchmark -> {
            assertTrue(benchmark.getKey().length() <= 1024 && benchmark.getKey().startsWith("stagebench.pipe."));
            assertTrue(benchmark.getValue().isObject() && !benchmark.getValue().isEmpty());
            benchmark.getValue().properties().forEach(measure -> {
                assertTrue(measure.getKey().length() <= 64 && measure.getKey().endsWith("-ns"), measure.getKey());
                JsonNode metric = measure.getValue();
                assertTrue(metric.get("value").isNumber(), metric.toString());
                assertTrue(Set.of("value", "lower_value", "upper_value").containsAll(keys(metric)), metric.toString());
                assertTrue(metric.get("lower_value").asDouble()
                        <= metric.get("upper_value").asDouble());
            });
        });
    }

    @Test
    void shouldWriteGithubActionBenchmarksCustomSmallerIsBetterShape() throws Exception {
        JsonNode entries = Json.mapper()
                .readTree(stored().resolve(TrackerFiles.GITHUB_FILE).toFile());

        // customSmallerIsBetter: [{name, unit, value, range?, extra?}], name and unit strings, value a number
        assertTrue(entries.isArray() && !entries.isEmpty());
        for (JsonNode entry : entries) {
            assertTrue(
                    entry.get("name").isTextual()
                            && entry.get("unit").isTextual()
                            && entry.get("value").isNumber(),
                    entry.toString());
            assertTrue(entry.get("range").isTextual() && entry.get("extra").isTextual(), entry.toString());
            assertEquals(Set.of("name", "unit", "value", "range", "extra"), Set.copyOf(keys(entry)));
        }
    }

    @Test
    void shouldNameSeriesStatisticAndUnitAndCarryTheSummarysFigures() throws Exception {
        BenchmarkOutcome outcome = RunFixture.pipeline(3, 2_000, 5);
        StageSummary parse = outcome.summaries().get(0);

        Map<String, Map<String, Map<String, Double>>> bmf = TrackerFiles.bmf(List.of(outcome));
        List<Map<String, Object>> github = TrackerFiles.githubActionBenchmark(List.of(outcome));

        assertEquals(
                parse.p50Ns(),
                bmf.get("stagebench.pipe." + parse.stage()).get("p50-ns").get("value"));
        double lowest = IntStream.range(0, 3)
                .mapToDouble(i -> outcome.forkSummaries(i).get(0).p99Ns())
                .min()
                .orElseThrow();
        assertEquals(
                lowest,
                bmf.get("stagebench.pipe." + parse.stage()).get("p99-ns").get("lower_value"));
        Map<String, Object> p50 = github.stream()
                .filter(e -> e.get("name").equals("stagebench.pipe." + parse.stage() + " p50"))
                .findFirst()
                .orElseThrow();
        assertEquals("ns", p50.get("unit"));
        assertEquals(parse.p50Ns(), p50.get("value"));
    }

    private Path stored() throws Exception {
        Path run = dir.resolve("run");
        if (!Files.exists(run.resolve("summary.json"))) {
            Files.createDirectories(run);
            RunFixture.store(
                    run,
                    RunFixture.config(run),
                    List.of(RunFixture.pipeline(2, 2_000, 9)),
                    List.of(),
                    RunFixture.environment(dir, Instant.parse("2025-03-04T10:15:30Z"), "c0ffee5eed5eed5eed", false));
        }
        return run;
    }

    private static List<String> keys(JsonNode node) {
        return node.propertyStream().map(Map.Entry::getKey).toList();
    }
}
