package io.stagebench.diff;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * The regression gate on synthetic per-fork values with known shifts: the rows of an {@code ab} of the five reference
 * benchmarks (10 series x 5 statistics, 13 pairs, one look, as its budget leaves it) under noise of the kinds measured
 * on this project's 2-core KVM machines. Counted over seeded repeats, so deterministic; the bounds are what the gate
 * promises, not what the seeds happen to give:
 *
 * <ul>
 *   <li>a slowdown of exactly {@code --max-regression} in one centre row passes in at most 2.5 % of comparisons (the
 *       upper end of that row's 95 % interval must lie below the limit), whatever the noise;
 *   <li>an A/A fails in at most alpha of comparisons (Holm over every row);
 *   <li>where forks agree, an A/A passes and a slowdown of twice the limit fails, each in at least 90 %.
 * </ul>
 *
 * <p>Noise of one fork's value, as a fraction of the centre: its own, normal; a slow stretch of the host that the two
 * forks of a pair share (they run side by side); and a mode of the fork's own that its partner does not share.
 */
@Execution(ExecutionMode.CONCURRENT)
class GateSimulationTest {

    private static final int SERIES = 10;
    private static final int PAIRS = SequentialPlan.DEFAULT_MIN_FORKS;
    private static final double CENTRE_NS = 40;
    private static final Gate GATE = new Gate(Gate.DEFAULT_MAX_REGRESSION_PERCENT);

    /**
     * @param sd each fork's own normal noise
     * @param stretchShare the chance that a pair runs through a slow stretch of the host (+30 % on both)
     * @param oddChance the chance of a fork in a slow mode of its own
     * @param oddFactor how much slower that fork is
     */
    private record Noise(String name, double sd, double stretchShare, double oddChance, double oddFactor) {
        /** Forks that agree to 3 % IQR. */
        static final Noise AGREEING = new Noise("agreeing forks", 0.03 / 1.349, 0, 0, 0);
        /** A shared core in spells: a quarter of the pairs meet one, both forks alike. */
        static final Noise SHARED_SPELLS = new Noise("shared spells", 0.015, 0.25, 0, 0);
        /** A quarter of the forks in a mode of their own 25 % slower, their partners not. */
        static final Noise OWN_MODES = new Noise("modes of a fork's own", 0.012, 0, 0.25, 0.25);

        @Override
        public String toString() {
            return name;
        }
    }

    /** @return one comparison's gate decision, B's first centre row shifted by {@code shift} */
    private static Gate.Decision draw(Random random, double shift, Noise noise) {
        double[][] a = new double[SERIES][PAIRS];
        double[][] b = new double[SERIES][PAIRS];
        for (int i = 0; i < PAIRS; i++) {
            double stretch = random.nextDouble() < noise.stretchShare() ? 0.30 : 0;
            for (int s = 0; s < SERIES; s++) {
                a[s][i] = CENTRE_NS * (1 + stretch + own(random, noise));
                b[s][i] = CENTRE_NS * (1 + stretch + own(random, noise)) * (s == 0 ? 1 + shift : 1);
            }
        }
        List<VerdictRule.Row> rows = new ArrayList<>();
        for (int s = 0; s < SERIES; s++) {
            for (Statistic statistic : Statistic.values()) {
                // the tails of a series move with its centre here: the statistic changes the weights, not the data
                rows.add(new VerdictRule.Row(statistic, side(a[s]), side(b[s]), true));
            }
        }
        List<Comparison> judged = VerdictRule.defaults().judgeAll(rows);
        Map<String, Comparison> centre = new LinkedHashMap<>();
        List<String> slower = new ArrayList<>();
        for (int r = 0; r < judged.size(); r++) {
            Comparison c = judged.get(r);
            String name = "series" + r / Statistic.values().length;
            if (c.statistic() == Statistic.TMEAN) {
                centre.put(name, c);
            }
            if (c.verdict() == Verdict.SLOWER) {
                slower.add(name + " " + c.statistic().label());
            }
        }
        return GATE.decide(Statistic.TMEAN, centre, slower, List.of());
    }

    private static double own(Random random, Noise noise) {
        double odd = random.nextDouble() < noise.oddChance() ? noise.oddFactor() : 0;
        return noise.sd() * random.nextGaussian() + odd;
    }

    private static Side side(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return new Side(sorted[values.length / 2], values.clone(), null);
    }

    /**
     * @return how many of {@code trials} comparisons ended in each outcome, indexed by {@link Gate.Outcome#ordinal()}
     */
    private static int[] tally(long seed, int trials, double shift, Noise noise) {
        Random random = new Random(seed);
        int[] outcomes = new int[Gate.Outcome.values().length];
        for (int t = 0; t < trials; t++) {
            outcomes[draw(random, shift, noise).outcome().ordinal()]++;
        }
        return outcomes;
    }

    @Test
    void shouldPassASlowdownOfTheLimitInAtMostTwoAndAHalfPercentWhateverTheNoise() {
        double limit = GATE.maxRegressionPercent() / 100;
        for (Noise noise : List.of(Noise.AGREEING, Noise.SHARED_SPELLS, Noise.OWN_MODES)) {
            int trials = 200;
            int passed = tally(20261205, trials, limit, noise)[Gate.Outcome.PASS.ordinal()];
            System.out.printf(
                    "gate, a %.0f%% slowdown in one centre row, %s: passed %d of %d%n",
                    100 * limit, noise, passed, trials);
            assertTrue(
                    passed <= trials * 0.025, "a slowdown of the limit passed the gate in " + passed + " of " + trials);
        }
    }

    @Test
    void shouldFailAnAaInAtMostAlphaOfComparisons() {
        for (Noise noise : List.of(Noise.AGREEING, Noise.SHARED_SPELLS, Noise.OWN_MODES)) {
            int trials = 200;
            int[] outcomes = tally(17, trials, 0, noise);
            int failed = outcomes[Gate.Outcome.FAIL.ordinal()];
            int passed = outcomes[Gate.Outcome.PASS.ordinal()];
            System.out.printf(
                    "gate, A/A, %s: failed %d, passed %d, could not judge %d of %d%n",
                    noise, failed, passed, trials - failed - passed, trials);
            assertTrue(
                    failed <= trials * VerdictRule.DEFAULT_ALPHA,
                    "an A/A failed the gate in " + failed + " of " + trials);
        }
    }

    @Test
    void shouldPassAnAaAndFailTwiceTheLimitWhereForksAgree() {
        int trials = 150;
        int passed = tally(3, trials, 0, Noise.AGREEING)[Gate.Outcome.PASS.ordinal()];
        int failed =
                tally(4, trials, 2 * GATE.maxRegressionPercent() / 100, Noise.AGREEING)[Gate.Outcome.FAIL.ordinal()];
        System.out.printf(
                "gate, forks agreeing to 3%% IQR: A/A passed %d of %d, a %.0f%% slowdown failed %d of %d%n",
                passed, trials, 2 * GATE.maxRegressionPercent(), failed, trials);
        assertTrue(passed >= trials * 0.9, "an A/A passed in " + passed + " of " + trials);
        assertTrue(failed >= trials * 0.9, "twice the limit failed in " + failed + " of " + trials);
    }
}
