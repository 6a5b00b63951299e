package io.stagebench.diff;

import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * Holm's step-down adjustment of a family of p-values: reject at adjusted p &lt; alpha and the chance of calling even
 * one false change anywhere in the family stays at most alpha, whatever the dependence between the rows. A default
 * comparison has ~45 rows (benchmarks x series x statistics); tested one by one at 0.05 an A/A would cry wolf about
 * twice a run.
 *
 * <p>Holm is uniformly more powerful than Bonferroni: only the smallest p-value faces alpha/R; a clear change (p 1e-6
 * in one row) is called whatever R is.
 */
public final class Holm {

    private Holm() {}

    /**
     * @param p raw p-values in [0, 1]; NaN entries are not part of the family and stay NaN
     * @return the adjusted p-values, in the same order, each at most 1
     */
    public static double[] adjust(double[] p) {
        double[] weights = new double[p.length];
        Arrays.fill(weights, 1);
        return adjust(p, weights);
    }

    /**
     * Holm's weighted procedure (Holm 1979): a row of weight w faces alpha x w / (the weight of the rows not yet
     * rejected), rows taken in order of p / w. The family-wise level stays at most alpha whatever the weights and the
     * dependence; equal weights are the plain procedure.
     *
     * @param p raw p-values in [0, 1]; NaN entries are not part of the family and stay NaN
     * @param weights each row's positive weight, in the same order (only their ratios matter)
     * @return the adjusted p-values, in the same order, each at most 1
     */
    public static double[] adjust(double[] p, double[] weights) {
        if (weights.length != p.length) {
            throw new IllegalArgumentException(p.length + " p-values but " + weights.length + " weights");
        }
        Integer[] order = IntStream.range(0, p.length)
                .filter(i -> !Double.isNaN(p[i]))
                .boxed()
                .toArray(Integer[]::new);
        for (int i : order) {
            if (!(weights[i] > 0) || Double.isInfinite(weights[i])) {
                throw new IllegalArgumentException("a weight must be positive and finite, got " + weights[i]);
            }
        }
        Arrays.sort(order, Comparator.comparingDouble(i -> p[i] / weights[i]));
        double left = 0;
        for (int i : order) {
            left += weights[i];
        }
        double[] adjusted = new double[p.length];
        Arrays.fill(adjusted, Double.NaN);
        double running = 0;
        for (int i : order) {
            running = Math.max(running, Math.min(1.0, p[i] * left / weights[i]));
            adjusted[i] = running;
            left -= weights[i];
        }
        return adjusted;
    }
}
