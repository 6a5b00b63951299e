package io.stagebench.host;

import io.stagebench.api.SeriesNames;
import io.stagebench.config.RunConfig;
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
 * {@code --batch auto}: runs a benchmark's pilot fork, one interval a message, and chooses its batch by
 * {@link BatchChoice}'s rule.
 *
 * <p>Measurement hazard: the pilot is one fork of {@link BatchChoice#PILOT_MESSAGES} messages; a fork in a slow mode of
 * its own picks a smaller K than the others would. The choice only needs the share below the target, not an exact K,
 * and every fork of the run then uses the same K, printed and stored with the figures it came from.
 */
public final class BatchPilot {

    private BatchPilot() {}

    /**
     * Runs a pilot fork of {@code descriptor} under {@code config} (one fork, unbatched, in the run's {@code pilot}
     * folder) and chooses its batch.
     */
    static BatchChoice pilot(
            RunConfig config,
            BenchmarkDescriptor descriptor,
            ForkLauncher launcher,
            CpuList serviceCpus,
            PrintStream progress,
            String tag)
            throws IOException {
        RunConfig pilot = config.pilot(
                descriptor.name(), BatchChoice.PILOT_MESSAGES, config.runDir().resolve("pilot"));
        BenchmarkForks forks = new BenchmarkForks(pilot, descriptor, launcher, serviceCpus, progress, tag + " pilot");
        forks.runFork(1);
        BenchmarkOutcome outcome = forks.merge();
        if (outcome.forks().isEmpty()) {
            return new BatchChoice(
                    1,
                    Double.NaN,
                    Double.NaN,
                    Double.NaN,
                    "its pilot fork failed (" + String.join("; ", outcome.failures()) + ")");
        }
        return choose(outcome, config.messages());
    }

    /** @return the choice the pilot {@code outcome} supports, K at most {@code messages} */
    static BatchChoice choose(BenchmarkOutcome outcome, int messages) {
        ForkResult fork = outcome.forks().get(0);
        double probeNs = fork.ruler().subtractedNs();
        Distribution series = outcome.merged().get(SeriesNames.UNMARKED);
        if (series == null) {
            series = outcome.merged()
                    .get(LatencySeries.batchedSeries(outcome.descriptor().stages()));
        }
        double perMessageNs = series.percentile(50);
        int k = BatchChoice.choose(probeNs, perMessageNs, messages);
        return new BatchChoice(k, probeNs, perMessageNs, BatchChoice.probeShare(probeNs, perMessageNs, k), null);
    }
}
