package io.stagebench.stages.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.cli.Main;
import io.stagebench.stages.jmh.MeasuringThread;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code stagebench crosscheck} and {@code stagebench jmh} up to the point where they would measure. */
class CrossCheckCommandsTest {

    @TempDir
    Path results;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    private void assertNothingWritten() throws Exception {
        try (Stream<Path> files = Files.list(results)) {
            assertEquals(0, files.count(), "nothing may be measured or written before the arguments are checked");
        }
    }

    @Test
    void shouldExit2NamingTheValidStagesForAnUnknownOne() throws Exception {
        int code = run("crosscheck", "quote", "--results", results.toString());

        assertEquals(2, code);
        assertTrue(
                err.toString().contains("unknown stage 'quote' (valid: parse, book, decide, encode, pipeline)"),
                err.toString());
        assertEquals(1, err.toString().strip().lines().count(), err.toString());
        assertNothingWritten();
    }

    @Test
    void shouldExit2ForJmhIterationsThatCannotMeasure() throws Exception {
        int code = run("crosscheck", "--jmh-iterations", "0", "--results", results.toString());

        assertEquals(2, code);
        assertTrue(err.toString().contains("--jmh-forks and --jmh-iterations must be at least 1"), err.toString());
        assertNothingWritten();
    }

    @Test
    void shouldExit2ForABatchThatIsNotACountWithinTheBatchedMessages() throws Exception {
        for (String[] bad : new String[][] {
            {"0", "--batch must be at least 1 message, got 0"},
            {"4000000", "--batch must be in [1, 2000000]"},
            {"some", "--batch: cannot parse 'some'"}
        }) {
            err.getBuffer().setLength(0);
            int code = run("crosscheck", "--batch", bad[0], "--results", results.toString());

            assertEquals(2, code);
            assertTrue(err.toString().contains(bad[1]), err.toString());
            assertNothingWritten();
        }
    }

    @Test
    void shouldPrintCrosschecksHelpWithItsPercentSignAndNoFormatWarning() {
        PrintStream stderr = System.err;
        ByteArrayOutputStream warned = new ByteArrayOutputStream();
        int code;
        System.setErr(new PrintStream(warned, true, StandardCharsets.UTF_8));
        try {
            code = run("crosscheck", "--help");
        } finally {
            System.setErr(stderr);
        }

        assertEquals(0, code);
        assertTrue(out.toString().contains("within +-10%; then the same, batched."), out.toString());
        assertFalse(
                warned.toString(StandardCharsets.UTF_8).contains("Could not format"),
                warned.toString(StandardCharsets.UTF_8));
    }

    @Test
    void shouldListCrosscheckAndJmhAmongTheCommands() {
        int code = run("--help");

        assertEquals(0, code);
        assertTrue(out.toString().contains("crosscheck") && out.toString().contains("jmh"), out.toString());
    }

    @Test
    void shouldRunTheBenchmarksJarWithTheMeasuringCpuForJmhsForksAndPassEveryArgumentThrough() {
        List<String> command =
                JmhCommand.command(Path.of("/p/stages/target/benchmarks.jar"), 3, List.of("-f", "1", "-h", "ParseJmh"));

        int jar = command.indexOf("-jar");
        assertTrue(command.get(0).endsWith("java"), command.toString());
        assertTrue(command.subList(0, jar).contains("-D" + MeasuringThread.CPU_PROPERTY + "=3"), command.toString());
        assertEquals(
                List.of("/p/stages/target/benchmarks.jar", "-f", "1", "-h", "ParseJmh"),
                command.subList(jar + 1, command.size()));
    }
}
