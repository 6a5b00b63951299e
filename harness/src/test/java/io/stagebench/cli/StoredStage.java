package io.stagebench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.stagebench.json.Json;
import io.stagebench.store.RunStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * One stage of a stored run, in counter ticks, read from the run's {@code summary.json} as a user's script would read
 * it: the pooled p50, the counter's step, the measuring CPU and the CPU every fork's measuring thread was pinned to.
 *
 * @param runDir the run folder
 * @param p50Ticks the pooled p50, in ticks of the first fork's calibrated counter
 * @param stepTicks the coarsest counter step of the forks
 * @param cpu the measuring CPU of the run
 * @param cpusPinned the CPU each fork's measuring thread was pinned to (-1: not pinned)
 */
record StoredStage(Path runDir, double p50Ticks, long stepTicks, int cpu, List<Integer> cpusPinned) {

    /** Reads {@code stage} of {@code benchmark} from the one run stored under {@code commitDir}. */
    static StoredStage read(Path commitDir, String benchmark, String stage) throws IOException {
        List<Path> runs;
        try (Stream<Path> dirs = Files.list(commitDir)) {
            runs = dirs.filter(d -> Files.isRegularFile(d.resolve(RunStore.SUMMARY)))
                    .toList();
        }
        assertEquals(1, runs.size(), "runs stored under " + commitDir + ": " + runs);
        JsonNode run =
                Json.mapper().readTree(runs.get(0).resolve(RunStore.SUMMARY).toFile());
        JsonNode found = null;
        for (JsonNode b : run.get("benchmarks")) {
            if (b.get("name").asText().equals(benchmark)) {
                found = b;
            }
        }
        assertTrue(found != null, benchmark + " is not in " + runs.get(0));
        double p50Ns = Double.NaN;
        for (JsonNode summary : found.get("summaries")) {
            if (summary.get("stage").asText().equals(stage)) {
                p50Ns = summary.get("p50Ns").asDouble();
            }
        }
        JsonNode forks = found.get("forks");
        assertTrue(forks.size() > 0, "no fork of " + benchmark + " succeeded: " + found.get("failures"));
        long step = 0;
        List<Integer> pinned = new ArrayList<>();
        for (JsonNode fork : forks) {
            step = Math.max(step, fork.get("stepTicks").asLong());
            pinned.add(fork.get("cpuPinned").asInt());
        }
        double ticksPerNs = forks.get(0).get("calibratedMhz").asDouble() / 1_000;
        return new StoredStage(
                runs.get(0),
                p50Ns * ticksPerNs,
                step,
                run.get("config").get("cpu").asInt(),
                pinned);
    }

    /**
     * Asserts the p50 is within max(2%, 2 steps) of {@code expectedTicks}, one step more above it, and every fork was
     * pinned to the run's CPU. A spin stops at its first read past its target, so it overshoots by up to a read, and
     * its p50 sits on the grid of the interval step: on the EPYC whose step is 24 ticks a 3000-tick spin's p50 read
     * 3038.7 ticks in 4 runs and 3062.5 in a fifth, one step above, 2.5 ticks beyond a symmetric 60.
     */
    void assertSpun(long expectedTicks) {
        double tolerance = Math.max(0.02 * expectedTicks, 2.0 * stepTicks);
        double off = p50Ticks - expectedTicks;
        assertTrue(
                off >= -tolerance && off <= tolerance + stepTicks,
                String.format(
                        Locale.ROOT,
                        "p50 %.1f ticks for a %d-tick spin, tolerance -%.1f/+%.1f ticks (%s)",
                        p50Ticks,
                        expectedTicks,
                        tolerance,
                        tolerance + stepTicks,
                        runDir));
        assertTrue(cpusPinned.stream().allMatch(c -> c == cpu), "forks pinned to " + cpusPinned + ", not CPU " + cpu);
    }
}
