package io.stagebench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SpreadComponentsTest {

    private static final double CENTRE_NS = 50;

    /** Window centres around {@code CENTRE_NS} with the given sd (in %) at each level, normally distributed. */
    private static double[][][] nested(
            SplittableRandom random,
            int forks,
            int replicas,
            int windows,
            double forkPct,
            double setupPct,
            double windowPct) {
        double[][][] y = new double[forks][replicas][windows];
        for (int f = 0; f < forks; f++) {
            double fork = CENTRE_NS * forkPct / 100 * gaussian(random);
            for (int r = 0; r < replicas; r++) {
                double setup = CENTRE_NS * setupPct / 100 * gaussian(random);
                for (int w = 0; w < windows; w++) {
                    y[f][r][w] = CENTRE_NS + fork + setup + CENTRE_NS * windowPct / 100 * gaussian(random);
                }
            }
        }
        return y;
    }

    private static double gaussian(SplittableRandom random) {
        // Box-Muller, so the test does not depend on java.util.Random's generator
        return Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
    }

    @Test
    void shouldRecoverEachLevelsSpreadFromNestedDraws() {
        SplittableRandom random = new SplittableRandom(36);
        List<Double> forks = new ArrayList<>();
        List<Double> setups = new ArrayList<>();
        List<Double> windows = new ArrayList<>();
        for (int repeat = 0; repeat < 50; repeat++) {
            SpreadComponents c = SpreadComponents.fromWindows(nested(random, 20, 8, 8, 2.0, 6.0, 3.0), 25_000);
            forks.add(c.forkPct());
            setups.add(c.setupPct());
            windows.add(c.windowPct());
        }
        // the median over repeats of each estimate lies near the level it was drawn with
        assertEquals(2.0, median(forks), 0.5, forks.toString());
        assertEquals(6.0, median(setups), 0.4, setups.toString());
        assertEquals(3.0, median(windows), 0.1, windows.toString());
    }

    @Test
    void shouldSayAWindowsNoiseOnAReplicasCentreIsItsSdOverTheRootOfTheWindows() {
        SpreadComponents c = SpreadComponents.fromWindows(nested(new SplittableRandom(1), 10, 4, 8, 0, 0, 4.0), 1_000);

        assertEquals(c.windowPct() / Math.sqrt(8), c.withinPct(), 1e-9);
        assertEquals(CENTRE_NS, c.centreNs(), 1.0);
    }

    @Test
    void shouldCallAnAbsentLevelZeroNotNegative() {
        // forks drawn alike and setups alike: the estimates scatter around 0, and a negative one is cut to 0
        for (long seed = 0; seed < 20; seed++) {
            SpreadComponents c =
                    SpreadComponents.fromWindows(nested(new SplittableRandom(seed), 5, 3, 8, 0, 0, 5.0), 100);
            assertTrue(c.forkPct() >= 0 && c.setupPct() >= 0, c.toString());
        }
    }

    @Test
    void shouldLeaveOutTheLevelsOneForkOrOneReplicaCannotTell() {
        SpreadComponents oneReplica =
                SpreadComponents.fromWindows(nested(new SplittableRandom(2), 6, 1, 8, 3, 0, 1), 100);
        SpreadComponents oneFork = SpreadComponents.fromWindows(nested(new SplittableRandom(3), 1, 6, 8, 0, 3, 1), 100);

        assertNull(oneReplica.setupPct());
        assertNotNull(oneReplica.forkPct());
        assertNull(oneFork.forkPct());
        assertNotNull(oneFork.setupPct());
        assertTrue(oneReplica.describe().contains("setups n/a (1 replica)"), oneReplica.describe());
        assertTrue(oneFork.describe().contains("forks n/a (1 fork)"), oneFork.describe());
    }

    @Test
    void shouldCutEachReplicasSamplesIntoWindowsInMessageOrder() {
        // one fork, two replicas: the first at 10 ns, the second at 10 ns for its first half and 30 ns after
        double[] flat = new double[800];
        double[] stepped = new double[800];
        for (int i = 0; i < 800; i++) {
            flat[i] = 10;
            stepped[i] = i < 400 ? 10 : 30;
        }
        SpreadComponents c = SpreadComponents.estimate(List.of(List.of(flat, stepped)));

        assertEquals(8, c.windows());
        assertEquals(100, c.windowSamples());
        assertEquals(15.0, c.centreNs(), 1e-9);
        assertTrue(c.windowPct() > 0, c.toString());
    }

    @Test
    void shouldGiveNoEstimateWhenAReplicaIsTooShortForTwoWindows() {
        assertNull(SpreadComponents.estimate(List.of(List.of(new double[1_000], new double[60]))));
        assertNull(SpreadComponents.estimate(List.of()));
    }

    @Test
    void shouldPoolEachLevelsVarianceWeightedByTheDegreesOfFreedomItRestsOn() {
        // 5 forks x 2 replicas x 8 windows, then 3 x 4 x 8
        SpreadComponents five = new SpreadComponents(5, 2, 8, 100, 40, 0.0, 3.0, 1.0, 2.8);
        SpreadComponents three = new SpreadComponents(3, 4, 8, 100, 48, 6.0, 1.0, 2.0, 5.6);

        SpreadComponents pooled = SpreadComponents.pool(List.of(five, three));

        // forks: 4 and 2 degrees of freedom; setups 5 x 1 and 3 x 3; windows 5 x 2 x 7 and 3 x 4 x 7
        assertEquals(Math.sqrt((4 * 0.0 + 2 * 36.0) / 6), pooled.forkPct(), 1e-12);
        assertEquals(Math.sqrt((5 * 9.0 + 9 * 1.0) / 14), pooled.setupPct(), 1e-12);
        assertEquals(Math.sqrt((70 * 1.0 + 84 * 4.0) / 154), pooled.withinPct(), 1e-12);
        assertEquals(Math.sqrt((70 * 7.84 + 84 * 31.36) / 154), pooled.windowPct(), 1e-12);
        assertEquals(8, pooled.forks());
        assertEquals(2, pooled.replicas());
        assertEquals((5 * 40 + 3 * 48) / 8.0, pooled.centreNs(), 1e-12);
        // a level one part could not tell is left to the others; none, and it stays unknown
        SpreadComponents oneFork = new SpreadComponents(1, 2, 8, 100, 40, null, 2.0, 1.0, 2.8);
        assertEquals(6.0, SpreadComponents.pool(List.of(oneFork, three)).forkPct(), 1e-12);
        assertNull(SpreadComponents.pool(List.of(oneFork, oneFork)).forkPct());
        assertEquals(five, SpreadComponents.pool(List.of(five)));
    }

    @Test
    void shouldPlanFromPooledRunsWithoutTheSwingsOfOneRunsForkLevel() {
        // runs the size of a default one (5 forks x 2 replicas x 8 windows) at an EPYC's encode (family 26, six runs):
        // forks 0.3 %, setups 0.2 %, windows 0.3 %; a fork 3 s, a setup 0.5 s
        SplittableRandom random = new SplittableRandom(37);
        RepetitionCosts costs = new RepetitionCosts(3.0, 0.5, 0);
        List<SpreadComponents> runs = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            runs.add(SpreadComponents.fromWindows(nested(random, 5, 2, 8, 0.3, 0.2, 0.3), 25_000));
        }
        List<Double> single = new ArrayList<>();
        List<Double> pooled = new ArrayList<>();
        for (int i = 0; i + 5 <= runs.size(); i += 5) {
            for (int j = i; j < i + 5; j++) {
                single.add((double)
                        ReplicaPlan.optimum(runs.get(j), costs, 200_000).orElseThrow());
            }
            pooled.add((double) ReplicaPlan.optimum(SpreadComponents.pool(runs.subList(i, i + 5)), costs, 200_000)
                    .orElseThrow());
        }
        // at these figures the optimum is 2 replicas; one run's fork level comes out 0 often enough to plan the most
        // (seed 37: 41 of 400 single runs plan 16, and 10 more plan 5 to 11; no pool of five plans more than 3)
        long singleAtMost =
                single.stream().filter(r -> r == ReplicaPlan.MAX_REPLICAS).count();
        long pooledAtMost =
                pooled.stream().filter(r -> r == ReplicaPlan.MAX_REPLICAS).count();
        assertTrue(singleAtMost >= single.size() / 20, "one run plans 16 in " + singleAtMost + " of " + single.size());
        assertTrue(
                pooledAtMost * single.size() <= singleAtMost * pooled.size() / 4,
                "pooled: " + pooledAtMost + " of " + pooled.size() + ", one run: " + singleAtMost + " of "
                        + single.size());
        assertTrue(quantile(pooled, 0.9) <= 3, "pooled plans: " + pooled);
    }

    private static double quantile(List<Double> values, double q) {
        List<Double> sorted = values.stream().sorted().toList();
        return sorted.get((int) Math.min(sorted.size() - 1, Math.floor(q * sorted.size())));
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        return sorted.get(sorted.size() / 2);
    }
}
