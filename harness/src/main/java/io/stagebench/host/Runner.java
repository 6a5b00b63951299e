package io.stagebench.host;

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
 * The parent side of a run: for each benchmark, N forks one after another (the parent
 * waits idle, off the measuring CPU), then merges what the forks wrote. A fork that
 * crashes, hangs past its timeout or writes an unreadable result is reported and the
 * others are kept.
 */
public final class Runner {

    private final RunConfig config;
    private final BenchmarkRegistry registry;
    private final CpuList serviceCpus;
    private final ForkLauncher launcher;
    private final PrintStream progress;

    public Runner(RunConfig config, BenchmarkRegistry registry, CpuList serviceCpus, ForkLauncher launcher,
                  PrintStream progress) {
        this.config = config;
        this.registry = registry;
        this.serviceCpus = serviceCpus;
        this.launcher = launcher;
        this.progress = progress;
    }

    /** Runs every benchmark of the config; returns their merged outcomes in order. */
    public List<BenchmarkOutcome> run() throws IOException {
        List<BenchmarkOutcome> outcomes = new ArrayList<>();
        for (String name : config.benchmarks()) {
            BenchmarkDescriptor descriptor = registry.get(name);
            // a swept --param measures each value (each combination) as a variant of its own
            for (ParamSweep.Variant variant : ParamSweep.variants(descriptor, config.params())) {
                outcomes.add(variant.name().equals(name) ? runBenchmark(descriptor, config)
                        : runBenchmark(descriptor.named(variant.name()), config.withParams(variant.params())));
            }
        }
        return outcomes;
    }

    private BenchmarkOutcome runBenchmark(BenchmarkDescriptor descriptor, RunConfig config) throws IOException {
        RunConfig resolved = config;
        BatchChoice choice = null;
        if (config.batch() == RunConfig.BATCH_AUTO) {
            choice = BatchPilot.pilot(config, descriptor, launcher, serviceCpus, progress, "[run]");
            resolved = config.withBatch(choice.batch());
        }
        BenchmarkForks forks = new BenchmarkForks(resolved, descriptor, launcher, serviceCpus, progress, "[run]", choice);
        for (int fork = 1; fork <= config.forks(); fork++) {
            forks.runFork(fork);
        }
        return forks.merge();
    }
}
