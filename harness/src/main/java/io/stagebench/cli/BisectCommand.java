package io.stagebench.cli;

import io.stagebench.config.MeasureDefaults;
import io.stagebench.config.RunConfig;
import io.stagebench.diff.SequentialPlan;
import io.stagebench.diff.Statistic;
import io.stagebench.diff.VerdictRule;
import io.stagebench.output.DiffReport;
import io.stagebench.registry.ParamSweep;
import io.stagebench.session.AbBuilds;
import io.stagebench.session.BenchmarkSource;
import io.stagebench.session.Bisection;
import io.stagebench.session.MeasurementSession;
import io.stagebench.session.SessionOptions;
import io.stagebench.store.RunResolver;
import io.stagebench.store.RunStore;
import io.stagebench.system.GitCheckout;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code stagebench bisect GOOD BAD [BENCHMARK...]}: the first commit from GOOD to BAD whose benchmarks are slower than
 * at GOOD, found by building and measuring midpoints against GOOD ({@link Bisection}), then confirmed against the
 * commit before it. {@code bisect --step GOOD [BENCHMARK...]} is one comparison of HEAD against GOOD, for {@code git
 * bisect run}: exit 0 not slower, 1 slower, 125 HEAD does not build (skip), 2 bad input.
 */
@Command(
        name = "bisect",
        mixinStandardHelpOptions = true,
        description = {
            "Find the first commit from GOOD to BAD whose benchmarks are slower than at GOOD.",
            "Builds each midpoint of the line from GOOD to BAD (BAD's first parents back to GOOD, or the parent that",
            "contains GOOD where the first does not) in a worktree of its own and measures it against GOOD",
            "(built once), forks interleaved A B B A ...; a midpoint is bad when diff's rule calls any row of the",
            "named benchmarks slower. Runs stored for both commits on this machine with this configuration are",
            "compared instead of measuring again. A midpoint that does not build is skipped and a neighbour tried.",
            "Ends with a confirming comparison of the culprit against the commit before it, and its verdict table.",
            "--step GOOD compares HEAD against GOOD once, for git bisect run:",
            "  git bisect start BAD GOOD && git bisect run stagebench bisect --step GOOD [BENCHMARK...]"
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:the culprit was found and the confirming comparison calls it slower; --step: HEAD is not slower",
            "1:the confirming comparison does not call the culprit slower, or skipped commits leave it open; --step: HEAD is slower",
            "2:bad usage: an unknown commit, GOOD not an ancestor of BAD, an unknown benchmark, GOOD does not build",
            "125:--step only: HEAD does not build or cannot be measured (git bisect skips it)"
        })
public final class BisectCommand implements Callable<Integer> {

    /** What {@code git bisect run} takes for "cannot be tested": skip this commit. */
    public static final int EXIT_SKIP = 125;

    @Parameters(index = "0", paramLabel = "GOOD", description = "A commit that is not slower.")
    String good;

    @Parameters(
            index = "1..*",
            arity = "0..*",
            paramLabel = "BAD BENCHMARK",
            description =
                    "The slower commit (not with --step), then the benchmarks to judge (default: every default one).")
    List<String> rest = new ArrayList<>();

    @Option(
            names = "--step",
            description = "Compare HEAD against GOOD once and exit 0 (not slower), 1 (slower) or 125"
                    + " (does not build): a step of 'git bisect run'.")
    boolean step;

    @CommandLine.Mixin
    MeasurementOptions measurement = new MeasurementOptions();

    @CommandLine.Mixin
    SessionOptions sessionOptions = new SessionOptions();

    @Option(
            names = "--build",
            paramLabel = "COMMAND",
            description = "Builds each commit, with sh -c, in its worktree's counterpart of the folder bisect runs from"
                    + " (default: stagebench's own build in its checkout; elsewhere '" + AbBuilds.DEFAULT_BUILD + "').")
    String build;

    @Option(
            names = "--classpath",
            paramLabel = "PATH",
            description =
                    "Each commit's benchmarks once built, relative to that folder (default: stagebench's own build in"
                            + " its checkout; elsewhere " + AbBuilds.DEFAULT_CLASS_PATH + ").")
    String classPath;

    @Option(names = "--param", paramLabel = "KEY=VALUE", description = "A benchmark parameter; repeatable.")
    Map<String, String> params = new LinkedHashMap<>();

    @Option(names = "--jvm-arg", paramLabel = "FLAG", description = "Extra JVM flag for every fork; repeatable.")
    List<String> jvmArgs = new ArrayList<>();

    @CommandLine.Mixin
    VerdictOptions verdict = new VerdictOptions();

    @Option(names = "--stat", split = ",", paramLabel = "STAT", description = "Statistics judged (default: tmean).")
    List<String> stats = new ArrayList<>();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Path home = RunStore.projectHome().toAbsolutePath();
        Line line = line(home);
        if (ParamSweep.sweeps(params)) {
            throw usage("bisect measures one value of each parameter; a sweep (--param key=1,2) is for run");
        }
        VerdictRule rule = verdict.rule();
        List<Statistic> statistics = DiffCommand.statistics(stats, List.of(Statistic.TMEAN), spec.commandLine());
        AbBuilds.Recipe recipe = AbBuilds.Recipe.of(home, build, classPath);
        BenchmarkSource launcher = BenchmarkSource.own(sessionOptions.launchers());
        List<String> benchmarks =
                recipe.ownCheckout() ? measurement.benchmarks(launcher.registry(), line.names()) : line.names();
        if (recipe.ownCheckout()) {
            measurement.checkParams(launcher.registry(), benchmarks, params);
        }
        UnaryOperator<RunConfig.Builder> settings = settings();
        MeasurementSession session = sessionOptions.open();
        session.checkResultsWritable();
        PrintWriter err = spec.commandLine().getErr();
        try (Bisection bisection =
                new Bisection(recipe, home, launcher, benchmarks, rule, statistics, settings, session, err)) {
            return step
                    ? step(bisection, line, home, session.resultsRoot())
                    : report(
                            bisection.search(line.good(), line.newer()),
                            spec.commandLine().getOut());
        }
    }

    /**
     * The commits to compare and the benchmarks named.
     *
     * @param good GOOD
     * @param newer BAD, or HEAD's commit with {@code --step}
     * @param names the benchmarks named, none for all
     */
    private record Line(GitCheckout.Commit good, GitCheckout.Commit newer, List<String> names) {}

    /** @return GOOD, BAD (HEAD with {@code --step}) and the names after them, GOOD checked to be BAD's ancestor */
    private Line line(Path home) {
        String headHash = HistoryCommand.head(home);
        GitCheckout.Commit goodCommit = commit(home, good, "GOOD");
        Line line;
        if (step) {
            line = new Line(
                    goodCommit,
                    GitCheckout.of(home).commit(headHash).orElseThrow(() -> usage("cannot read HEAD's commit")),
                    rest);
        } else {
            if (rest.isEmpty()) {
                throw usage("name BAD, the slower commit, after GOOD (or give --step to compare HEAD against GOOD)");
            }
            line = new Line(goodCommit, commit(home, rest.get(0), "BAD"), rest.subList(1, rest.size()));
        }
        Bisection.checkLine(home, goodCommit, line.newer(), step ? "HEAD" : "BAD");
        if (!step && goodCommit.hash().equals(line.newer().hash())) {
            throw usage("GOOD and BAD are the same commit (" + line.newer().shortHash() + "): nothing to bisect");
        }
        return line;
    }

    /**
     * @return what every run of the search is measured with: the forks, replicas and messages, the flags and parameters
     */
    private UnaryOperator<RunConfig.Builder> settings() {
        int forks = measurement.forksOr(SequentialPlan.DEFAULT_MIN_FORKS);
        if (forks < 2) {
            throw usage("--forks must be at least 2 for a comparison, got " + forks);
        }
        UnaryOperator<RunConfig.Builder> shared =
                measurement.settings(sessionOptions, forks, MeasureDefaults.COMPARE_REPLICAS, false);
        return b -> shared.apply(b).jvmFlags(jvmArgs).params(params);
    }

    /** @return {@code --step}'s exit code: 0 HEAD not slower, 1 slower, {@value #EXIT_SKIP} not built or measured */
    private int step(Bisection bisection, Line line, Path home, Path resultsRoot) {
        if (RunStore.gitOf(home, resultsRoot).dirty()) {
            spec.commandLine()
                    .getErr()
                    .println("[bisect] the working tree has uncommitted changes: HEAD's commit "
                            + line.newer().shortHash() + " is measured, without them");
        }
        Bisection.Comparison c = bisection.step(line.good(), line.newer());
        int code = switch (c.outcome()) {
            case GOOD -> 0;
            case BAD -> 1;
            case SKIP -> EXIT_SKIP;
        };
        PrintWriter out = spec.commandLine().getOut();
        out.println("bisect step: HEAD " + Bisection.describe(c) + ": exit " + code + " ("
                + (code == 0 ? "good" : code == 1 ? "bad" : "skip") + ")");
        out.flush();
        return code;
    }

    private static int report(Bisection.Result result, PrintWriter out) {
        long reused = result.comparisons().stream()
                .filter(Bisection.Comparison::reused)
                .count();
        int bisecting = result.comparisons().size() - (result.confirmation() != null ? 1 : 0);
        String count = "comparisons: " + result.comparisons().size() + " (" + bisecting + " to bisect "
                + (result.line().size() - 1) + " commit(s)" + (result.confirmation() != null ? ", 1 to confirm" : "")
                + "; " + reused + " from stored runs)";
        if (result.culprit() == null) {
            out.println("first slower commit: not determined; skipped commits leave it one of:");
            result.undecided().forEach(c -> out.println("  " + c.shortHash() + " " + c.subject()));
            out.println(count);
            out.flush();
            return 1;
        }
        out.println("first slower commit: " + result.culprit().hash() + " "
                + result.culprit().subject() + " (" + result.culprit().date() + ")");
        out.println("the commit before it, not slower: " + result.lastGood().hash() + " "
                + result.lastGood().subject());
        out.println(count);
        Bisection.Comparison confirmation = result.confirmation();
        if (confirmation.diff() != null) {
            out.println();
            out.print(new DiffReport(confirmation.diff()).toText());
        }
        out.println(
                result.confirmed()
                        ? "confirmed: " + Bisection.describe(confirmation)
                        : "NOT confirmed: " + Bisection.describe(confirmation)
                                + "; the slowdown may be spread over several commits,"
                                + " or too small for these forks to call");
        out.flush();
        return result.confirmed() ? 0 : 1;
    }

    private GitCheckout.Commit commit(Path home, String name, String role) {
        String hash =
                RunResolver.git(home).resolve(name).orElseThrow(() -> usage(role + ": unknown commit '" + name + "'"));
        return GitCheckout.of(home).commit(hash).orElseThrow(() -> usage(role + ": cannot read commit '" + name + "'"));
    }

    private CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }
}
