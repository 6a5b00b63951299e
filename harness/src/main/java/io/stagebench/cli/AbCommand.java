package io.stagebench.cli;

import io.stagebench.config.MeasureDefaults;
import io.stagebench.config.ProfileEvent;
import io.stagebench.config.RunConfig;
import io.stagebench.config.UsageException;
import io.stagebench.diff.DiffException;
import io.stagebench.diff.Gate;
import io.stagebench.diff.RunDiff;
import io.stagebench.diff.SequentialPlan;
import io.stagebench.diff.Statistic;
import io.stagebench.diff.VerdictRule;
import io.stagebench.output.AbProfile;
import io.stagebench.registry.BenchmarkRegistry;
import io.stagebench.registry.ParamSweep;
import io.stagebench.session.AbBuilds;
import io.stagebench.session.AbSession;
import io.stagebench.session.BenchmarkSource;
import io.stagebench.session.MeasurementSession;
import io.stagebench.session.SessionOptions;
import io.stagebench.store.ResultReader;
import io.stagebench.store.RunStore;
import io.stagebench.system.GitCheckout;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code stagebench ab [COMMIT] [BENCHMARK...]}: the local pre-commit A/B. Builds COMMIT (default HEAD) in a temporary
 * git worktree - A, the old - and measures its forks interleaved with the working tree's - B, the new - (A B B A ...)
 * on the same pinned CPU, in looks planned by a {@link SequentialPlan}, stores both runs in the result store, and
 * prints {@code stagebench diff A B} under the rule the plan's looks call for. Any git project can be compared:
 * {@code --build} and {@code --classpath} say how it is built and where its benchmarks are then ({@link AbBuilds}).
 */
@Command(
        name = "ab",
        mixinStandardHelpOptions = true,
        description = {
            "Measure COMMIT (A, old) against the working tree (B, new) and print the diff.",
            "Builds COMMIT (default: HEAD) in a temporary git worktree and measures it",
            "(A, old) against the working tree (B, new), their forks interleaved",
            "A B B A ... on the same pinned CPU; store both runs and print the diff.",
            "Sequential by default: 13 fork pairs, then one more look of up to 10",
            "pairs for each benchmark not yet decided, sized to fit the budget (90 s",
            "a benchmark, at most 6 minutes).",
            "Fork i of A and fork i of B run next to each other from the same layout",
            "seed: a row whose pairs share their noise is judged on the pair",
            "differences (signed-rank), else as independent forks (Mann-Whitney U).",
            "Name the commit first to name benchmarks: stagebench ab HEAD pipeline",
            "In a project of your own, both sides are built with --build in temporary",
            "worktrees (B: HEAD plus your uncommitted changes) and load --classpath."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:measured (no regression, or --fail-on-regression not given)",
            "1:a statistic is slower and --fail-on-regression was given",
            "2:bad usage, an unknown commit, a build that failed, a class path without the benchmarks, or a benchmark"
                    + " with no data on a side (every fork failed): 'cannot compare ...'",
            "3:--fail-on-regression cannot judge: nothing is slower, but a tmean row could not have called a slowdown of"
                    + " --max-regression, or its 95%% interval reaches it"
        })
public final class AbCommand implements Callable<Integer> {

    private static final Pattern BUDGET = Pattern.compile("([0-9]+)\\s*(ms|s|m|h)");

    @Parameters(index = "0", arity = "0..1", paramLabel = "COMMIT", description = "The old side, A (default: HEAD).")
    String commit = "HEAD";

    @Parameters(
            index = "1..*",
            arity = "0..*",
            paramLabel = "BENCHMARK",
            description = "Benchmarks to compare (default: every reference stage and the pipeline).")
    List<String> names = new ArrayList<>();

    @CommandLine.Mixin
    MeasurementOptions measurement = new MeasurementOptions();

    @CommandLine.Mixin
    SessionOptions sessionOptions = new SessionOptions();

    @Option(
            names = "--build",
            paramLabel = "COMMAND",
            description = {
                "Builds each side, with sh -c, in its worktree's counterpart of the folder ab runs from"
                        + " (default: stagebench's own build in its checkout; elsewhere '" + AbBuilds.DEFAULT_BUILD
                        + "')."
            })
    String build;

    @Option(
            names = "--classpath",
            paramLabel = "PATH",
            description = {
                "Each side's benchmarks once built: jars and folders, ':'-separated, relative to that folder"
                        + " (default: stagebench's own build in its checkout; elsewhere " + AbBuilds.DEFAULT_CLASS_PATH
                        + ")."
            })
    String classPath;

    @Option(
            names = "--param",
            paramLabel = "KEY=VALUE",
            description = "A benchmark parameter for both sides; repeatable.")
    Map<String, String> params = new LinkedHashMap<>();

    @Option(
            names = "--a-param",
            paramLabel = "KEY=VALUE",
            description = "A benchmark parameter for A only; repeatable.")
    Map<String, String> aParams = new LinkedHashMap<>();

    @Option(
            names = "--b-param",
            paramLabel = "KEY=VALUE",
            description = "A benchmark parameter for B only; repeatable.")
    Map<String, String> bParams = new LinkedHashMap<>();

    @Option(
            names = "--jvm-arg",
            paramLabel = "FLAG",
            description = "Extra JVM flag for every fork of both sides; repeatable.")
    List<String> jvmArgs = new ArrayList<>();

    @Option(names = "--a-jvm-arg", paramLabel = "FLAG", description = "Extra JVM flag for A's forks only; repeatable.")
    List<String> aJvmArgs = new ArrayList<>();

    @Option(
            names = "--b-jvm-arg",
            paramLabel = "FLAG",
            description = "Extra JVM flag for B's forks only, e.g. -Dstagebench.decide.extraSpins=20; repeatable.")
    List<String> bJvmArgs = new ArrayList<>();

    @Option(names = "--quick", description = "A smoke run: 2 forks x 20000 messages a side (too few to call a change).")
    boolean quick;

    @Option(names = "--min-forks", paramLabel = "N", description = "Forks a side at the first look (default: 13).")
    Integer minForks;

    @Option(names = "--max-forks", paramLabel = "N", description = "Forks a side at most (default: 23).")
    Integer maxForks;

    @Option(names = "--step", paramLabel = "N", description = "Fork pairs added per further look (default: 10).")
    Integer stepForks;

    @Option(
            names = "--target",
            paramLabel = "PERCENT",
            description =
                    "Stop adding forks to a benchmark once its centre rows could detect this change (default: 3%%,"
                            + " or --max-regression with --fail-on-regression).")
    String target;

    @Option(
            names = "--budget",
            paramLabel = "TIME",
            description =
                    "Start no further look once measuring would pass this time, e.g. 4m, 90s (default: 90s a benchmark, at most 6m); a further look is sized to fit it.")
    String budget;

    @CommandLine.Mixin
    VerdictOptions verdict = new VerdictOptions();

    @Option(
            names = "--stat",
            split = ",",
            paramLabel = "STAT",
            description = "Statistics to compare (default: tmean, p50, p99, p99.9, max).")
    List<String> stats = new ArrayList<>();

    @Option(
            names = "--tags",
            description =
                    "Judge each stage's tags (stage[tag] series) too, at every look and in the"
                            + " diff, as more rows of the one family: each row added makes every call stricter and may need more forks.")
    boolean tags;

    @Option(
            names = "--no-turns",
            description = "Run each pair's forks one after the other (A B, then B A) instead of"
                    + " alive together with their replicas taking turns (A1 B1 B2 A2 ...): to compare the two designs.")
    boolean noTurns;

    @CommandLine.Mixin
    GateOptions gate = new GateOptions();

    @Option(
            names = "--prof",
            paramLabel = "EVENT",
            description = "Profile both sides' measured passes with async-profiler (cpu, alloc, lock or wall) and list,"
                    + " under the verdict table, the frames whose cost a message moved most, with a differential flame"
                    + " graph a benchmark. The verdicts then compare the two sides under the profiler.")
    String prof;

    @Option(names = "--json", description = "Print the diff as JSON.")
    boolean json;

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
        PrintWriter err = spec.commandLine().getErr();
        BenchmarkSource launcher = BenchmarkSource.own(sessionOptions.launchers());
        Path home = RunStore.projectHome().toAbsolutePath();
        String commitHash = commitHash(home, launcher);
        AbBuilds.Recipe recipe = recipe(home);
        // stagebench's own benchmarks, and their parameters, are known before anything is built; a project's only after
        List<String> ownBenchmarks = recipe.ownCheckout()
                ? checked(launcher.registry(), measurement.benchmarks(launcher.registry(), names))
                : List.of();
        checkNoSweep();
        VerdictRule rule = rule();
        List<Statistic> statistics = statistics();
        Optional<Gate> gated = gate.gate();
        SequentialPlan asked = plan(gated);
        SequentialPlan plan = recipe.ownCheckout() ? budgeted(asked, ownBenchmarks.size()) : asked;
        UnaryOperator<RunConfig.Builder> shared =
                shared(plan, recipe.ownCheckout() ? launcher.registry() : null, ownBenchmarks);
        MeasurementSession session = sessionOptions.open();
        session.checkResultsWritable();
        AbSession ab = new AbSession(
                recipe,
                home,
                commitHash,
                commit,
                launcher,
                builds -> recipe.ownCheckout()
                        ? ownBenchmarks
                        : checked(
                                builds.b().source().registry(),
                                common(builds, spec.commandLine().getErr())),
                count -> budgeted(asked, count),
                rule,
                statistics,
                tags,
                side(shared, aJvmArgs, aParams),
                side(shared, bJvmArgs, bParams),
                !noTurns,
                measurement.replicas == null && !quick,
                measurement.replicas == null && measurement.messages == null && !quick);
        return compare(ab.run(session, recipe.ownCheckout() ? plan : null, err), statistics, gated, err);
    }

    /** @return the full hash of the commit to compare, checked to be one in this git checkout */
    private String commitHash(Path home, BenchmarkSource launcher) {
        GitCheckout checkout = GitCheckout.of(home);
        if (checkout.problem().isPresent()) {
            throw usage("not a git repository: " + home + " (ab builds the commit it compares in a git worktree; run it"
                    + " inside the project's git checkout)");
        }
        return checkout.resolve(commit)
                .orElseThrow(() -> usage("unknown commit '" + commit + "'"
                        + (launcher.registry().names().contains(commit)
                                ? " (to compare HEAD on benchmark " + commit + ", name the"
                                        + " commit first: stagebench ab HEAD " + commit + ")"
                                : "")));
    }

    /**
     * @return how each side is built: this checkout's own build, or the project's {@code --build} and
     *     {@code --classpath}
     */
    private AbBuilds.Recipe recipe(Path home) {
        try {
            return AbBuilds.Recipe.of(home, build, classPath);
        } catch (IOException e) {
            throw new UsageException(e.getMessage(), e);
        }
    }

    private void checkNoSweep() {
        if (ParamSweep.sweeps(params) || ParamSweep.sweeps(aParams) || ParamSweep.sweeps(bParams)) {
            throw usage("ab compares one value of each parameter; a sweep (--param key=1,2) is for run: run it once a"
                    + " value, or measure the sweep with run and compare two stored runs with diff");
        }
    }

    /**
     * @param registry this checkout's benchmarks when it measures its own (their derived figures checked on both sides'
     *     parameters now), null for a project's, known only once built
     * @return the settings both sides share: the plan's most forks, the replicas and the warm-up
     */
    private UnaryOperator<RunConfig.Builder> shared(
            SequentialPlan plan, BenchmarkRegistry registry, List<String> benchmarks) {
        ProfileEvent event = profileEvent();
        UnaryOperator<RunConfig.Builder> measured =
                measurement.settings(sessionOptions, plan.maxForks(), MeasureDefaults.COMPARE_REPLICAS, quick);
        UnaryOperator<RunConfig.Builder> shared =
                builder -> measured.apply(builder).profile(event);
        if (registry != null) {
            measurement.checkDerived(registry, benchmarks, shared, merged(params, aParams));
            measurement.checkDerived(registry, benchmarks, shared, merged(params, bParams));
        }
        return shared;
    }

    /** @return diff's exit code for the two stored runs {@code result} names, its table and pages written */
    private int compare(AbSession.Result result, List<Statistic> statistics, Optional<Gate> gated, PrintWriter err) {
        try {
            RunDiff diff = RunDiff.compare(
                    ResultReader.readSummary(result.runDirA()),
                    ResultReader.readSummary(result.runDirB()),
                    result.rule(),
                    statistics,
                    List.of(),
                    tags,
                    prof != null);
            PrintWriter out = spec.commandLine().getOut();
            int exit = DiffCommand.print(diff, gated, gate.markdown, json, html, System.getenv(), out, err);
            if (prof != null) {
                List<String> lines = AbProfile.write(
                        profileEvent().id(),
                        result.runDirA(),
                        result.runDirB(),
                        diff.benchmarks().stream()
                                .map(RunDiff.BenchmarkDiff::name)
                                .toList());
                lines.forEach(json ? err::println : out::println);
                out.flush();
            }
            return exit;
        } catch (IOException e) {
            throw new UsageException("cannot write the comparison page: " + e.getMessage(), e);
        } catch (DiffException e) {
            throw new UsageException("cannot compare the two runs: " + e.getMessage(), e);
        }
    }

    /** @return the settings of one side: what both share, then its own JVM flags and parameters */
    private UnaryOperator<RunConfig.Builder> side(
            UnaryOperator<RunConfig.Builder> shared, List<String> sideJvmArgs, Map<String, String> sideParams) {
        return builder -> shared.apply(builder)
                .jvmFlags(jvmArgs)
                .jvmFlags(sideJvmArgs)
                .params(params)
                .params(sideParams);
    }

    /** @return {@code benchmarks}, once their parameters are checked against {@code registry} */
    private List<String> checked(BenchmarkRegistry registry, List<String> benchmarks) {
        checkParams(registry, benchmarks);
        return benchmarks;
    }

    private void checkParams(BenchmarkRegistry registry, List<String> benchmarks) {
        measurement.checkParams(registry, benchmarks, merged(params, aParams));
        measurement.checkParams(registry, benchmarks, merged(params, bParams));
    }

    private static Map<String, String> merged(Map<String, String> both, Map<String, String> side) {
        Map<String, String> all = new LinkedHashMap<>(both);
        all.putAll(side);
        return all;
    }

    /** @return {@code plan} with the default budget for {@code benchmarks} benchmarks, unless --budget was given */
    private SequentialPlan budgeted(SequentialPlan plan, int benchmarks) {
        return budget != null || plan.minForks() == plan.maxForks()
                ? plan
                : plan.withBudget(SequentialPlan.defaultBudget(benchmarks));
    }

    /**
     * @param gated the gate of --fail-on-regression: its limit is the change the plan looks for unless --target says
     * @return the fork plan: fixed with --forks or --quick, else sequential
     */
    private SequentialPlan plan(Optional<Gate> gated) {
        boolean sequentialAsked =
                minForks != null || maxForks != null || stepForks != null || target != null || budget != null;
        if (measurement.forks != null || quick) {
            if (sequentialAsked) {
                throw usage(
                        "--forks and --quick fix the fork count; they cannot be combined with --min-forks, --max-forks,"
                                + " --step, --target or --budget");
            }
            int forks = measurement.forksOr(2);
            if (forks < 2) {
                throw usage("--forks must be at least 2 for a comparison, got " + forks);
            }
            return SequentialPlan.fixed(forks);
        }
        int max = maxForks != null ? maxForks : SequentialPlan.DEFAULT_MAX_FORKS;
        int min = minForks != null ? minForks : Math.min(SequentialPlan.DEFAULT_MIN_FORKS, max);
        try {
            return new SequentialPlan(
                    min,
                    max,
                    stepForks != null ? stepForks : SequentialPlan.DEFAULT_STEP_FORKS,
                    target != null
                            ? DiffCommand.parseThreshold(target)
                            : gated.map(Gate::maxRegressionPercent).orElse(SequentialPlan.DEFAULT_TARGET_PERCENT),
                    budget != null ? parseBudget(budget) : SequentialPlan.MAX_DEFAULT_BUDGET);
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage()
                    .replace("min forks", "--min-forks")
                    .replace("max forks", "--max-forks")
                    .replace("step must", "--step must")
                    .replace("target must", "--target must")
                    .replace("--threshold:", "--target:"));
        }
    }

    /** @return "4m", "90s", "1500ms" as a duration */
    static Duration parseBudget(String text) {
        Matcher m = BUDGET.matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException(
                    "--budget: cannot parse '" + text + "' (a time such as 4m, 90s or 1500ms, not negative)");
        }
        long amount = Long.parseLong(m.group(1));
        return switch (m.group(2)) {
            case "ms" -> Duration.ofMillis(amount);
            case "s" -> Duration.ofSeconds(amount);
            case "m" -> Duration.ofMinutes(amount);
            default -> Duration.ofHours(amount);
        };
    }

    /**
     * @return the named benchmarks, each of which both sides must have; or, when none is named, B's default benchmarks
     *     that A has too (the others are named on stderr)
     */
    private List<String> common(AbBuilds builds, PrintWriter err) {
        BenchmarkRegistry registryA = builds.a().source().registry();
        List<String> wanted = measurement.benchmarks(builds.b().source().registry(), names);
        List<String> onlyB =
                wanted.stream().filter(n -> !registryA.names().contains(n)).toList();
        if (onlyB.isEmpty()) {
            return wanted;
        }
        if (!names.isEmpty() || onlyB.size() == wanted.size()) {
            throw usage(AbSession.noBenchmarkInA(commit, onlyB, registryA.names()));
        }
        err.println("[ab] not compared, A has no such benchmark: " + String.join(", ", onlyB));
        return wanted.stream().filter(registryA.names()::contains).toList();
    }

    private VerdictRule rule() {
        return verdict.rule();
    }

    private List<Statistic> statistics() {
        return DiffCommand.statistics(stats, List.of(Statistic.values()), spec.commandLine());
    }

    private ProfileEvent profileEvent() {
        try {
            return prof == null ? null : ProfileEvent.parse(prof);
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
    }

    private CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }
}
