package io.stagebench.extension;

import io.stagebench.link.ForkResult;
import io.stagebench.output.RunReport;
import io.stagebench.result.BenchmarkOutcome;
import io.stagebench.result.CoreContention;
import io.stagebench.result.LatencySeries;
import io.stagebench.stats.Distribution;
import java.util.List;
import java.util.Optional;

/**
 * One measured run, before it is stored: the report {@code stagebench run} prints, its warnings, and each benchmark's
 * figures, for a command that compares them with figures of its own. Every figure is in nanoseconds, computed from the
 * forks' raw samples as the run's report computes them.
 */
public final class RunResults {

    private final Session.Run run;
    private final List<BenchmarkOutcome> outcomes;
    private final RunReport report;

    RunResults(Session.Run run, List<BenchmarkOutcome> outcomes) {
        this.run = run;
        this.outcomes = List.copyOf(outcomes);
        this.report = run.measurement().report(outcomes);
    }

    /** @return the run measured */
    public Session.Run run() {
        return run;
    }

    /** @return the run's text report, as {@code stagebench run} prints it */
    public String reportText() {
        return report.toText();
    }

    /** @return the run's warnings, as its report prints them (without the {@code *** WARNING:} prefix) */
    public List<String> warnings() {
        return report.warnings();
    }

    /** @return the figures of benchmark {@code name}, empty when the run did not measure it */
    public Optional<Benchmark> benchmark(String name) {
        return outcomes.stream()
                .filter(o -> o.descriptor().name().equals(name))
                .findFirst()
                .map(Benchmark::new);
    }

    List<BenchmarkOutcome> outcomes() {
        return outcomes;
    }

    /** One benchmark's figures: per series the samples of every fork pooled, and each fork's own. */
    public static final class Benchmark {

        private final BenchmarkOutcome outcome;

        Benchmark(BenchmarkOutcome outcome) {
            this.outcome = outcome;
        }

        /** @return messages per timed interval of the forks (1: one a message) */
        public int batch() {
            return outcome.batch();
        }

        /** @return the name of the one series of a batched run: its stage, or {@code total} for a pipeline */
        public String batchedSeries() {
            return LatencySeries.batchedSeries(outcome.descriptor().stages());
        }

        /** @return the samples of {@code series} of every successful fork, pooled; empty when there are none */
        public Optional<Samples> merged(String series) {
            return Optional.ofNullable(outcome.merged().get(series)).map(Samples::new);
        }

        /** @return each successful fork's samples of {@code series}, in fork order */
        public List<Samples> perFork(String series) {
            return outcome.perFork().getOrDefault(series, List.of()).stream()
                    .map(Samples::new)
                    .toList();
        }

        /**
         * @return each successful fork's mean per message of its batches, in fork order: with a preparation pass
         *     ({@link io.stagebench.api.Preparation}) the whole pass's mean less the preparation pass's, where the
         *     batched series' samples, each pair cut at 0, lean high by what interrupted the preparation
         *     ({@link LatencySeries#batchedMeanNs}); empty for a run that is not batched
         */
        public List<Double> batchMeansNs() {
            return outcome.batchMeansNs();
        }

        /**
         * @return each successful fork's state of the measuring core, in fork order: the median over its replicas of an
         *     issue-bound loop timed around their passes ({@link io.stagebench.clock.CoreLoop}), ns an iteration; 0 for
         *     a fork that timed none (no warm-up)
         */
        public List<Double> coreLoopNs() {
            return outcome.forks().stream()
                    .map(f -> CoreContention.of(List.of(f)).medianNs())
                    .toList();
        }

        /**
         * @return the probe's cost, averaged over the successful forks: what was subtracted per timed interval, the
         *     median probe measured and the counter's step; empty without a successful fork
         */
        public Optional<ProbeCost> probe() {
            List<ForkResult> forks = outcome.forks();
            if (forks.isEmpty()) {
                return Optional.empty();
            }
            double subtracted = 0;
            double median = 0;
            double step = 0;
            for (ForkResult fork : forks) {
                subtracted += fork.ruler().subtractedNs();
                median +=
                        fork.ruler().calibration().toNs(fork.ruler().overhead().medianTicks());
                step += fork.ruler().stepNs();
            }
            return Optional.of(new ProbeCost(subtracted / forks.size(), median / forks.size(), step / forks.size()));
        }
    }

    /**
     * The cost of the probe (the begin and end reads around a timed interval), in ns.
     *
     * @param subtractedNs what is subtracted from every interval
     * @param medianNs the median probe measured
     * @param stepNs the counter's step: the coarser of the back-to-back and the interval step
     */
    public record ProbeCost(double subtractedNs, double medianNs, double stepNs) {}

    /** Samples of one series, in ns. */
    public static final class Samples {

        private final Distribution distribution;

        Samples(Distribution distribution) {
            this.distribution = distribution;
        }

        /** @return how many samples */
        public long count() {
            return distribution.count();
        }

        /** @return the samples in ascending order (a copy) */
        public double[] sortedNs() {
            return distribution.sortedValues();
        }

        /** @return the {@code percentile} (0 to 100) of the samples, as the run's report computes it */
        public double percentileNs(double percentile) {
            return distribution.percentile(percentile);
        }
    }
}
