package io.stagebench.stats;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * One paced run seen three ways, to show coordinated omission: the latency each message really saw, measured from its
 * intended send time (what stagebench's paced mode reports); the naive closed-loop view of the same run, service time
 * from the actual start, which is what a harness that waits for each response before sending the next records; and that
 * naive view corrected after the fact with HdrHistogram's {@code recordValueWithExpectedInterval}, which synthesises
 * the samples a stall hid given the expected interval between messages.
 *
 * <p>With one message every 1 ms, 100 µs of service and one 1 s stall, the paced view has p50 ≈ 100 µs and p99 ≥ 0.9 s
 * (a thousand messages queued behind the stall), the naive view p99 ≈ 100 µs (one slow sample among ten thousand), and
 * the correction puts p99 back near 0.9 s. The first two columns are exact ({@link Distribution}); the corrected
 * column's percentiles are HdrHistogram's, to {@value #SIGNIFICANT_DIGITS} significant digits. Every column's max is
 * exact: the correction only adds values below the one it corrects.
 */
public final class CoordinatedOmission {

    /** HdrHistogram precision of the corrected column. */
    public static final int SIGNIFICANT_DIGITS = 3;
    /** The percentiles each column shows, beside max and count. */
    public static final double[] PERCENTILES = {50, 90, 99, 99.9};

    /** Column name of latency from the intended send time. */
    public static final String PACED = "paced";
    /** Column name of service time from the actual start. */
    public static final String NAIVE = "naive";
    /** Column name of the naive view corrected by HdrHistogram. */
    public static final String CORRECTED = "corrected";

    private CoordinatedOmission() {}

    /**
     * One view's summary, in nanoseconds.
     *
     * @param name {@value #PACED}, {@value #NAIVE} or {@value #CORRECTED}
     * @param title what the column measures, in words
     * @param count samples (the corrected column counts the synthesised ones too)
     * @param p50Ns median
     * @param p90Ns 90th percentile
     * @param p99Ns 99th percentile
     * @param p999Ns 99.9th percentile
     * @param maxNs exact maximum
     * @param unreliable labels of percentiles with fewer than 100 samples beyond them
     */
    public record Column(
            String name,
            String title,
            long count,
            double p50Ns,
            double p90Ns,
            double p99Ns,
            double p999Ns,
            double maxNs,
            List<String> unreliable) {

        public Column {
            unreliable = List.copyOf(unreliable);
        }

        /** @return the value of "p50", "p90", "p99", "p99.9" or "max" */
        public double valueOf(String label) {
            return switch (label) {
                case "p50" -> p50Ns;
                case "p90" -> p90Ns;
                case "p99" -> p99Ns;
                case "p99.9" -> p999Ns;
                case "max" -> maxNs;
                default -> throw new IllegalArgumentException("unknown statistic '" + label + "'");
            };
        }
    }

    /**
     * The three columns side by side.
     *
     * @param expectedIntervalNs the paced run's interval between intended sends
     * @param paced latency from the intended send time
     * @param naive service time from the actual start
     * @param corrected service time with HdrHistogram's expected-interval correction
     */
    public record Comparison(long expectedIntervalNs, Column paced, Column naive, Column corrected) {

        /** @return the columns in display order */
        public List<Column> columns() {
            return List.of(paced, naive, corrected);
        }
    }

    /**
     * Compares the views of one paced run.
     *
     * @param responseNs per message, latency from the intended send time
     * @param serviceNs per message, service time from the actual start
     * @param expectedIntervalNs the interval between intended sends (1e9 / rate)
     * @throws IllegalArgumentException when the series are empty or of different lengths, or the interval is not
     *     positive
     */
    public static Comparison compare(double[] responseNs, double[] serviceNs, long expectedIntervalNs) {
        if (responseNs.length == 0 || responseNs.length != serviceNs.length) {
            throw new IllegalArgumentException("need one response and one service time per message, got "
                    + responseNs.length + " and " + serviceNs.length);
        }
        if (expectedIntervalNs <= 0) {
            throw new IllegalArgumentException(
                    "the expected interval must be positive, got " + expectedIntervalNs + " ns");
        }
        Distribution naive = Distribution.of(serviceNs);
        Histogram corrected = corrected(serviceNs, expectedIntervalNs);
        return new Comparison(
                expectedIntervalNs,
                exact(PACED, "latency from the intended send time", Distribution.of(responseNs)),
                exact(NAIVE, "service time from the actual start (closed loop)", naive),
                corrected(corrected, naive.max(), expectedIntervalNs));
    }

    /**
     * @return the service times as HdrHistogram corrects them: each recorded with
     *     {@code recordValueWithExpectedInterval(value, expectedIntervalNs)}, which back-fills the sends a stall held
     *     up
     */
    public static Histogram corrected(double[] serviceNs, long expectedIntervalNs) {
        Histogram corrected = new Histogram(SIGNIFICANT_DIGITS);
        for (double ns : serviceNs) {
            corrected.recordValueWithExpectedInterval(Math.max(0L, Math.round(ns)), expectedIntervalNs);
        }
        return corrected;
    }

    private static Column exact(String name, String title, Distribution d) {
        List<String> unreliable = new ArrayList<>();
        for (double p : PERCENTILES) {
            if (!d.isReliable(p)) {
                unreliable.add(StageSummary.label(p));
            }
        }
        return new Column(
                name,
                title,
                d.count(),
                d.percentile(50),
                d.percentile(90),
                d.percentile(99),
                d.percentile(99.9),
                d.max(),
                unreliable);
    }

    private static Column corrected(Histogram h, double exactMaxNs, long expectedIntervalNs) {
        long count = h.getTotalCount();
        List<String> unreliable = new ArrayList<>();
        for (double p : PERCENTILES) {
            long rank = (long) Math.ceil(p / 100.0 * count - 1e-9);
            if (count - rank < Distribution.MIN_SAMPLES_BEYOND) {
                unreliable.add(StageSummary.label(p));
            }
        }
        return new Column(
                CORRECTED,
                "service time corrected with recordValueWithExpectedInterval(value, " + expectedIntervalNs + " ns)",
                count,
                h.getValueAtPercentile(50),
                h.getValueAtPercentile(90),
                h.getValueAtPercentile(99),
                h.getValueAtPercentile(99.9),
                exactMaxNs,
                unreliable);
    }
}
