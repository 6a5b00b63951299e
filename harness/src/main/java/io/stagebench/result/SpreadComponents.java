package io.stagebench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.stagebench.stats.Distribution;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * How a series' centre ({@code tmean}, the mean of the samples at or below p99) spreads at each level of the run:
 * between forks (fresh JVMs), between setups within a fork (replicas), and within a setup (windows of its measured pass
 * in message order). Estimated by the method of moments of a balanced nested analysis of variance over forks x replicas
 * x windows (a component that comes out negative is 0), each as a standard deviation in % of the grand centre. This is
 * the first step of Kalibera and Jones's design ("Rigorous benchmarking in reasonable time", ISMM 2013): the share of
 * noise at each level, which with each level's cost says where a further repetition buys the most
 * ({@link ReplicaPlan}).
 *
 * <p>Measurement hazard: windows of one pass are autocorrelated (a fork's level drifts slowly), so the within-setup
 * share read from them is a lower bound, and the setups' share absorbs the rest.
 *
 * @param forks forks that measured the series
 * @param replicas replicas per fork (the fewest any fork had)
 * @param windows windows per replica
 * @param windowSamples samples in a window (the fewest)
 * @param centreNs the grand centre: the mean of the replicas' centres
 * @param forkPct sd of a fork's level beyond what its setups explain; null (not written) for one fork
 * @param setupPct sd of a setup's level beyond what its windows explain; null (not written) for one replica
 * @param withinPct sd a replica's centre owes to its own samples: a window's sd over the root of the windows
 * @param windowPct sd of one window's centre, the within-setup noise at {@code windowSamples} samples
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SpreadComponents(
        int forks,
        int replicas,
        int windows,
        int windowSamples,
        double centreNs,
        Double forkPct,
        Double setupPct,
        double withinPct,
        double windowPct) {

    /** Windows each replica's measured samples are cut into. */
    public static final int WINDOWS = 8;
    /** The fewest samples in a window: fewer and a window's trimmed mean is mostly its own noise. */
    public static final int MIN_WINDOW_SAMPLES = 50;
    /** The share of the samples a centre keeps: at or below this percentile ({@code tmean}). */
    private static final double CENTRE_PERCENTILE = 99;

    /**
     * @param samples per fork, per replica, that replica's samples of the series in message order
     * @return the components; null when there are too few samples for two windows in some replica
     */
    public static SpreadComponents estimate(List<List<double[]>> samples) {
        if (samples.isEmpty()) {
            return null;
        }
        int replicas = Integer.MAX_VALUE;
        int fewest = Integer.MAX_VALUE;
        for (List<double[]> fork : samples) {
            replicas = Math.min(replicas, fork.size());
            for (double[] replica : fork) {
                fewest = Math.min(fewest, replica.length);
            }
        }
        int windows = Math.min(WINDOWS, fewest / MIN_WINDOW_SAMPLES);
        if (replicas < 1 || windows < 2) {
            return null;
        }
        int forks = samples.size();
        double[][][] y = new double[forks][replicas][windows];
        for (int f = 0; f < forks; f++) {
            for (int r = 0; r < replicas; r++) {
                double[] s = samples.get(f).get(r);
                for (int w = 0; w < windows; w++) {
                    int from = (int) ((long) s.length * w / windows);
                    int to = (int) ((long) s.length * (w + 1) / windows);
                    y[f][r][w] =
                            Distribution.of(Arrays.copyOfRange(s, from, to)).trimmedMean(CENTRE_PERCENTILE);
                }
            }
        }
        return fromWindows(y, fewest / windows);
    }

    /**
     * The balanced nested analysis of variance of window centres {@code y[fork][replica][window]}.
     *
     * @param windowSamples the samples each window's centre rests on, for the record
     */
    static SpreadComponents fromWindows(double[][][] y, int windowSamples) {
        int forks = y.length;
        int replicas = y[0].length;
        int windows = y[0][0].length;
        double[][] replicaMean = new double[forks][replicas];
        double[] forkMean = new double[forks];
        double grand = 0;
        for (int f = 0; f < forks; f++) {
            for (int r = 0; r < replicas; r++) {
                replicaMean[f][r] = mean(y[f][r]);
                forkMean[f] += replicaMean[f][r] / replicas;
            }
            grand += forkMean[f] / forks;
        }
        double ssWithin = 0;
        double ssReplicas = 0;
        double ssForks = 0;
        for (int f = 0; f < forks; f++) {
            for (int r = 0; r < replicas; r++) {
                for (int w = 0; w < windows; w++) {
                    ssWithin += square(y[f][r][w] - replicaMean[f][r]);
                }
                ssReplicas += windows * square(replicaMean[f][r] - forkMean[f]);
            }
            ssForks += (double) replicas * windows * square(forkMean[f] - grand);
        }
        double msWithin = ssWithin / (forks * replicas * (windows - 1.0));
        double msReplicas = replicas > 1 ? ssReplicas / (forks * (replicas - 1.0)) : Double.NaN;
        double msForks = forks > 1 ? ssForks / (forks - 1.0) : Double.NaN;
        double windowVar = msWithin;
        double setupVar = replicas > 1 ? Math.max(0, (msReplicas - msWithin) / windows) : Double.NaN;
        // a fork's mean square holds the setups' and windows' share as a fork's replicas average them
        double below = replicas > 1 ? msReplicas : msWithin;
        double forkVar = forks > 1 ? Math.max(0, (msForks - below) / (replicas * windows)) : Double.NaN;
        return new SpreadComponents(
                forks,
                replicas,
                windows,
                windowSamples,
                grand,
                orNull(pct(forkVar, grand)),
                orNull(pct(setupVar, grand)),
                pct(windowVar / windows, grand),
                pct(windowVar, grand));
    }

    /**
     * Pools the components several runs estimated for one series, each level's variance weighted by the degrees of
     * freedom its estimate rests on: a fork's by forks - 1, a setup's by forks x (replicas - 1), a window's by forks x
     * replicas x (windows - 1). One run's fork component rests on a handful of forks and swings from 0 to several %
     * between runs of the same code; a plan ({@link ReplicaPlan}) built on one such figure swings with it.
     *
     * @param parts the runs' components, at least one
     * @return their pooled components: forks summed, replicas, windows and samples the fewest, the centre the
     *     forks-weighted mean; a level no part estimated stays null
     */
    public static SpreadComponents pool(List<SpreadComponents> parts) {
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("nothing to pool");
        }
        if (parts.size() == 1) {
            return parts.get(0);
        }
        int forks = 0;
        int replicas = Integer.MAX_VALUE;
        int windows = Integer.MAX_VALUE;
        int windowSamples = Integer.MAX_VALUE;
        double centreSum = 0;
        double[] fork = new double[2];
        double[] setup = new double[2];
        double[] within = new double[2];
        double[] window = new double[2];
        for (SpreadComponents part : parts) {
            forks += part.forks;
            replicas = Math.min(replicas, part.replicas);
            windows = Math.min(windows, part.windows);
            windowSamples = Math.min(windowSamples, part.windowSamples);
            centreSum += part.forks * part.centreNs;
            addWeighted(fork, part.forkPct, part.forks - 1.0);
            addWeighted(setup, part.setupPct, part.forks * (part.replicas - 1.0));
            double windowDf = part.forks * part.replicas * (part.windows - 1.0);
            addWeighted(within, part.withinPct, windowDf);
            addWeighted(window, part.windowPct, windowDf);
        }
        return new SpreadComponents(
                forks,
                replicas,
                windows,
                windowSamples,
                centreSum / forks,
                pooledPct(fork),
                pooledPct(setup),
                orNaN(pooledPct(within)),
                orNaN(pooledPct(window)));
    }

    /**
     * Adds {@code pct}'s variance, weighted, to {@code sums} ({weighted variance, weight}); a null or unweighted one is
     * left out.
     */
    private static void addWeighted(double[] sums, Double pct, double weight) {
        if (pct == null || Double.isNaN(pct) || weight <= 0) {
            return;
        }
        sums[0] += weight * pct * pct;
        sums[1] += weight;
    }

    private static Double pooledPct(double[] sums) {
        return sums[1] == 0 ? null : Math.sqrt(sums[0] / sums[1]);
    }

    private static double orNaN(Double value) {
        return value == null ? Double.NaN : value;
    }

    /** @return the line a run prints, e.g. {@code forks 1.2%, setups 6.8%, within 2.1%} */
    public String describe() {
        List<String> parts = new ArrayList<>();
        parts.add("forks " + (forkPct == null ? "n/a (1 fork)" : String.format(Locale.ROOT, "%.1f%%", forkPct)));
        parts.add("setups " + (setupPct == null ? "n/a (1 replica)" : String.format(Locale.ROOT, "%.1f%%", setupPct)));
        parts.add(String.format(Locale.ROOT, "within %.1f%%", withinPct));
        return String.join(", ", parts);
    }

    private static double mean(double[] values) {
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return sum / values.length;
    }

    private static double square(double v) {
        return v * v;
    }

    private static Double orNull(double value) {
        return Double.isNaN(value) ? null : value;
    }

    private static double pct(double variance, double centre) {
        return Double.isNaN(variance) || centre <= 0 ? Double.NaN : 100.0 * Math.sqrt(variance) / centre;
    }
}
