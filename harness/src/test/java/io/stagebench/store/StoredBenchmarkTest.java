package io.stagebench.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.stagebench.result.BenchmarkOutcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** ab judges each look on runs not yet stored: they must be the figures the stored run reads back. */
class StoredBenchmarkTest {

    @TempDir
    Path dir;

    @Test
    void shouldSeeAnOutcomeInMemoryAsItsStoredRunReadsItBack() throws Exception {
        BenchmarkOutcome outcome = RunFixture.pipeline(3, 4_000, 17);
        Path run = Files.createDirectories(dir.resolve("run"));
        RunFixture.store(
                run,
                RunFixture.config(run),
                List.of(outcome),
                List.of(),
                RunFixture.environment(dir, Instant.parse("2025-03-04T10:15:30Z"), "c0ffee5eed5eed5eed", false));

        StoredRun.Benchmark read = ResultReader.readSummary(run)
                .benchmark(outcome.descriptor().name())
                .orElseThrow();
        StoredRun.Benchmark inMemory = StoredRun.Benchmark.of(outcome);

        assertEquals(read.name(), inMemory.name());
        assertEquals(read.stages(), inMemory.stages());
        assertEquals(read.forksSucceeded(), inMemory.forksSucceeded());
        assertEquals(read.failures(), inMemory.failures());
        assertEquals(read.summaries(), inMemory.summaries());
        assertEquals(read.forks(), inMemory.forks());
        assertEquals(read.batch(), inMemory.batch());
    }
}
