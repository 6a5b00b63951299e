package io.stagebench.stats;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The numbers every report quotes for one stage, in nanoseconds: p50, p90, p99, p99.9, p99.99, the exact max and the
 * count - never a mean - plus which percentiles have fewer than 100 samples beyond them.
 *
 * @param stage stage name ({@code total} and {@code response} for derived series)
 * @param count samples
 * @param p50Ns median
 * @param p90Ns 90th percentile
 * @param p99Ns 99th percentile
 * @param p999Ns 99.9th percentile
 * @param p9999Ns 99.99th percentile
 * @param maxNs exact maximum
 * @param minNs minimum
 * @param unreliable labels ("p99.9", ...) of percentiles with fewer than 100 samples beyond
 * @param tmeanNs the trimmed mean: the mean of every sample at or below p99 (the body of the distribution); it resolves
 *     a fraction of a counter step, which no percentile can, so comparisons use it as their centre. NaN when not
 *     recorded (results written before it existed)
 */
public record StageSummary(
        @JsonProperty(required = true) String stage,
        @JsonProperty(required = true) long count,
        @JsonProperty(required = true) double p50Ns,
        @JsonProperty(required = true) double p90Ns,
        @JsonProperty(required = true) double p99Ns,
        @JsonProperty(required = true) double p999Ns,
        @JsonProperty(required = true) double p9999Ns,
        @JsonProperty(required = true) double maxNs,
        @JsonProperty(required = true) double minNs,
        @JsonProperty(required = true) List<String> unreliable,
        double tmeanNs) {

    /** The percentile above which samples are cut from {@link #tmeanNs()}. */
    public static final double TRIM_PERCENTILE = 99;

    public StageSummary {
        unreliable = List.copyOf(unreliable);
        // a stored summary without the field reads as 0; a real trimmed mean is positive
        // whenever p99 is, since the p99 sample itself is part of the body
        if (tmeanNs == 0 && p99Ns > 0) {
            tmeanNs = Double.NaN;
        }
    }

    /** A summary without a trimmed mean (NaN). */
    public StageSummary(
            String stage,
            long count,
            double p50Ns,
            double p90Ns,
            double p99Ns,
            double p999Ns,
            double p9999Ns,
            double maxNs,
            double minNs,
            List<String> unreliable) {
        this(stage, count, p50Ns, p90Ns, p99Ns, p999Ns, p9999Ns, maxNs, minNs, unreliable, Double.NaN);
    }

    /** Summarises a distribution of nanosecond samples. */
    public static StageSummary of(String stage, Distribution d) {
        List<String> unreliable = new ArrayList<>();
        for (double p : Distribution.STANDARD_PERCENTILES) {
            if (!d.isReliable(p)) {
                unreliable.add(label(p));
            }
        }
        return new StageSummary(
                stage,
                d.count(),
                d.percentile(50),
                d.percentile(90),
                d.percentile(99),
                d.percentile(99.9),
                d.percentile(99.99),
                d.max(),
                d.min(),
                unreliable,
                d.trimmedMean(TRIM_PERCENTILE));
    }

    /** @return the value of a standard percentile by label */
    public double valueOf(String label) {
        return switch (label) {
            case "p50" -> p50Ns;
            case "p90" -> p90Ns;
            case "p99" -> p99Ns;
            case "p99.9" -> p999Ns;
            case "p99.99" -> p9999Ns;
            case "max" -> maxNs;
            case "tmean" -> tmeanNs;
            default -> throw new IllegalArgumentException("unknown statistic '" + label + "'");
        };
    }

    /** @return "p50", "p99.9", ... */
    public static String label(double percentile) {
        String number = percentile == Math.rint(percentile)
                ? Long.toString((long) percentile)
                : String.format(Locale.ROOT, "%s", percentile).replaceAll("0+$", "");
        return "p" + number;
    }
}
