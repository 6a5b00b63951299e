package io.stagebench.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.stagebench.diff.SummaryFixture;
import io.stagebench.json.Json;
import io.stagebench.link.LinkVersion;
import io.stagebench.stats.StageSummary;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultReaderTest {

    private static final String OTHER_COMMIT = "0123fedcba9876543210fedcba9876543210fedc";

    @TempDir
    Path results;

    @TempDir
    Path fakeRoot;

    private Path runDir;
    private Path summary;
    private Path hlog;

    @BeforeEach
    void writeRun() throws IOException {
        runDir = RunFixture.writeRun(results, fakeRoot, RunFixture.COMMIT, false, RunFixture.START, 42, List.of("w"));
        summary = runDir.resolve(RunStore.SUMMARY);
        hlog = runDir.resolve(RunStore.hlogPath("pipe", "book"));
    }

    private StoreException loadFails() {
        return assertThrows(StoreException.class, () -> ResultReader.load(runDir));
    }

    @Test
    void shouldLoadAStoredRunWithEveryLogMatchingItsSummary() {
        ResultReader.LoadedRun loaded = ResultReader.load(runDir);

        StoredRun run = loaded.run();
        assertEquals(RunFixture.COMMIT, run.commit());
        assertEquals(RunFixture.START, run.startTime());
        assertEquals("0123456789ab", run.label());
        StoredRun.Benchmark pipe = run.benchmark("pipe").orElseThrow();
        assertEquals(
                List.of("parse", "book", "total"),
                pipe.summaries().stream().map(s -> s.stage()).toList());
        assertEquals(3, pipe.forks().size());
        assertEquals(9_000, loaded.logs().get("pipe").get("total").merged().getTotalCount());
        assertEquals(2, loaded.logs().get("pipe").get("book").forkOf(1));
        assertEquals("Fixture CPU @ 2.60GHz", run.environment().get("cpuModel").asText());
    }

    @Test
    void shouldNameATruncatedSummaryAndSayItIsNotValidJson() throws IOException {
        String text = Files.readString(summary);
        Files.writeString(summary, text.substring(0, text.length() / 2));

        StoreException e = loadFails();

        assertTrue(e.getMessage().startsWith(summary.toString()), e.getMessage());
        assertTrue(e.getMessage().contains("not valid JSON, truncated or corrupt"), e.getMessage());
    }

    @Test
    void shouldSayWhereTheJsonBreaksInWordsWithoutTheParsersInternals() throws IOException {
        assertRefused("{\"schema\": \"stagebench.run/1\", x", "unexpected character 'x' at line 1, column 32");
        assertRefused("{\n  \"schema\": \"stagebench.ru", "ends early at line 2, column 27");
    }

    private void assertRefused(String content, String where) throws IOException {
        Files.writeString(summary, content);

        assertEquals(
                summary + ": not valid JSON, truncated or corrupt (" + where + ")",
                loadFails().getMessage());
    }

    @Test
    void shouldNameAMissingPercentileAndWhereItWasExpected() throws IOException {
        Files.writeString(summary, Files.readString(summary).replaceFirst("\"p99Ns\" : [0-9.E]+,", ""));

        StoreException e = loadFails();

        assertEquals(summary + ": benchmarks[0].summaries[0].p99Ns is missing", e.getMessage());
    }

    @Test
    void shouldRejectAValueOfTheWrongType() throws IOException {
        Files.writeString(summary, Files.readString(summary).replaceFirst("\"count\" : 9000", "\"count\" : \"many\""));

        StoreException e = loadFails();

        assertEquals(summary + ": benchmarks[0].summaries[0].count must be an integer, found \"many\"", e.getMessage());
    }

    @Test
    void shouldRejectEverySchemaButTheOneWrittenIncludingTheSecondThatNothingWrites() throws IOException {
        String written = Files.readString(summary);
        for (String schema : List.of("stagebench.run/2", "stagebench.run/99")) {
            Files.writeString(summary, written.replace(RunStore.SCHEMA, schema));

            StoreException e = loadFails();

            assertEquals(
                    summary + ": schema '" + schema + "' is not supported (this version reads stagebench.run/1)",
                    e.getMessage());
        }
    }

    @Test
    void shouldRejectARunFolderWithoutSummaryAsIncomplete() throws IOException {
        Files.delete(summary);

        StoreException e = loadFails();

        assertTrue(e.getMessage().startsWith(summary + ": missing"), e.getMessage());
        assertTrue(e.getMessage().contains("stopped before it finished"), e.getMessage());
    }

    @Test
    void shouldNameACorruptLog() throws IOException {
        List<String> lines = Files.readAllLines(hlog);
        int last = lines.size() - 1;
        String line = lines.get(last);
        int payload = line.lastIndexOf(',') + 1;
        lines.set(last, line.substring(0, payload) + "AAAA" + line.substring(payload + 4));
        Files.write(hlog, lines);

        StoreException e = loadFails();

        assertTrue(e.getMessage().startsWith(hlog + ": corrupt HdrHistogram log at interval 4"), e.getMessage());
    }

    @Test
    void shouldNameATruncatedLogThatLostItsMergedInterval() throws IOException {
        List<String> lines = Files.readAllLines(hlog);
        Files.write(hlog, lines.subList(0, lines.size() - 1));

        StoreException e = loadFails();

        assertTrue(
                e.getMessage().startsWith(hlog + ": expected one untagged interval (all forks merged)"),
                e.getMessage());
        assertTrue(e.getMessage().contains("found 0 - truncated"), e.getMessage());
    }

    @Test
    void shouldNameALogCutInTheMiddleOfALine() throws IOException {
        byte[] bytes = Files.readAllBytes(hlog);
        Files.write(hlog, Arrays.copyOf(bytes, bytes.length * 3 / 5));

        StoreException e = loadFails();

        assertTrue(e.getMessage().startsWith(hlog + ": "), e.getMessage());
    }

    @Test
    void shouldNameALogWhoseSamplesDisagreeWithTheSummary() throws IOException {
        Path other = RunFixture.writeRun(
                results, fakeRoot, RunFixture.COMMIT, false, RunFixture.START.plusSeconds(5), 9, List.of());
        Files.copy(other.resolve(RunStore.hlogPath("pipe", "book")), hlog, StandardCopyOption.REPLACE_EXISTING);
        Files.writeString(summary, Files.readString(summary).replaceAll("\"count\" : 9000", "\"count\" : 8999"));

        StoreException e = loadFails();

        assertTrue(
                e.getMessage().contains(": holds 9000 samples in 3 fork interval(s) but summary.json says 8999"),
                e.getMessage());
    }

    @Test
    void shouldRefuseAGarbageLogWhenReadingTheSummaryAsLoadingTheRunRefusesIt() throws IOException {
        Files.writeString(hlog, "garbage\n");

        StoreException summaryRead = assertThrows(StoreException.class, () -> ResultReader.readSummary(runDir));

        assertEquals(loadFails().getMessage(), summaryRead.getMessage());
        assertTrue(summaryRead.getMessage().startsWith(hlog + ": "), summaryRead.getMessage());
    }

    @Test
    void shouldNameAForkWithoutASeriesItsBenchmarkPools() throws IOException {
        ObjectNode root = (ObjectNode) Json.mapper().readTree(summary.toFile());
        ((ObjectNode) root.get("benchmarks").get(0).get("summaries").get(1)).put("stage", "booking");
        Files.writeString(summary, Json.write(root));

        StoreException e = assertThrows(StoreException.class, () -> ResultReader.readSummary(runDir));

        assertEquals(
                summary + ": benchmarks[0].forks[0].summaries has no series booking of its benchmark's parse, booking,"
                        + " total (it has parse, book, total): a benchmark's series pool its forks' samples",
                e.getMessage());
    }

    @Test
    void shouldNameAMissingLog() throws IOException {
        Files.delete(hlog);

        StoreException e = loadFails();

        assertEquals(hlog + ": missing (named in summary.json)", e.getMessage());
    }

    @Test
    void shouldSkipUnreadableRunsInAScanAndListThemAsProblems() throws IOException {
        Path later = RunFixture.writeRun(
                results, fakeRoot, RunFixture.COMMIT, false, RunFixture.START.plusSeconds(60), 1, List.of());
        Path other = RunFixture.writeRun(
                results, fakeRoot, OTHER_COMMIT, false, RunFixture.START.plusSeconds(120), 2, List.of());
        Files.writeString(other.resolve(RunStore.SUMMARY), "{");

        ResultReader.Scan scan = ResultReader.scan(results);

        assertEquals(
                List.of(runDir, later), scan.runs().stream().map(StoredRun::dir).toList());
        assertEquals(1, scan.problems().size());
        assertTrue(scan.problems()
                .get(0)
                .startsWith(other.resolve(RunStore.SUMMARY).toString()));
    }

    @Test
    void shouldNameAForkResultOfANewerLinkThanThisBuildReads() throws IOException {
        Path fork = runDir.resolve(RunStore.forkResultPath("pipe", 2));
        Files.writeString(fork, "{\"fork\": 2, \"linkVersion\": " + (LinkVersion.CURRENT + 1) + "}");

        StoreException e = assertThrows(StoreException.class, () -> ResultReader.readSummary(runDir));

        assertTrue(
                e.getMessage()
                        .startsWith(fork + ": not a fork result (named in summary.json): it speaks link version "
                                + (LinkVersion.CURRENT + 1) + ", newer than this build's " + LinkVersion.CURRENT),
                e.getMessage());
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
    }

    @Test
    void shouldNameAForkResultThatIsNotOne() throws IOException {
        Path fork = runDir.resolve(RunStore.forkResultPath("pipe", 2));
        Files.writeString(fork, "garbage{");

        StoreException e = assertThrows(StoreException.class, () -> ResultReader.readSummary(runDir));

        assertTrue(e.getMessage().startsWith(fork + ": not a fork result (named in summary.json): "), e.getMessage());
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
        Files.writeString(fork, "{\"fork\": 3}");
        StoreException other = assertThrows(StoreException.class, () -> ResultReader.readSummary(runDir));
        assertEquals(
                fork + ": not a fork result (named in summary.json): it is fork 3, the summary names fork 2",
                other.getMessage());
    }

    @Test
    void shouldNameAForkResultTheSummaryNamesThatIsMissing() throws IOException {
        Path fork = runDir.resolve(RunStore.forkResultPath("pipe", 2));
        Files.delete(fork);

        StoreException e = assertThrows(StoreException.class, () -> ResultReader.readSummary(runDir));

        assertEquals(fork + ": missing (named in summary.json)", e.getMessage());
    }

    @Test
    void shouldNameAMissingJmhFileAndPercentileDistribution() throws IOException {
        Files.delete(runDir.resolve(RunStore.hgrmPath("pipe", "total")));

        StoreException e = assertThrows(StoreException.class, () -> ResultReader.readSummary(runDir));

        assertEquals(
                runDir.resolve(RunStore.hgrmPath("pipe", "total")) + ": missing (named in summary.json)",
                e.getMessage());
        Files.copy(hlog, runDir.resolve(RunStore.hgrmPath("pipe", "total")));
        Files.delete(runDir.resolve(JmhResultFile.FILE));
        assertTrue(assertThrows(StoreException.class, () -> ResultReader.readSummary(runDir))
                .getMessage()
                .startsWith(runDir.resolve(JmhResultFile.FILE) + ": missing"));
    }

    @Test
    void shouldReadPerForkSummariesAndTheCommitLabel() {
        Path run = SummaryFixture.run()
                .benchmark("pipeline", Map.of("decide", new double[] {10, 11, 12}))
                .writeTo(results.resolve("r"));

        StoredRun stored = ResultReader.readSummary(run);

        assertEquals(RunStore.SCHEMA, stored.schema());
        assertEquals("0123456789ab", stored.label());
        StoredRun.Benchmark b = stored.benchmark("pipeline").orElseThrow();
        assertEquals(List.of("decide"), b.series());
        assertEquals(3, b.forks().size());
        assertEquals(11.0, b.forks().get(1).summary("decide").orElseThrow().p50Ns());
        assertEquals(16.5, b.forks().get(1).summary("decide").orElseThrow().p99Ns());
        assertEquals(11.0, b.summary("decide").orElseThrow().p50Ns());
        assertEquals("forks/pipeline/fork-2.json", b.forks().get(1).result());
    }

    @Test
    void shouldReadASummaryWrittenBeforeItsLaterKeysWithTheDefaultsOfThatTime() throws IOException {
        ObjectNode root = (ObjectNode) Json.mapper().readTree(summary.toFile());
        root.remove(List.of("branch", "runId", "startTime", "endTime", "environment", "jmh", "warnings"));
        ObjectNode pipe = (ObjectNode) root.get("benchmarks").get(0);
        pipe.remove(List.of("batch", "samples", "forksSucceeded", "failures", "histograms"));
        pipe.get("summaries").forEach(s -> ((ObjectNode) s).remove("tmeanNs"));
        for (JsonNode fork : pipe.get("forks")) {
            ((ObjectNode) fork)
                    .remove(List.of("layout", "overheadSubtractedTicks", "warmupPasses", "jitEvents", "warnings"));
            fork.get("summaries").forEach(s -> ((ObjectNode) s).remove("tmeanNs"));
        }
        Files.writeString(summary, Json.write(root));

        StoredRun run = ResultReader.load(runDir).run();

        assertEquals("", run.branch());
        assertEquals(runDir.getFileName().toString(), run.runId());
        assertEquals(RunFixture.START, run.startTime());
        assertNull(run.environment());
        assertEquals(List.of(), run.warnings());
        StoredRun.Benchmark b = run.benchmark("pipe").orElseThrow();
        assertEquals(1, b.batch());
        assertEquals(3, b.forksSucceeded());
        assertEquals(List.of(), b.failures());
        assertEquals(Map.of(), b.histograms());
        assertTrue(b.summaries().stream().mapToDouble(StageSummary::tmeanNs).allMatch(Double::isNaN));
        assertTrue(Double.isNaN(b.forks().get(0).summary("book").orElseThrow().tmeanNs()));
        assertEquals(-1, b.forks().get(0).layoutSeed());
        assertEquals(3, run.config().get("forks").asInt());
    }

    @Test
    void shouldReadASummaryStoredByAnEarlierVersionWithoutEnvironmentTimesOrHistograms() throws URISyntaxException {
        Path stored =
                Path.of(getClass().getResource("ef320b99d12d/20261130-060701").toURI());

        ResultReader.LoadedRun loaded = ResultReader.load(stored);

        StoredRun run = loaded.run();
        assertEquals("ef320b99d12d", run.label());
        assertEquals("20261130-060701", run.runId());
        assertEquals(RunId.startOf("20261130-060701").orElseThrow(), run.startTime());
        assertNull(run.environment());
        assertEquals("paced", run.config().get("mode").asText());
        StoredRun.Benchmark service = run.benchmark("service").orElseThrow();
        assertEquals(List.of("service", "response"), service.series());
        assertEquals(10_000, service.summary("response").orElseThrow().count());
        assertTrue(Double.isNaN(service.summary("service").orElseThrow().tmeanNs()));
        assertEquals(1, service.batch());
        assertEquals(Map.of(), loaded.logs().get("service"));
        assertEquals("forks/service/fork-1.json", service.forks().get(0).result());
        assertEquals(3, run.warnings().size());
    }

    @Test
    void shouldNameTheFileAndPathOfAValueOfTheWrongTypeInAKeyWrittenForPeople() throws IOException {
        Files.writeString(
                summary, Files.readString(summary).replaceFirst("\"samples\" : \"message\"", "\"samples\" : 1"));

        assertEquals(
                summary + ": benchmarks[0].samples must be a string, found number",
                loadFails().getMessage());
        Files.writeString(
                summary,
                Files.readString(summary)
                        .replaceFirst("\"samples\" : 1", "\"samples\" : \"message\"")
                        .replaceFirst("\"stepTicks\" : 26", "\"stepTicks\" : 2.5"));
        assertEquals(
                summary + ": benchmarks[0].forks[0].stepTicks must be an integer, found 2.5",
                loadFails().getMessage());
    }
}
