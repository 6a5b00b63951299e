package io.stagebench.host;

import io.stagebench.config.Batch;
import io.stagebench.config.RunConfig;
import io.stagebench.process.LiveForks;
import io.stagebench.registry.BenchmarkDescriptor;
import io.stagebench.registry.BenchmarkRegistry;
import io.stagebench.registry.ParamSweep;
import io.stagebench.result.BatchChoice;
import io.stagebench.result.BenchmarkOutcome;
import io.stagebench.result.CalmForks;
import io.stagebench.result.CalmWindows;
import io.stagebench.system.CpuList;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The parent side of a run: for each benchmark, N forks one after another (the parent waits idle, off the measuring
 * CPU), then more forks of a benchmark whose forks met another guest on the core too often, then merges what the forks
 * wrote. A fork that crashes, hangs past its timeout or writes an unreadable result is reported and the others are
 * kept. A run stopped by SIGINT or SIGTERM ends in a {@link StoppedRun} holding what its finished forks measured, for
 * the command to keep.
 */
public final class Runner {

    private final RunConfig config;
    private final BenchmarkRegistry registry;
    private final CpuList serviceCpus;
    private final ForkLauncher launcher;
    private final PrintStream progress;
    private final AfterFork afterFork;

    /**
     * What runs between one fork's end and the next fork's start, on the launcher's thread: a command that measures
     * something else side by side in time with the forks (JMH's forks, for {@code crosscheck}) puts it here, so that
     * what the host does in a given minute lands on both.
     */
    @FunctionalInterface
    public interface AfterFork {

        /** Nothing between forks. */
        AfterFork NONE = (benchmark, fork) -> {};

        /**
         * @param benchmark the benchmark (or sweep variant) whose fork ended, as its outcome names it
         * @param fork the fork's number, from 1, whether it succeeded or failed
         */
        void forkEnded(String benchmark, int fork);
    }

    public Runner(
            RunConfig config,
            BenchmarkRegistry registry,
            CpuList serviceCpus,
            ForkLauncher launcher,
            PrintStream progress) {
        this(config, registry, serviceCpus, launcher, progress, AfterFork.NONE);
    }

    public Runner(
            RunConfig config,
            BenchmarkRegistry registry,
            CpuList serviceCpus,
            ForkLauncher launcher,
            PrintStream progress,
            AfterFork afterFork) {
        this.config = config;
        this.registry = registry;
        this.serviceCpus = serviceCpus;
        this.launcher = launcher;
        this.progress = progress;
        this.afterFork = afterFork;
    }

    /**
     * A run stopped (SIGINT, SIGTERM) before its last fork: what its finished forks measured.
     *
     * @see LiveForks#keepOnStop()
     */
    public static final class StoppedRun extends IOException {
        private final transient List<BenchmarkOutcome> outcomes;
        private final int forksDone;
        private final int forksPlanned;

        StoppedRun(List<BenchmarkOutcome> outcomes, int forksDone, int forksPlanned) {
            super("the run was stopped after " + forksDone + " of " + forksPlanned + " forks");
            this.outcomes = List.copyOf(outcomes);
            this.forksDone = forksDone;
            this.forksPlanned = forksPlanned;
        }

        /** @return the benchmarks with a finished fork, merged from those forks */
        public List<BenchmarkOutcome> outcomes() {
            return outcomes;
        }

        /** @return the warning a stopped run is stored with: what it holds, and that it is short of what was asked */
        public String warning() {
            return STOPPED_WARNING + " after " + forksDone + " of " + forksPlanned + " forks: it holds what those forks"
                    + " measured, fewer than asked for";
        }
    }

    /** How the warning of a run stopped before its last fork begins (summary.json's warnings; diff looks for it). */
    public static final String STOPPED_WARNING = "the run was stopped (SIGINT or SIGTERM)";

    /**
     * One benchmark (or sweep variant) of the run: its forks, and what they measured once merged. A benchmark with
     * enough forks on calm windows is merged when its forks end and its forks' samples let go; one short of them keeps
     * its forks until the run's end, for more ({@link #measureCalmForks}).
     */
    private static final class Measured {
        /** The forks, until merged for good: then null, so their samples go with them. */
        private BenchmarkForks forks;

        private BenchmarkOutcome outcome;
        private boolean settled;
        private int succeeded;
        private int planned;

        Measured(BenchmarkForks forks) {
            this.forks = forks;
        }

        /** Merges what the forks measured, and lets the forks go when nothing more is to be measured of them. */
        void merge(boolean settle) {
            outcome = settle ? forks.mergeWithTail() : forks.merge();
            if (settle) {
                succeeded = forks.succeeded();
                planned = forks.planned();
                forks = null;
                settled = true;
            }
        }

        /** @return the merged outcome, its tail shown; merged now when its forks are still held */
        BenchmarkOutcome outcome() {
            if (!settled) {
                merge(true);
            }
            return outcome;
        }

        int succeeded() {
            return settled ? succeeded : forks.succeeded();
        }

        int planned() {
            return settled ? planned : forks.planned();
        }
    }

    /**
     * Runs every benchmark of the config, then more forks of those too few of whose forks met the core calm
     * ({@link #measureCalmForks}); returns their merged outcomes in order.
     *
     * @throws StoppedRun when the launcher is stopped: with what the finished forks measured
     */
    public List<BenchmarkOutcome> run() throws IOException {
        List<Measured> measured = new ArrayList<>();
        int planned = 0;
        for (String name : config.benchmarks()) {
            planned += ParamSweep.variants(registry.get(name), config.params()).size() * config.forks();
        }
        try {
            for (String name : config.benchmarks()) {
                BenchmarkDescriptor descriptor = registry.get(name);
                // a swept --param measures each value (each combination) as a variant of its own
                for (ParamSweep.Variant variant : ParamSweep.variants(descriptor, config.params())) {
                    Measured benchmark = runBenchmark(
                            variant.name().equals(name) ? descriptor : descriptor.named(variant.name()),
                            variant.name().equals(name) ? config : config.withParams(variant.params()),
                            measured);
                    benchmark.merge(!mayMeasureCalmForks());
                    if (!benchmark.settled && CalmForks.enough(benchmark.outcome, referenceNs(measured))) {
                        // enough forks on calm windows by the run's fastest window so far: its samples can go
                        benchmark.merge(true);
                    }
                }
            }
            measureCalmForks(measured);
        } catch (LiveForks.Stopped e) {
            List<BenchmarkOutcome> kept = measured.stream()
                    .filter(m -> m.succeeded() > 0)
                    .map(Measured::outcome)
                    .toList();
            int more = measured.stream()
                    .mapToInt(m -> m.planned() - config.forks())
                    .sum();
            throw new StoppedRun(
                    kept, kept.stream().mapToInt(o -> o.forks().size()).sum(), planned + more);
        }
        return measured.stream().map(Measured::outcome).toList();
    }

    private Measured runBenchmark(BenchmarkDescriptor descriptor, RunConfig config, List<Measured> measured)
            throws IOException {
        RunConfig resolved = config;
        BatchChoice choice = null;
        launcher.prepare(config, serviceCpus).ifPresent(line -> progress.println("[run] " + line));
        if (config.batch().isAuto()) {
            choice = BatchPilot.pilot(config, descriptor, launcher, serviceCpus, progress, "[run]");
            resolved = config.withBatch(Batch.of(choice.batch()));
        }
        Measured benchmark =
                new Measured(new BenchmarkForks(resolved, descriptor, launcher, serviceCpus, progress, "[run]", choice)
                        .stoppedBy(LiveForks.launcher()::isStopping));
        measured.add(benchmark);
        for (int fork = 1; fork <= config.forks(); fork++) {
            benchmark.forks.runFork(fork);
            afterFork.forkEnded(descriptor.name(), fork);
        }
        return benchmark;
    }

    /** @return whether this run measures more forks of a benchmark short of calm windows at all */
    private boolean mayMeasureCalmForks() {
        // a profiled run is not a measurement, and fewer forks than a verdict judges on calm windows need none
        return config.calmForks() > 0 && config.profile() == null && config.forks() >= CalmWindows.MIN_JUDGED_FORKS;
    }

    /** @return the fastest window of every fork merged so far: NaN when none was probed */
    private static double referenceNs(List<Measured> measured) {
        return CalmForks.referenceNs(measured.stream()
                        .filter(m -> m.outcome != null)
                        .map(m -> m.outcome)
                        .toList())
                .orElse(Double.NaN);
    }

    /**
     * Measures more forks of each benchmark too few of whose forks have a centre over calm windows to be judged on them
     * ({@link CalmForks#enough}): another guest met it on the core's other hardware thread through most of their
     * windows. One fork of each such benchmark in turn, after every benchmark's own forks (later in time, so that one
     * spell does not take all of a benchmark's), until it has enough or has taken {@link RunConfig#calmForks} more; the
     * fastest window of the run, which each window is weighed against, is taken again after each round. A benchmark
     * that had enough when its forks ended is not looked at again.
     */
    private void measureCalmForks(List<Measured> measured) throws IOException {
        Set<Measured> announced = new HashSet<>();
        while (true) {
            double referenceNs = referenceNs(measured);
            List<Measured> shortOfCalm = measured.stream()
                    .filter(m -> !m.settled)
                    .filter(m -> m.forks.planned() - config.forks() < config.calmForks())
                    .filter(m -> !CalmForks.enough(m.outcome, referenceNs))
                    .toList();
            if (shortOfCalm.isEmpty()) {
                return;
            }
            for (Measured benchmark : shortOfCalm) {
                BenchmarkForks forks = benchmark.forks;
                String name = benchmark.outcome.descriptor().name();
                if (announced.add(benchmark)) {
                    progress.println(String.format(
                            Locale.ROOT,
                            "[run] %s: %d of %d forks had %.0f%% of their windows calm (%d and half needed);"
                                    + " measuring up to %d more",
                            name,
                            Math.max(0, CalmForks.fewestJudged(benchmark.outcome, referenceNs)),
                            benchmark.outcome.forks().size(),
                            100 * CalmWindows.MIN_CALM_SHARE,
                            CalmWindows.MIN_JUDGED_FORKS,
                            config.calmForks() - (forks.planned() - config.forks())));
                }
                forks.planOneMore();
                forks.runFork(forks.planned());
                afterFork.forkEnded(name, forks.planned());
                benchmark.merge(false);
            }
        }
    }
}
