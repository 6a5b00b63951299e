package io.stagebench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.stagebench.api.SeriesNames;
import io.stagebench.host.InProcessForks;
import io.stagebench.json.Json;
import io.stagebench.output.CoordinatedOmissionPage;
import io.stagebench.store.ResultReader;
import io.stagebench.store.RunStore;
import io.stagebench.store.StoredRun;
import io.stagebench.testing.MeasuresInProcess;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DemoCommandTest {

    @TempDir
    Path results;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.add("--results");
        all.add(results.toString());
        return Main.run(
                all.toArray(new String[0]),
                new PrintWriter(out, true),
                new PrintWriter(err, true),
                InProcessForks.LAUNCHERS);
    }

    private void assertUsageError(int code, String expected) throws Exception {
        assertEquals(2, code, err.toString());
        assertTrue(err.toString().contains(expected), err.toString());
        assertEquals(1, err.toString().strip().lines().count(), err.toString());
        try (Stream<Path> files = Files.list(results)) {
            assertEquals(0, files.count(), "nothing may be measured or written before the arguments are checked");
        }
    }

    @Test
    void shouldAskForADemonstrationWhenNoneIsNamed() {
        int code = Main.run(new String[] {"demo"}, new PrintWriter(out, true), new PrintWriter(err, true));

        assertEquals(2, code);
        assertTrue(err.toString().contains("choose a demonstration: co"), err.toString());
    }

    @Test
    void shouldRefuseAServiceTimeNoShorterThanTheInterval() throws Exception {
        assertUsageError(
                run("demo", "co", "--service-us", "1000"),
                "--service-us must be at least 1 and shorter than the interval (1000 us at 1k/s)");
    }

    @Test
    void shouldRefuseAStallOutsideTheMeasuredMessages() throws Exception {
        assertUsageError(
                run("demo", "co", "-n", "100", "--stall-at", "100"), "--stall-at a measured message in [0, 99]");
    }

    @MeasuresInProcess
    @Test
    void shouldRunAScaledDownScenarioInAForkAndWriteTheThreeColumnsForTheReport() throws Exception {
        // 300 messages at 10k/s, 20 us of service, a 10 ms stall at message 150, its fork in this JVM
        int code = run(
                "demo",
                "co",
                "--rate",
                "10k/s",
                "-n",
                "300",
                "--service-us",
                "20",
                "--stall-us",
                "10000",
                "--stall-at",
                "150",
                "-w",
                "200",
                "--no-mlock");

        assertEquals(0, code, out + "\n" + err);
        String text = out.toString();
        assertTrue(
                text.contains("paced response")
                        && text.contains("naive closed loop")
                        && text.contains("HdrHistogram corrected"),
                text);
        Path file;
        try (Stream<Path> found = Files.walk(results)) {
            file = found.filter(p -> p.getFileName().toString().equals(CoordinatedOmissionDemo.FILE))
                    .findFirst()
                    .orElseThrow();
        }
        String page = Files.readString(file.resolveSibling(CoordinatedOmissionPage.FILE));
        assertEquals(1, page.split("src=\"data:image/png;base64,", -1).length - 1, "one chart of the three views");
        assertTrue(
                page.contains("paced response")
                        && page.contains("naive closed loop")
                        && page.contains("HdrHistogram corrected"),
                "the table under the chart");
        Path run = file.getParent();
        StoredRun stored = ResultReader.load(run).run();
        assertNotNull(stored.environment(), "a demo run records its environment like any run");
        assertTrue(Files.isRegularFile(run.resolve(RunStore.hlogPath("service", SeriesNames.RESPONSE))));
        assertTrue(Files.readString(run.resolve(RunStore.REPORT)).startsWith("<!DOCTYPE html>"));
        JsonNode json = Json.mapper().readTree(file.toFile());
        assertEquals(CoordinatedOmissionDemo.SCHEMA, json.get("schema").asText());
        assertEquals(100_000, json.get("expectedIntervalNs").asLong());
        assertEquals(150, json.get("stallAtMessage").asInt());
        JsonNode columns = json.get("columns");
        assertEquals(
                List.of("paced", "naive", "corrected"),
                List.of(
                        columns.get(0).get("name").asText(),
                        columns.get(1).get("name").asText(),
                        columns.get(2).get("name").asText()));
        assertEquals(300, columns.get(0).get("count").asLong());
        assertEquals(300, columns.get(1).get("count").asLong());
        assertTrue(columns.get(2).get("count").asLong() > 300, "the correction adds the samples the stall hid");
        for (JsonNode column : columns) {
            assertTrue(column.get("maxNs").asDouble() >= 10_000_000, column.toString());
            assertTrue(
                    column.has("p50Ns")
                            && column.has("p90Ns")
                            && column.has("p99Ns")
                            && column.has("p999Ns")
                            && column.has("unreliable"),
                    column.toString());
        }
    }
}
