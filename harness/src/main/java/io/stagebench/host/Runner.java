package io.stagebench.host;

import io.stagebench.config.Batch;
import io.stagebench.config.RunConfig;
import io.stagebench.process.LiveForks;
import io.stagebench.registry.BenchmarkDescriptor;
import io.stagebench.registry.BenchmarkRegistry;
import io.stagebench.registry.ParamSweep;
import io.stagebench.result.BatchChoice;
import io.stagebench.result.BenchmarkOutcome;
import io.stagebench.system.CpuList;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The parent side of a run: for each benchmark, N forks one after another (the parent waits idle, off the measuring
 * CPU), then merges what the forks wrote. A fork that crashes, hangs past its timeout or writes an unreadable result is
 * reported and the others are kept. A run stopped by SIGINT or SIGTERM ends in a {@link StoppedRun} holding what its
 * finished forks measured, for the command to keep.
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
     * Runs every benchmark of the config; returns their merged outcomes in order.
     *
     * @throws StoppedRun when the launcher is stopped: with what the finished forks measured
     */
    public List<BenchmarkOutcome> run() throws IOException {
        List<BenchmarkOutcome> outcomes = new ArrayList<>();
        int planned = 0;
        for (String name : config.benchmarks()) {
            planned += ParamSweep.variants(registry.get(name), config.params()).size() * config.forks();
        }
        try {
            for (String name : config.benchmarks()) {
                BenchmarkDescriptor descriptor = registry.get(name);
                // a swept --param measures each value (each combination) as a variant of its own
                for (ParamSweep.Variant variant : ParamSweep.variants(descriptor, config.params())) {
                    runBenchmark(
                            variant.name().equals(name) ? descriptor : descriptor.named(variant.name()),
                            variant.name().equals(name) ? config : config.withParams(variant.params()),
                            outcomes);
                }
            }
        } catch (LiveForks.Stopped e) {
            throw new StoppedRun(
                    outcomes, outcomes.stream().mapToInt(o -> o.forks().size()).sum(), planned);
        }
        return outcomes;
    }

    private void runBenchmark(BenchmarkDescriptor descriptor, RunConfig config, List<BenchmarkOutcome> outcomes)
            throws IOException {
        RunConfig resolved = config;
        BatchChoice choice = null;
        launcher.prepare(config, serviceCpus).ifPresent(line -> progress.println("[run] " + line));
        if (config.batch().isAuto()) {
            choice = BatchPilot.pilot(config, descriptor, launcher, serviceCpus, progress, "[run]");
            resolved = config.withBatch(Batch.of(choice.batch()));
        }
        BenchmarkForks forks = new BenchmarkForks(
                        resolved, descriptor, launcher, serviceCpus, progress, "[run]", choice)
                .stoppedBy(LiveForks.launcher()::isStopping);
        try {
            for (int fork = 1; fork <= config.forks(); fork++) {
                forks.runFork(fork);
                afterFork.forkEnded(descriptor.name(), fork);
            }
        } catch (LiveForks.Stopped e) {
            if (forks.succeeded() > 0) {
                outcomes.add(forks.mergeWithTail());
            }
            throw e;
        }
        outcomes.add(forks.mergeWithTail());
    }
}
