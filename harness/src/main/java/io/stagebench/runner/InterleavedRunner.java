package io.stagebench.runner;

import io.stagebench.system.CpuList;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * An A/B run: the same benchmarks measured in two variants - two builds, or one build with
 * different JVM flags - with their forks interleaved, A 1, B 1, A 2, B 2, ..., on the same
 * measuring CPU. Whatever drifts while the comparison runs (temperature, a neighbour's load,
 * the page cache) then falls on both variants alike instead of on whichever ran second.
 * Each variant keeps its own run folder and is merged exactly as {@link Runner} merges a run.
 */
public final class InterleavedRunner {

    /**
     * One side of the comparison.
     *
     * @param name     "A" or "B", used in progress lines
     * @param config   its run configuration (own run folder, JVM flags and parameters)
     * @param launcher starts its forks (its own build's class path)
     */
    public record Variant(String name, RunConfig config, ForkLauncher launcher) {
    }

    /**
     * What both sides measured.
     *
     * @param a the outcomes of A, in benchmark order
     * @param b the outcomes of B, in benchmark order
     */
    public record Outcomes(List<BenchmarkOutcome> a, List<BenchmarkOutcome> b) {
        public Outcomes {
            a = List.copyOf(a);
            b = List.copyOf(b);
        }
    }

    private final Variant a;
    private final Variant b;
    private final BenchmarkRegistry registry;
    private final CpuList serviceCpus;
    private final PrintStream progress;

    /**
     * @throws IllegalArgumentException when the variants differ in benchmarks, fork count or
     *         measuring CPU - the three things an interleaved comparison must share
     */
    public InterleavedRunner(Variant a, Variant b, BenchmarkRegistry registry, CpuList serviceCpus, PrintStream progress) {
        if (!a.config().benchmarks().equals(b.config().benchmarks()) || a.config().forks() != b.config().forks()
                || a.config().cpu() != b.config().cpu()) {
            throw new IllegalArgumentException("A and B must run the same benchmarks with the same forks on the same CPU");
        }
        this.a = a;
        this.b = b;
        this.registry = registry;
        this.serviceCpus = serviceCpus;
        this.progress = progress;
    }

    /** Runs every benchmark, its forks interleaved A B A B ...; returns both sides' merged outcomes. */
    public Outcomes run() throws IOException {
        List<BenchmarkOutcome> outA = new ArrayList<>();
        List<BenchmarkOutcome> outB = new ArrayList<>();
        for (String name : a.config().benchmarks()) {
            BenchmarkDescriptor descriptor = registry.get(name);
            BenchmarkForks forksA = new BenchmarkForks(a.config(), descriptor, a.launcher(), serviceCpus, progress,
                    "[ab " + a.name() + "]");
            BenchmarkForks forksB = new BenchmarkForks(b.config(), descriptor, b.launcher(), serviceCpus, progress,
                    "[ab " + b.name() + "]");
            for (int fork = 1; fork <= a.config().forks(); fork++) {
                forksA.runFork(fork);
                forksB.runFork(fork);
            }
            outA.add(forksA.merge());
            outB.add(forksB.merge());
        }
        return new Outcomes(outA, outB);
    }
}
