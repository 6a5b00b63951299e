package io.stagebench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.config.UsageException;
import io.stagebench.diff.DiffException;
import io.stagebench.store.StoreException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;

class MainTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    /** A command with a bug in it. */
    @picocli.CommandLine.Command(name = "buggy")
    static final class Buggy implements Callable<Integer> {
        @Override
        public Integer call() {
            throw new IllegalStateException("an invariant broke");
        }
    }

    @Test
    void shouldSayAnInternalErrorIsABugAndWhatToReportAfterItsTrace() {
        picocli.CommandLine cli = Main.commandLine(new PrintWriter(out, true), new PrintWriter(err, true));
        cli.addSubcommand("buggy", new Buggy());
        cli.setErr(new PrintWriter(err, true)); // a subcommand added later takes the writer from here

        int code = cli.execute("buggy");

        assertEquals(Main.EXIT_BUG, code);
        List<String> lines = err.toString().strip().lines().toList();
        assertTrue(lines.get(0).contains("java.lang.IllegalStateException: an invariant broke"), err.toString());
        String last = lines.get(lines.size() - 1);
        assertTrue(
                last.startsWith(
                        "stagebench buggy: internal error (java.lang.IllegalStateException: an invariant broke):"
                                + " a bug in stagebench "),
                last);
        assertTrue(last.endsWith("please report it with the command line and the stack trace above"), last);
    }

    /** A command whose check refuses its input as a parameter error built on a command line of its own. */
    @picocli.CommandLine.Command(name = "elsewhere")
    static final class RefusesElsewhere implements Callable<Integer> {
        @Override
        public Integer call() {
            throw new picocli.CommandLine.ParameterException(new picocli.CommandLine(new Buggy()), "-n: too many");
        }
    }

    @Test
    void shouldWriteAnErrorToTheCallersStreamWhicheverCommandLineItNames() {
        picocli.CommandLine cli = Main.commandLine(new PrintWriter(out, true), new PrintWriter(err, true));
        cli.addSubcommand("elsewhere", new RefusesElsewhere());
        cli.addSubcommand("buggy", new Buggy()); // added after the tree's err was set: its own is the JVM's stderr

        int refused = cli.execute("elsewhere");
        int failed = cli.execute("buggy");

        assertEquals(Main.EXIT_USAGE, refused);
        assertEquals(Main.EXIT_BUG, failed);
        List<String> lines = err.toString().strip().lines().toList();
        assertEquals("buggy: -n: too many (see 'buggy --help')", lines.get(0), err.toString());
        assertTrue(lines.get(lines.size() - 1).startsWith("stagebench buggy: internal error"), err.toString());
    }

    /** A command that throws {@code thrown}. */
    @picocli.CommandLine.Command(name = "throws")
    static final class Throws implements Callable<Integer> {
        private final RuntimeException thrown;

        Throws(RuntimeException thrown) {
            this.thrown = thrown;
        }

        @Override
        public Integer call() {
            throw thrown;
        }
    }

    @Test
    void shouldExit2WithTheOneLineOfEveryKindOfUsersErrorTheStoresAndTheComparisonsToo() {
        for (RuntimeException thrown : List.of(
                new UsageException("no benchmark 'nope'"),
                new StoreException("results/x/summary.json: truncated"),
                new DiffException("no benchmark in common"))) {
            StringWriter said = new StringWriter();
            picocli.CommandLine cli = Main.commandLine(new PrintWriter(out, true), new PrintWriter(said, true));
            cli.addSubcommand("throws", new Throws(thrown));

            int code = cli.execute("throws");

            assertEquals(Main.EXIT_USAGE, code, said.toString());
            assertEquals(
                    "stagebench throws: " + thrown.getMessage(), said.toString().strip(), "one line, no trace");
        }
    }

    @Test
    void shouldExit2ListingTheValidBindingsForAnUnknownOne() {
        int code = run("clocks", "--binding", "rdtsc");

        assertEquals(2, code);
        assertTrue(
                err.toString().contains("unknown clock binding 'rdtsc' (valid: ffm, jna, nanotime)"), err.toString());
        assertEquals(1, err.toString().strip().lines().count(), err.toString());
    }

    @Test
    void shouldExit2NamingTheRangeForACalibrationLengthOutOfRange() {
        int code = run("clocks", "--calibration-ms", "50");

        assertEquals(2, code);
        assertTrue(err.toString().contains("out of range [200, 10000] ms"), err.toString());
        assertEquals(1, err.toString().strip().lines().count(), err.toString());
    }

    @Test
    void shouldExit2NamingTheAvailableCpusForACpuThatDoesNotExist() {
        int code = run("clocks", "--cpu", "4096");

        assertEquals(2, code);
        assertTrue(err.toString().contains("CPU 4096 does not exist (available: "), err.toString());
    }

    @Test
    void shouldExit2WithOneLineForAnUnknownOption() {
        int code = run("clocks", "--frobnicate");

        assertEquals(2, code);
        assertEquals(1, err.toString().strip().lines().count(), err.toString());
        assertTrue(err.toString().contains("--frobnicate"), err.toString());
    }

    @Test
    void shouldListClocksInTheHelp() {
        int code = run("--help");

        assertEquals(0, code);
        assertTrue(out.toString().contains("clocks"), out.toString());
    }
}
