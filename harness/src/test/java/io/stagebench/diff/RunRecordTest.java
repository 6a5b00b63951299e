package io.stagebench.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunRecordTest {

    @TempDir
    Path dir;

    @Test
    void shouldReadPerForkSummariesOfTheFirstSchema() {
        Path run = SummaryFixture.run().legacy().benchmark("pipeline", Map.of("decide", new double[] {10, 11, 12}))
                .writeTo(dir.resolve("r"));

        RunRecord stored = RunRecord.read(run);

        assertEquals("stagebench.run/1", stored.schema());
        assertEquals("0123456789ab", stored.label());
        assertNull(stored.environment());
        RunRecord.Benchmark b = stored.benchmark("pipeline").orElseThrow();
        assertEquals(3, b.forks().size());
        assertEquals(11.0, b.forks().get(1).summary("decide").orElseThrow().p50Ns());
        assertEquals(11.0, b.summary("decide").orElseThrow().p50Ns());
    }

    @Test
    void shouldReadTheSecondSchemaIgnoringFieldsItDoesNotKnow() {
        Path run = SummaryFixture.run()
                .environment(Map.of("kernel", "6.1.0", "cpu", Map.of("model", "EPYC", "smt", 2), "flags", java.util.List.of("a")))
                .benchmark("spin", Map.of("spin", new double[] {10, 11})).writeTo(dir.resolve("r"));

        RunRecord stored = RunRecord.read(run);

        assertEquals(Map.of("kernel", "6.1.0", "cpu.model", "EPYC", "cpu.smt", "2", "flags", "[\"a\"]"), stored.environment());
    }

    @Test
    void shouldNameTheFileAndTheSchemaItCannotRead() {
        Path run = SummaryFixture.run().schema("stagebench.run/9").benchmark("spin", Map.of("spin", new double[] {1}))
                .writeTo(dir.resolve("r"));

        DiffException e = assertThrows(DiffException.class, () -> RunRecord.read(run));

        assertTrue(e.getMessage().contains(run.resolve("summary.json").toString()), e.getMessage());
        assertTrue(e.getMessage().contains("schema 'stagebench.run/9', which this stagebench cannot read"
                + " (it reads stagebench.run/1 and stagebench.run/2)"), e.getMessage());
    }

    @Test
    void shouldNameAFileThatIsNotJson() throws Exception {
        Files.createDirectories(dir.resolve("r"));
        Files.writeString(dir.resolve("r/summary.json"), "{ not json");

        DiffException e = assertThrows(DiffException.class, () -> RunRecord.read(dir.resolve("r")));

        assertTrue(e.getMessage().startsWith("cannot read " + dir.resolve("r/summary.json")), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }

    @Test
    void shouldSayWhenAFolderHoldsNoSummary() {
        DiffException e = assertThrows(DiffException.class, () -> RunRecord.read(dir));

        assertTrue(e.getMessage().startsWith("no summary.json in " + dir), e.getMessage());
    }
}
