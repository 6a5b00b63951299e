package io.stagebench.extension;

import io.stagebench.config.Batch;
import io.stagebench.config.RunConfig;
import io.stagebench.link.Warmup;
import io.stagebench.registry.BenchmarkRegistry;
import io.stagebench.result.BenchmarkOutcome;
import io.stagebench.session.MeasurementSession;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * Runs of stagebench benchmarks measured from a contributed command, the way {@code stagebench run} measures them: on
 * the measuring CPU chosen by {@link Measuring#open}, each run in its own folder with the environment captured before
 * it, its benchmarks' forks one after another (fresh JVMs with the harness's flags, progress on stderr), and stored as
 * a complete run (summary, histograms, {@code jmh-result.json}, HTML report).
 *
 * <p>Per run: {@link #begin}, {@link #measure}, {@link #store}. Nothing is written before {@code begin}.
 */
public final class Session {

    private final MeasurementSession session;
    private final UnaryOperator<RunConfig.Builder> settings;

    Session(MeasurementSession session, UnaryOperator<RunConfig.Builder> settings) {
        this.session = session;
        this.settings = settings;
    }

    /**
     * How much a run measures; everything else is the session's options and the harness's defaults.
     *
     * @param forks forks per benchmark
     * @param warmupMessages warm-up messages per fork (bounded by count only)
     * @param messages measured messages per fork
     * @param batch messages per timed interval: {@link Batch#ONE} for one interval a message, a count K, or
     *     {@link Batch#AUTO} for a K each benchmark's pilot chooses
     * @param params benchmark parameters, as {@code --param NAME=VALUE} gives them
     */
    public record Plan(int forks, long warmupMessages, int messages, Batch batch, Map<String, String> params) {

        public Plan {
            Objects.requireNonNull(batch, "batch");
            params = Map.copyOf(params);
        }
    }

    /** A run begun: its folder exists, nothing is measured yet. */
    public static final class Run {

        private final MeasurementSession.Measurement measurement;

        Run(MeasurementSession.Measurement measurement) {
            this.measurement = measurement;
        }

        /** @return the run folder, where a command may put files of its own beside the run's */
        public Path dir() {
            return measurement.dir();
        }

        /** @return how messages are offered, as {@code --mode} names it ({@code back-to-back}) */
        public String mode() {
            return measurement.config().mode().id();
        }

        MeasurementSession.Measurement measurement() {
            return measurement;
        }
    }

    /** What {@link #store} wrote. */
    public static final class Stored {

        private final MeasurementSession.Stored stored;

        Stored(MeasurementSession.Stored stored) {
            this.stored = stored;
        }

        /** @return whether the HTML report was written (the results are complete without it) */
        public boolean reportWritten() {
            return stored.report() != null;
        }

        /** Prints "report: PATH", or a {@code *** WARNING:} saying how to write the report again. */
        public void printReport(PrintWriter out) {
            stored.printReport(out);
        }
    }

    /** @return the measuring CPU */
    public int cpu() {
        return session.cpu();
    }

    /**
     * Begins a run of the project's benchmarks: creates its folder under the results folder, builds its configuration
     * and captures the environment.
     *
     * @param benchmarks benchmark names, in run order
     * @throws io.stagebench.config.UsageException when the results folder is not writable
     */
    public Run begin(List<String> benchmarks, Plan plan) {
        return new Run(session.begin(
                Harness.projectHome(),
                benchmarks,
                builder -> settings.apply(builder)
                        .forks(plan.forks())
                        .warmup(Warmup.ofMessages(plan.warmupMessages()))
                        .messages(plan.messages())
                        .batch(plan.batch())
                        .params(plan.params())));
    }

    /**
     * Something a command measures between a run's forks, side by side with them in time.
     *
     * <p>Hazard: whatever runs here runs while no fork measures, but it must leave the measuring CPU as it found it
     * (nothing of its own still running there) before it returns.
     */
    @FunctionalInterface
    public interface BetweenForks {

        /**
         * Called after each fork of {@code run} ends, before the next one starts.
         *
         * @param benchmark the benchmark whose fork ended
         * @param fork its number, from 1
         */
        void forkEnded(String benchmark, int fork);
    }

    /** Runs every benchmark of {@code run}, forks one after another; progress on stderr. */
    public RunResults measure(Run run) throws IOException {
        return measure(run, (benchmark, fork) -> {});
    }

    /** As {@link #measure(Run)}, {@code between} called after each fork ends. */
    public RunResults measure(Run run, BetweenForks between) throws IOException {
        List<BenchmarkOutcome> outcomes = session.run(
                run.measurement(), BenchmarkRegistry.load(), session.launchers().own(), between::forkEnded);
        return new RunResults(run, outcomes);
    }

    /**
     * Stores the complete run as every measuring command does.
     *
     * @param warnings every warning of the run, as printed (the machine's readiness warnings are added)
     * @throws IOException when a result file cannot be written
     */
    public Stored store(RunResults results, List<String> warnings) throws IOException {
        return new Stored(session.store(results.run().measurement(), results.outcomes(), warnings));
    }
}
