package io.stagebench.stages.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.stagebench.api.RecordingStamps;
import io.stagebench.config.RunConfig;
import io.stagebench.host.ForkLauncher;
import io.stagebench.host.Runner;
import io.stagebench.link.ForkResult;
import io.stagebench.link.RawStamps;
import io.stagebench.link.WallClockBound;
import io.stagebench.link.Warmup;
import io.stagebench.registry.BenchmarkRegistry;
import io.stagebench.result.BenchmarkOutcome;
import io.stagebench.stages.testing.StartsProcesses;
import io.stagebench.stages.wire.WireLink;
import io.stagebench.stats.Distribution;
import io.stagebench.system.CpuList;
import io.stagebench.system.CpuSelection;
import io.stagebench.system.SystemFiles;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The pipeline over a socket: each path, back to back and paced, measured in a fork with its feeder process. */
class WireBenchmarkTest {

    /** Stage indices in the raw stamps. */
    private static final int WIRE_IN = 0;

    private static final int WIRE_OUT = 5;
    private static final int MESSAGES = 5_000;

    @TempDir
    Path runDir;

    @Test
    void shouldNotBeMeasuredByDefault() {
        BenchmarkRegistry registry = BenchmarkRegistry.load();

        assertTrue(registry.names().contains("wire"));
        assertTrue(registry.defaults().stream().noneMatch(d -> d.name().equals("wire")));
    }

    @Test
    void shouldBeKnownToMapKernelStampsSoABatchIsRefusedBeforeAnyFork() {
        BenchmarkRegistry registry = BenchmarkRegistry.load();

        assertTrue(registry.mapsKernelStamps("wire"), "its setup takes a WallClock");
        assertTrue(!registry.mapsKernelStamps("pipeline"));
    }

    @StartsProcesses
    @Test
    void shouldTimeEveryOrderFromTheKernelsReceiveStampToItsTransmitStampAndAStallOnlyFromTheIntendedTime()
            throws Exception {
        long stallUs = 2_000;
        RunConfig config = config(WireLink.LOOPBACK).toBuilder()
                .paced(40_000)
                .stall(stallUs, 2_500, -1)
                .build();

        BenchmarkOutcome outcome = run(WireLink.LOOPBACK, config);

        assertEquals(List.of(), outcome.failures());
        List<String> series = List.copyOf(outcome.merged().keySet());
        assertEquals(List.of("wire-in", "parse", "book", "decide"), series.subList(0, 4));
        assertTrue(
                series.containsAll(List.of("decide[order]", "encode", "wire-out", "total", "total[order]")),
                series.toString());
        assertTrue(series.stream().noneMatch(s -> s.startsWith("wire-out[")), "wire-out's one tag is total's");
        ForkResult fork = outcome.forks().get(0);
        assertEquals(0, fork.checks().allocatedBytes(), "allocated during measurement");
        assertEquals(0, fork.checks().gcCount(), "collected during measurement");
        WallClockBound bound = fork.ruler().wallClock();
        assertNotNull(bound, "a wire fork reports its clock mapping's bound");
        assertTrue(bound.anchors() >= MESSAGES, bound.toString());
        assertTrue(bound.stamps().startsWith("software stamps; lo: "), bound.stamps());
        double boundNs = bound.boundTicks() / fork.ruler().calibration().ticksPerNs();
        assertTrue(boundNs < 2_000, "the mapping within 2 us: " + boundNs);
        // every order: a receive stamp before its first instruction and a transmit stamp after its last, so its
        // tick-to-trade is more than the stages between
        RawStamps raw = RawStamps.read(rawFile());
        int orders = 0;
        for (int i = 0; i < raw.count(); i++) {
            assertTrue(raw.stage(WIRE_IN, i) > 0, "wire-in of message " + i);
            if (raw.tag(WIRE_OUT, i) != RecordingStamps.SKIPPED) {
                orders++;
                assertTrue(raw.stage(WIRE_OUT, i) > 0, "wire-out of message " + i);
            }
        }
        assertEquals(outcome.merged().get("total[order]").count(), orders);
        assertTrue(orders > 0, "the stream made orders");
        assertTrue(median(outcome, "wire-in") > median(outcome, "parse"), "the kernel's path outweighs a parse");
        Distribution response = outcome.merged().get("response");
        Distribution tickToTrade = outcome.merged().get("total[order]");
        // a 2 ms stall every 2,500 messages at 40k/s: the 80 messages due during it wait, from 2 ms down
        assertTrue(
                response.percentile(100.0 * (1 - 10.0 / response.count())) > stallUs * 1_000 / 2.0,
                "response holds the stall's queue: its 10th largest is "
                        + response.percentile(100.0 * (1 - 10.0 / response.count())) + " ns");
        assertTrue(
                tickToTrade.max() < stallUs * 1_000 / 2.0,
                "tick-to-trade starts at the receive stamp, after the queue: max " + tickToTrade.max() + " ns");
    }

    @StartsProcesses
    @Test
    void shouldMeasureThroughAVethPairIntoANetworkNamespaceWhereTheMachineAllowsIt() throws Exception {
        assumeTrue(
                WireLink.unavailable(WireLink.VETH).isEmpty(),
                () -> "skipped: " + WireLink.unavailable(WireLink.VETH).orElseThrow());

        BenchmarkOutcome outcome = run(WireLink.VETH, config(WireLink.VETH));

        assertEquals(List.of(), outcome.failures());
        assertTrue(outcome.merged().get("total[order]").count() > 0);
        WallClockBound bound = outcome.forks().get(0).ruler().wallClock();
        assertTrue(bound.stamps().startsWith("software stamps; sbm"), bound.stamps());
    }

    private RunConfig config(String path) {
        CpuList online = CpuSelection.online(SystemFiles.host());
        return RunConfig.builder(List.of("wire"), online.highest(), runDir)
                .forks(1)
                .replicas(1)
                .warmup(Warmup.ofMessages(MESSAGES))
                .messages(MESSAGES)
                .overheadPairs(100_000)
                .lockMemory(false)
                .forkTimeoutS(300)
                .params(Map.of(WireBenchmark.PATH, path))
                // the stages' warm-up counts runs to the optimising compiler's threshold, and wire-out runs for one
                // message in 150: a lower threshold keeps the test's warm-up to about 150,000 messages
                .jvmFlags(List.of("-XX:CompileThresholdScaling=0.2"))
                .build();
    }

    private BenchmarkOutcome run(String path, RunConfig config) throws Exception {
        CpuList online = CpuSelection.online(SystemFiles.host());
        return new Runner(
                        config,
                        BenchmarkRegistry.load(),
                        online.without(online.highest()),
                        ForkLauncher.jvm(),
                        new PrintStream(OutputStream.nullOutputStream()))
                .run()
                .get(0);
    }

    private Path rawFile() throws IOException {
        try (Stream<Path> files = Files.walk(runDir)) {
            return files.filter(p -> p.getFileName().toString().equals("fork-1.raw"))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("no fork-1.raw under " + runDir));
        }
    }

    private static double median(BenchmarkOutcome outcome, String series) {
        return outcome.merged().get(series).percentile(50);
    }
}
