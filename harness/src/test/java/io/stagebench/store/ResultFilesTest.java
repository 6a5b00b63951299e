package io.stagebench.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stagebench.io.AtomicFiles;
import io.stagebench.result.BenchmarkOutcome;
import io.stagebench.stats.Distribution;
import io.stagebench.stats.LatencyHistograms;
import java.io.FileInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultFilesTest {

    @TempDir
    Path results;

    @TempDir
    Path fakeRoot;

    private Path runDir;
    private JsonNode summary;

    @BeforeEach
    void writeRun() throws IOException {
        runDir = RunFixture.writeRun(
                results, fakeRoot, RunFixture.COMMIT, false, RunFixture.START, 42, List.of("run warning one"));
        summary = new ObjectMapper().readTree(runDir.resolve(RunStore.SUMMARY).toFile());
    }

    /** @return every interval of the log, in file order, as HdrHistogram's own reader returns them */
    private static List<Histogram> readWithHdrHistogram(Path hlog) throws IOException {
        List<Histogram> intervals = new ArrayList<>();
        try (HistogramLogReader reader = new HistogramLogReader(new FileInputStream(hlog.toFile()))) {
            EncodableHistogram next;
            while ((next = reader.nextIntervalHistogram()) != null) {
                intervals.add((Histogram) next);
            }
        }
        return intervals;
    }

    private static List<Histogram> tagged(List<Histogram> intervals, boolean tagged) {
        return intervals.stream().filter(h -> (h.getTag() != null) == tagged).toList();
    }

    @Test
    void shouldStoreLogsThatHdrHistogramsOwnReaderReadsBackWithTheSameCountAndMax() throws IOException {
        JsonNode bench = summary.get("benchmarks").get(0);
        for (JsonNode s : bench.get("summaries")) {
            String series = s.get("stage").asText();
            Path hlog = runDir.resolve(
                    bench.get("histograms").get(series).get("hlog").asText());

            List<Histogram> intervals = readWithHdrHistogram(hlog);
            List<Histogram> merged = tagged(intervals, false);

            assertEquals(4, intervals.size(), "three forks and the merged interval: " + series);
            assertEquals(1, merged.size(), series);
            assertEquals(s.get("count").asLong(), merged.get(0).getTotalCount(), series);
            assertEquals(
                    s.get("count").asLong(),
                    LatencyHistograms.merge(tagged(intervals, true)).getTotalCount(),
                    series);
            // every sample is below 2048 ns, where 3 significant digits are exact
            assertEquals(
                    LatencyHistograms.toRecordedNs(s.get("maxNs").asDouble()),
                    merged.get(0).getMaxValue(),
                    series);
        }
    }

    @Test
    void shouldKeepEachForkAsAnIntervalTaggedWithItsNumberAndItsOwnCountAndMax() throws IOException {
        JsonNode bench = summary.get("benchmarks").get(0);
        Path hlog =
                runDir.resolve(bench.get("histograms").get("parse").get("hlog").asText());

        List<Histogram> intervals = tagged(readWithHdrHistogram(hlog), true);

        assertEquals(3, intervals.size());
        for (int i = 0; i < intervals.size(); i++) {
            JsonNode fork = bench.get("forks").get(i);
            JsonNode forkParse = fork.get("summaries").get(0);
            assertEquals("fork-" + fork.get("fork").asInt(), intervals.get(i).getTag());
            assertEquals(forkParse.get("count").asLong(), intervals.get(i).getTotalCount());
            assertEquals(
                    LatencyHistograms.toRecordedNs(forkParse.get("maxNs").asDouble()),
                    intervals.get(i).getMaxValue());
        }
        String text = Files.readString(hlog);
        assertTrue(text.contains("values in integer nanoseconds"), text);
        assertTrue(text.contains("#[StartTime: "), text);
        assertTrue(text.contains("-outputValueUnitRatio 1 prints ns"), text);
    }

    @Test
    void shouldWriteEachMessageTagOfAStageAsAnIntervalOfItsOwnInTheStagesLogAndAsASeriesWithItsForks()
            throws IOException {
        Map<String, double[]> fork = new LinkedHashMap<>();
        fork.put("work", new double[] {10, 11, 12, 50});
        fork.put("work[a]", new double[] {10, 11, 12});
        fork.put("work[b]", new double[] {50});
        Path dir = Files.createDirectories(results.resolve("tagged"));
        RunFixture.store(
                dir,
                RunFixture.config(dir),
                List.of(RunFixture.outcome("tagged", List.of("work"), List.of(fork, fork))),
                List.of(),
                RunFixture.environment(fakeRoot, RunFixture.START, RunFixture.COMMIT, false));

        List<Histogram> stage = readWithHdrHistogram(dir.resolve(RunStore.hlogPath("tagged", "work")));
        HistogramFiles.Log read = HistogramFiles.read(dir.resolve(RunStore.hlogPath("tagged", "work")));

        assertEquals(
                Arrays.asList("fork-1", "fork-2", null, "tag=a", "tag=b"),
                stage.stream().map(Histogram::getTag).toList());
        assertEquals(6, stage.get(3).getTotalCount(), "tag a, both forks");
        assertEquals(2, read.forks().size(), "the tags' intervals are not forks");
        assertEquals(8, read.merged().getTotalCount());
        assertEquals(List.of("a", "b"), List.copyOf(read.tags().keySet()));
        assertEquals(
                2,
                HistogramFiles.read(dir.resolve(RunStore.hlogPath("tagged", "work[b]")))
                        .forks()
                        .size());
    }

    @Test
    void shouldWriteTheIntervalMaxInMillisecondsAsHdrHistogramsToolsRead() throws IOException {
        JsonNode bench = summary.get("benchmarks").get(0);
        Path hlog =
                runDir.resolve(bench.get("histograms").get("parse").get("hlog").asText());
        List<Histogram> forks = tagged(readWithHdrHistogram(hlog), true);

        // data lines: Tag=fork-N,StartTimestamp,Interval_Length,Interval_Max,Interval_Compressed_Histogram
        List<String> rows = Files.readString(hlog)
                .lines()
                .filter(l -> l.startsWith("Tag=fork-"))
                .toList();

        assertEquals(forks.size(), rows.size());
        for (int i = 0; i < rows.size(); i++) {
            assertEquals(
                    forks.get(i).getMaxValue() / 1e6,
                    Double.parseDouble(rows.get(i).split(",")[3]),
                    1e-3,
                    rows.get(i));
        }
    }

    @Test
    void shouldBoundTheHistogramsErrorAboveTheExactRange() {
        Distribution d = Distribution.of(new double[] {10.4, 10.6, 123_456.7, 9_876_543.2});

        Histogram h = LatencyHistograms.of(d);

        assertEquals(10, h.getMinValue());
        assertEquals(4, h.getTotalCount());
        assertEquals(1.0, h.getMaxValue() / 9_876_543.2, 1e-3);
        assertTrue(h.valuesAreEquivalent(h.getValueAtPercentile(50), 11));
    }

    @Test
    void shouldWriteTheMergedPercentileDistributionInNanoseconds() throws IOException {
        JsonNode bench = summary.get("benchmarks").get(0);
        Path hgrm =
                runDir.resolve(bench.get("histograms").get("total").get("hgrm").asText());

        String text = Files.readString(hgrm);

        assertTrue(text.contains("Value     Percentile TotalCount 1/(1-Percentile)"), text);
        assertTrue(text.contains("Total count    =         9000]"), text);
        assertTrue(text.contains("#[stagebench: benchmark pipe, series total, values in ns, exact max "), text);
    }

    @Test
    void shouldWriteJmhResultsWithTheKeysOfAJmhRunAtEveryLevel() throws IOException {
        JsonNode ours = new ObjectMapper()
                .readTree(runDir.resolve(JmhResultFile.FILE).toFile())
                .get(0);
        JsonNode jmh;
        try (var in = ResultFilesTest.class.getResourceAsStream("/jmh-1.37-sample.json")) {
            // ./stagebench jmh EncodeJmh.encode -bm sample -f 1 -wi 1 -i 1 -r 1s -w 1s -rf json (JMH 1.37)
            jmh = new ObjectMapper().readTree(in).get(0);
        }

        assertEquals(shape(jmh), shape(ours));
    }

    /**
     * @return every path of object keys in {@code node} (an array's first element stands for all), its params' left out
     */
    private static SortedSet<String> shape(JsonNode node) {
        SortedSet<String> paths = new TreeSet<>();
        shape(node, "", paths);
        return paths;
    }

    private static void shape(JsonNode node, String at, SortedSet<String> paths) {
        if (node.isObject()) {
            if (at.endsWith("/params")) {
                return;
            }
            node.fieldNames().forEachRemaining(name -> {
                paths.add(at + "/" + name);
                shape(node.get(name), at + "/" + name, paths);
            });
        } else if (node.isArray() && !node.isEmpty()) {
            shape(node.get(0), at + "[]", paths);
        }
    }

    @Test
    void shouldWriteJmhResultsWhosePercentilesMatchTheSummary() throws IOException {
        JsonNode jmh =
                new ObjectMapper().readTree(runDir.resolve(JmhResultFile.FILE).toFile());
        JsonNode bench = summary.get("benchmarks").get(0);

        assertTrue(jmh.isArray());
        assertEquals(3, jmh.size());
        for (int i = 0; i < jmh.size(); i++) {
            JsonNode entry = jmh.get(i);
            JsonNode s = bench.get("summaries").get(i);
            JsonNode primary = entry.get("primaryMetric");
            JsonNode pct = primary.get("scorePercentiles");
            assertEquals(
                    "stagebench.pipe." + s.get("stage").asText(),
                    entry.get("benchmark").asText());
            assertEquals("sample", entry.get("mode").asText());
            assertEquals("ns/op", primary.get("scoreUnit").asText());
            double score = primary.get("score").asDouble();
            assertTrue(
                    score >= s.get("minNs").asDouble()
                            && score <= s.get("maxNs").asDouble(),
                    "the mean, SampleTime's score");
            assertEquals(
                    s.get("p50Ns").asDouble(),
                    entry.get("secondaryMetrics").get("p0.50").get("score").asDouble());
            assertEquals(
                    s.get("p999Ns").asDouble(),
                    entry.get("secondaryMetrics").get("p0.999").get("score").asDouble());
            assertEquals(
                    List.of("p0.00", "p0.50", "p0.90", "p0.95", "p0.99", "p0.999", "p0.9999", "p1.00"),
                    iterable(entry.get("secondaryMetrics").fieldNames()));
            assertTrue(entry.get("jmhVersion").isTextual());
            assertTrue(entry.get("params").isObject());
            assertEquals(s.get("minNs").asDouble(), pct.get("0.0").asDouble());
            assertEquals(s.get("p50Ns").asDouble(), pct.get("50.0").asDouble());
            assertEquals(s.get("p90Ns").asDouble(), pct.get("90.0").asDouble());
            assertEquals(s.get("p99Ns").asDouble(), pct.get("99.0").asDouble());
            assertEquals(s.get("p999Ns").asDouble(), pct.get("99.9").asDouble());
            assertEquals(s.get("p9999Ns").asDouble(), pct.get("99.99").asDouble());
            assertEquals(s.get("maxNs").asDouble(), pct.get("100.0").asDouble());
            assertEquals(
                    List.of("0.0", "50.0", "90.0", "95.0", "99.0", "99.9", "99.99", "99.999", "99.9999", "100.0"),
                    iterable(pct.fieldNames()));
            assertTrue(primary.get("scoreError").isNumber());
            assertEquals(3, entry.get("forks").asInt());
            assertTrue(entry.get("jvmArgs").isArray());
            JsonNode raw = primary.get("rawDataHistogram");
            assertEquals(3, raw.size(), "one list per fork");
            long rawCount = 0;
            for (JsonNode fork : raw) {
                assertEquals(1, fork.size(), "one iteration per fork");
                for (JsonNode bucket : fork.get(0)) {
                    rawCount += bucket.get(1).asLong();
                }
            }
            assertEquals(s.get("count").asLong(), rawCount);
        }
    }

    @Test
    void shouldKeepTheSummaryKeysOtherToolsReadAndAddTheEnvironment() {
        assertEquals(RunStore.SCHEMA, summary.get("schema").asText());
        assertEquals(RunFixture.COMMIT, summary.get("commit").asText());
        assertFalse(summary.get("dirty").asBoolean());
        assertEquals(RunFixture.START.toString(), summary.get("startTime").asText());
        assertEquals(runDir.getFileName().toString(), summary.get("runId").asText());
        JsonNode bench = summary.get("benchmarks").get(0);
        assertEquals("pipe", bench.get("name").asText());
        assertEquals(2, bench.get("stages").size());
        assertEquals(
                List.of(
                        "stage",
                        "count",
                        "p50Ns",
                        "p90Ns",
                        "p99Ns",
                        "p999Ns",
                        "p9999Ns",
                        "maxNs",
                        "minNs",
                        "unreliable",
                        "tmeanNs"),
                iterable(bench.get("summaries").get(0).fieldNames()));
        assertEquals(1, bench.get("forks").get(0).get("fork").asInt());
        assertEquals(3, bench.get("forks").get(0).get("summaries").size());
        // 9 000 samples: 90 beyond p99, 9 beyond p99.9
        assertEquals(
                "[\"p99\",\"p99.9\",\"p99.99\"]",
                bench.get("summaries").get(0).get("unreliable").toString());
        JsonNode env = summary.get("environment");
        assertEquals("Fixture CPU @ 2.60GHz", env.get("cpuModel").asText());
        assertEquals("powersave", env.get("governor").asText());
        assertEquals(2600.0, env.get("ruler").get("calibratedMhzMax").asDouble(), 1e-9);
        assertEquals(40, env.get("ruler").get("overheadTicksMin").asLong());
        assertEquals("Copy", env.get("gcCollectors").get(0).asText());
        assertTrue(summary.get("warnings").toString().contains("run warning one"));
    }

    @Test
    void shouldLeaveNoTemporaryFileBehind() throws IOException {
        try (Stream<Path> files = Files.walk(runDir)) {
            assertEquals(
                    List.of(),
                    files.filter(p -> p.getFileName().toString().startsWith(AtomicFiles.TEMP_PREFIX))
                            .toList());
        }
    }

    @Test
    void shouldMergeForksFromTheirSamplesNotTheirPercentiles() {
        BenchmarkOutcome outcome = RunFixture.pipeline(3, 3_000, 42);

        Distribution pooled = outcome.merged().get("parse");

        assertEquals(9_000, pooled.count());
        double[] forkP50s = outcome.forkP50s("parse");
        double mean = (forkP50s[0] + forkP50s[1] + forkP50s[2]) / 3;
        assertFalse(mean == pooled.percentile(50), "the pooled median is not the mean of the forks' medians");
    }

    private static List<String> iterable(Iterator<String> it) {
        List<String> out = new ArrayList<>();
        it.forEachRemaining(out::add);
        return out;
    }
}
