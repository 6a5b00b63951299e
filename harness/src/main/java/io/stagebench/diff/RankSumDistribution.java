package io.stagebench.diff;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * The null distribution of the Mann-Whitney U statistic of {@code n} v {@code m} untied values: exact (by the counting
 * recursion over the last value's side) up to {@value #EXACT_LIMIT} pairs, the normal approximation above. It gives the
 * order statistics of the pairwise differences that bound a Hodges-Lehmann confidence interval.
 *
 * <p>IMPLEMENTATION NOTES: the exact table holds probabilities, not counts, so C(60, 30) arrangements never overflow;
 * each step mixes the two smaller tables with weights n/(n+m) and m/(n+m). Memory is O(n x m) doubles per row of the
 * recursion, and the work O((n x m)^2): a critical rank depends on n, m and the tail alone, so each is computed once
 * and kept (a sequential {@code ab} asks for the same few at every row of every look).
 */
final class RankSumDistribution {

    /** Largest n x m computed exactly. */
    static final int EXACT_LIMIT = 2_500;

    private record Key(int n, int m, double tail) {}

    private static final Map<Key, Integer> CRITICAL_RANKS = new ConcurrentHashMap<>();

    private static final NormalDistribution STANDARD_NORMAL = NormalDistribution.of(0, 1);

    private RankSumDistribution() {}

    /**
     * @return the largest c such that P(U &lt;= c - 1) &lt;= {@code tail} under the null, so that the pairwise
     *     differences of rank c and n*m + 1 - c bound a two-sided interval of confidence at least 1 - 2 x tail; 0 when
     *     even c = 1 is too wide (the interval is unbounded)
     */
    static int lowerCriticalRank(int n, int m, double tail) {
        return CRITICAL_RANKS.computeIfAbsent(
                new Key(n, m, tail), k -> computeLowerCriticalRank(k.n(), k.m(), k.tail()));
    }

    private static int computeLowerCriticalRank(int n, int m, double tail) {
        if ((long) n * m <= EXACT_LIMIT) {
            double[] pmf = exact(n, m);
            double cumulative = 0;
            int c = 0;
            // P(U <= c) for c = 0, 1, ...; the rank is one more than the last c whose tail fits
            while (c < pmf.length) {
                cumulative += pmf[c];
                if (cumulative > tail) {
                    break;
                }
                c++;
            }
            return c;
        }
        double mean = n * (double) m / 2;
        double sd = Math.sqrt(n * (double) m * (n + m + 1) / 12.0);
        double z = -STANDARD_NORMAL.inverseCumulativeProbability(tail);
        return (int) Math.max(0, Math.floor(mean - z * sd + 0.5));
    }

    /** @return P(U = u) for u = 0 .. n*m, exact */
    static double[] exact(int n, int m) {
        // row[j] holds the pmf for (i, j) while i advances; the recursion
        // p(i, j, u) = i/(i+j) p(i-1, j, u-j) + j/(i+j) p(i, j-1, u)
        double[][] previous = new double[m + 1][];
        for (int j = 0; j <= m; j++) {
            previous[j] = new double[] {1.0};
        }
        for (int i = 1; i <= n; i++) {
            double[][] current = new double[m + 1][];
            current[0] = new double[] {1.0};
            for (int j = 1; j <= m; j++) {
                double[] pmf = new double[i * j + 1];
                double[] last = previous[j]; // (i-1, j): U grows by j when the new value is the largest of i's side
                double[] left = current[j - 1]; // (i, j-1)
                double wi = i / (double) (i + j);
                double wj = j / (double) (i + j);
                for (int u = 0; u < last.length; u++) {
                    pmf[u + j] += wi * last[u];
                }
                for (int u = 0; u < left.length; u++) {
                    pmf[u] += wj * left[u];
                }
                current[j] = pmf;
            }
            previous = current;
        }
        return previous[m];
    }
}
