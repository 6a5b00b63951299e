package io.stagebench.stats;

import java.util.Arrays;
import java.util.List;
import java.util.function.DoubleToLongFunction;

/**
 * An exact latency distribution: every sample kept (as a float, below) and sorted, so every percentile is exact and
 * distributions merge by pooling samples - never by averaging percentiles.
 *
 * <p>Samples are held as {@code float}s: 4 bytes where an {@code ab} holds tens of millions of samples a side, and a
 * 24-bit significand, so a held sample is within 6e-8 of its value (0.00006 ns at 1 us, 0.06 ns at 1 ms): finer than
 * one tick of a 2.5 GHz counter (0.4 ns) below ~7 ms, and than a 10 ns interval step below ~80 ms. Sums (the trimmed
 * mean) are taken in doubles.
 *
 * <p>Percentiles use the nearest-rank definition: the p-th percentile of n samples is the sample of rank ceil(p/100 *
 * n). A percentile is <em>reliable</em> only when at least {@value #MIN_SAMPLES_BEYOND} samples lie beyond it: a p99.9
 * from 10 000 samples rests on ten observations and moves by tens of percent between runs.
 */
public final class Distribution {

    /** The percentiles every report shows. */
    public static final double[] STANDARD_PERCENTILES = {50, 90, 99, 99.9, 99.99};
    /** Samples needed beyond a percentile for it to be quoted as reliable. */
    public static final int MIN_SAMPLES_BEYOND = 100;

    private final float[] sorted;
    /**
     * The last trimmed mean asked for: a run's summaries, result files, report and spread all ask each merged
     * distribution for its {@code tmean}, a sum over millions of samples in a launcher that compiles with C1 only.
     */
    private volatile TrimmedMean lastTrimmed;

    private record TrimmedMean(double percentile, double mean) {}

    private Distribution(float[] sorted) {
        this.sorted = sorted;
    }

    /** @return the distribution of {@code values} (copied as floats, then sorted) */
    public static Distribution of(double[] values) {
        float[] copy = new float[values.length];
        for (int i = 0; i < values.length; i++) {
            copy[i] = (float) values[i];
        }
        Arrays.sort(copy);
        return new Distribution(copy);
    }

    /** @return the distribution of {@code values[from, to)} (copied, then sorted) */
    public static Distribution of(float[] values, int from, int to) {
        float[] copy = Arrays.copyOfRange(values, from, to);
        Arrays.sort(copy);
        return new Distribution(copy);
    }

    /** @return the pooled distribution of all samples of {@code parts} */
    public static Distribution merge(List<Distribution> parts) {
        int total = 0;
        for (Distribution part : parts) {
            total += part.sorted.length;
        }
        float[] pooled = new float[total];
        int at = 0;
        for (Distribution part : parts) {
            System.arraycopy(part.sorted, 0, pooled, at, part.sorted.length);
            at += part.sorted.length;
        }
        Arrays.sort(pooled);
        return new Distribution(pooled);
    }

    public long count() {
        return sorted.length;
    }

    /** @return the largest sample, exact; NaN when empty */
    public double max() {
        return sorted.length == 0 ? Double.NaN : sorted[sorted.length - 1];
    }

    /** @return the smallest sample; NaN when empty */
    public double min() {
        return sorted.length == 0 ? Double.NaN : sorted[0];
    }

    /**
     * @param percentile in (0, 100]
     * @return the nearest-rank percentile; NaN when empty
     */
    public double percentile(double percentile) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        return sorted[rank(percentile) - 1];
    }

    /** @return how many samples lie beyond the percentile */
    public long samplesBeyond(double percentile) {
        return sorted.length == 0 ? 0 : sorted.length - rank(percentile);
    }

    /** @return true when at least {@value #MIN_SAMPLES_BEYOND} samples lie beyond the percentile */
    public boolean isReliable(double percentile) {
        return samplesBeyond(percentile) >= MIN_SAMPLES_BEYOND;
    }

    /**
     * The mean of the body: every sample at or below the nearest-rank {@code percentile}.
     *
     * <p>On a counter that advances in coarse steps each sample is the true interval rounded to a step at a random
     * phase, so one sample (and so any percentile) only takes step values, while the mean of many samples resolves a
     * fraction of a step. Cutting the samples above the percentile (interruptions, page faults) keeps a few rare
     * microsecond events from carrying the mean of a nanosecond stage.
     *
     * @param percentile in (0, 100]; 99 cuts the top 1 %
     * @return the mean of the samples of rank 1 to ceil(percentile/100 x n); NaN when empty
     */
    public double trimmedMean(double percentile) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        TrimmedMean last = lastTrimmed;
        if (last != null && last.percentile() == percentile) {
            return last.mean();
        }
        int keep = rank(percentile);
        double sum = 0;
        for (int i = 0; i < keep; i++) {
            sum += sorted[i];
        }
        double mean = sum / keep;
        lastTrimmed = new TrimmedMean(percentile, mean);
        return mean;
    }

    /**
     * Calls {@code action} once per run of samples that {@code key} maps to one value, in ascending order: the samples
     * are sorted, so a key that never decreases with the sample (rounding, say) meets each of its values in one run.
     */
    void forEachRun(DoubleToLongFunction key, RunAction action) {
        int i = 0;
        while (i < sorted.length) {
            long value = key.applyAsLong(sorted[i]);
            int end = i + 1;
            while (end < sorted.length && key.applyAsLong(sorted[end]) == value) {
                end++;
            }
            action.accept(value, end - i);
            i = end;
        }
    }

    /** What {@link #forEachRun} calls: a key's value and how many samples in a row had it. */
    @FunctionalInterface
    interface RunAction {
        void accept(long value, long count);
    }

    /** @return the samples in ascending order (a copy) */
    public double[] sortedValues() {
        double[] values = new double[sorted.length];
        for (int i = 0; i < values.length; i++) {
            values[i] = sorted[i];
        }
        return values;
    }

    private int rank(double percentile) {
        return (int) nearestRank(percentile, sorted.length);
    }

    /**
     * @return the nearest rank (from 1) of {@code percentile} among {@code count} sorted samples, at most {@code count}
     */
    static long nearestRank(double percentile, long count) {
        if (!(percentile > 0 && percentile <= 100)) {
            throw new IllegalArgumentException("percentile must be in (0, 100], got " + percentile);
        }
        // nearest rank; the small epsilon keeps 99.9% of 1000 at rank 999 despite binary fractions
        long rank = (long) Math.ceil(percentile / 100.0 * count - 1e-9);
        return Math.min(Math.max(rank, 1), count);
    }
}
