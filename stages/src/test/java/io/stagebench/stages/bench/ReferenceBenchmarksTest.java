package io.stagebench.stages.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.clock.ClockBinding;
import io.stagebench.host.ForkLauncher;
import io.stagebench.host.RunConfig;
import io.stagebench.host.Runner;
import io.stagebench.link.ForkResult;
import io.stagebench.link.Mode;
import io.stagebench.registry.BenchmarkRegistry;
import io.stagebench.result.BenchmarkOutcome;
import io.stagebench.system.CpuList;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import io.stagebench.stages.testing.StartsProcesses;

/** Runs every reference benchmark through the real runner, one fresh JVM each. */
class ReferenceBenchmarksTest {

    @TempDir
    Path runDir;

    @Test
    void shouldBeDiscoveredByTheAnnotationProcessorInPipelineOrder() {
        BenchmarkRegistry registry = BenchmarkRegistry.load();

        assertEquals(List.of("parse", "book", "decide", "encode", "pipeline"),
                registry.defaults().stream().map(d -> d.name()).toList());
        assertEquals(List.of("parse", "book", "decide", "encode"), registry.get("pipeline").stages());
    }

    @Test
    void shouldDeclareTheStreamLengthAndSeedEveryReferenceBenchmarkReads() {
        BenchmarkRegistry registry = BenchmarkRegistry.load();
        List<String> names = registry.defaults().stream().map(d -> d.name()).toList();

        for (String name : names) {
            assertEquals(List.of(ReferenceWorkload.MESSAGES, ReferenceWorkload.SEED),
                    registry.get(name).parameters().stream().map(p -> p.name()).toList(), name);
        }
        registry.checkParams(names, Map.of("messages", "50000", "seed", "-3"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> registry.checkParams(names, Map.of("messages", "0")));
        assertEquals("--param messages=0 is out of range for parse (valid: messages=[1..50000000])", e.getMessage());
    }

    @StartsProcesses
    @Test
    void shouldMeasureEveryReferenceBenchmarkInAForkWithoutAllocating() throws Exception {
        List<String> names = List.of("parse", "book", "decide", "encode", "pipeline");
        RunConfig config = new RunConfig(names, 1, 200_000, 0, 20_000, 1000, Mode.BACK_TO_BACK, 0, 0, 1, -1,
                ClockBinding.FFM, 200, 1, 100_000, false, Map.of(),
                RunConfig.DEFAULT_JVM_FLAGS, 300, runDir);

        List<BenchmarkOutcome> outcomes = new Runner(config, BenchmarkRegistry.load(), CpuList.parse(""),
                ForkLauncher.jvm(), new PrintStream(OutputStream.nullOutputStream())).run();

        for (BenchmarkOutcome outcome : outcomes) {
            String name = outcome.descriptor().name();
            assertEquals(List.of(), outcome.failures(), name);
            ForkResult fork = outcome.forks().get(0);
            assertEquals(20_000, fork.measuredMessages(), name);
            assertEquals(0, fork.allocatedBytes(), name + " allocated during measurement");
            assertEquals(0, fork.markErrors(), name);
            assertTrue(fork.replayed(), name + " declares a reset: its warm-up replays the measured messages");
            assertEquals(0, fork.jitCompilations(), name + " compiled during measurement: " + fork.jitEvents());
            for (String stage : outcome.descriptor().stages()) {
                // every message is one of the stage's tags: the shares of the tags add up to the whole
                long tagged = outcome.merged().entrySet().stream().filter(e -> e.getKey().startsWith(stage + "["))
                        .mapToLong(e -> e.getValue().count()).sum();
                assertTrue(tagged == 0 || tagged == outcome.merged().get(stage).count(), name + "/" + stage);
            }
        }
        assertEquals(20_000, outcomes.get(1).merged().get("book").count());
        assertTrue(outcomes.get(1).merged().get("book[add]").count() > 0, "book is tagged by ITCH type");
        BenchmarkOutcome pipeline = outcomes.get(4);
        List<String> pipelineSeries = List.copyOf(pipeline.merged().keySet());
        assertEquals(List.of("parse", "book", "decide"), pipelineSeries.subList(0, 3));
        assertTrue(pipelineSeries.containsAll(List.of("decide[order]", "decide[no-order]", "encode", "total", "unmarked")),
                pipelineSeries.toString());
        assertTrue(pipelineSeries.stream().noneMatch(s -> s.startsWith("encode[")), "encode's rows are the orders, untagged");
        assertEquals(20_000, pipeline.merged().get("decide").count());
        assertEquals(20_000, pipeline.merged().get("total").count());
        assertEquals(pipeline.merged().get("decide[order]").count(), pipeline.merged().get("encode").count(),
                "encode runs for the messages decide made an order of, and is skipped for the rest");
    }

    @Test
    void shouldTagThePipelinesOutcomesWithOneRejectionTagPerRejectReason() {
        List<String> tags = BenchmarkRegistry.load().get("pipeline").tags();

        List<String> expected = new java.util.ArrayList<>(List.of(MessageTags.ORDER, MessageTags.NO_ORDER));
        for (io.stagebench.stages.RejectReason reason : io.stagebench.stages.RejectReason.values()) {
            expected.add(MessageTags.REJECTED_PREFIX + reason.label());
        }
        assertEquals(expected, tags);
        assertEquals(List.of("system", "directory", "add", "add-mpid", "execute", "execute-price", "cancel", "delete",
                "replace", "trade", "other-type"), BenchmarkRegistry.load().get("book").tags());
        assertEquals(BenchmarkRegistry.load().get("book").tags(), BenchmarkRegistry.load().get("parse").tags());
    }

    @StartsProcesses
    @Test
    void shouldRunTheHandoffOnTwoThreadsPinnedToDifferentCpusWithoutAllocatingOnEither() throws Exception {
        int cpus = Runtime.getRuntime().availableProcessors();
        RunConfig config = new RunConfig(List.of("handoff"), 1, 20_000, 0, 20_000, 1000, Mode.BACK_TO_BACK, 0, 0, 1,
                cpus - 1, ClockBinding.FFM, 200, 1, 100_000, false, Map.of(), RunConfig.DEFAULT_JVM_FLAGS, 300, runDir);

        BenchmarkOutcome outcome = new Runner(config, BenchmarkRegistry.load(), CpuList.parse(cpus > 1 ? "0" : ""),
                ForkLauncher.jvm(), new PrintStream(OutputStream.nullOutputStream())).run().get(0);

        assertEquals(List.of(), outcome.failures());
        assertEquals(List.of("parse", "book", "handoff", "decide", "encode", "total"), List.copyOf(outcome.merged().keySet()));
        ForkResult fork = outcome.forks().get(0);
        assertEquals(List.of("feed", "strategy"), fork.threads().stream().map(t -> t.name()).toList());
        for (var thread : fork.threads()) {
            assertEquals(0, thread.allocatedBytes(), thread.name() + " allocated during measurement");
            assertEquals(String.valueOf(thread.cpuPinned()), thread.affinity(), thread.name() + " read back");
        }
        assertEquals(0, fork.markErrors());
        if (cpus > 1) {
            assertTrue(fork.threads().get(0).cpuPinned() != fork.threads().get(1).cpuPinned(), "two CPUs: " + fork.threads());
            assertTrue(fork.crossCore() != null && fork.crossCore().minRoundTripTicks() > 0, "offset bound: " + fork.crossCore());
        }
    }
}
