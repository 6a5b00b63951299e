package io.stagebench.cli;

import io.stagebench.config.UsageException;
import io.stagebench.diff.ChangePoints;
import io.stagebench.diff.History;
import io.stagebench.diff.Statistic;
import io.stagebench.diff.VerdictRule;
import io.stagebench.output.HistoryReport;
import io.stagebench.output.TrendPage;
import io.stagebench.store.RunHistory;
import io.stagebench.store.RunStore;
import io.stagebench.system.GitCheckout;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code stagebench history [BENCHMARK[/SERIES]...]}: the stored runs of every commit of the current branch's
 * first-parent line, one row per commit, and where a series' level shifted and stayed shifted ({@link ChangePoints}).
 * Only runs of one machine and configuration are lined up ({@link RunHistory}); every run left out is named with the
 * reason.
 */
@Command(
        name = "history",
        mixinStandardHelpOptions = true,
        description = {
            "Show a statistic across the stored runs of the branch's commits, and its change points.",
            "Walks the first-parent line of HEAD (from --since REV, or from the root), takes each commit's stored",
            "runs measured on the newest run's machine (CPU and its TSC frequency, kernel, JVM, clock binding,",
            "measuring CPU) with its configuration, and prints per series one row per commit: the median of the",
            "per-fork values with the lowest and highest fork, the shift from the commit before and diff's verdict.",
            "Change points: where the forks before and after differ by the verdict rule and the commits' own values",
            "by a t test; at most --change-alpha false alarms a report. Runs left out are named with the reason."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:printed",
            "2:bad usage, not a git checkout, an unknown --since, no stored runs, an unknown" + " benchmark or series"
        })
public final class HistoryCommand implements Callable<Integer> {

    @Parameters(
            arity = "0..*",
            paramLabel = "BENCHMARK[/SERIES]",
            description = "Benchmarks, or one series of one (pipeline/encode); default: every one of the newest run.")
    List<String> wanted = new ArrayList<>();

    @Option(
            names = "--stat",
            split = ",",
            paramLabel = "STAT",
            description = "Statistics: tmean, p50, p99, p99.9, max (default: tmean).")
    List<String> stats = new ArrayList<>();

    @Option(names = "--since", paramLabel = "REV", description = "The oldest commit shown (default: the line's root).")
    String since;

    @CommandLine.Mixin
    VerdictOptions verdict = new VerdictOptions();

    @Option(
            names = "--change-alpha",
            paramLabel = "P",
            description = "False-alarm rate of the change points over every series shown (default: ${DEFAULT-VALUE}).")
    double changeAlpha = ChangePoints.DEFAULT_ALPHA;

    @Option(names = "--json", description = "Print JSON (schema " + HistoryReport.SCHEMA + ") instead of the table.")
    boolean json;

    @Option(
            names = "--html",
            paramLabel = "FILE",
            description = "Also write a trend page to FILE: per series the forks of"
                    + " each commit, its value, the change points, links to each run's report.")
    Path html;

    @Option(names = "--results", paramLabel = "DIR", description = "Results folder (default: the project's results/).")
    Path results;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        VerdictRule rule = verdict.rule();
        if (!(changeAlpha > 0 && changeAlpha < 1)) {
            throw usage("--change-alpha must be in (0, 1), got " + changeAlpha);
        }
        List<Statistic> statistics = DiffCommand.statistics(stats, List.of(Statistic.TMEAN), spec.commandLine());
        Path root = RunStore.rootToRead(results);
        Path home = RunStore.projectHome().toAbsolutePath();
        String head = head(home);
        List<GitCheckout.Commit> line = GitCheckout.of(home).firstParent(head, since == null ? null : base(home, head));
        List<String> benchmarks = List.copyOf(
                new LinkedHashSet<>(wanted.stream().map(w -> w.split("/", 2)[0]).toList()));
        History history = History.of(
                RunHistory.select(line, root, benchmarks, null, null), wanted, statistics, rule, changeAlpha);
        if (html != null) {
            spec.commandLine().getErr().println("trend page: " + TrendPage.write(history, html));
            spec.commandLine().getErr().flush();
        }
        HistoryReport report = new HistoryReport(history);
        PrintWriter out = spec.commandLine().getOut();
        out.print(json ? report.toJson() + System.lineSeparator() : report.toText());
        out.flush();
        return 0;
    }

    /** @return {@code --since}'s commit, checked to be an ancestor of HEAD */
    private String base(Path home, String head) {
        String base =
                GitCheckout.of(home).resolve(since).orElseThrow(() -> usage("--since: unknown commit '" + since + "'"));
        if (!GitCheckout.of(home).isAncestor(base, head)) {
            throw usage("--since: " + since + " is not an ancestor of HEAD");
        }
        return base;
    }

    /** @return HEAD's full hash in {@code home}'s checkout */
    static String head(Path home) {
        GitCheckout checkout = GitCheckout.of(home);
        checkout.problem().ifPresent(why -> {
            throw new UsageException(why + "; history lines up stored runs by this checkout's commits");
        });
        return checkout.resolve("HEAD")
                .orElseThrow(() -> new UsageException("the checkout " + home + " has no commit yet"));
    }

    private CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }
}
