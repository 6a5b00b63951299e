package io.stagebench.diff;

import io.stagebench.stats.StageSummary;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A statistic that {@code stagebench diff} compares between two runs. Each is read from a stage's summary: the pooled
 * one for the "old" and "new" columns, and each fork's own for the run-to-run spread and the Mann-Whitney U test.
 */
public enum Statistic {

    /**
     * The trimmed mean: the mean of the samples at or below p99. The centre statistic of a comparison: it resolves a
     * fraction of a counter step, where p50 only takes step values.
     */
    TMEAN("tmean"),
    P50("p50"),
    P99("p99"),
    P999("p99.9"),
    MAX("max");

    private final String label;

    Statistic(String label) {
        this.label = label;
    }

    /** @return the label used in reports and in {@link StageSummary#valueOf(String)}: "p50", "p99.9", "max" */
    public String label() {
        return label;
    }

    /** @return this statistic of {@code summary}, in ns */
    public double valueNs(StageSummary summary) {
        return summary.valueOf(label);
    }

    /**
     * @return whether {@code summary} marks this statistic as resting on fewer than 100 samples (the exact max is never
     *     marked: it is a single sample by definition)
     */
    public boolean isUnreliable(StageSummary summary) {
        if (this == TMEAN) {
            return Double.isNaN(summary.tmeanNs()) && summary.count() > 0;
        }
        return summary.unreliable().contains(label);
    }

    /** @return why {@link #isUnreliable} holds, for a verdict's reason */
    public String unreliableWhy() {
        return this == TMEAN
                ? "tmean not recorded (a result written before it existed)"
                : label + " has fewer than 100 samples beyond it (measure more messages per fork)";
    }

    /**
     * @param compared the statistics a comparison compares, in order
     * @return its centre statistic, the one {@code ab} decides on and that holds half of alpha: {@code tmean} when it
     *     is compared, else the first; null for none
     */
    public static Statistic centreOf(List<Statistic> compared) {
        return compared.contains(TMEAN) ? TMEAN : compared.isEmpty() ? null : compared.get(0);
    }

    /** @throws IllegalArgumentException "unknown statistic 'p95' (valid: tmean, p50, p99, p99.9, max)" */
    public static Statistic parse(String text) {
        String wanted = text.trim().toLowerCase(Locale.ROOT);
        for (Statistic s : values()) {
            if (s.label.equals(wanted)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown statistic '" + text + "' (valid: "
                + Arrays.stream(values()).map(Statistic::label).collect(Collectors.joining(", ")) + ")");
    }

    @Override
    public String toString() {
        return label;
    }
}
