package io.stagebench.stages.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.cli.Main;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a benchmark derives from valid counts is checked before any fork: one line, exit 2, nothing stored. */
class DerivedParametersTest {

    @TempDir
    Path results;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    private void assertRefusedBeforeAnyFork(int code, String expected) throws IOException {
        assertEquals(2, code, err.toString());
        assertEquals(1, err.toString().strip().lines().count(), err.toString());
        assertTrue(err.toString().contains(expected), err.toString());
        try (var files = Files.list(results)) {
            assertEquals(0, files.count(), "nothing may be created before the counts are checked");
        }
    }

    @Test
    void shouldRefuseAMeasuredCountWhoseStreamExceedsTheLimit() throws IOException {
        assertRefusedBeforeAnyFork(
                run("run", "encode", "-f", "1", "-n", "2147483647", "-w", "0", "--results", results.toString()),
                "encode: warm-up and measured messages (0 + 2,147,483,647) need a stream of"
                        + " 2,147,513,647 messages, over the limit of 50,000,000; lower -n or -w");
    }

    @Test
    void shouldRefuseAWarmUpWhoseStreamExceedsTheLimitForDecide() throws IOException {
        // decide reads 1.25 stream messages a decision
        assertRefusedBeforeAnyFork(
                run("run", "decide", "-f", "1", "-n", "200000", "-w", "40000000", "--results", results.toString()),
                "decide: warm-up and measured messages (40,000,000 + 200,000) need a stream of"
                        + " 50,280,000 messages, over the limit of 50,000,000");
    }

    @Test
    void shouldRefuseTheSameInAbBeforeBuildingAnything() throws IOException {
        assertRefusedBeforeAnyFork(
                run("ab", "HEAD", "encode", "-f", "2", "-n", "2147483647", "--results", results.toString()),
                "encode: warm-up and measured messages");
    }

    @Test
    void shouldRefuseABatchOfAHandoffBenchmarkBeforeAnyFork() throws IOException {
        assertRefusedBeforeAnyFork(
                run("run", "handoff", "--batch", "16", "--results", results.toString()),
                "--batch: handoff is a handoff benchmark; its messages cross two threads");
    }
}
