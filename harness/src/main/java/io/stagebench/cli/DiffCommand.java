package io.stagebench.cli;

import io.stagebench.config.UsageException;
import io.stagebench.diff.Gate;
import io.stagebench.diff.RunDiff;
import io.stagebench.diff.Statistic;
import io.stagebench.diff.VerdictRule;
import io.stagebench.io.AtomicFiles;
import io.stagebench.io.TextWrap;
import io.stagebench.json.Json;
import io.stagebench.output.ComparisonPage;
import io.stagebench.output.DiffDocument;
import io.stagebench.output.DiffMarkdown;
import io.stagebench.output.DiffReport;
import io.stagebench.store.ResultReader;
import io.stagebench.store.RunResolver;
import io.stagebench.store.RunStore;
import io.stagebench.store.StoredRun;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code stagebench diff A B}: compares two stored runs and says, per benchmark, stage and statistic, whether B is
 * faster, slower, no different, or too thinly measured to tell - calling a change real only when a rank test over the
 * per-fork values (or the pair differences of an {@code ab}), Holm-adjusted over every row, the shift's own spread and
 * a minimum size all agree (see {@link VerdictRule}); with {@code --fail-on-regression}, a {@link Gate} that passes
 * only when it could have seen the regression it promises to catch.
 */
@Command(
        name = "diff",
        mixinStandardHelpOptions = true,
        description = {
            "Compare two stored runs, A (old) and B (new), and say which changes are real.",
            "Per benchmark, series and statistic: A's and B's values, the change, the Hodges-Lehmann",
            "shift with its 95%% interval and its own spread, the test - Wilcoxon signed-rank over the",
            "pair differences where A's and B's forks ran as pairs (ab) and share their noise, else",
            "Mann-Whitney U over the per-fork values - Holm-adjusted over every row, the smallest change",
            "the row could have called (detect) and a verdict: faster, slower, no change or unreliable.",
            "A and B are commit-ish names (HEAD~1, main, a hash: the latest stored run",
            "of that commit) or run folders."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:no regression (or --fail-on-regression not given)",
            "1:a statistic is slower and --fail-on-regression was given",
            "2:bad usage or bad data, or a benchmark with no data on a side (every fork failed): 'cannot compare ...'",
            "3:--fail-on-regression cannot judge: nothing is slower, but a tmean row could not have called a slowdown of"
                    + " --max-regression, or its 95%% interval reaches it"
        })
public final class DiffCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "A", description = "The old run: a commit-ish or a run folder.")
    String a;

    @Parameters(index = "1", paramLabel = "B", description = "The new run: a commit-ish or a run folder.")
    String b;

    @CommandLine.Mixin
    VerdictOptions verdict = new VerdictOptions();

    @Option(
            names = "--stat",
            split = ",",
            paramLabel = "STAT",
            description =
                    "Statistics to compare: tmean (mean of the samples up to p99), p50, p99, p99.9, max (default: all).")
    List<String> stats = new ArrayList<>();

    @Option(
            names = {"-b", "--benchmark"},
            paramLabel = "NAME",
            description = "Compare only this benchmark; repeatable.")
    List<String> benchmarks = new ArrayList<>();

    @Option(
            names = "--tags",
            description = "Compare each stage's tags (stage[tag] series) too, as more rows of the one"
                    + " family: each row added makes every call stricter, so they are compared only when asked.")
    boolean tags;

    @CommandLine.Mixin
    GateOptions gate = new GateOptions();

    @Option(names = "--json", description = "Print JSON (schema " + DiffReport.SCHEMA + ") instead of the table.")
    boolean json;

    @Option(names = "--results", paramLabel = "DIR", description = "Results folder (default: the project's results/).")
    Path results;

    @Option(
            names = "--html",
            paramLabel = "FILE",
            description = "Also write a comparison page to FILE: per stage one chart"
                    + " of both runs by percentile, and the verdict table.")
    Path html;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        VerdictRule rule = rule();
        List<Statistic> statistics = statistics();
        Optional<Gate> gated = gate.gate();
        RunResolver resolver = new RunResolver(RunStore.rootToRead(results), RunResolver.git(RunStore.projectHome()));
        List<Path> bases =
                List.of(Path.of("").toAbsolutePath(), RunStore.projectHome().toAbsolutePath());
        StoredRun runA = ResultReader.readSummary(resolver.resolve(a, bases));
        StoredRun runB = ResultReader.readSummary(resolver.resolve(b, bases));
        RunDiff diff =
                RunDiff.compare(runA, runB, rule, statistics, List.copyOf(new LinkedHashSet<>(benchmarks)), tags);
        return print(
                diff,
                gated,
                gate.markdown,
                json,
                html,
                System.getenv(),
                spec.commandLine().getOut(),
                spec.commandLine().getErr());
    }

    /**
     * Writes the comparison page and the Markdown of {@code diff} when asked (saying where on {@code err}; the Markdown
     * is also appended to a GitHub Actions job's summary), then prints {@code diff}, after the gate's two lines when
     * gating; returns the exit code: the gate's ({@link Gate.Outcome#exitCode()}), or 0 without one. A gate that does
     * not pass also ends {@code err} with its outcome line.
     *
     * @param html the comparison page to write, or null for none
     * @param markdown the Markdown file to write, or null for none
     * @param environment the process's environment ({@code GITHUB_STEP_SUMMARY}, the CI run's page)
     * @throws UsageException "cannot compare ..." after printing, when a benchmark has no data on a side and no gate
     *     failed on a regression: a comparison of nothing is never a pass (exit 2)
     */
    static int print(
            RunDiff diff,
            Optional<Gate> gate,
            Path markdown,
            boolean json,
            Path html,
            Map<String, String> environment,
            PrintWriter out,
            PrintWriter err)
            throws IOException {
        Gate.Decision decision = gate.map(g -> g.decide(diff)).orElse(null);
        if (html != null) {
            err.println("comparison: " + ComparisonPage.write(diff, html));
            err.flush();
        }
        Optional<Path> summary = GateOptions.stepSummary(environment);
        if (markdown != null || summary.isPresent()) {
            String text = DiffMarkdown.render(diff, decision, GateOptions.runLink(environment));
            if (markdown != null) {
                AtomicFiles.writeString(markdown, text);
                err.println("markdown: " + markdown);
            }
            if (summary.isPresent()) {
                Files.writeString(
                        summary.get(),
                        text + System.lineSeparator(),
                        StandardCharsets.UTF_8,
                        StandardOpenOption.CREATE,
                        StandardOpenOption.APPEND);
            }
            err.flush();
        }
        DiffReport report = new DiffReport(diff);
        if (json) {
            out.println(decision == null ? report.toJson() : Json.write(DiffDocument.of(diff, decision)));
        } else {
            if (decision != null) {
                out.print(TextWrap.wrapAll(decision.reachLine()
                        + System.lineSeparator()
                        + decision.outcomeLine()
                        + System.lineSeparator()
                        + System.lineSeparator()));
            }
            out.print(report.toText());
        }
        out.flush();
        Optional<String> cannotCompare = diff.cannotCompare();
        if (cannotCompare.isPresent() && (decision == null || decision.outcome() != Gate.Outcome.FAIL)) {
            throw new UsageException(cannotCompare.get());
        }
        if (decision == null) {
            return 0;
        }
        if (decision.outcome() != Gate.Outcome.PASS) {
            // a regression beside a benchmark that could not be compared: the regression is the exit code, both are
            // said
            cannotCompare.ifPresent(line -> err.println("stagebench: " + line));
            err.println(decision.outcomeLine());
            err.flush();
        }
        return decision.outcome().exitCode();
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
            throw new IllegalArgumentException(
                    "--threshold: cannot parse '" + text + "' (a percentage such as 2 or 2%)");
        }
    }
}
