package io.stagebench.cli;

import io.stagebench.config.MeasureDefaults;
import io.stagebench.config.ProfileEvent;
import io.stagebench.config.RunConfig;
import io.stagebench.host.Runner;
import io.stagebench.io.AtomicFiles;
import io.stagebench.io.Terminal;
import io.stagebench.link.ForkResult;
import io.stagebench.link.Mode;
import io.stagebench.output.BenchmarkListing;
import io.stagebench.output.RunProfile;
import io.stagebench.output.RunReport;
import io.stagebench.process.LiveForks;
import io.stagebench.registry.BenchmarkRegistry;
import io.stagebench.result.BenchmarkOutcome;
import io.stagebench.result.CalmWindows;
import io.stagebench.session.BenchmarkSource;
import io.stagebench.session.MeasurementSession;
import io.stagebench.session.SessionOptions;
import io.stagebench.store.JmhResultFile;
import io.stagebench.store.RunStore;
import io.stagebench.store.TrackerFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
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
 * {@code stagebench run}: measures benchmarks in forked, pinned JVMs and prints their distributions, then stores them -
 * summary, HdrHistogram logs, JMH-format results - and writes the HTML report. Every argument, and the results folder's
 * writability, is checked before anything is measured.
 */
@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        description = {
            "Measure benchmarks in fresh JVMs pinned to one CPU and print their latency percentiles.",
            "Default: every benchmark on offer but the built-in rulers (the reference stages and the pipeline,",
            "or those of --classpath). Per stage: p50 .. p99.99, max and count - never a mean."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:every fork succeeded and the run is stored",
            "1:a fork failed (the last line says how many and how; the run is stored without it), or the HTML report"
                    + " could not be written",
            "2:bad usage, an unknown --param, or a file that cannot be written; nothing is measured for bad usage",
            "143:stopped by SIGTERM (130: SIGINT); the forks are killed and the run folder, left incomplete, is named"
        })
public final class RunCommand implements Callable<Integer> {

    /** Exit code of a run stored without some of its forks, or without its HTML report. */
    public static final int EXIT_INCOMPLETE = 1;

    @Parameters(paramLabel = "BENCHMARK", arity = "0..*", description = "Benchmarks to run (see --list).")
    List<String> names = new ArrayList<>();

    @CommandLine.Mixin
    MeasurementOptions measurement = new MeasurementOptions();

    @CommandLine.Mixin
    SessionOptions sessionOptions = new SessionOptions();

    @Option(
            names = "--mode",
            paramLabel = "MODE",
            description = "back-to-back (service time) or paced (default: back-to-back; paced when --rate is given).")
    String mode;

    @Option(
            names = "--stall-us",
            paramLabel = "US",
            description = "Inject a busy stall of this many microseconds (demonstrations and tests).")
    long stallUs;

    @Option(
            names = "--stall-every",
            paramLabel = "N",
            description = "... every N messages (default: ${DEFAULT-VALUE}).")
    long stallEvery = 10_000;

    @Option(
            names = "--stall-at",
            paramLabel = "N",
            description = "... once, at measured message N (from 0), instead of every --stall-every.")
    Long stallAt;

    @Option(
            names = "--calibration-rounds",
            paramLabel = "N",
            description = "Calibration rounds per fork (default: ${DEFAULT-VALUE}).")
    int calibrationRounds = 1;

    @Option(
            names = "--param",
            paramLabel = "KEY=VALUE",
            description = "A benchmark parameter, e.g. ticks=5000 for spin; repeatable. A whole-number parameter sweeps"
                    + " a list, ticks=500,1000: each value a variant, spin[ticks=500]. Checked before any fork starts;"
                    + " --list shows each benchmark's.")
    Map<String, String> params = new LinkedHashMap<>();

    @Option(
            names = "--classpath",
            paramLabel = "PATH",
            description = {
                "Your benchmarks: jars and folders, ':'-separated, 'dir/*' for every jar in dir (e.g."
                        + " target/classes:'target/dependency/*'). Only they and the built-ins are on offer; forks load them"
                        + " apart from stagebench's own libraries, seeing of stagebench only its API (default: the benchmarks"
                        + " stagebench was started with)."
            })
    String classPath;

    @Option(
            names = "--calm-forks",
            paramLabel = "N",
            description = "Most forks a benchmark may take beyond -f when too few of its forks had a quarter of their"
                    + " windows calm (another guest on the measuring core's other hardware thread through the rest):"
                    + " measured after every benchmark's own forks, until at least " + CalmWindows.MIN_JUDGED_FORKS
                    + " and half of its forks have (default: as many as -f; 0: none). Back to back, from -f "
                    + CalmWindows.MIN_JUDGED_FORKS + " on.")
    Integer calmForks;

    @Option(names = "--jvm-arg", paramLabel = "FLAG", description = "Extra JVM flag for every fork; repeatable.")
    List<String> jvmArgs = new ArrayList<>();

    @Option(
            names = "--format",
            paramLabel = "FORMAT",
            description = "Standard output: text (the report), jmh (JMH's JSON result schema), bmf (Bencher Metric"
                    + " Format) or github-action-benchmark (its customSmallerIsBetter); with any but text the report goes"
                    + " to stderr. jmh-result.json, bmf.json and github-action-benchmark.json are written to the run folder"
                    + " either way (default: ${DEFAULT-VALUE}).")
    String format = "text";

    @Option(
            names = "--verbose",
            description = "Print every detail of the report: the calibration and address layout,"
                    + " each series' spread of tmean over forks, setups and windows with the replicas that would narrow it, tags"
                    + " that stand apart from nothing, what inner marks cost, the counter's grid, and each readiness check with its"
                    + " fix. The run folder's report.txt and report.html hold them either way.")
    boolean verbose;

    @Option(
            names = "--no-raw",
            description = "Delete the forks' raw stamp files (forks/**/fork-N.raw) once the results"
                    + " are written; they are git-ignored either way.")
    boolean noRaw;

    @Option(
            names = "--quick",
            description = "A smoke run: 1 fork x 20000 messages per benchmark (not for comparisons).")
    boolean quick;

    @Option(
            names = "--prof",
            paramLabel = "EVENT",
            description = "Profile the measured passes with async-profiler: cpu, alloc, lock or wall. Each fork"
                    + " samples its measured passes only (not its setup or warm-up) and writes a flame graph; the"
                    + " console lists the frames that spent most. A profiled run is not a measurement: stored with a"
                    + " warning, and diff, history and bisect refuse it.")
    String prof;

    @Option(names = "--list", description = "List the benchmarks, with the --param each takes, and exit.")
    boolean list;

    @Option(names = "--chunk", hidden = true, description = "Messages per call of the measured loop.")
    int chunk = 1000;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        BenchmarkSource source = BenchmarkSource.of(classPath, Path.of(""), sessionOptions.launchers());
        BenchmarkRegistry registry = source.registry();
        if (list) {
            out.print(BenchmarkListing.toText(registry));
            out.flush();
            return 0;
        }
        List<String> benchmarks = measurement.benchmarks(registry, names);
        measurement.checkParams(registry, benchmarks, params);
        UnaryOperator<RunConfig.Builder> settings = settings();
        measurement.checkDerived(registry, benchmarks, settings, params);
        settings = measurement.forkHeap(
                registry, benchmarks, settings, spec.commandLine().getErr());
        MeasurementSession session = sessionOptions.open();
        MeasurementSession.Measurement run = session.begin(RunStore.projectHome(), benchmarks, settings);
        LiveForks.launcher().keepOnStop();
        try {
            return measureAndStore(session, run, registry, source, out);
        } finally {
            LiveForks.launcher().keepEnded(); // stopped, the JVM halts once this is said (130 / 143)
        }
    }

    /** @return the lines of {@code --prof}, each benchmark's flame graph written; none without it */
    private static List<String> profileLines(MeasurementSession.Measurement run, List<BenchmarkOutcome> outcomes)
            throws IOException {
        ProfileEvent event = run.config().profile();
        return event == null
                ? List.of()
                : RunProfile.write(
                        event.id(),
                        run.dir(),
                        outcomes.stream().map(o -> o.descriptor().name()).toList());
    }

    private int measureAndStore(
            MeasurementSession session,
            MeasurementSession.Measurement run,
            BenchmarkRegistry registry,
            BenchmarkSource source,
            PrintWriter out)
            throws IOException {
        List<BenchmarkOutcome> outcomes;
        String stopped = null;
        try {
            outcomes = session.run(run, registry, source.launcher());
        } catch (Runner.StoppedRun e) {
            if (e.outcomes().isEmpty()) {
                spec.commandLine()
                        .getErr()
                        .println("stagebench run: stopped before any fork finished: nothing to keep");
                return EXIT_INCOMPLETE;
            }
            // what the finished forks measured is kept, stored with a warning that says it was stopped
            outcomes = e.outcomes();
            stopped = e.getMessage();
            List<String> warnings = new ArrayList<>(run.warnings());
            warnings.add(e.warning());
            run = new MeasurementSession.Measurement(run.config(), run.environment(), run.readiness(), warnings);
        }
        RunReport report = run.report(outcomes, quick && measurement.forks == null);
        boolean jmh = !format.equals("text");
        PrintWriter text = jmh ? spec.commandLine().getErr() : out;
        Terminal terminal = Terminal.current();
        String details = report.toText(true);
        (verbose ? details : report.toText()).lines().forEach(line -> text.println(terminal.highlight(line)));
        profileLines(run, outcomes).forEach(text::println);
        AtomicFiles.writeString(run.dir().resolve(RunStore.REPORT_TEXT), details + System.lineSeparator());
        MeasurementSession.Stored stored = session.store(run, outcomes, report.warnings());
        if (noRaw) {
            for (BenchmarkOutcome outcome : outcomes) {
                for (ForkResult fork : outcome.forks()) {
                    Path forkDir = run.dir()
                            .resolve("forks")
                            .resolve(outcome.descriptor().name());
                    for (String raw : fork.rawFiles()) {
                        Files.deleteIfExists(forkDir.resolve(raw));
                    }
                }
            }
        }
        text.println();
        if (stored.report() != null) {
            text.println("results: " + run.dir() + " (report.html, jmh-result.json)");
        } else {
            text.println("results: " + run.dir() + " (jmh-result.json)");
            stored.printReport(text);
        }
        if (jmh) {
            text.flush();
            out.print(Files.readString(stored.jmh()
                    .resolveSibling(
                            switch (format) {
                                case "bmf" -> TrackerFiles.BMF_FILE;
                                case "github-action-benchmark" -> TrackerFiles.GITHUB_FILE;
                                default -> JmhResultFile.FILE;
                            })));
            out.flush();
        }
        if (stopped != null) {
            text.println(terminal.highlight("*** STOPPED: " + stopped + "; what they measured is stored in " + run.dir()
                    + ", marked as stopped"));
            text.flush();
            return EXIT_INCOMPLETE;
        }
        // the last line says when a fork failed: a run stored without some forks is not a clean run
        report.failureLine().ifPresent(line -> text.println(terminal.highlight(line)));
        text.flush();
        return report.failureLine().isPresent() || stored.report() == null ? EXIT_INCOMPLETE : 0;
    }

    /** @return what {@code run}'s options change from {@link RunConfig#builder}'s defaults, every one checked now */
    private UnaryOperator<RunConfig.Builder> settings() {
        UnaryOperator<RunConfig.Builder> shared = measurement.settings(
                sessionOptions,
                quick ? MeasureDefaults.QUICK_FORKS : MeasureDefaults.RUN_FORKS,
                MeasureDefaults.RUN_REPLICAS,
                quick);
        int measured = measurement.messagesOr(MeasureDefaults.messages(quick));
        Mode runMode;
        try {
            runMode = mode != null ? Mode.parse(mode) : measurement.rate != null ? Mode.PACED : Mode.BACK_TO_BACK;
        } catch (IllegalArgumentException e) {
            throw usage("--mode: " + e.getMessage());
        }
        if (runMode == Mode.PACED && measurement.rate == null) {
            throw usage("--mode paced needs --rate (e.g. --rate 100k/s)");
        } else if (runMode == Mode.BACK_TO_BACK && measurement.rate != null) {
            throw usage("--rate applies only to --mode paced");
        }
        if (stallUs < 0 || stallEvery < 1) {
            throw usage("--stall-us must not be negative and --stall-every must be at least 1");
        }
        if (stallAt != null && (stallUs == 0 || stallAt < 0 || stallAt >= measured)) {
            throw usage("--stall-at needs --stall-us and a measured message in [0, " + (measured - 1) + "], got "
                    + stallAt);
        }
        if (calibrationRounds < 1 || calibrationRounds > 100) {
            throw usage("--calibration-rounds must be in [1, 100], got " + calibrationRounds);
        }
        if (chunk < 1) {
            throw usage("--chunk must be at least 1");
        }
        if (!List.of("text", "jmh", "bmf", "github-action-benchmark").contains(format)) {
            throw usage("--format must be text, jmh, bmf or github-action-benchmark, got '" + format + "'");
        }
        long stallAtMessage = stallAt == null ? -1 : stallAt;
        int forkCount = measurement.forksOr(quick ? MeasureDefaults.QUICK_FORKS : MeasureDefaults.RUN_FORKS);
        int calm = calmForks != null ? calmForks : forkCount;
        if (calm < 0) {
            throw usage("--calm-forks must not be negative, got " + calm);
        }
        return builder -> shared.apply(builder)
                .calmForks(calm)
                .stall(stallUs, stallEvery, stallAtMessage)
                .chunk(chunk)
                .calibration(sessionOptions.calibrationMs(), calibrationRounds)
                .params(params)
                .jvmFlags(jvmArgs)
                .profile(profileEvent());
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
