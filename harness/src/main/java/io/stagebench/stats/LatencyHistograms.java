package io.stagebench.stats;

import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * Turns exact nanosecond distributions into HdrHistograms for the result files.
 *
 * <p>Values are recorded in <em>integer nanoseconds, rounded to the nearest</em>
 * ({@code Math.round}): the samples are fractional (ticks divided by the calibrated ticks
 * per ns), the error of rounding is at most 0.5 ns and unbiased, and it is small beside a
 * fenced probe's own cost, which every interval carries. Rounding up would add a
 * bias of up to 1 ns to every sample instead. The histogram keeps
 * {@value #SIGNIFICANT_DIGITS} significant digits: exact below 2048 ns, within 0.1 % above.
 * The exact percentiles and the exact max stay in {@code summary.json}; the histogram is
 * the portable, mergeable copy of the whole distribution.
 */
public final class LatencyHistograms {

    /** Significant decimal digits every stored histogram keeps. */
    public static final int SIGNIFICANT_DIGITS = 3;

    private LatencyHistograms() {
    }

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
     *         count, as the sorted samples give them in runs (a stage's millions of samples take a few thousand values)
     */
    public static Histogram of(Distribution distribution) {
        Histogram histogram = new Histogram(SIGNIFICANT_DIGITS);
        distribution.forEachRun(LatencyHistograms::toRecordedNs, histogram::recordValueWithCount);
        return histogram;
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
