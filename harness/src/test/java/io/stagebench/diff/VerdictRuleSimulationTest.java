package io.stagebench.diff;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The verdict rule on synthetic per-fork data with known shifts and known noise: how often an
 * A/A comparison cries wolf, and how often a 10 % change is caught. The noise imitates what
 * the reference stages measured on a 2-core KVM machine (trimmed means of stand-alone stages:
 * fork-to-fork CV 1-10 %, and now and then a fork in a slow mode, 20-75 % above the rest):
 * CV 4 %, and 5 % of forks 40 % slow. Every figure below is a count over seeded repeats, so the
 * test is deterministic; the bounds are what the issue asks, not what the seeds happen to give.
 */
class VerdictRuleSimulationTest {

    private static final int ROWS = 45;           // a default ab: ~9 series x 5 statistics
    private static final double CV = 0.04;
    private static final double MODE_CHANCE = 0.05;
    private static final double MODE_FACTOR = 1.4;

    private static double[] forks(Random random, int n, double centre) {
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            double v = centre * (1 + CV * random.nextGaussian());
            out[i] = random.nextDouble() < MODE_CHANCE ? v * MODE_FACTOR : v;
        }
        return out;
    }

    private static Side side(double[] values, int n) {
        double[] first = Arrays.copyOf(values, n);
        double[] sorted = first.clone();
        Arrays.sort(sorted);
        return new Side(sorted[n / 2], first, null);
    }

    /** One comparison of ROWS rows; row 0 is shifted by {@code shift} (0: an A/A). */
    private record Family(double[][] a, double[][] b) {
        static Family draw(Random random, int maxForks, double shift) {
            double[][] a = new double[ROWS][];
            double[][] b = new double[ROWS][];
            for (int r = 0; r < ROWS; r++) {
                a[r] = forks(random, maxForks, 50);
                b[r] = forks(random, maxForks, r == 0 ? 50 * (1 + shift) : 50);
            }
            return new Family(a, b);
        }

        List<Comparison> judge(VerdictRule rule, int n) {
            List<VerdictRule.Row> rows = new ArrayList<>();
            for (int r = 0; r < ROWS; r++) {
                rows.add(new VerdictRule.Row(Statistic.TMEAN, side(a[r], n), side(b[r], n)));
            }
            return rule.judgeAll(rows);
        }
    }

    private static boolean anyCalled(List<Comparison> judged) {
        return judged.stream().anyMatch(c -> c.verdict() == Verdict.SLOWER || c.verdict() == Verdict.FASTER);
    }

    @Test
    void shouldCryWolfInAtMostFivePercentOfFixedAaComparisons() {
        Random random = new Random(20261130);
        VerdictRule rule = VerdictRule.defaults();
        int trials = 300;
        int falseAlarms = 0;
        for (int t = 0; t < trials; t++) {
            if (anyCalled(Family.draw(random, 10, 0).judge(rule, 10))) {
                falseAlarms++;
            }
        }
        System.out.printf("fixed 10 v 10 A/A, 45 rows, alpha 0.05 Holm: %d of %d comparisons called a change%n", falseAlarms, trials);
        assertTrue(falseAlarms <= trials * 0.05, falseAlarms + " of " + trials + " A/A comparisons (45 rows each) called a change");
    }

    @Test
    void shouldCryWolfInAtMostFivePercentOfSequentialAaComparisonsCountingEveryLook() {
        Random random = new Random(7);
        SequentialPlan plan = new SequentialPlan(10, 30, 5, 5.0, Duration.ofMinutes(4));
        VerdictRule rule = VerdictRule.defaults().withLooks(plan.looks());
        int trials = 150;
        int falseAlarms = 0;
        for (int t = 0; t < trials; t++) {
            Family family = Family.draw(random, plan.maxForks(), 0);
            boolean alarm = false;
            for (int n = plan.minForks(); n <= plan.maxForks(); n += plan.stepForks()) {
                List<Comparison> judged = family.judge(rule, n);
                alarm |= anyCalled(judged);
                if (plan.decided(judged)) {
                    break;
                }
            }
            falseAlarms += alarm ? 1 : 0;
        }
        System.out.printf("sequential 10..30 A/A, 45 rows, every look counted: %d of %d comparisons called a change%n", falseAlarms, trials);
        assertTrue(falseAlarms <= trials * 0.05, falseAlarms + " of " + trials + " sequential A/A comparisons called a change");
    }

    @Test
    void shouldCatchATenPercentChangeInAtLeastEightyPercentAtTheDefaultForks() {
        Random random = new Random(42);
        SequentialPlan plan = new SequentialPlan(SequentialPlan.DEFAULT_MIN_FORKS, SequentialPlan.DEFAULT_MAX_FORKS,
                SequentialPlan.DEFAULT_STEP_FORKS, SequentialPlan.DEFAULT_TARGET_PERCENT, SequentialPlan.DEFAULT_BUDGET);
        // the first look alone, at the alpha the full plan leaves it: the power a default ab has at its fewest forks
        VerdictRule rule = VerdictRule.defaults().withLooks(plan.looks());
        int trials = 200;
        int caught = 0;
        int wrongRows = 0;
        for (int t = 0; t < trials; t++) {
            List<Comparison> judged = Family.draw(random, plan.minForks(), 0.10).judge(rule, plan.minForks());
            caught += judged.get(0).verdict() == Verdict.SLOWER ? 1 : 0;
            wrongRows += (int) judged.subList(1, ROWS).stream().filter(c -> c.verdict() != Verdict.NO_CHANGE).count();
        }
        System.out.printf("10%% shift, %d v %d forks, first look of the default plan: caught %d of %d, other rows called %d%n",
                plan.minForks(), plan.minForks(), caught, trials, wrongRows);
        assertTrue(caught >= trials * 0.8, "a 10% change called slower in " + caught + " of " + trials);
        assertTrue(wrongRows == 0, wrongRows + " unchanged rows were called");
    }

    @Test
    void shouldNotCatchTheSameChangeWithTheOldMaxMinRuleAtSixteenForks() {
        // the rule as it was: p < 0.05 and shift > max - min of either side. More forks widen max - min.
        Random random = new Random(42);
        int trials = 200;
        int caughtOld = 0;
        for (int t = 0; t < trials; t++) {
            double[] a = forks(random, 16, 50);
            double[] b = forks(random, 16, 55);
            Side sa = side(a, 16);
            Side sb = side(b, 16);
            boolean significant = MannWhitney.test(a, b).pValue() < 0.05;
            boolean beyondRange = sb.medianNs() - sa.medianNs() > Math.max(sa.rangeNs(), sb.rangeNs());
            caughtOld += significant && beyondRange ? 1 : 0;
        }
        System.out.printf("old max-min rule, 10%% shift, 16 v 16 forks: caught %d of %d%n", caughtOld, trials);
        assertTrue(caughtOld < trials * 0.2, "the max-min rule caught " + caughtOld + " of " + trials);
    }
}
