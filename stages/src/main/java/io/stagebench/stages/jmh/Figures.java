package io.stagebench.stages.jmh;

import java.util.List;

/**
 * The median, least and greatest of a list of figures: what the crosscheck reads of a side's forks, and what its text
 * shows of them.
 */
public final class Figures {

    private Figures() {}

    /** @return the least of {@code values}; NaN when there is none */
    public static double min(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
    }

    /** @return the greatest of {@code values}; NaN when there is none */
    public static double max(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    }

    /** @return the middle of {@code values} (of an even count, the mean of the middle two); at least one value */
    public static double median(List<Double> values) {
        double[] sorted =
                values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
