package io.stagebench.diff;

import java.util.Arrays;
import java.util.Comparator;

/**
 * Holm's step-down adjustment of a family of p-values: reject at adjusted p &lt; alpha and
 * the chance of calling even one false change anywhere in the family stays at most alpha,
 * whatever the dependence between the rows. A default comparison has ~45 rows (benchmarks x
 * series x statistics); tested one by one at 0.05 an A/A would cry wolf about twice a run.
 *
 * <p>Holm is uniformly more powerful than Bonferroni: only the smallest p-value faces alpha/R;
 * a clear change (p 1e-6 in one row) is called whatever R is.
 */
public final class Holm {

    private Holm() {
    }

    /**
     * @param p raw p-values in [0, 1]; NaN entries are not part of the family and stay NaN
     * @return the adjusted p-values, in the same order, each at most 1
     */
    public static double[] adjust(double[] p) {
        Integer[] order = java.util.stream.IntStream.range(0, p.length).filter(i -> !Double.isNaN(p[i]))
                .boxed().toArray(Integer[]::new);
        Arrays.sort(order, Comparator.comparingDouble(i -> p[i]));
        double[] adjusted = new double[p.length];
        Arrays.fill(adjusted, Double.NaN);
        int family = order.length;
        double running = 0;
        for (int rank = 0; rank < family; rank++) {
            int i = order[rank];
            running = Math.max(running, Math.min(1.0, (family - rank) * p[i]));
            adjusted[i] = running;
        }
        return adjusted;
    }
}
