package io.stagebench.stats;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * Turns exact nanosecond distributions into HdrHistograms for the result files.
 *
 * <p>Values are recorded in <em>integer nanoseconds, rounded to the nearest</em> ({@code Math.round}): the samples are
 * fractional (ticks divided by the calibrated ticks per ns), the error of rounding is at most 0.5 ns and unbiased, and
 * it is small beside a fenced probe's own cost, which every interval carries. Rounding up would add a bias of up to 1
 * ns to every sample instead. The histogram keeps {@value #SIGNIFICANT_DIGITS} significant digits: exact below 2048 ns,
 * within 0.1 % above. The exact percentiles and the exact max stay in {@code summary.json}; the histogram is the
 * portable, mergeable copy of the whole distribution.
 */
public final class LatencyHistograms {

    /** Significant decimal digits every stored histogram keeps. */
    public static final int SIGNIFICANT_DIGITS = 3;

    private LatencyHistograms() {}

    /**
     * @param ns a latency in nanoseconds, not negative
     * @return the integer value recorded for it
     */
    public static long toRecordedNs(double ns) {
        if (!(ns >= 0)) {
            throw new IllegalArgumentException("latency must be a non-negative number of ns, got " + ns);
        }
        return Math.round(ns);
    }

    /**
     * @return a histogram of every sample of {@code distribution}, in integer ns: each value recorded once with its
     *     count, as the sorted samples give them in runs (a stage's millions of samples take a few thousand values)
     */
    public static Histogram of(Distribution distribution) {
        Histogram histogram = new Histogram(SIGNIFICANT_DIGITS);
        distribution.forEachRun(LatencyHistograms::toRecordedNs, histogram::recordValueWithCount);
        return histogram;
    }

    /**
     * Summarises the samples of {@code histogram} as {@link StageSummary#of(String, Distribution)} does exact ones -
     * nearest-rank percentiles, the trimmed mean, the ranks of too few samples beyond - over its recorded values, in
     * integer ns: exact below 2048 ns to the ns the samples were rounded to, within 0.1 % above. What pools some of a
     * stored run's forks, whose exact samples the run does not keep.
     */
    public static StageSummary summary(String series, Histogram histogram) {
        long count = histogram.getTotalCount();
        double[] percentiles = Distribution.STANDARD_PERCENTILES;
        double[] values = new double[percentiles.length];
        List<String> unreliable = new ArrayList<>();
        for (int i = 0; i < percentiles.length; i++) {
            long rank = Distribution.nearestRank(percentiles[i], count);
            values[i] = valueAtRank(histogram, rank);
            if (count - rank < Distribution.MIN_SAMPLES_BEYOND) {
                unreliable.add(StageSummary.label(percentiles[i]));
            }
        }
        long keep = Distribution.nearestRank(StageSummary.TRIM_PERCENTILE, count);
        double sum = 0;
        long seen = 0;
        for (HistogramIterationValue v : histogram.recordedValues()) {
            long take = Math.min(v.getCountAtValueIteratedTo(), keep - seen);
            sum += take * (double) histogram.medianEquivalentValue(v.getValueIteratedTo());
            seen += take;
            if (seen == keep) {
                break;
            }
        }
        return new StageSummary(
                series,
                count,
                values[0],
                values[1],
                values[2],
                values[3],
                values[4],
                histogram.medianEquivalentValue(histogram.getMaxValue()),
                histogram.medianEquivalentValue(histogram.getMinValue()),
                unreliable,
                sum / keep);
    }

    /** @return the recorded value of rank {@code rank} (from 1) */
    private static double valueAtRank(Histogram histogram, long rank) {
        long seen = 0;
        for (HistogramIterationValue v : histogram.recordedValues()) {
            seen += v.getCountAtValueIteratedTo();
            if (seen >= rank) {
                return histogram.medianEquivalentValue(v.getValueIteratedTo());
            }
        }
        return Double.NaN;
    }

    /** @return the sum of {@code parts} (a copy; the parts are not changed) */
    public static Histogram merge(List<Histogram> parts) {
        Histogram merged = new Histogram(SIGNIFICANT_DIGITS);
        for (Histogram part : parts) {
            merged.add(part);
        }
        return merged;
    }
}
