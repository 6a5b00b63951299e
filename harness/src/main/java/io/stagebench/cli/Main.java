package io.stagebench.cli;

import io.stagebench.config.UsageException;
import io.stagebench.extension.CommandProvider;
import io.stagebench.host.CpuLock;
import io.stagebench.host.ForkLaunchers;
import io.stagebench.io.IoProblems;
import io.stagebench.process.LiveForks;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ServiceLoader;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code stagebench} command line.
 *
 * <p>Exit codes: 0 success; 1 a check or gate failed (the subcommand says which); 2 bad usage, bad data or a file that
 * cannot be read or written ({@link UsageException}, whose kinds include the result store's and the comparison's, or an
 * {@link IOException}), always with one line on stderr saying what is wrong - for a file, its path and the reason - and
 * no stack trace; 70 an internal error (a bug): its stack trace, then one line saying it is a bug and what to report.
 * Subcommands from other modules come in through {@link CommandProvider}.
 */
@Command(
        name = "stagebench",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Micro-benchmark harness for the stages of a low-latency trading pipeline.",
        subcommands = {
            RunCommand.class,
            ClocksCommand.class,
            ReportCommand.class,
            DiffCommand.class,
            AbCommand.class,
            HistoryCommand.class,
            BisectCommand.class,
            CheckCommand.class,
            DemoCommand.class
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:success",
            "1:a check or gate failed",
            "2:bad usage, bad data, or a file that cannot be read or written",
            "70:an internal error (a bug: the stack trace and what to report are printed)"
        })
public final class Main implements ForkLaunchers.Chosen {

    /** Exit code for bad usage or bad data. */
    public static final int EXIT_USAGE = 2;
    /** Exit code for an internal error - a bug of stagebench's (EX_SOFTWARE of sysexits.h). */
    public static final int EXIT_BUG = 70;

    private final ForkLaunchers forkLaunchers;

    private Main(ForkLaunchers forkLaunchers) {
        this.forkLaunchers = forkLaunchers;
    }

    /** @return how this command line's forks start: fresh JVMs, unless a test chose otherwise */
    @Override
    public ForkLaunchers forkLaunchers() {
        return forkLaunchers;
    }

    public static void main(String[] args) {
        int code = run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true));
        // returned, not stopped by a signal: the command's own last line said how it ended
        LiveForks.launcher().commandEnded();
        System.exit(code);
    }

    /** Runs the command line with the given streams; returns the exit code. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        return run(args, out, err, ForkLaunchers.jvm());
    }

    /**
     * Runs the command line with the given streams, its forks started by {@code launchers} (a test's seam:
     * {@link ForkLaunchers#jvm()} is what {@link #main} uses); returns the exit code.
     */
    public static int run(String[] args, PrintWriter out, PrintWriter err, ForkLaunchers launchers) {
        try {
            return commandLine(out, err, launchers).execute(args);
        } finally {
            CpuLock.releaseThisThreads(); // the command's measurements have ended
        }
    }

    /** Builds the command tree, including subcommands found through {@link CommandProvider}. */
    public static CommandLine commandLine(PrintWriter out, PrintWriter err) {
        return commandLine(out, err, ForkLaunchers.jvm());
    }

    /** Builds the command tree whose forks start by {@code launchers}. */
    public static CommandLine commandLine(PrintWriter out, PrintWriter err, ForkLaunchers launchers) {
        CommandLine cli = new CommandLine(new Main(launchers));
        for (CommandProvider provider : ServiceLoader.load(CommandProvider.class)) {
            cli.addSubcommand(provider.newCommand());
        }
        cli.registerConverter(Path.class, Main::path); // after the subcommands: it reaches those added so far
        cli.setOut(out);
        cli.setErr(err);
        // both handlers write to this tree's err, not to the err of the command line an exception names: one of run's
        // one-line refusals (raised from its MeasurementOptions mixin) once went to the JVM's stderr instead, while
        // test classes ran in parallel, and the caller's err stayed empty
        cli.setParameterExceptionHandler((ex, args) -> oneLineUsageError(ex, err));
        cli.setExecutionExceptionHandler((ex, cmd, parsed) -> {
            String problem = oneLineProblem(ex);
            if (problem == null) {
                // a bug, not the user's input: the trace is wanted, and a last line says what to do with it
                ex.printStackTrace(err);
                err.println(internalError(cmd.getCommandName(), ex));
                err.flush();
                return EXIT_BUG;
            }
            err.println("stagebench " + cmd.getCommandName() + ": " + problem);
            err.flush();
            return EXIT_USAGE;
        });
        return cli;
    }

    /**
     * @return the one line that bad input, bad data or an I/O failure is reported with ("PATH: reason" for I/O), or
     *     null for anything else (a bug: its stack trace is wanted)
     */
    static String oneLineProblem(Exception ex) {
        return switch (ex) {
            case UsageException e -> e.getMessage();
            case IOException e -> IoProblems.describe(e);
            case UncheckedIOException e -> IoProblems.describe(e.getCause());
            case InvalidPathException e -> IoProblems.invalidPath(e);
            default -> null;
        };
    }

    /** @return the last line after an internal error's stack trace: what happened, and what to report */
    static String internalError(String command, Exception ex) {
        return "stagebench " + command + ": internal error (" + ex + "): a bug in "
                + new VersionProvider().getVersion()[0]
                + ", not in your input; please report it with the command line and the stack trace above";
    }

    /** A path option's value; the InvalidPathException kept as the cause, which picocli's own converter drops. */
    private static Path path(String value) {
        try {
            return Path.of(value);
        } catch (InvalidPathException e) {
            CommandLine.TypeConversionException conversion =
                    new CommandLine.TypeConversionException(IoProblems.invalidPath(e));
            conversion.initCause(e);
            throw conversion;
        }
    }

    private static int oneLineUsageError(CommandLine.ParameterException ex, PrintWriter err) {
        CommandLine cmd = ex.getCommandLine();
        String message = ex.getMessage().replace(System.lineSeparator(), " ").replace('\n', ' ');
        for (Throwable cause = ex.getCause(); cause != null; cause = cause.getCause()) {
            if (cause instanceof InvalidPathException invalid) {
                // not picocli's "cannot convert ... (java.nio.file.InvalidPathException: ...)"
                String option = ex.getArgSpec() instanceof CommandLine.Model.OptionSpec o ? o.longestName() + ": " : "";
                err.println(cmd.getCommandSpec().qualifiedName() + ": " + option + IoProblems.invalidPath(invalid));
                return EXIT_USAGE;
            }
        }
        err.println(cmd.getCommandSpec().qualifiedName() + ": " + message + " (see '"
                + cmd.getCommandSpec().qualifiedName() + " --help')");
        return EXIT_USAGE;
    }
}
