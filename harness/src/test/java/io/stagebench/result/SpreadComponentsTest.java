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
    private static double[][][] nested(SplittableRandom random, int forks, int replicas, int windows, double forkPct,
                                       double setupPct, double windowPct) {
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
            SpreadComponents c = SpreadComponents.fromWindows(nested(new SplittableRandom(seed), 5, 3, 8, 0, 0, 5.0), 100);
            assertTrue(c.forkPct() >= 0 && c.setupPct() >= 0, c.toString());
        }
    }

    @Test
    void shouldLeaveOutTheLevelsOneForkOrOneReplicaCannotTell() {
        SpreadComponents oneReplica = SpreadComponents.fromWindows(nested(new SplittableRandom(2), 6, 1, 8, 3, 0, 1), 100);
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

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        return sorted.get(sorted.size() / 2);
    }
}
