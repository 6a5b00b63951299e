package io.stagebench.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.stagebench.clock.ProbeOverhead;
import io.stagebench.json.Json;
import io.stagebench.link.CrossCoreOffset;
import io.stagebench.link.ForkChecks;
import io.stagebench.link.ForkLayout;
import io.stagebench.link.ForkMeasurement;
import io.stagebench.link.ForkPlacement;
import io.stagebench.link.ForkResult;
import io.stagebench.link.ForkRuler;
import io.stagebench.link.ForkRun;
import io.stagebench.link.ThreadPlacement;
import io.stagebench.registry.BenchmarkDescriptor;
import io.stagebench.result.BatchChoice;
import io.stagebench.result.BenchmarkOutcome;
import io.stagebench.system.Environment;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunStoreTest {

    @TempDir
    Path results;

    @TempDir
    Path fakeRoot;

    private Path file;
    private JsonNode summary;

    @BeforeEach
    void writeRun() throws IOException {
        Path dir = results.resolve(RunFixture.COMMIT.substring(0, 12)).resolve(RunId.of(RunFixture.START));
        file = writeEveryBlock(dir, fakeRoot).resolve(RunStore.SUMMARY);
        summary = Json.mapper().readTree(file.toFile());
    }

    /**
     * Writes a run whose summary holds every optional block: a paired run of a batched handoff pipeline ("pipe": its
     * unmarked total, threads, cross-core bounds, layouts measured twice each, a pilot's choice), a benchmark whose
     * pilot failed ("spin") and one whose forks all failed ("gone").
     */
    static Path writeEveryBlock(Path dir, Path fakeRoot) throws IOException {
        Files.createDirectories(dir);
        BenchmarkOutcome pipe = RunFixture.outcome("pipe", RunFixture.STAGES, pipelineForks(4, 2_000, 7));
        List<ForkResult> forks = new ArrayList<>();
        for (ForkResult f : pipe.forks()) {
            forks.add(handoff(f, (f.run().fork() - 1) / 2));
        }
        pipe = new BenchmarkOutcome(
                pipe.descriptor(),
                forks,
                List.of(),
                pipe.perFork(),
                pipe.merged(),
                new BatchChoice(4, 21.5, 30.25, 0.15, null),
                4);
        BenchmarkOutcome spin =
                RunFixture.outcome("spin", List.of("spin"), List.of(Map.of("spin", samples(3, 1_000, 50))));
        spin = new BenchmarkOutcome(
                spin.descriptor(),
                spin.forks(),
                List.of(),
                spin.perFork(),
                spin.merged(),
                new BatchChoice(1, Double.NaN, Double.NaN, Double.NaN, "the pilot fork failed"),
                0);
        BenchmarkOutcome gone = new BenchmarkOutcome(
                new BenchmarkDescriptor("gone", List.of("gone"), "synthetic", "none.gone"),
                List.of(),
                List.of("gone fork 1/1 exited with status 1"),
                Map.of(),
                Map.of());
        List<BenchmarkOutcome> outcomes = List.of(pipe, spin, gone);
        for (BenchmarkOutcome outcome : outcomes) {
            for (ForkResult fork : outcome.forks()) {
                Path file = dir.resolve(RunStore.forkResultPath(
                        outcome.descriptor().name(), fork.run().fork()));
                Files.createDirectories(file.getParent());
                Files.writeString(file, Json.write(fork));
            }
        }
        RunStore.create(dir)
                .write(
                        RunFixture.config(dir),
                        outcomes,
                        List.of("run warning"),
                        RunFixture.environment(fakeRoot, RunFixture.START, RunFixture.COMMIT, false),
                        new Pairing("A", "fedcba987654/20250304-101531", Pairing.ABBA, 1));
        return dir;
    }

    private static List<Map<String, double[]>> pipelineForks(int forks, int samples, long seed) {
        List<Map<String, double[]>> perFork = new ArrayList<>();
        for (int f = 1; f <= forks; f++) {
            Map<String, double[]> series = new LinkedHashMap<>();
            series.put("parse", samples(seed + f, samples, 30 + 10 * ((f - 1) / 2)));
            series.put("book", samples(seed + 10 * f, samples, 80));
            series.put("total", samples(seed + 100 * f, samples, 130));
            series.put("unmarked", samples(seed + 1_000 * f, samples, 100));
            perFork.add(series);
        }
        return perFork;
    }

    private static double[] samples(long seed, int n, double typicalNs) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] ns = new double[n];
        for (int i = 0; i < n; i++) {
            ns[i] = typicalNs + random.nextDouble() * typicalNs * 0.2;
        }
        return ns;
    }

    /** {@code fork} as a batched handoff fork of layout seed {@code seed} writes it. */
    private static ForkResult handoff(ForkResult f, long seed) {
        List<ThreadPlacement> threads = List.of(
                new ThreadPlacement(
                        "feed",
                        List.of("parse"),
                        0,
                        0,
                        "0",
                        0,
                        "fork-" + f.run().fork() + ".raw"),
                new ThreadPlacement(
                        "strategy",
                        List.of("book"),
                        1,
                        1,
                        "1",
                        64,
                        "fork-" + f.run().fork() + ".strategy.raw"));
        ForkRun run = f.run();
        ForkPlacement placed = f.placement();
        ForkMeasurement measured = f.measurement();
        ForkChecks checks = f.checks();
        return new ForkResult(
                new ForkRun(
                        run.benchmark(),
                        run.fork(),
                        run.stages(),
                        run.tags(),
                        run.mode(),
                        run.rateHz(),
                        4,
                        run.stallUs(),
                        run.stallEvery(),
                        run.jvm(),
                        run.jvmFlags(),
                        run.collectors()),
                f.ruler(),
                new ForkPlacement(
                        placed.cpuRequested(),
                        placed.cpuPinned(),
                        placed.affinity(),
                        placed.memoryLocked(),
                        new ForkLayout(seed, ForkLayout.offsetBytes(seed), ForkLayout.FIXED, true, 0x40000, 2_048),
                        threads,
                        new CrossCoreOffset(0, 1, -40, 44, 160, 50_000)),
                new ForkMeasurement(
                        measured.warmupMessages(),
                        3,
                        true,
                        measured.warmupStageRuns(),
                        measured.measuredMessages(),
                        measured.droppedMessages(),
                        measured.markErrors(),
                        measured.sinkValue(),
                        measured.measureStartEpochMs(),
                        measured.measureEndEpochMs(),
                        measured.replicas(),
                        measured.rawFile(),
                        "fork-" + run.fork() + ".unmarked.raw",
                        null),
                new ForkChecks(
                        checks.allocatedBytes(),
                        checks.gcCount(),
                        checks.jitCompilations(),
                        List.of("compiled Pipe::book"),
                        checks.measuredCode(),
                        checks.warnings(),
                        checks.warningCodes()),
                f.linkVersion());
    }

    private static List<String> keys(JsonNode node) {
        return node.propertyStream().map(Map.Entry::getKey).toList();
    }

    @Test
    void shouldWriteTheSummaryKeysInTheirDocumentedOrder() {
        assertEquals(
                List.of(
                        "schema",
                        "commit",
                        "dirty",
                        "branch",
                        "runId",
                        "startTime",
                        "endTime",
                        "config",
                        "environment",
                        "jmh",
                        "pairing",
                        "benchmarks",
                        "warnings"),
                keys(summary));
        assertEquals(List.of("side", "partner", "design", "looks", "meaning"), keys(summary.get("pairing")));
        JsonNode pipe = summary.get("benchmarks").get(0);
        assertEquals(
                List.of(
                        "name",
                        "stages",
                        "batch",
                        "samples",
                        "batchAuto",
                        "forksSucceeded",
                        "failures",
                        "summaries",
                        "markCost",
                        "layoutSensitivity",
                        "histograms",
                        "forks"),
                keys(pipe));
        assertEquals(
                List.of("batch", "pilotProbeNs", "pilotPerMessageNs", "probeShare", "failure"),
                keys(pipe.get("batchAuto")));
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
                keys(pipe.get("summaries").get(0)));
        assertEquals(List.of("innerMarks", "p50Ns", "tmeanNs", "perMarkTmeanNs"), keys(pipe.get("markCost")));
        assertEquals(
                List.of("series", "layouts", "minCentreNs", "maxCentreNs", "medianNs", "range", "p", "sensitive"),
                keys(pipe.get("layoutSensitivity").get(0)));
        assertEquals(List.of("parse", "book", "total", "unmarked"), keys(pipe.get("histograms")));
        assertEquals(List.of("hlog", "hgrm"), keys(pipe.get("histograms").get("parse")));
        JsonNode fork = pipe.get("forks").get(0);
        assertEquals(
                List.of(
                        "fork",
                        "result",
                        "summaries",
                        "binding",
                        "cpuPinned",
                        "calibratedMhz",
                        "overheadMinTicks",
                        "overheadMinNs",
                        "overheadSubtractedTicks",
                        "stepTicks",
                        "stepNs",
                        "readStepTicks",
                        "threads",
                        "crossCoreOffset",
                        "layout",
                        "warmupPasses",
                        "jitEvents",
                        "measuredCode",
                        "warnings"),
                keys(fork));
        assertEquals(
                List.of("name", "stages", "cpuPinned", "affinity", "allocatedBytes"),
                keys(fork.get("threads").get(0)));
        assertEquals(
                List.of("fromCpu", "toCpu", "boundTicks", "boundNs", "lowTicks", "highTicks", "minRoundTripTicks"),
                keys(fork.get("crossCoreOffset")));
        assertEquals(
                List.of("seed", "offsetBytes", "requested", "randomisationOff", "personality", "hugePagesKb"),
                keys(fork.get("layout")));
    }

    @Test
    void shouldLeaveOutTheBlocksABenchmarkOrForkHasNothingFor() {
        JsonNode spin = summary.get("benchmarks").get(1);
        assertEquals(
                List.of(
                        "name",
                        "stages",
                        "batch",
                        "samples",
                        "batchAuto",
                        "forksSucceeded",
                        "failures",
                        "summaries",
                        "histograms",
                        "forks"),
                keys(spin));
        assertEquals(
                List.of(
                        "fork",
                        "result",
                        "summaries",
                        "binding",
                        "cpuPinned",
                        "calibratedMhz",
                        "overheadMinTicks",
                        "overheadMinNs",
                        "overheadSubtractedTicks",
                        "stepTicks",
                        "stepNs",
                        "readStepTicks",
                        "warmupPasses",
                        "jitEvents",
                        "measuredCode",
                        "warnings"),
                keys(spin.get("forks").get(0)));
        JsonNode gone = summary.get("benchmarks").get(2);
        assertEquals(
                List.of(
                        "name",
                        "stages",
                        "batch",
                        "samples",
                        "forksSucceeded",
                        "failures",
                        "summaries",
                        "histograms",
                        "forks"),
                keys(gone));
        assertEquals(0, gone.get("histograms").size());
        assertEquals(0, gone.get("forks").size());
    }

    @Test
    void shouldRecordTheRulerMethodsOfTheForksAnOlderBuildsForkReadingAsTheReadStep() {
        ForkResult current = RunFixture.pipeline(1, 100, 1).forks().get(0);
        ForkRuler ruler = current.ruler();
        ForkResult older = new ForkResult(
                current.run(),
                new ForkRuler(
                        ruler.requestedBinding(),
                        ruler.binding(),
                        ruler.calibration(),
                        1,
                        0,
                        new ProbeOverhead(52, 60, 100_000, 52.0)),
                current.placement(),
                current.measurement(),
                current.checks(),
                1);

        Environment.Ruler both = RunStore.rulerOf(List.of(current, older));

        assertEquals("2", RunStore.rulerOf(List.of(current)).method());
        assertEquals("1", RunStore.rulerOf(List.of(older)).method());
        assertEquals("1, 2", both.method());
        assertEquals(40, both.overheadSubtractedTicksMin(), 1e-9);
        assertEquals(52, both.overheadSubtractedTicksMax(), 1e-9);
    }

    @Test
    void shouldWriteWhatABenchmarkMeasuredAndHowItsForksRan() {
        JsonNode pipe = summary.get("benchmarks").get(0);
        assertEquals(4, pipe.get("batch").asInt());
        assertEquals("mean of 4 messages", pipe.get("samples").asText());
        assertEquals(30.25, pipe.at("/batchAuto/pilotPerMessageNs").asDouble());
        assertTrue(pipe.at("/batchAuto/failure").isNull());
        assertEquals(1, pipe.at("/markCost/innerMarks").asInt());
        assertEquals(2, pipe.at("/layoutSensitivity/0/layouts").asInt());
        assertEquals(
                "histograms/pipe/unmarked.hlog",
                pipe.at("/histograms/unmarked/hlog").asText());
        JsonNode fork = pipe.get("forks").get(3);
        assertEquals(4, fork.get("fork").asInt());
        assertEquals("forks/pipe/fork-4.json", fork.get("result").asText());
        assertEquals(1, fork.at("/layout/seed").asLong());
        assertEquals(44, fork.at("/crossCoreOffset/boundTicks").asLong());
        assertEquals(44 / 2.6, fork.at("/crossCoreOffset/boundNs").asDouble(), 1e-9);
        assertEquals("strategy", fork.at("/threads/1/name").asText());
        assertEquals(64, fork.at("/threads/1/allocatedBytes").asLong());
        assertEquals(
                List.of("compiled Pipe::book"), List.of(fork.at("/jitEvents/0").asText()));
        assertEquals(Pairing.ABBA, summary.at("/pairing/design").asText());
    }

    @Test
    void shouldWriteAFailedPilotsFiguresAsNullAndAnUnbatchedSampleAsAMessage() {
        JsonNode spin = summary.get("benchmarks").get(1);
        assertEquals("message", spin.get("samples").asText());
        for (String figure : List.of("pilotProbeNs", "pilotPerMessageNs", "probeShare")) {
            assertTrue(spin.get("batchAuto").get(figure).isNull(), figure);
        }
        assertEquals("the pilot fork failed", spin.at("/batchAuto/failure").asText());
        assertFalse(summary.get("benchmarks").get(2).has("batchAuto"));
        assertEquals(1, summary.get("benchmarks").get(2).get("batch").asInt());
    }

    @Test
    void shouldReadBackEveryKeyItWroteAndWriteItAgainUnchanged() throws IOException {
        Summary read = Json.mapper().readValue(file.toFile(), Summary.class);

        assertEquals(Files.readString(file), Json.write(read));
        assertEquals(3, read.benchmarks().size());
        assertEquals(4, read.benchmarks().get(0).batch());
        assertNull(read.benchmarks().get(1).batchAuto().pilotProbeNs());
        assertEquals(1, read.benchmarks().get(0).forks().get(2).layout().seed());
    }
}
