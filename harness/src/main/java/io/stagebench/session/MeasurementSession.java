package io.stagebench.session;

import io.stagebench.config.RunConfig;
import io.stagebench.config.UsageException;
import io.stagebench.host.CpuLock;
import io.stagebench.host.ForkLauncher;
import io.stagebench.host.ForkLaunchers;
import io.stagebench.host.InterleavedRunner;
import io.stagebench.host.Runner;
import io.stagebench.io.IoProblems;
import io.stagebench.output.HtmlReport;
import io.stagebench.output.RunReport;
import io.stagebench.process.JvmFork;
import io.stagebench.process.LiveForks;
import io.stagebench.registry.BenchmarkRegistry;
import io.stagebench.result.BenchmarkOutcome;
import io.stagebench.store.Pairing;
import io.stagebench.store.RunStore;
import io.stagebench.system.Environment;
import io.stagebench.system.GitInfo;
import io.stagebench.system.ReadinessCheck;
import io.stagebench.system.SystemFiles;
import io.stagebench.warning.Warning;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * What every measuring command ({@code run}, both sides of {@code ab}, {@code demo co}, {@code crosscheck}) does around
 * its forks, done one way: choose the measuring CPU and keep this JVM off it ({@link MeasuringCpu}), create the run
 * folder, build the {@link RunConfig} from its defaults ({@link RunConfig#builder}), capture the environment before
 * measuring, run the forks, and store the complete run - summary with environment, HdrHistogram files, JMH-format file
 * and HTML report - in one call, {@link #store}. So a run of any command is read, diffed and reported like any other.
 *
 * <p>Usage: {@code open} (checks the CPU), then per run {@code begin} (folder, config, environment), {@code run} or
 * {@code interleaved}, {@code store}. Nothing is written before {@code begin}: commands check their arguments first. A
 * run folder begun and not yet stored is named as incomplete if the launcher is stopped ({@link LiveForks}), and a
 * stopped launcher stores nothing.
 */
public final class MeasurementSession {

    private final MeasuringCpu placement;
    private final Path resultsRoot;
    private final PrintWriter err;
    private final ForkLaunchers launchers;
    private List<String> readiness;
    private final List<String> lockWarnings = new ArrayList<>();

    private MeasurementSession(MeasuringCpu placement, Path resultsRoot, PrintWriter err, ForkLaunchers launchers) {
        this.placement = placement;
        this.resultsRoot = resultsRoot;
        this.err = err;
        this.launchers = launchers;
    }

    /**
     * Chooses the measuring CPU and moves this JVM (and so the forks' other threads) off it.
     *
     * @param requestedCpu {@code --cpu}, or null for the default (an isolated CPU, else the highest one)
     * @param results {@code --results}, or null for the project's results folder
     * @param err where {@link #printReadiness} prints
     * @throws UsageException "--cpu: CPU 7 does not exist (available: 0-1)"
     */
    public static MeasurementSession open(Integer requestedCpu, Path results, PrintWriter err) {
        return open(requestedCpu, results, err, ForkLaunchers.jvm());
    }

    /**
     * As {@link #open(Integer, Path, PrintWriter)}, the session's forks started by {@code launchers}
     * ({@link #launchers()}); this JVM is moved off the measuring CPU only when they say so.
     */
    public static MeasurementSession open(
            Integer requestedCpu, Path results, PrintWriter err, ForkLaunchers launchers) {
        MeasuringCpu placement;
        try {
            placement = MeasuringCpu.choose(requestedCpu, launchers.movesLauncherOffMeasuringCpu());
        } catch (IllegalArgumentException e) {
            throw new UsageException("--cpu: " + e.getMessage(), e);
        }
        return new MeasurementSession(placement, results != null ? results : RunStore.defaultRoot(), err, launchers);
    }

    /**
     * Takes the measuring CPU's lock ({@link CpuLock}) until the command ends, so no other launcher measures on it
     * meanwhile: waits, saying once who holds it, while another does, or with {@code wait} false stops.
     *
     * @param command what this launcher does, for the one that waits for it
     * @throws UsageException another launcher measures on the CPU and {@code wait} is false
     */
    public void lockCpu(String command, boolean wait) {
        CpuLock.acquire(placement.cpu(), command, wait, err, lockWarnings);
    }

    /** @return how this session's forks start, for a command that launches another build's or a project's */
    public ForkLaunchers launchers() {
        return launchers;
    }

    /**
     * Checks, before anything is built or measured, that the results folder can be written.
     *
     * @throws UsageException "results folder ... is not writable (...); nothing was built or measured"
     */
    public void checkResultsWritable() {
        try {
            RunStore.checkWritable(resultsRoot);
        } catch (IOException e) {
            throw new UsageException(
                    "results folder " + resultsRoot + " is not writable (" + IoProblems.describe(e)
                            + "); nothing was built or measured",
                    e);
        }
    }

    /** @return the measuring CPU */
    public int cpu() {
        return placement.cpu();
    }

    /** @return the result store the session's runs go to */
    public Path resultsRoot() {
        return resultsRoot;
    }

    /**
     * One run being measured: its configuration and the environment captured before it.
     *
     * @param config what is measured, in which run folder
     * @param environment the machine, JVM and checkout, captured when the run began
     * @param readiness the machine-readiness warnings, printed once with the report's warnings and stored with the run
     * @param warnings the CPU placement's warnings, for the report
     */
    public record Measurement(
            RunConfig config, Environment environment, List<String> readiness, List<String> warnings) {
        public Measurement {
            readiness = List.copyOf(readiness);
            warnings = List.copyOf(warnings);
        }

        /** @return the run folder */
        public Path dir() {
            return config.runDir();
        }

        /** @return the run's text report over {@code outcomes} */
        public RunReport report(List<BenchmarkOutcome> outcomes) {
            return report(outcomes, false);
        }

        /**
         * @param forkCountChosen true when the command chose the fork count (a smoke run): too few forks for a
         *     comparison is then not warned about
         * @return the run's text report over {@code outcomes}, the machine's warnings among its own
         */
        public RunReport report(List<BenchmarkOutcome> outcomes, boolean forkCountChosen) {
            return new RunReport(config, outcomes, warnings, readiness, forkCountChosen);
        }
    }

    /**
     * Begins a run of {@code checkout}'s build: creates its run folder, builds its configuration and captures the
     * environment.
     *
     * @param checkout the checkout measured (the project's own, or another worktree for A of {@code ab})
     * @param benchmarks benchmark names, in run order
     * @param settings what the command changes from the defaults of {@link RunConfig#builder}
     * @throws UsageException "results folder ... is not writable (...); nothing was measured"
     */
    public Measurement begin(Path checkout, List<String> benchmarks, UnaryOperator<RunConfig.Builder> settings) {
        GitInfo git = RunStore.gitOf(checkout, resultsRoot);
        Path runDir;
        try {
            runDir = RunStore.prepareRunDir(resultsRoot, git);
        } catch (IOException e) {
            throw new UsageException(
                    "results folder " + resultsRoot + " is not writable (" + IoProblems.describe(e)
                            + "); nothing was measured",
                    e);
        }
        LiveForks.launcher().runStarted(runDir);
        if (readiness == null) {
            readiness = readinessWarnings(new ReadinessCheck(SystemFiles.host(), placement.cpu()).warnings());
        }
        RunConfig config = settings.apply(RunConfig.builder(benchmarks, placement.cpu(), runDir))
                .build();
        List<String> jvmFlags = new ArrayList<>(JvmFork.BASE_JVM_FLAGS);
        jvmFlags.addAll(config.jvmFlags());
        Environment environment = Environment.capture(SystemFiles.host(), git, Instant.now(), config.cpu(), jvmFlags);
        List<String> warnings = new ArrayList<>(placement.warnings());
        warnings.addAll(lockWarnings);
        if (git.problem() != null) {
            warnings.add("the commit measured is not known: " + git.problem() + "; the run is stored under "
                    + GitInfo.NO_COMMIT + ", where history and report by commit cannot find it");
        }
        return new Measurement(config, environment, readiness, warnings);
    }

    /** Prints the machine-readiness warnings as {@code *** WARNING:} lines, for a command that prints no run report. */
    public void printReadiness(Measurement measurement) {
        measurement.readiness().forEach(w -> err.println(Warning.line(w)));
        err.flush();
    }

    /** Runs every benchmark of {@code measurement}, forks one after another; progress on stderr. */
    public List<BenchmarkOutcome> run(Measurement measurement, BenchmarkRegistry registry, ForkLauncher launcher)
            throws IOException {
        return run(measurement, registry, launcher, Runner.AfterFork.NONE);
    }

    /** As {@link #run(Measurement, BenchmarkRegistry, ForkLauncher)}, {@code afterFork} run after each fork ends. */
    public List<BenchmarkOutcome> run(
            Measurement measurement, BenchmarkRegistry registry, ForkLauncher launcher, Runner.AfterFork afterFork)
            throws IOException {
        try {
            return new Runner(measurement.config(), registry, placement.serviceCpus(), launcher, System.err, afterFork)
                    .run();
        } catch (UsageException e) {
            // refused before anything was measured (a benchmark contradicting its declaration): nothing to keep
            RunStore.discardUnstored(measurement.dir());
            throw e;
        }
    }

    /** @return a runner of A and B with their forks interleaved on this session's CPUs; progress on stderr */
    public InterleavedRunner interleaved(
            InterleavedRunner.Variant a, InterleavedRunner.Variant b, BenchmarkRegistry registry) {
        return new InterleavedRunner(a, b, registry, placement.serviceCpus(), System.err);
    }

    /**
     * What {@link #store} wrote.
     *
     * @param dir the run folder
     * @param jmh the JMH-format file
     * @param report the HTML report, or null when it could not be written
     * @param reportProblem why the report was not written, or null
     */
    public record Stored(Path dir, Path jmh, Path report, String reportProblem) {

        /** Prints "report: PATH", or a {@code *** WARNING:} saying how to write the report again. */
        public void printReport(PrintWriter out) {
            if (report != null) {
                out.println("report:  " + report);
            } else {
                out.println(Warning.line("the HTML report was not written (" + reportProblem + "); the results are"
                        + " complete - retry with 'stagebench report " + dir + "'"));
            }
        }
    }

    /**
     * Stores the complete run, the one way every measuring command does: HdrHistogram files, {@code jmh-result.json},
     * {@code summary.json} with the environment (last; the forks' {@code fork-N.json} are already there), then
     * {@code report.html}. A report that cannot be written is reported in the result, not thrown: the results are
     * complete without it.
     *
     * @param warnings every warning of the run, as printed
     * @throws IOException when a result file cannot be written
     */
    public Stored store(Measurement measurement, List<BenchmarkOutcome> outcomes, List<String> warnings)
            throws IOException {
        return store(measurement, outcomes, warnings, null);
    }

    /**
     * Stores the run as {@link #store(Measurement, List, List)} does, recording how its forks were paired with the
     * other side of an {@code ab}.
     *
     * @param pairing the pairing, or null for a run measured on its own
     */
    public Stored store(
            Measurement measurement, List<BenchmarkOutcome> outcomes, List<String> warnings, Pairing pairing)
            throws IOException {
        Path dir = measurement.dir();
        LiveForks.launcher().runStored(dir);
        List<String> all = new ArrayList<>(measurement.readiness());
        all.addAll(warnings);
        RunStore.Written written =
                RunStore.create(dir).write(measurement.config(), outcomes, all, measurement.environment(), pairing);
        try {
            Path html = HtmlReport.write(dir, RunStore.historyRootOf(dir, dir), dir.resolve(RunStore.REPORT));
            return new Stored(dir, written.jmh(), html, null);
        } catch (IOException e) {
            // a folder that cannot take the report (a full disk) cannot be trusted with the run either: not stored
            Files.deleteIfExists(written.summary());
            throw e;
        } catch (RuntimeException e) {
            return new Stored(dir, written.jmh(), null, e.getMessage());
        }
    }

    /**
     * @return the readiness check's WARN items as {@code check: ...} lines, those with the same fix in one line:
     *     "check: isolcpus; nohz_full: CPU 1 is not isolated; CPU 1 is not in nohz_full (fix: ...)", each detail up to
     *     its first colon; what a measuring command says once with its other warnings (without the {@code *** WARNING:}
     *     prefix), and stores with the run
     */
    static List<String> readinessWarnings(List<ReadinessCheck.Item> items) {
        Map<String, List<ReadinessCheck.Item>> byFix = new LinkedHashMap<>();
        for (ReadinessCheck.Item item : items) {
            byFix.computeIfAbsent(item.fix().isEmpty() ? item.name() : item.fix(), k -> new ArrayList<>())
                    .add(item);
        }
        return byFix.values().stream()
                .map(same -> same.size() == 1
                        ? "check: " + same.get(0).asWarning()
                        : "check: "
                                + String.join(
                                        "; ",
                                        same.stream()
                                                .map(ReadinessCheck.Item::name)
                                                .toList()) + ": "
                                + String.join(
                                        "; ",
                                        same.stream()
                                                .map(i -> i.detail().split(": ", 2)[0])
                                                .toList())
                                + " (fix: " + same.get(0).fix() + ")")
                .toList();
    }
}
