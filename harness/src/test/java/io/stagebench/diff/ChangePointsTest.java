package io.stagebench.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The change points of a line of commits, from synthetic per-fork values. */
class ChangePointsTest {

    private static final int COMMITS = 8;
    private static final int FORKS = 5;

    /**
     * @param shiftAt the first commit of the new level (COMMITS: none)
     * @param shift the new level's factor
     * @param forkNoise each fork's own relative noise (uniform, +-)
     * @param runNoise each commit's whole run moving (uniform, +-): what forks of one run share
     */
    private static List<Side> line(long seed, int shiftAt, double shift, double forkNoise, double runNoise) {
        return line(seed, shiftAt, shift, forkNoise, runNoise, false);
    }

    /** @param normalRuns whether a run moves normally, {@code runNoise} its standard deviation, instead of uniformly */
    private static List<Side> line(
            long seed, int shiftAt, double shift, double forkNoise, double runNoise, boolean normalRuns) {
        SplittableRandom random = new SplittableRandom(seed);
        List<Side> commits = new ArrayList<>();
        for (int c = 0; c < COMMITS; c++) {
            double moved = normalRuns ? random.nextGaussian() : 2 * random.nextDouble() - 1;
            double level = 1_000 * (c >= shiftAt ? shift : 1) * (1 + runNoise * moved);
            double[] forks = new double[FORKS];
            for (int f = 0; f < FORKS; f++) {
                forks[f] = level * (1 + forkNoise * (2 * random.nextDouble() - 1));
            }
            commits.add(new Side(level, forks, null));
        }
        return commits;
    }

    /** Asserts that none of {@code lines} A/A lines (seeds 1, 2, ...) gets a change point at the defaults. */
    private static void assertNoChangePointIn(int lines, double forkNoise, double runNoise) {
        for (long seed = 1; seed <= lines; seed++) {
            assertEquals(
                    List.of(),
                    ChangePoints.find(
                            line(seed, COMMITS, 1, forkNoise, runNoise),
                            Statistic.TMEAN,
                            ChangePoints.DEFAULT_ALPHA,
                            VerdictRule.DEFAULT_THRESHOLD_PERCENT),
                    "seed " + seed);
        }
    }

    @Test
    void shouldFindOneChangePointWhereTheLevelShiftsAndStays() {
        List<ChangePoints.ChangePoint> found =
                ChangePoints.find(line(1, 4, 3.0, 0.02, 0.005), Statistic.TMEAN, 0.01, 2);

        assertEquals(1, found.size(), found.toString());
        assertEquals(4, found.get(0).index());
        assertEquals(Verdict.SLOWER, found.get(0).comparison().verdict());
        assertTrue(found.get(0).comparison().shiftPercent() > 150, found.toString());
    }

    @Test
    void shouldFindBothChangePointsOfTwoShiftsInARow() {
        SplittableRandom random = new SplittableRandom(7);
        List<Side> commits = new ArrayList<>();
        for (int c = 0; c < 12; c++) {
            double level = c < 4 ? 1_000 : c < 8 ? 1_200 : 1_500;
            double[] forks = new double[FORKS];
            for (int f = 0; f < FORKS; f++) {
                forks[f] = level * (1 + 0.01 * (2 * random.nextDouble() - 1));
            }
            commits.add(new Side(level, forks, null));
        }

        List<ChangePoints.ChangePoint> found = ChangePoints.find(commits, Statistic.TMEAN, 0.01, 2);

        assertEquals(
                List.of(4, 8),
                found.stream().map(ChangePoints.ChangePoint::index).toList(),
                found.toString());
        assertTrue(found.stream().allMatch(c -> c.comparison().verdict() == Verdict.SLOWER), found.toString());
    }

    @Test
    void shouldFindNoChangePointOverAaCommitsInFiveRepeats() {
        // forks agree to 2 %, a whole run moves by up to 1 % from one commit to the next
        assertNoChangePointIn(5, 0.02, 0.01);
    }

    @Test
    void shouldNotCallAShiftOfOneCommitAlone() {
        List<Side> commits = line(3, COMMITS, 1, 0.01, 0);
        double[] last = commits.get(COMMITS - 1).forksNs();
        for (int f = 0; f < last.length; f++) {
            last[f] *= 1.5;
        }
        commits.set(COMMITS - 1, new Side(1_500, last, null));

        assertEquals(
                List.of(),
                ChangePoints.find(commits, Statistic.TMEAN, 0.01, 2),
                "a change must persist over " + ChangePoints.MIN_COMMITS + " commits");
    }

    @Test
    void shouldNotCallWholeRunsMovingBetweenCommitsByLessThanTheThreshold() {
        // every commit's run at its own level, +-1.5 %, its forks within 0.2 % of it: the fork test alone would call
        // splits
        assertNoChangePointIn(20, 0.002, 0.015);
    }

    @Test
    void shouldKeepFalseAlarmsWithinAlphaWhenWholeRunsMoveBetweenCommits() {
        // every commit's run at its own level, normal with sd 3 %, its forks within 0.2 % of it: the fork test alone
        // calls most of these lines; the commit-level test holds them to alpha. alpha 0.05, 400 lines
        int falseAlarms = 0;
        for (long seed = 1; seed <= 400; seed++) {
            falseAlarms += ChangePoints.find(line(seed, COMMITS, 1, 0.002, 0.03, true), Statistic.TMEAN, 0.05, 0)
                            .isEmpty()
                    ? 0
                    : 1;
        }
        assertTrue(falseAlarms <= 32, falseAlarms + " of 400");
    }

    @Test
    void shouldKeepFalseAlarmsWithinAlphaWhenForksAreExchangeable() {
        // no threshold: the test with Bonferroni over splits is all that guards; alpha 0.05, 400 lines of 8 x 5 forks
        int falseAlarms = 0;
        for (long seed = 1; seed <= 400; seed++) {
            falseAlarms += ChangePoints.find(line(seed, COMMITS, 1, 0.02, 0), Statistic.TMEAN, 0.05, 0)
                                    .size()
                            > 0
                    ? 1
                    : 0;
        }
        // at most 5 % expected (20 of 400); 32 is beyond 20 + 2.7 sd
        assertTrue(falseAlarms <= 32, falseAlarms + " of 400");
    }

    @Test
    void shouldDetectATenPercentShiftThroughForksThatAgreeToTwoPercent() {
        int found = 0;
        for (long seed = 1; seed <= 50; seed++) {
            List<ChangePoints.ChangePoint> cps =
                    ChangePoints.find(line(seed, 3, 1.10, 0.02, 0.005), Statistic.TMEAN, 0.01, 2);
            found += cps.size() == 1 && cps.get(0).index() == 3 ? 1 : 0;
        }
        assertTrue(found >= 45, found + " of 50");
    }
}
