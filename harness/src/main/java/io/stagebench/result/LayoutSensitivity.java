package io.stagebench.result;

import io.stagebench.link.ForkResult;
import io.stagebench.stats.Distribution;
import io.stagebench.stats.StageSummary;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.commons.statistics.inference.OneWayAnova;

/**
 * How far one series' centre moves across layout seeds alone: each seed's centre is the median of the per-fork
 * {@code tmean} of the forks that ran it, and the series is <em>layout-sensitive</em> when those centres span more than
 * {@link #SENSITIVE_RANGE} of the median and a one-way analysis of variance says the seeds differ more than forks of
 * one seed do ({@code p <} {@link #SENSITIVE_P}).
 *
 * <p>Why both conditions: a range alone would call a stage sensitive for one slow fork, which on a shared machine comes
 * at any seed, while the seeds' medians agree. The test alone would call sub-percent differences that no one needs to
 * know of. 10 % is above what forks of one layout disagree by when they agree and above a chance pairing of two slow
 * forks on one seed (docs/decisions.md, "Layout sensitivity"). It is below the layout effects worth knowing (a 4 KiB
 * alias or an L1 set conflict costs tens of percent to several times). It needs at least two seeds measured twice:
 * {@code RunConfig.layoutSeedOf} gives every seed two forks from 4 forks on.
 *
 * <p>IMPLEMENTATION NOTES: two forks a seed cannot tell a layout from two slow forks that landed on one seed by chance;
 * the line is a finding to confirm (the same seed slow in another run, or a run with more forks), not a verdict. The
 * analysis of variance assumes normal noise, and a shared host's slow stretches are not.
 *
 * @param series the series
 * @param layouts seeds measured by at least two forks
 * @param minCentreNs the lowest seed centre
 * @param maxCentreNs the highest seed centre
 * @param medianNs the median per-fork tmean of those forks
 * @param p the analysis of variance's p-value (seeds differ vs forks of one seed)
 */
public record LayoutSensitivity(
        String series, int layouts, double minCentreNs, double maxCentreNs, double medianNs, double p) {

    /** Seed centres spanning more than this fraction of the median are worth a line. */
    public static final double SENSITIVE_RANGE = 0.10;
    /** And only when the seeds differ beyond chance at this level. */
    public static final double SENSITIVE_P = 0.01;

    /** @return the span of the seed centres as a fraction of the median */
    public double range() {
        return (maxCentreNs - minCentreNs) / medianNs;
    }

    /** @return whether the series is layout-sensitive (both conditions of the class comment) */
    public boolean sensitive() {
        return range() > SENSITIVE_RANGE && p < SENSITIVE_P;
    }

    /**
     * @param series the series
     * @param seeds each fork's layout seed, in fork order
     * @param forkTmeanNs each fork's tmean of the series, in the same order
     * @return the assessment, or empty when fewer than two seeds were measured twice
     */
    public static Optional<LayoutSensitivity> of(String series, long[] seeds, double[] forkTmeanNs) {
        Map<Long, List<Double>> bySeed = new LinkedHashMap<>();
        for (int i = 0; i < seeds.length; i++) {
            if (Double.isFinite(forkTmeanNs[i])) {
                bySeed.computeIfAbsent(seeds[i], k -> new ArrayList<>()).add(forkTmeanNs[i]);
            }
        }
        List<double[]> groups = new ArrayList<>();
        bySeed.values().stream()
                .filter(g -> g.size() >= 2)
                .forEach(g ->
                        groups.add(g.stream().mapToDouble(Double::doubleValue).toArray()));
        if (groups.size() < 2) {
            return Optional.empty();
        }
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        List<Double> all = new ArrayList<>();
        for (double[] g : groups) {
            double centre = median(g);
            min = Math.min(min, centre);
            max = Math.max(max, centre);
            Arrays.stream(g).forEach(all::add);
        }
        double median = median(all.stream().mapToDouble(Double::doubleValue).toArray());
        double p = withinSpread(groups) == 0
                ? (max > min ? 0 : 1)
                : OneWayAnova.withDefaults().test(groups).getPValue();
        return Optional.of(new LayoutSensitivity(series, groups.size(), min, max, median, p));
    }

    /**
     * @return the pooled within-seed sum of squares: 0 when forks of each seed agree exactly (the test is then
     *     undefined)
     */
    private static double withinSpread(List<double[]> groups) {
        double ss = 0;
        for (double[] g : groups) {
            double mean = Arrays.stream(g).average().orElse(0);
            for (double v : g) {
                ss += (v - mean) * (v - mean);
            }
        }
        return ss;
    }

    /** @return the median of {@code values} (not changed) */
    static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /**
     * @return the series' layout sensitivity from a benchmark's forks, or empty when they did not measure at least two
     *     seeds twice (or wrote no layout)
     */
    public static Optional<LayoutSensitivity> of(BenchmarkOutcome outcome, String series) {
        List<ForkResult> forks = outcome.forks();
        if (forks.isEmpty() || forks.stream().anyMatch(f -> f.placement().layout() == null)) {
            return Optional.empty();
        }
        long[] seeds =
                forks.stream().mapToLong(f -> f.placement().layout().seed()).toArray();
        List<Distribution> parts = outcome.perFork().getOrDefault(series, List.of());
        double[] tmeans = new double[forks.size()];
        for (int i = 0; i < tmeans.length; i++) {
            // this series only: every fork's summary of every series is not needed for it
            tmeans[i] = i < parts.size() ? StageSummary.of(series, parts.get(i)).tmeanNs() : Double.NaN;
        }
        return of(series, seeds, tmeans);
    }

    /** @return every series of {@code outcome} that could be assessed, in series order */
    public static List<LayoutSensitivity> of(BenchmarkOutcome outcome) {
        List<LayoutSensitivity> out = new ArrayList<>();
        outcome.perFork().keySet().forEach(series -> of(outcome, series).ifPresent(out::add));
        return out;
    }
}
