package io.stagebench.store;

import com.fasterxml.jackson.databind.JsonNode;
import io.stagebench.link.CoreWindows;
import io.stagebench.link.ForkLayout;
import io.stagebench.link.ForkResult;
import io.stagebench.result.BenchmarkOutcome;
import io.stagebench.result.CoreContention;
import io.stagebench.result.ForkWindows;
import io.stagebench.result.TailExemplars;
import io.stagebench.stats.LatencyHistograms;
import io.stagebench.stats.StageSummary;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import org.HdrHistogram.Histogram;

/**
 * A stored run as read back from its {@code summary.json} by {@link ResultReader}: already validated, so every field is
 * present and typed and every file it names exists. The one model of a stored run: {@code diff}, {@code report},
 * {@code ab} and the report's history all read this.
 *
 * @param dir the run folder
 * @param schema the summary's schema version
 * @param commit full commit hash, or "nocommit"
 * @param dirty whether the work tree had uncommitted changes
 * @param branch branch, or ""
 * @param runId the run folder's name
 * @param startTime when the run started (from the summary, else from the run id)
 * @param config the run's configuration as written (mode, forks, messages, ...)
 * @param environment the environment as written; null for summaries written before every measuring command stored one
 * @param warnings every warning of the run
 * @param benchmarks the benchmarks, in run order
 * @param pairing how this run's forks were paired with another run's ({@code ab}), or null
 */
public record StoredRun(
        Path dir,
        String schema,
        String commit,
        boolean dirty,
        String branch,
        String runId,
        Instant startTime,
        JsonNode config,
        JsonNode environment,
        List<String> warnings,
        List<Benchmark> benchmarks,
        Pairing pairing) {

    public StoredRun {
        warnings = List.copyOf(warnings);
        benchmarks = List.copyOf(benchmarks);
    }

    /** @return the 12-character commit with {@code -dirty} when the tree was dirty: the store's folder name */
    public String label() {
        String shortCommit = commit.length() > 12 ? commit.substring(0, 12) : commit;
        return dirty ? shortCommit + "-dirty" : shortCommit;
    }

    /** @return the benchmark named {@code name} */
    public Optional<Benchmark> benchmark(String name) {
        return benchmarks.stream().filter(b -> b.name().equals(name)).findFirst();
    }

    /** @return the benchmark names, in run order */
    public List<String> benchmarkNames() {
        return benchmarks.stream().map(Benchmark::name).toList();
    }

    /**
     * One benchmark of a stored run.
     *
     * @param name benchmark name
     * @param stages its stage names
     * @param forksSucceeded forks that produced a result
     * @param failures one line per fork that failed
     * @param summaries merged summaries per series (stages, then total / response)
     * @param forks each successful fork's own summaries
     * @param histograms series name to its HdrHistogram files; empty for summaries written before them
     * @param batch messages per sample ({@code --batch K}): 1 for one a message, and for summaries written before
     *     batches existed
     * @param tail each series' tail shown ({@link TailExemplars}); empty when the run did not read it
     */
    public record Benchmark(
            String name,
            List<String> stages,
            int forksSucceeded,
            List<String> failures,
            List<StageSummary> summaries,
            List<Fork> forks,
            Map<String, Summary.SeriesFiles> histograms,
            int batch,
            List<TailExemplars> tail) {

        /** A benchmark whose tail was not read. */
        public Benchmark(
                String name,
                List<String> stages,
                int forksSucceeded,
                List<String> failures,
                List<StageSummary> summaries,
                List<Fork> forks,
                Map<String, Summary.SeriesFiles> histograms,
                int batch) {
            this(name, stages, forksSucceeded, failures, summaries, forks, histograms, batch, List.of());
        }

        /** A benchmark measured one interval a message. */
        public Benchmark(
                String name,
                List<String> stages,
                int forksSucceeded,
                List<String> failures,
                List<StageSummary> summaries,
                List<Fork> forks,
                Map<String, Summary.SeriesFiles> histograms) {
            this(name, stages, forksSucceeded, failures, summaries, forks, histograms, 1);
        }

        public Benchmark {
            stages = List.copyOf(stages);
            failures = List.copyOf(failures);
            summaries = List.copyOf(summaries);
            forks = List.copyOf(forks);
            histograms = Map.copyOf(histograms);
            tail = tail == null ? List.of() : List.copyOf(tail);
        }

        /**
         * @return {@code outcome} as its stored run reads it back once written: judged before it is stored
         *     ({@code ab}'s interim looks), it is judged on the same figures
         */
        public static Benchmark of(BenchmarkOutcome outcome) {
            String name = outcome.descriptor().name();
            List<Fork> forks = new ArrayList<>();
            for (int i = 0; i < outcome.forks().size(); i++) {
                ForkResult fork = outcome.forks().get(i);
                ForkLayout layout = fork.placement().layout();
                int index = i;
                // made only when asked (a subset of the forks pooled): as the run's logs will hold them once stored
                ForkHistograms histograms =
                        series -> Optional.ofNullable(outcome.perFork().get(series))
                                .map(parts -> LatencyHistograms.of(parts.get(index)));
                forks.add(new Fork(
                        fork.run().fork(),
                        outcome.forkSummaries(i),
                        RunStore.forkResultPath(name, fork.run().fork()),
                        layout == null ? -1 : layout.seed(),
                        CoreContention.of(List.of(fork)).medianNs(),
                        histograms,
                        new ForkWindows(CoreWindows.joined(fork.measurement().replicas()), outcome.windowCentres(i))));
            }
            return new Benchmark(
                    name,
                    outcome.descriptor().stages(),
                    outcome.forks().size(),
                    outcome.failures(),
                    outcome.summaries(),
                    forks,
                    Map.of(),
                    outcome.batch(),
                    outcome.tail());
        }

        /**
         * @return the median over its forks of their replicas' core loop ({@link Fork#coreLoopNs()}): the state of the
         *     measuring core while this benchmark measured, comparable between runs of one machine; empty when no fork
         *     timed it. Per benchmark, not per run: a run's benchmarks measure seconds to minutes apart, and the host's
         *     state can change between them.
         */
        public OptionalDouble coreLoopNs() {
            return CoreContention.medianTimed(
                    forks.stream().mapToDouble(Fork::coreLoopNs).toArray());
        }

        /** @return the series names, in report order (stages, then total / response) */
        public List<String> series() {
            return summaries.stream().map(StageSummary::stage).toList();
        }

        /** @return the merged summary of {@code series} */
        public Optional<StageSummary> summary(String series) {
            return summaries.stream().filter(s -> s.stage().equals(series)).findFirst();
        }
    }

    /**
     * A fork's distribution of each series as an HdrHistogram, in integer ns (exact below 2048 ns, within 0.1 % above):
     * what pools some of a benchmark's forks, whose exact samples a stored run does not keep.
     */
    @FunctionalInterface
    public interface ForkHistograms {

        /** A fork whose histograms were not read (a summary from before histograms). */
        ForkHistograms NONE = series -> Optional.empty();

        /** @return the fork's histogram of {@code series}, if any */
        Optional<Histogram> of(String series);
    }

    /**
     * One fork's summaries.
     *
     * @param fork fork number, from 1
     * @param summaries per series, in ns
     * @param result the fork's own result file ({@code forks/<benchmark>/fork-N.json}), relative to the run folder
     * @param layoutSeed the fork's layout seed, or -1 for a fork that recorded none
     * @param coreLoopNs the median over its replicas of the loop that times the core's share, ns an iteration
     *     ({@link io.stagebench.link.Replica#coreLoopNs()}); 0 when none was timed (an older build's fork)
     * @param histograms its histogram of each series ({@link ForkHistograms#NONE} when not read)
     * @param windows its windows of the core probe ({@link ForkWindows#NONE} when its passes were not probed)
     */
    public record Fork(
            int fork,
            List<StageSummary> summaries,
            String result,
            long layoutSeed,
            double coreLoopNs,
            ForkHistograms histograms,
            ForkWindows windows) {

        public Fork {
            summaries = List.copyOf(summaries);
            windows = windows == null ? ForkWindows.NONE : windows;
        }

        /** A fork whose passes were not probed. */
        public Fork(
                int fork,
                List<StageSummary> summaries,
                String result,
                long layoutSeed,
                double coreLoopNs,
                ForkHistograms histograms) {
            this(fork, summaries, result, layoutSeed, coreLoopNs, histograms, ForkWindows.NONE);
        }

        /** A fork whose histograms were not read. */
        public Fork(int fork, List<StageSummary> summaries, String result, long layoutSeed, double coreLoopNs) {
            this(fork, summaries, result, layoutSeed, coreLoopNs, ForkHistograms.NONE);
        }

        /** @return whether {@code other} is the same fork with the same figures: its histograms are a view of them */
        @Override
        public boolean equals(Object other) {
            return other instanceof Fork f
                    && fork == f.fork
                    && summaries.equals(f.summaries)
                    && result.equals(f.result)
                    && layoutSeed == f.layoutSeed
                    && Double.compare(coreLoopNs, f.coreLoopNs) == 0;
        }

        @Override
        public int hashCode() {
            return Objects.hash(fork, summaries, result, layoutSeed, coreLoopNs);
        }

        /** @return this fork's summary of {@code series} */
        public Optional<StageSummary> summary(String series) {
            return summaries.stream().filter(s -> s.stage().equals(series)).findFirst();
        }
    }
}
