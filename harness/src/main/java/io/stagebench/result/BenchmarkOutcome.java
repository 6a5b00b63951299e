package io.stagebench.result;

import io.stagebench.link.ForkResult;
import io.stagebench.registry.BenchmarkDescriptor;
import io.stagebench.stats.Distribution;
import io.stagebench.stats.StageSummary;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One benchmark's forks merged: per series the pooled distribution of every fork's raw samples (never averaged
 * percentiles), each fork's own distribution beside it (the run-to-run spread), and the forks that failed.
 *
 * @param descriptor the benchmark
 * @param forks summaries of the forks that succeeded
 * @param failures one line per fork that failed
 * @param perFork series name to each successful fork's distribution, in fork order
 * @param merged series name to the pooled distribution
 * @param batchChoice how {@code --batch auto} chose the forks' batch, null when it was not asked to
 * @param configuredBatch the batch the forks were asked for (what {@link #batch()} says when none succeeded)
 * @param spread series name to its spread at each level (forks, setups, windows); a series too short for windows is
 *     absent, and so is every series of an outcome read back from a store
 * @param costs what a fork, a setup and a message cost in wall time; null when not measured
 * @param replicaCentres series name to, per fork, each replica's centre ({@code tmean}) in ns; empty when not read
 * @param batchMeansNs per successful fork of a batched run, the mean per message of its batches
 * @param tail each series' tail shown ({@link TailExemplars}); empty when not read
 * @param windowCentres series name to, per fork, the centre of each window of the core probe ({@link WindowCentres}),
 *     every replica's in turn; a fork whose passes were not probed has none, and a series without one sample a row is
 *     absent ({@link LatencySeries#batchedMeanNs}: with a preparation pass, a difference of the two passes' means,
 *     which the series' samples, cut at 0 pair by pair, lean above); empty when not read
 */
public record BenchmarkOutcome(
        BenchmarkDescriptor descriptor,
        List<ForkResult> forks,
        List<String> failures,
        Map<String, List<Distribution>> perFork,
        Map<String, Distribution> merged,
        BatchChoice batchChoice,
        int configuredBatch,
        Map<String, SpreadComponents> spread,
        RepetitionCosts costs,
        Map<String, List<double[]>> replicaCentres,
        List<Double> batchMeansNs,
        List<TailExemplars> tail,
        Map<String, List<double[]>> windowCentres) {

    public BenchmarkOutcome {
        windowCentres =
                windowCentres == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(windowCentres));
        tail = tail == null ? List.of() : List.copyOf(tail);
        spread = spread == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(spread));
        replicaCentres =
                replicaCentres == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(replicaCentres));
        batchMeansNs = batchMeansNs == null ? List.of() : List.copyOf(batchMeansNs);
    }

    /** An outcome without windows of the core probe. */
    public BenchmarkOutcome(
            BenchmarkDescriptor descriptor,
            List<ForkResult> forks,
            List<String> failures,
            Map<String, List<Distribution>> perFork,
            Map<String, Distribution> merged,
            BatchChoice batchChoice,
            int configuredBatch,
            Map<String, SpreadComponents> spread,
            RepetitionCosts costs,
            Map<String, List<double[]>> replicaCentres,
            List<Double> batchMeansNs,
            List<TailExemplars> tail) {
        this(
                descriptor,
                forks,
                failures,
                perFork,
                merged,
                batchChoice,
                configuredBatch,
                spread,
                costs,
                replicaCentres,
                batchMeansNs,
                tail,
                Map.of());
    }

    /** An outcome whose batches' means were not read. */
    public BenchmarkOutcome(
            BenchmarkDescriptor descriptor,
            List<ForkResult> forks,
            List<String> failures,
            Map<String, List<Distribution>> perFork,
            Map<String, Distribution> merged,
            BatchChoice batchChoice,
            int configuredBatch,
            Map<String, SpreadComponents> spread,
            RepetitionCosts costs,
            Map<String, List<double[]>> replicaCentres) {
        this(
                descriptor,
                forks,
                failures,
                perFork,
                merged,
                batchChoice,
                configuredBatch,
                spread,
                costs,
                replicaCentres,
                List.of(),
                List.of());
    }

    /** An outcome whose spread was not estimated. */
    public BenchmarkOutcome(
            BenchmarkDescriptor descriptor,
            List<ForkResult> forks,
            List<String> failures,
            Map<String, List<Distribution>> perFork,
            Map<String, Distribution> merged,
            BatchChoice batchChoice,
            int configuredBatch) {
        this(descriptor, forks, failures, perFork, merged, batchChoice, configuredBatch, Map.of(), null, Map.of());
    }

    /** @return this outcome with its spread at each level and what each level cost */
    public BenchmarkOutcome withSpread(
            Map<String, SpreadComponents> components,
            RepetitionCosts measuredCosts,
            Map<String, List<double[]>> centres,
            Map<String, List<double[]>> windows) {
        return new BenchmarkOutcome(
                descriptor,
                forks,
                failures,
                perFork,
                merged,
                batchChoice,
                configuredBatch,
                components,
                measuredCosts,
                centres,
                batchMeansNs,
                tail,
                windows);
    }

    /** @return this outcome with each fork's mean per message of its batches ({@link #batchMeansNs()}) */
    public BenchmarkOutcome withBatchMeans(List<Double> forkMeansNs) {
        return new BenchmarkOutcome(
                descriptor,
                forks,
                failures,
                perFork,
                merged,
                batchChoice,
                configuredBatch,
                spread,
                costs,
                replicaCentres,
                forkMeansNs,
                tail,
                windowCentres);
    }

    /** @return this outcome with each series' tail shown ({@link #tail()}) */
    public BenchmarkOutcome withTail(List<TailExemplars> exemplars) {
        return new BenchmarkOutcome(
                descriptor,
                forks,
                failures,
                perFork,
                merged,
                batchChoice,
                configuredBatch,
                spread,
                costs,
                replicaCentres,
                batchMeansNs,
                exemplars,
                windowCentres);
    }

    /**
     * @param index the fork's position in {@link #forks()}
     * @return per series, that fork's replicas' centres ({@code tmean}) in ns, in replica order; empty when not read
     */
    public Map<String, double[]> replicaCentres(int index) {
        Map<String, double[]> out = new LinkedHashMap<>();
        replicaCentres.forEach((series, forks) -> {
            if (index < forks.size()) {
                out.put(series, forks.get(index).clone());
            }
        });
        return out;
    }

    /**
     * @param index the fork's position in {@link #forks()}
     * @return per series, that fork's window centres ({@link WindowCentres}); empty when its passes were not probed
     */
    public Map<String, double[]> windowCentres(int index) {
        Map<String, double[]> out = new LinkedHashMap<>();
        windowCentres.forEach((series, forks) -> {
            if (index < forks.size() && forks.get(index) != null) {
                out.put(series, forks.get(index).clone());
            }
        });
        return out;
    }

    /** An outcome whose batch, if any, was given, not chosen by a pilot. */
    public BenchmarkOutcome(
            BenchmarkDescriptor descriptor,
            List<ForkResult> forks,
            List<String> failures,
            Map<String, List<Distribution>> perFork,
            Map<String, Distribution> merged) {
        this(descriptor, forks, failures, perFork, merged, null, 1);
    }

    /** @return messages per timed interval of the forks (1: one a message), as asked when no fork succeeded */
    public int batch() {
        return forks.isEmpty()
                ? Math.max(1, configuredBatch)
                : forks.get(0).run().batch();
    }

    /** @return the probe overhead subtracted from each sample, in ns: the largest of the forks' (0 with no fork) */
    public double overheadNs() {
        return forks.stream().mapToDouble(f -> f.ruler().subtractedNs()).max().orElse(0);
    }

    /**
     * Merges fork results with their raw series. A series some fork does not have (a tag only some forks' messages
     * carried, {@code book[system]} in a short run) is left out: each series is every fork's, so a fork's position
     * means the same fork in every series.
     */
    public static BenchmarkOutcome merge(
            BenchmarkDescriptor descriptor,
            List<ForkResult> forks,
            List<Map<String, double[]>> seriesPerFork,
            List<String> failures,
            BatchChoice batchChoice,
            int configuredBatch) {
        List<Map<String, Distribution>> sorted = new ArrayList<>();
        for (Map<String, double[]> series : seriesPerFork) {
            Map<String, Distribution> fork = new LinkedHashMap<>();
            series.forEach((name, ns) -> fork.put(name, Distribution.of(ns)));
            sorted.add(fork);
        }
        return mergeSorted(descriptor, forks, sorted, failures, batchChoice, configuredBatch);
    }

    /** As {@link #merge}, from each fork's series already sorted into distributions. */
    public static BenchmarkOutcome mergeSorted(
            BenchmarkDescriptor descriptor,
            List<ForkResult> forks,
            List<Map<String, Distribution>> distributionsPerFork,
            List<String> failures,
            BatchChoice batchChoice,
            int configuredBatch) {
        Map<String, List<Distribution>> perFork = new LinkedHashMap<>();
        for (Map<String, Distribution> series : distributionsPerFork) {
            series.forEach((name, d) ->
                    perFork.computeIfAbsent(name, k -> new ArrayList<>()).add(d));
        }
        perFork.values().removeIf(parts -> parts.size() != distributionsPerFork.size());
        Map<String, Distribution> merged = new LinkedHashMap<>();
        perFork.forEach((name, parts) -> merged.put(name, Distribution.merge(parts)));
        return new BenchmarkOutcome(
                descriptor, List.copyOf(forks), List.copyOf(failures), perFork, merged, batchChoice, configuredBatch);
    }

    /** @return merged summaries in series order */
    public List<StageSummary> summaries() {
        List<StageSummary> out = new ArrayList<>();
        merged.forEach((name, d) -> out.add(StageSummary.of(name, d)));
        return out;
    }

    /**
     * @param index the fork's position in {@link #forks()}
     * @return that fork's summaries in series order, computed here from its raw stamps (the one place ticks become
     *     nanoseconds), not copied from what the fork wrote
     */
    public List<StageSummary> forkSummaries(int index) {
        List<StageSummary> out = new ArrayList<>();
        perFork.forEach((name, parts) -> out.add(StageSummary.of(name, parts.get(index))));
        return out;
    }

    /** @return each fork's p50 of {@code series}, in fork order */
    public double[] forkP50s(String series) {
        List<Distribution> parts = perFork.getOrDefault(series, List.of());
        double[] p50 = new double[parts.size()];
        for (int i = 0; i < p50.length; i++) {
            p50[i] = parts.get(i).percentile(50);
        }
        return p50;
    }
}
