package io.stagebench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.stagebench.link.ForkResult;
import io.stagebench.link.Replica;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * What each level of repetition cost in wall time, the other half of a plan ({@link ReplicaPlan}): a fork (a JVM's
 * start, its ruler, the whole warm-up on a setup of its own, its first replica, its end), a further setup in the same
 * JVM (its setup, the wait for the compiler, its short warm-up; its measured pass apart) and a measured message.
 *
 * @param forkS median wall time of a fork less its replicas after the first
 * @param setupS median wall time of a replica after the first, less its measured passes; null (not written) when no
 *     fork had two
 * @param messageNs median wall time of a measured message, its unmarked or preparation pass included
 * @param startS median time from a fork's launch to its first measured message (the JVM's start, the ruler, the warm-up
 *     and its checks): what a fork costs before it measures; null (not written) when no fork's was measured (forks that
 *     took turns wait on their partner's)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RepetitionCosts(double forkS, Double setupS, double messageNs, Double startS) {

    /** Costs without a fork's start ({@link #startS}). */
    public RepetitionCosts(double forkS, Double setupS, double messageNs) {
        this(forkS, setupS, messageNs, null);
    }

    /**
     * @param forks the forks that succeeded
     * @param wallMs each one's wall time as its launcher saw it, from launch to exit, in the same order
     * @param startMs each one's time from launch to its first measured message, in the same order; negative where
     *     unknown
     * @return the costs; null when no fork succeeded
     */
    public static RepetitionCosts of(List<ForkResult> forks, List<Long> wallMs, List<Long> startMs) {
        if (forks.isEmpty()) {
            return null;
        }
        List<Double> fork = new ArrayList<>();
        List<Double> setup = new ArrayList<>();
        List<Double> message = new ArrayList<>();
        for (int i = 0; i < forks.size() && i < wallMs.size(); i++) {
            double later = 0;
            for (Replica r : forks.get(i).measurement().replicas()) {
                double measuredMs = r.measureEndEpochMs() - r.measureStartEpochMs();
                if (r.measuredMessages() > 0 && r.measureEndEpochMs() > 0) {
                    message.add(measuredMs * 1e6 / r.measuredMessages());
                }
                if (r.replica() > 1) {
                    later += r.wallMs();
                    setup.add(Math.max(0, r.wallMs() - measuredMs) / 1000.0);
                }
            }
            fork.add((wallMs.get(i) - later) / 1000.0);
        }
        double setupS = median(setup);
        double startS = median(
                startMs.stream().filter(ms -> ms >= 0).map(ms -> ms / 1000.0).toList());
        return new RepetitionCosts(
                median(fork),
                Double.isNaN(setupS) ? null : setupS,
                median(message),
                Double.isNaN(startS) ? null : startS);
    }

    /**
     * @param parts several runs' costs, at least one
     * @return each cost the median of the runs that measured it (a setup's null when none did)
     */
    public static RepetitionCosts pool(List<RepetitionCosts> parts) {
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("nothing to pool");
        }
        double setupS = median(parts.stream()
                .map(RepetitionCosts::setupS)
                .filter(Objects::nonNull)
                .toList());
        double startS = median(parts.stream()
                .map(RepetitionCosts::startS)
                .filter(Objects::nonNull)
                .toList());
        return new RepetitionCosts(
                median(parts.stream()
                        .map(RepetitionCosts::forkS)
                        .filter(s -> !Double.isNaN(s))
                        .toList()),
                Double.isNaN(setupS) ? null : setupS,
                median(parts.stream()
                        .map(RepetitionCosts::messageNs)
                        .filter(s -> !Double.isNaN(s))
                        .toList()),
                Double.isNaN(startS) ? null : startS);
    }

    /**
     * @param replicas the replicas a fork measures
     * @param messages the messages a replica measures
     * @return the forecast wall time of a pair of such forks, A's and B's, one after the other on the measuring CPU:
     *     each a fork and its further replicas with their measured passes; empty when a cost it needs was not measured
     */
    public OptionalDouble pairS(int replicas, long messages) {
        double replicaS = setupS == null ? Double.NaN : setupS + messages * messageNs / 1e9;
        double forkS = this.forkS + (replicas > 1 ? (replicas - 1) * replicaS : 0);
        return Double.isFinite(forkS) ? OptionalDouble.of(2 * forkS) : OptionalDouble.empty();
    }

    /** @return the cost line, e.g. {@code a fork 3.1 s (measuring from 1.4 s), a setup 0.31 s} */
    public String describe() {
        return String.format(Locale.ROOT, "a fork %.1f s", forkS)
                + (startS == null ? "" : String.format(Locale.ROOT, " (measuring from %.2f s)", startS))
                + (setupS == null ? "" : String.format(Locale.ROOT, ", a setup %.2f s", setupS));
    }

    private static double median(List<Double> values) {
        if (values.isEmpty()) {
            return Double.NaN;
        }
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(sorted);
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }
}
