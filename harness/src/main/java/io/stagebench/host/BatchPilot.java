package io.stagebench.host;

import io.stagebench.api.SeriesNames;
import io.stagebench.link.ForkResult;
import io.stagebench.registry.BenchmarkDescriptor;
import io.stagebench.result.BatchChoice;
import io.stagebench.result.BenchmarkOutcome;
import io.stagebench.result.LatencySeries;
import io.stagebench.stats.Distribution;
import io.stagebench.system.CpuList;
import java.io.IOException;
import java.io.PrintStream;

/**
 * {@code --batch auto}: the smallest batch - a power of two - that puts the probe below
 * {@value #TARGET_PROBE_PERCENT}% of the timed interval, chosen per benchmark from a short pilot
 * fork measured one interval a message.
 *
 * <p>A batch of K messages costs K x m + p ticks to time (m the per-message cost the pilot's p50
 * puts on the messages, p the probe overhead), so the probe's share of the interval is
 * p / (K x m + p). The pilot's m is the benchmark's stage (its unmarked total for a pipeline,
 * which a batch times with its marks off).
 *
 * <p>Measurement hazard: the pilot is one fork of {@value #PILOT_MESSAGES} messages; a fork in a
 * slow mode of its own picks a smaller K than the others would. The choice only needs the share
 * below the target, not an exact K, and every fork of the run then uses the same K, printed and
 * stored with the figures it came from.
 */
public final class BatchPilot {

    /** Largest probe share of a batch's interval {@code auto} accepts, in percent. */
    public static final int TARGET_PROBE_PERCENT = 5;
    /** Largest batch {@code auto} chooses. */
    public static final int MAX_BATCH = 4096;
    /** Measured (and at most warm-up) messages of a pilot fork. */
    public static final int PILOT_MESSAGES = 20_000;

    private BatchPilot() {
    }

    /** @return the probe's share of the interval of {@code batch} messages of {@code perMessageNs} each */
    public static double probeShare(double probeNs, double perMessageNs, int batch) {
        double intervalNs = batch * Math.max(0.0, perMessageNs) + probeNs;
        return intervalNs <= 0 ? 1.0 : probeNs / intervalNs;
    }

    /**
     * @param maxBatch the largest K allowed (the measured messages, say)
     * @return the smallest power of two K, at most {@code min(maxBatch, MAX_BATCH)}, whose probe
     *         share is below the target; the largest allowed when none is
     */
    public static int choose(double probeNs, double perMessageNs, int maxBatch) {
        int limit = Math.max(1, Math.min(maxBatch, MAX_BATCH));
        int k = 1;
        while (k * 2 <= limit && probeShare(probeNs, perMessageNs, k) >= TARGET_PROBE_PERCENT / 100.0) {
            k *= 2;
        }
        return k;
    }

    /**
     * Runs a pilot fork of {@code descriptor} under {@code config} (one fork, unbatched, in the run's
     * {@code pilot} folder) and chooses its batch.
     */
    static BatchChoice pilot(RunConfig config, BenchmarkDescriptor descriptor, ForkLauncher launcher, CpuList serviceCpus,
                        PrintStream progress, String tag) throws IOException {
        RunConfig pilot = config.pilot(descriptor.name(), PILOT_MESSAGES, config.runDir().resolve("pilot"));
        BenchmarkForks forks = new BenchmarkForks(pilot, descriptor, launcher, serviceCpus, progress, tag + " pilot");
        forks.runFork(1);
        BenchmarkOutcome outcome = forks.merge();
        if (outcome.forks().isEmpty()) {
            return new BatchChoice(1, Double.NaN, Double.NaN, Double.NaN, "its pilot fork failed ("
                    + String.join("; ", outcome.failures()) + ")");
        }
        return choose(outcome, config.messages());
    }

    /** @return the choice the pilot {@code outcome} supports, K at most {@code messages} */
    static BatchChoice choose(BenchmarkOutcome outcome, int messages) {
        ForkResult fork = outcome.forks().get(0);
        double probeNs = fork.ruler().subtractedNs();
        Distribution series = outcome.merged().get(SeriesNames.UNMARKED);
        if (series == null) {
            series = outcome.merged().get(LatencySeries.batchedSeries(outcome.descriptor().stages()));
        }
        double perMessageNs = series.percentile(50);
        int k = choose(probeNs, perMessageNs, messages);
        return new BatchChoice(k, probeNs, perMessageNs, probeShare(probeNs, perMessageNs, k), null);
    }
}
