package io.stagebench.cli;

import io.stagebench.diff.DiffReport;
import io.stagebench.diff.RunDiff;
import io.stagebench.diff.Statistic;
import io.stagebench.diff.VerdictRule;
import io.stagebench.extension.command.UsageException;
import io.stagebench.store.ResultReader;
import io.stagebench.store.RunResolver;
import io.stagebench.store.RunStore;
import io.stagebench.store.StoredRun;
import io.stagebench.output.ComparisonPage;
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
 * {@code stagebench diff A B}: compares two stored runs and says, per benchmark, stage and
 * statistic, whether B is faster, slower, no different, or too thinly measured to tell -
 * calling a change real only when a Mann-Whitney U test over the per-fork values, the
 * run-to-run spread and a minimum size all agree (see {@link VerdictRule}).
 */
@Command(name = "diff", mixinStandardHelpOptions = true,
        description = {"Compare two stored runs, A (old) and B (new), and say which changes are real.",
            "Per benchmark, stage and statistic: the old and new values, the change, each side's run-to-run",
            "spread, a two-sided Mann-Whitney U p-value over the per-fork values and a",
            "verdict: faster, slower, no change or unreliable.",
            "A and B are commit-ish names (HEAD~1, main, a hash: the latest stored run",
            "of that commit) or run folders."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:no regression (or --fail-on-regression not given)", "1:a statistic is slower and --fail-on-regression was given",
            "2:bad usage or bad data, or a benchmark with no data on a side (every fork failed): 'cannot compare ...'"})
public final class DiffCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "A", description = "The old run: a commit-ish or a run folder.")
    String a;

    @Parameters(index = "1", paramLabel = "B", description = "The new run: a commit-ish or a run folder.")
    String b;

    @CommandLine.Mixin
    VerdictOptions verdict = new VerdictOptions();

    @Option(names = "--stat", split = ",", paramLabel = "STAT",
            description = "Statistics to compare: tmean (mean of the samples up to p99), p50, p99, p99.9, max (default: all).")
    List<String> stats = new ArrayList<>();

    @Option(names = {"-b", "--benchmark"}, paramLabel = "NAME", description = "Compare only this benchmark; repeatable.")
    List<String> benchmarks = new ArrayList<>();

    @Option(names = "--tags", description = "Compare each stage's tags (stage[tag] series) too, as more rows of the one"
            + " family: each row added makes every call stricter, so they are compared only when asked.")
    boolean tags;

    @Option(names = "--fail-on-regression", description = "Exit 1 when any compared statistic is called slower.")
    boolean failOnRegression;

    @Option(names = "--json", description = "Print JSON (schema " + DiffReport.SCHEMA + ") instead of the table.")
    boolean json;

    @Option(names = "--results", paramLabel = "DIR", description = "Results folder (default: the project's results/).")
    Path results;

    @Option(names = "--html", paramLabel = "FILE", description = "Also write a comparison page to FILE: per stage one chart"
            + " of both runs by percentile, and the verdict table.")
    Path html;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        VerdictRule rule = rule();
        List<Statistic> statistics = statistics();
        RunResolver resolver = new RunResolver(RunStore.rootToRead(results), RunResolver.git(RunStore.projectHome()));
        List<Path> bases = List.of(Path.of("").toAbsolutePath(), RunStore.projectHome().toAbsolutePath());
        StoredRun runA = ResultReader.readSummary(resolver.resolve(a, bases));
        StoredRun runB = ResultReader.readSummary(resolver.resolve(b, bases));
        RunDiff diff = RunDiff.compare(runA, runB, rule, statistics, List.copyOf(new LinkedHashSet<>(benchmarks)), tags);
        return print(diff, failOnRegression, json, html, spec.commandLine().getOut(), spec.commandLine().getErr());
    }

    /**
     * Writes the comparison page of {@code diff} when asked (saying where on {@code err}), then
     * prints {@code diff}; returns the exit code (1 only for a regression when asked to fail on one).
     *
     * @param html the comparison page to write, or null for none
     * @throws UsageException "cannot compare ..." after printing, when a benchmark has no data on a
     *         side: a comparison of nothing is never a pass (exit 2)
     */
    static int print(RunDiff diff, boolean failOnRegression, boolean json, Path html, PrintWriter out, PrintWriter err)
            throws IOException {
        if (html != null) {
            err.println("comparison: " + ComparisonPage.write(diff, html));
            err.flush();
        }
        DiffReport report = new DiffReport(diff);
        if (json) {
            out.println(report.toJson());
        } else {
            out.print(report.toText());
        }
        out.flush();
        diff.cannotCompare().ifPresent(line -> {
            throw new UsageException(line);
        });
        return failOnRegression && !diff.regressions().isEmpty() ? 1 : 0;
    }

    private VerdictRule rule() {
        return verdict.rule();
    }

    private List<Statistic> statistics() {
        return statistics(stats, List.of(Statistic.values()), spec.commandLine());
    }

    /**
     * @return the statistics of {@code --stat}, each once, in the order named; {@code defaults} when none is
     * @throws CommandLine.ParameterException "--stat: unknown statistic 'p95' (valid: ...)"
     */
    static List<Statistic> statistics(List<String> names, List<Statistic> defaults, CommandLine commandLine) {
        List<Statistic> out = new ArrayList<>();
        for (String s : names) {
            try {
                Statistic statistic = Statistic.parse(s);
                if (!out.contains(statistic)) {
                    out.add(statistic);
                }
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(commandLine, "--stat: " + e.getMessage());
            }
        }
        return out.isEmpty() ? defaults : out;
    }

    /**
     * @return "2", "2%" or "0.5 %" as a percentage
     * @throws IllegalArgumentException "--threshold: cannot parse 'x' (a percentage such as 2 or 2%)"
     */
    static double parseThreshold(String text) {
        String t = text.trim();
        if (t.endsWith("%")) {
            t = t.substring(0, t.length() - 1).trim();
        }
        try {
            return Double.parseDouble(t);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--threshold: cannot parse '" + text + "' (a percentage such as 2 or 2%)");
        }
    }
}
