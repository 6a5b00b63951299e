package io.stagebench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.testing.StartsProcesses;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run --prof cpu} through the launcher and a real fork: the profile holds the measured passes' frames, none of
 * the setup's or the warm-up's, and the run is stored as profiled.
 */
@StartsProcesses
class ProfileRunTest {

    @TempDir
    Path results;

    @Test
    void shouldProfileTheMeasuredPassesOnlyAndStoreTheRunAsProfiled() throws Exception {
        CommandLineProcess.Result run = CommandLineProcess.run(
                results,
                "run",
                "spin",
                "-f",
                "1",
                "-r",
                "1",
                "-n",
                "50000",
                "-w",
                "20000",
                "--param",
                "ticks=100",
                "--prof",
                "cpu",
                "--results",
                results.toString());

        assertEquals(0, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().contains("profile (--prof cpu, async-profiler, measured passes only)"), run.out());
        assertTrue(run.out().contains("*** WARNING: profiled (--prof cpu)"), run.out());
        Path collapsed;
        try (Stream<Path> files = Files.walk(results)) {
            collapsed = files.filter(f -> f.getFileName().toString().equals("fork-1.collapsed"))
                    .findFirst()
                    .orElseThrow();
        }
        List<String> stacks = Files.readAllLines(collapsed);
        assertTrue(stacks.stream().anyMatch(s -> s.contains("SpinBenchmark.run")), String.join("\n", stacks));
        assertEquals(
                List.of(),
                stacks.stream().filter(s -> !s.contains("KeptPass.measure")).toList(),
                "every sample in a measured pass");
        assertFalse(
                stacks.stream()
                        .anyMatch(s -> s.contains("Warmup") || s.contains("setUp") || s.contains("RulerReading")),
                "no warm-up, setup or ruler frame");
        assertTrue(Files.exists(collapsed.resolveSibling("fork-1.flame.html")));
        Path summary;
        try (Stream<Path> files = Files.walk(results)) {
            summary = files.filter(f -> f.getFileName().toString().equals("summary.json"))
                    .findFirst()
                    .orElseThrow();
        }
        assertTrue(Files.readString(summary).contains("\"profile\" : \"cpu\""), "the run's configuration says so");
    }
}
