package io.stagebench.stages.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.config.RunConfig;
import io.stagebench.host.ForkLauncher;
import io.stagebench.host.Runner;
import io.stagebench.json.Json;
import io.stagebench.link.ForkResult;
import io.stagebench.link.Warmup;
import io.stagebench.registry.BenchmarkRegistry;
import io.stagebench.result.BenchmarkOutcome;
import io.stagebench.stages.testing.QuickRun;
import io.stagebench.stages.testing.StartsProcesses;
import io.stagebench.stats.StageSummary;
import io.stagebench.store.ResultReader;
import io.stagebench.store.StoredRun;
import io.stagebench.system.CpuList;
import io.stagebench.system.CpuSelection;
import io.stagebench.system.SystemFiles;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every reference benchmark: as declared, and measured in a fresh JVM each. */
class ReferenceBenchmarksTest {

    @TempDir
    Path runDir;

    @Test
    void shouldBeDiscoveredByTheAnnotationProcessorInPipelineOrder() {
        BenchmarkRegistry registry = BenchmarkRegistry.load();

        assertEquals(
                List.of("parse", "book", "decide", "encode", "pipeline"),
                registry.defaults().stream().map(d -> d.name()).toList());
        assertEquals(
                List.of("parse", "book", "decide", "encode"),
                registry.get("pipeline").stages());
    }

    @Test
    void shouldDeclareTheStreamLengthAndSeedEveryReferenceBenchmarkReads() {
        BenchmarkRegistry registry = BenchmarkRegistry.load();
        List<String> names = registry.defaults().stream().map(d -> d.name()).toList();

        for (String name : names) {
            assertEquals(
                    List.of(ReferenceWorkload.MESSAGES, ReferenceWorkload.SEED),
                    registry.get(name).parameters().stream().map(p -> p.name()).toList(),
                    name);
        }
        registry.checkParams(names, Map.of("messages", "50000", "seed", "-3"));
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> registry.checkParams(names, Map.of("messages", "0")));
        assertEquals("--param messages=0 is out of range for parse (valid: messages=[1..50000000])", e.getMessage());
    }

    /** The forks of the slow tier's one quick run ({@link QuickRun}: 1 fork x 20 000 messages each, as a user's). */
    @StartsProcesses
    @Test
    void shouldMeasureEveryReferenceBenchmarkInAForkWithoutAllocating() throws Exception {
        QuickRun quick = QuickRun.get();
        assertEquals(0, quick.exitCode(), String.join("\n", quick.lines()));
        StoredRun run = ResultReader.readSummary(quick.runDir());
        assertEquals(List.of("parse", "book", "decide", "encode", "pipeline"), run.benchmarkNames());

        for (String name : run.benchmarkNames()) {
            StoredRun.Benchmark benchmark = run.benchmark(name).orElseThrow();
            assertEquals(List.of(), benchmark.failures(), name);
            ForkResult fork = Json.mapper()
                    .readValue(
                            quick.runDir()
                                    .resolve(benchmark.forks().get(0).result())
                                    .toFile(),
                            ForkResult.class);
            assertEquals(20_000, fork.measurement().measuredMessages(), name);
            assertEquals(0, fork.checks().allocatedBytes(), name + " allocated during measurement");
            assertEquals(0, fork.measurement().markErrors(), name);
            assertTrue(
                    fork.measurement().replayed(),
                    name + " declares a reset: its warm-up replays the measured messages");
            assertEquals(
                    0,
                    fork.checks().jitCompilations(),
                    name + " compiled during measurement: " + fork.checks().jitEvents());
            for (String stage : benchmark.stages()) {
                // every message is one of the stage's tags: the shares of the tags add up to the whole
                long tagged = benchmark.summaries().stream()
                        .filter(e -> e.stage().startsWith(stage + "["))
                        .mapToLong(StageSummary::count)
                        .sum();
                assertTrue(tagged == 0 || tagged == count(benchmark, stage), name + "/" + stage);
            }
        }
        StoredRun.Benchmark book = run.benchmark("book").orElseThrow();
        assertEquals(20_000, count(book, "book"));
        assertTrue(count(book, "book[add]") > 0, "book is tagged by ITCH type");
        StoredRun.Benchmark pipeline = run.benchmark("pipeline").orElseThrow();
        List<String> pipelineSeries = pipeline.series();
        assertEquals(List.of("parse", "book", "decide"), pipelineSeries.subList(0, 3));
        assertTrue(
                pipelineSeries.containsAll(List.of("decide[order]", "decide[no-order]", "encode", "total", "unmarked")),
                pipelineSeries.toString());
        assertTrue(
                pipelineSeries.stream().noneMatch(s -> s.startsWith("encode[")),
                "encode's rows are the orders, untagged");
        assertEquals(20_000, count(pipeline, "decide"));
        assertEquals(20_000, count(pipeline, "total"));
        assertEquals(
                count(pipeline, "decide[order]"),
                count(pipeline, "encode"),
                "encode runs for the messages decide made an order of, and is skipped for the rest");
    }

    private static long count(StoredRun.Benchmark benchmark, String series) {
        return benchmark
                .summary(series)
                .orElseThrow(() -> new AssertionError(benchmark.name() + " has no " + series))
                .count();
    }

    @Test
    void shouldTagThePipelinesOutcomesWithOneRejectionTagPerRejectReason() {
        List<String> tags = BenchmarkRegistry.load().get("pipeline").tags();

        List<String> expected = new ArrayList<>(List.of(MessageTags.ORDER, MessageTags.NO_ORDER));
        for (io.stagebench.stages.RejectReason reason : io.stagebench.stages.RejectReason.values()) {
            expected.add(MessageTags.REJECTED_PREFIX + reason.label());
        }
        assertEquals(expected, tags);
        assertEquals(
                List.of(
                        "system",
                        "directory",
                        "add",
                        "add-mpid",
                        "execute",
                        "execute-price",
                        "cancel",
                        "delete",
                        "replace",
                        "trade",
                        "other-type"),
                BenchmarkRegistry.load().get("book").tags());
        assertEquals(
                BenchmarkRegistry.load().get("book").tags(),
                BenchmarkRegistry.load().get("parse").tags());
    }

    @StartsProcesses
    @Test
    void shouldRunTheHandoffOnTwoThreadsPinnedToDifferentCpusWithoutAllocatingOnEither() throws Exception {
        // the machine's CPUs, not this JVM's: the quick run, made in this JVM, moved it off the measuring CPU
        CpuList online = CpuSelection.online(SystemFiles.host());
        int cpus = online.size();
        RunConfig config = RunConfig.builder(List.of("handoff"), online.highest(), runDir)
                .forks(1)
                .warmup(Warmup.ofMessages(20_000))
                .messages(20_000)
                .overheadPairs(100_000)
                .lockMemory(false)
                .forkTimeoutS(300)
                .build();

        BenchmarkOutcome outcome = new Runner(
                        config,
                        BenchmarkRegistry.load(),
                        online.without(online.highest()),
                        ForkLauncher.jvm(),
                        new PrintStream(OutputStream.nullOutputStream()))
                .run()
                .get(0);

        assertEquals(List.of(), outcome.failures());
        assertEquals(
                List.of("parse", "book", "handoff", "decide", "encode", "total"),
                List.copyOf(outcome.merged().keySet()));
        ForkResult fork = outcome.forks().get(0);
        assertEquals(
                List.of("feed", "strategy"),
                fork.placement().threads().stream().map(t -> t.name()).toList());
        for (var thread : fork.placement().threads()) {
            assertEquals(0, thread.allocatedBytes(), thread.name() + " allocated during measurement");
            assertEquals(String.valueOf(thread.cpuPinned()), thread.affinity(), thread.name() + " read back");
        }
        assertEquals(0, fork.measurement().markErrors());
        if (cpus > 1) {
            assertTrue(
                    fork.placement().threads().get(0).cpuPinned()
                            != fork.placement().threads().get(1).cpuPinned(),
                    "two CPUs: " + fork.placement().threads());
            assertTrue(
                    fork.placement().crossCore() != null
                            && fork.placement().crossCore().minRoundTripTicks() > 0,
                    "offset bound: " + fork.placement().crossCore());
        }
    }
}
