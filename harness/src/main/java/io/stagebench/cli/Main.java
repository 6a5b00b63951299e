package io.stagebench.cli;

import io.stagebench.store.StoreException;
import java.io.PrintWriter;
import java.util.ServiceLoader;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code stagebench} command line.
 *
 * <p>Exit codes: 0 success; 1 a check or gate failed (the subcommand says which); 2 bad
 * usage or bad data ({@link UsageException}, or a {@link StoreException} from the result
 * store), always with one line on stderr saying what is wrong.
 * Subcommands from other modules come in through {@link CommandProvider}.
 */
@Command(name = "stagebench",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Micro-benchmark harness for the stages of a low-latency trading pipeline.",
        subcommands = {RunCommand.class, ClocksCommand.class, ReportCommand.class, DiffCommand.class, AbCommand.class,
            CheckCommand.class, DemoCommand.class},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:success", "1:a check or gate failed", "2:bad usage or bad data"})
public final class Main {

    /** Exit code for bad usage or bad data. */
    public static final int EXIT_USAGE = 2;

    private Main() {
    }

    public static void main(String[] args) {
        System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs the command line with the given streams; returns the exit code. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        return commandLine(out, err).execute(args);
    }

    /** Builds the command tree, including subcommands found through {@link CommandProvider}. */
    public static CommandLine commandLine(PrintWriter out, PrintWriter err) {
        CommandLine cli = new CommandLine(new Main());
        for (CommandProvider provider : ServiceLoader.load(CommandProvider.class)) {
            cli.addSubcommand(provider.newCommand());
        }
        cli.setOut(out);
        cli.setErr(err);
        cli.setParameterExceptionHandler(Main::oneLineUsageError);
        cli.setExecutionExceptionHandler((ex, cmd, parsed) -> {
            if (ex instanceof UsageException || ex instanceof StoreException) {
                cmd.getErr().println("stagebench " + cmd.getCommandName() + ": " + ex.getMessage());
                return EXIT_USAGE;
            }
            throw ex;
        });
        return cli;
    }

    private static int oneLineUsageError(CommandLine.ParameterException ex, String[] args) {
        CommandLine cmd = ex.getCommandLine();
        String message = ex.getMessage().replace(System.lineSeparator(), " ").replace('\n', ' ');
        cmd.getErr().println(cmd.getCommandSpec().qualifiedName() + ": " + message
                + " (see '" + cmd.getCommandSpec().qualifiedName() + " --help')");
        return EXIT_USAGE;
    }
}
