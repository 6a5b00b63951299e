package io.stagebench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.host.InProcessForks;
import io.stagebench.host.UserBuild;
import io.stagebench.store.RunStore;
import io.stagebench.testing.MeasuresInProcess;
import java.io.File;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunCommandTest {

    @TempDir
    Path results;

    @TempDir
    Path build;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        String[] all = new String[args.length + 3];
        all[0] = "run";
        System.arraycopy(args, 0, all, 1, args.length);
        all[args.length + 1] = "--results";
        all[args.length + 2] = results.toString();
        return Main.run(all, new PrintWriter(out, true), new PrintWriter(err, true), InProcessForks.LAUNCHERS);
    }

    private void assertUsageError(int code, String expected) throws Exception {
        assertEquals(2, code, err.toString());
        assertTrue(err.toString().contains(expected), err.toString());
        assertEquals(1, err.toString().strip().lines().count(), err.toString());
        try (var files = Files.list(results)) {
            assertEquals(0, files.count(), "nothing may be measured or written before the arguments are checked");
        }
    }

    @Test
    void shouldRefuseAStallAtWithoutAStallOrOutsideTheMeasuredMessages() throws Exception {
        assertUsageError(
                run("empty", "--stall-at", "5"),
                "--stall-at needs --stall-us and a measured message in [0, 199999], got 5");
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        assertUsageError(
                run("empty", "-n", "100", "--stall-us", "10", "--stall-at", "100"),
                "--stall-at needs --stall-us and a measured message in [0, 99], got 100");
    }

    @Test
    void shouldRefuseABatchThatIsNotAPositiveCountNoLargerThanTheMessagesOrIsPaced() throws Exception {
        String[][] cases = {
            {"--batch", "0"},
            {"--batch", "-4"},
            {"--batch", "many"},
            {"-n", "100", "--batch", "128"},
            {"--rate", "10k/s", "--batch", "16"},
            {"--rate", "10k/s", "--batch", "auto"}
        };
        String[] expected = {
            "--batch must be at least 1 message, got 0",
            "--batch must be at least 1 message, got -4",
            "--batch: cannot parse 'many' (a message count such as 16, or auto)",
            "--batch 128 is larger than the 100 measured messages (-n)",
            "--batch applies only back to back",
            "--batch applies only back to back"
        };
        for (int i = 0; i < cases.length; i++) {
            String[] args = new String[cases[i].length + 1];
            args[0] = "spin";
            System.arraycopy(cases[i], 0, args, 1, cases[i].length);
            assertUsageError(run(args), expected[i]);
            out.getBuffer().setLength(0);
            err.getBuffer().setLength(0);
        }
    }

    @Test
    void shouldListTheValidBenchmarksForAnUnknownOne() throws Exception {
        assertUsageError(run("nosuch"), "unknown benchmark 'nosuch' (valid: spin, empty");
    }

    @Test
    void shouldRefuseAParameterOutOfItsDeclaredRangeBeforeAnyForkStarts() throws Exception {
        assertUsageError(
                run("spin", "--param", "ticks=-5"),
                "stagebench run: --param ticks=-5 is out of range for spin (valid: ticks=[0..4294967295], default 1000)");
    }

    @Test
    void shouldCallAWholeNumberBeyondSixtyFourBitsOutOfRange() throws Exception {
        assertUsageError(
                run("spin", "--param", "ticks=9223372036854775808"),
                "stagebench run: --param ticks=9223372036854775808 is out of range for spin");
    }

    @Test
    void shouldNotEchoEveryDigitOfAVeryLongValue() throws Exception {
        assertUsageError(
                run("spin", "--param", "ticks=" + "9".repeat(400)),
                "stagebench run: --param ticks=99999999999999999999... (400 characters) is out of range for spin (valid:");
    }

    @Test
    void shouldRefuseAParameterTheBenchmarkDoesNotDeclare() throws Exception {
        assertUsageError(
                run("empty", "--param", "bogus=1"),
                "stagebench run: --param bogus is not a parameter of empty" + " (empty takes none)");
    }

    @Test
    void shouldRefuseAParameterNoBenchmarkOfTheRunDeclaresListingEachOnesParameters() throws Exception {
        assertUsageError(
                run("spin", "empty", "--param", "tick=5"),
                "--param tick is not a parameter of any benchmark run"
                        + " (spin: ticks=[0..4294967295], default 1000; empty: none)");
    }

    @Test
    void shouldNameTheAvailableCpusForACpuThatDoesNotExist() throws Exception {
        assertUsageError(run("empty", "--cpu", "4096"), "CPU 4096 does not exist (available: ");
    }

    @Test
    void shouldRejectAnUnparseableRate() throws Exception {
        assertUsageError(run("empty", "--rate", "fast"), "cannot parse rate 'fast'");
    }

    @Test
    void shouldSayARateAboveTheLimitIsOutOfRange() throws Exception {
        assertUsageError(
                run("empty", "--rate", "2G/s"), "--rate: rate '2G/s' is out of range (more than 0, at most 1G/s)");
    }

    @Test
    void shouldRejectANegativeForkCount() throws Exception {
        assertUsageError(run("empty", "--forks", "-1"), "--forks must be at least 1, got -1");
    }

    @Test
    void shouldRejectAProfilerEventAsyncProfilerDoesNotName() throws Exception {
        assertUsageError(
                run("empty", "--prof", "heap"), "--prof: unknown event 'heap' (valid: cpu, alloc, lock, wall)");
    }

    @Test
    void shouldRejectAnUnreadableWarmup() throws Exception {
        assertUsageError(run("empty", "--warmup", "lots"), "--warmup: cannot parse 'lots'");
    }

    @MeasuresInProcess
    @Test
    void shouldPrintTheBencherFileOnStdoutWithFormatBmfAndTheReportOnStderr() throws Exception {
        int code = run("empty", "--format", "bmf", "-f", "1", "-n", "2000", "-w", "1000");

        assertEquals(0, code, err.toString());
        com.fasterxml.jackson.databind.JsonNode bmf =
                io.stagebench.json.Json.mapper().readTree(out.toString());
        assertTrue(bmf.get("stagebench.empty.empty").get("p50-ns").get("value").isNumber(), out.toString());
        assertTrue(err.toString().contains("benchmark stage"), err.toString());
    }

    @MeasuresInProcess
    @Test
    void shouldMeasureEachReplicaAsAFreshSetupAndNameItsFilesAndCentresInTheSummary() throws Exception {
        int code = run("spin", "--param", "ticks=300", "-f", "2", "-r", "3", "-n", "2000", "-w", "1000");

        assertEquals(0, code, err.toString());
        assertTrue(out.toString().contains("2 fork(s) x 3 replicas x 2,000 messages"), out.toString());
        assertTrue(!out.toString().contains("spread of tmean"), "the spread is detail, for --verbose: " + out);
        Path summary;
        try (var files = Files.walk(results)) {
            summary = files.filter(f -> f.getFileName().toString().equals("summary.json"))
                    .findFirst()
                    .orElseThrow();
        }
        String details = Files.readString(summary.resolveSibling(RunStore.REPORT_TEXT));
        assertTrue(details.contains("spin spread of tmean (sd, % of it): forks "), details);
        assertTrue(
                Files.readString(summary.resolveSibling(RunStore.REPORT)).contains("spin spread of tmean"),
                "report.html shows the detail too");
        com.fasterxml.jackson.databind.JsonNode benchmark =
                io.stagebench.json.Json.mapper().readTree(summary.toFile()).at("/benchmarks/0");
        assertEquals(12_000, benchmark.at("/summaries/0/count").asLong(), "2 forks x 3 replicas x 2,000 messages");
        for (int fork = 0; fork < 2; fork++) {
            com.fasterxml.jackson.databind.JsonNode replicas = benchmark.at("/forks/" + fork + "/replicas");
            assertEquals(3, replicas.size(), replicas.toString());
            for (int r = 0; r < 3; r++) {
                assertEquals(r + 1, replicas.get(r).get("replica").asInt());
                assertEquals(2_000, replicas.get(r).get("measuredMessages").asLong());
                assertEquals(0, replicas.get(r).get("gcCount").asLong());
            }
            assertEquals(
                    3, benchmark.at("/forks/" + fork + "/replicaTmeansNs/spin").size());
        }
        assertEquals(2, benchmark.at("/spread/spin/forks").asInt());
        assertEquals(3, benchmark.at("/spread/spin/replicas").asInt());
        assertTrue(benchmark.at("/costs/forkS").asDouble() > 0, benchmark.toString());
        Path forks = summary.resolveSibling("forks").resolve("spin");
        for (String raw : List.of("fork-1.raw", "fork-1.r2.raw", "fork-1.r3.raw", "fork-2.r3.raw")) {
            assertTrue(Files.exists(forks.resolve(raw)), raw);
        }
    }

    @Test
    void shouldRefuseAReplicaCountOutsideItsRange() throws Exception {
        assertUsageError(run("empty", "-r", "0"), "--replicas must be in [1, 1000], got 0");
    }

    @MeasuresInProcess
    @Test
    void shouldMeasureEachValueOfASweptParameterAsAVariantOfItsOwn() throws Exception {
        int code = run("spin", "--param", "ticks=500,1000", "-f", "1", "-n", "2000", "-w", "1000");

        assertEquals(0, code, err.toString());
        assertTrue(
                out.toString().contains("spin[ticks=500]") && out.toString().contains("spin[ticks=1000]"),
                out.toString());
        Path summary;
        try (var files = Files.walk(results)) {
            summary = files.filter(f -> f.getFileName().toString().equals("summary.json"))
                    .findFirst()
                    .orElseThrow();
        }
        com.fasterxml.jackson.databind.JsonNode stored =
                io.stagebench.json.Json.mapper().readTree(summary.toFile());
        assertEquals("spin[ticks=500]", stored.at("/benchmarks/0/name").asText());
        assertEquals("spin[ticks=1000]", stored.at("/benchmarks/1/name").asText());
        com.fasterxml.jackson.databind.JsonNode jmh = io.stagebench.json.Json.mapper()
                .readTree(summary.resolveSibling("jmh-result.json").toFile());
        assertEquals("stagebench.spin.spin", jmh.at("/0/benchmark").asText());
        assertEquals("500", jmh.at("/0/params/ticks").asText());
        assertEquals("1000", jmh.at("/1/params/ticks").asText());
    }

    @Test
    void shouldRejectASweepWithAValueOutOfRangeNamingTheValue() throws Exception {
        assertUsageError(run("spin", "--param", "ticks=500,-5"), "--param ticks=-5 ");
    }

    @Test
    void shouldRejectAnUnknownOutputFormat() throws Exception {
        assertUsageError(
                run("empty", "--format", "xml"),
                "--format must be text, jmh, bmf or github-action-benchmark, got 'xml'");
    }

    @Test
    void shouldRefuseANegativeCountOfForksForCalmWindows() throws Exception {
        assertUsageError(run("empty", "--calm-forks", "-1"), "--calm-forks must not be negative, got -1");
    }

    @Test
    void shouldFailBeforeMeasuringWhenTheResultsFolderIsNotWritable() throws Exception {
        Path blocker = results.resolve("blocker");
        Files.writeString(blocker, "a file where a folder must go");

        int code = Main.run(
                new String[] {
                    "run", "empty", "--results", blocker.resolve("sub").toString()
                },
                new PrintWriter(out, true),
                new PrintWriter(err, true),
                InProcessForks.LAUNCHERS);

        assertEquals(2, code);
        assertEquals(
                "stagebench run: results folder " + blocker.resolve("sub") + " is not writable ("
                        + blocker.resolve("sub") + ": not a directory); nothing was measured",
                err.toString().strip());
    }

    @Test
    void shouldRefuseStampArraysLargerThanHalfAGivenHeapBeforeAnyFork() throws Exception {
        assertUsageError(
                run("spin", "-f", "1", "-n", "10000000", "--jvm-arg=-Xmx64m"),
                "stagebench run: benchmark 'spin': 10,000,000 messages a fork need 163 MiB of stamp arrays, more than half"
                        + " the fork's heap of 64 MiB (-Xmx given); fix: a larger heap, e.g. --jvm-arg=-Xmx768m");
    }

    @Test
    void shouldNameAPathThatCannotBeAFileNameInOneLine() throws Exception {
        int code = Main.run(
                new String[] {"run", "spin", "--results", "a\0b"},
                new PrintWriter(out, true),
                new PrintWriter(err, true),
                InProcessForks.LAUNCHERS);

        assertUsageError(
                code, "stagebench run: --results: the path 'a\0b' cannot be a file name: Nul character not allowed");
    }

    @Test
    void shouldRefuseAClassPathEntryThatDoesNotExistBeforeAnyFork() throws Exception {
        assertUsageError(
                run("--classpath", results.resolve("target/classes").toString()),
                "stagebench run: --classpath: no such file or folder: " + results.resolve("target/classes"));
    }

    @Test
    void shouldRefuseAJarWithoutBenchmarksBeforeAnyFork() throws Exception {
        Path jar = build.resolve("plain.jar");
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(jar))) {
            zip.putNextEntry(new ZipEntry("com/acme/Util.class"));
            zip.closeEntry();
        }

        assertUsageError(run("--classpath", jar.toString()), "--classpath: no benchmarks in " + jar);
    }

    @Test
    void shouldRefuseTwoBenchmarksWithTheSameNameBeforeAnyFork() throws Exception {
        UserBuild.compile(build.resolve("a"), UserBuild.benchmark("com.a", "Quote", "quote"));
        UserBuild.compile(build.resolve("b"), UserBuild.benchmark("com.b", "Quote", "quote"));

        assertUsageError(
                run("quote", "--classpath", build.resolve("a") + File.pathSeparator + build.resolve("b")),
                "--classpath: two benchmarks are named 'quote': com.a.Quote");
    }

    @Test
    void shouldListOnlyTheBuiltInsAndTheClassPathsBenchmarks() throws Exception {
        UserBuild.compile(build, UserBuild.benchmark("com.acme", "Quote", "quote"));

        int code = run("--list", "--classpath", build.toString());

        assertEquals(0, code, err.toString());
        assertEquals(
                List.of("spin", "empty", "jitter", "service", "quote"),
                out.toString()
                        .lines()
                        .filter(l -> !l.startsWith(" "))
                        .map(l -> l.split("\\s+")[0])
                        .toList());
    }

    @Test
    void shouldListBenchmarksWithTheirStages() {
        int code = run("--list");

        assertEquals(0, code);
        assertTrue(out.toString().contains("spin"), out.toString());
        assertTrue(out.toString().contains("first | second"), out.toString());
        assertTrue(
                out.toString().contains("--param ticks=[0..4294967295], default 1000: spin length in counter ticks"),
                out.toString());
    }

    @Test
    void shouldListEachBenchmarkInColumnsWithItsParametersUnderItsStages() throws Exception {
        UserBuild.compile(build, UserBuild.benchmark("com.acme", "Quote", "quote"));

        int code = run("--list", "--classpath", build.toString());

        assertEquals(0, code, err.toString());
        assertEquals("""
                spin         spin                                     busy-wait exactly K ticks (--param ticks=K): checks the ruler
                             --param ticks=[0..4294967295], default 1000: spin length in counter ticks
                empty        empty                                    an empty stage: measures the probe alone (p50 should be ~0)
                jitter       wait | gap                               platform jitter: first counter gap above --param thresholdNs (1000) per --param windowUs (1000) window
                             --param thresholdNs=[1..100000000], default 1000: a gap between two counter reads longer than this, in ns, is a stall
                             --param windowUs=[1..1000000], default 1000: observation window per message in us; longer than thresholdNs
                service      service                                  busy-wait --param us=N microseconds (default 100): a known service time
                             --param us=[0..1000000], default 100: service time in microseconds
                quote        quote                                   \s
                """, out.toString());
    }
}
