package io.stagebench.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class VerdictRuleTest {

    private final VerdictRule rule = VerdictRule.defaults();

    private static Side side(double... forksNs) {
        double[] sorted = forksNs.clone();
        Arrays.sort(sorted);
        return new Side(sorted[sorted.length / 2], forksNs, null);
    }

    @Test
    void shouldCallAKnownShiftSlower() {
        Comparison c = rule.judge(Statistic.P50, side(100, 101, 102, 101.5, 100.5), side(110, 111, 112, 110.5, 111.5));

        assertEquals(Verdict.SLOWER, c.verdict(), c.reason());
        assertEquals(2.0 / 252, c.pValue(), 1e-12);
        assertEquals(1000.0 / 101, c.changePercent(), 1e-9);
        assertEquals(1.0, c.spreadOldNs(), 1e-12, "the spread is the interquartile range");
        assertEquals(10.0, c.shiftNs(), 1e-12);
        assertEquals(1000.0 / 101, c.shiftPercent(), 1e-9);
        assertTrue(c.shiftLowNs() > 0 && c.shiftHighNs() < 12, c.shiftLowNs() + ".." + c.shiftHighNs());
    }

    @Test
    void shouldCallAKnownShiftFasterWhenLatencyDrops() {
        Comparison c = rule.judge(Statistic.P99, side(200, 202, 201, 203, 199), side(180, 181, 179, 182, 180.5));

        assertEquals(Verdict.FASTER, c.verdict(), c.reason());
        assertTrue(c.changePercent() < -9, "change " + c.changePercent());
    }

    @Test
    void shouldNotCallAChangeWhenThereIsNoShift() {
        Comparison c = rule.judge(Statistic.P50, side(100, 102, 104, 106, 108), side(101, 103, 105, 107, 109));

        assertEquals(Verdict.NO_CHANGE, c.verdict());
        assertTrue(c.pValue() > 0.5, "p " + c.pValue());
        assertTrue(c.reason().startsWith("Holm p 0.690 >= 0.05"), c.reason());
    }

    @Test
    void shouldCallAShiftThatOneForkInASlowModeWouldHaveHiddenFromAMaxMinSpread() {
        // one old fork in a slow mode: max - min is 53 ns, the interquartile range 2 ns
        Comparison c = rule.judge(Statistic.P50, side(50, 100, 101, 102, 103), side(104, 105, 106, 107, 108));

        assertEquals(2.0 / 252, c.pValue(), 1e-12);
        assertEquals(2.0, c.spreadOldNs(), 1e-12);
        assertEquals(Verdict.SLOWER, c.verdict(), c.reason());
    }

    @Test
    void shouldCallAShiftSmallerThanTheForkToForkSpreadOnceEnoughForksMeasureIt() {
        // forks spread evenly over 20 ns (IQR 10 ns); B is A moved by 6 ns: the old rule (shift > IQR) could never call
        // it
        double[] a = new double[20];
        double[] b = new double[20];
        for (int i = 0; i < 20; i++) {
            a[i] = 90 + i * 20.0 / 19;
            b[i] = a[i] + 6;
        }
        Comparison c = rule.judge(Statistic.TMEAN, new Side(100, a, null), new Side(106, b, null));

        assertEquals(10.0, c.spreadOldNs(), 1e-9);
        assertTrue(c.shiftSpreadNs() < 6, "the shift's own spread " + c.shiftSpreadNs());
        assertEquals(Verdict.SLOWER, c.verdict(), c.reason());
    }

    @Test
    void shouldNotCallAShiftInsideItsOwnSpreadWhenMostPairsTie() {
        // p50 moves in counter steps: ten pairs read the same, six moved by one 10 ns step
        double[] a = new double[16];
        double[] b = new double[16];
        for (int i = 0; i < 16; i++) {
            a[i] = 100 + 10 * (i % 4);
            b[i] = a[i] + (i < 10 ? 0 : 10);
        }
        Comparison c = rule.judgeAll(List.of(
                        new VerdictRule.Row(Statistic.P50, new Side(100, a, null), new Side(110, b, null), true)))
                .get(0);

        assertTrue(c.paired(), c.test());
        assertEquals(2.0 / 64, c.pValue(), 1e-12, "six nonzero differences, all positive");
        assertEquals(5.0, c.shiftNs(), 1e-12);
        assertEquals(5.0, c.shiftSpreadNs(), 1e-12);
        assertEquals(Verdict.NO_CHANGE, c.verdict());
        assertEquals("shift 5.00 ns within its spread (50% interval) 5.00 ns", c.reason());
    }

    @Test
    void shouldJudgePairedRowsOnThePairDifferences() {
        // the forks of a pair share whatever put them anywhere in 70..130 ns; within a pair B is 3 ns slower
        double[] a = new double[15];
        double[] b = new double[15];
        for (int i = 0; i < 15; i++) {
            a[i] = 100 + 30 * Math.sin(i * 2.1);
            b[i] = a[i] + 3 + (i % 3) * 0.2;
        }
        Side old = side(a);
        Side now = side(b);

        Comparison unpaired = rule.judgeAll(List.of(new VerdictRule.Row(Statistic.TMEAN, old, now, false)))
                .get(0);
        Comparison paired = rule.judgeAll(List.of(new VerdictRule.Row(Statistic.TMEAN, old, now, true)))
                .get(0);

        assertEquals(Verdict.NO_CHANGE, unpaired.verdict(), unpaired.reason());
        assertEquals("Mann-Whitney U, 15 v 15 forks", unpaired.test());
        assertEquals(Verdict.SLOWER, paired.verdict(), paired.reason());
        assertEquals("signed-rank, 15 pairs (pairs share 100%)", paired.test());
        assertTrue(paired.paired());
        assertEquals(2.0 / Math.pow(2, 15), paired.pValue(), 1e-15, "every pair slower");
        assertTrue(paired.shiftNs() > 3 && paired.shiftNs() < 3.4, "shift " + paired.shiftNs());
        assertTrue(
                paired.shiftLowNs() >= 3 && paired.shiftHighNs() <= 3.4,
                paired.shiftLowNs() + ".." + paired.shiftHighNs());
    }

    @Test
    void shouldJudgeAsPairsAChangeAsLargeAsTheForksSpreadWhenThePairsShareTheirNoise() {
        // forks spread ~4 % about 50 ns, B 10 % slower than its partner: about their grand mean the shift outweighed
        // what the pairs share (share < 0) and the row went to the forks' test, which cannot separate the two sides
        double[] a = new double[13];
        double[] b = new double[13];
        for (int i = 0; i < 13; i++) {
            a[i] = 50 + 3 * Math.sin(i * 2.1);
            b[i] = a[i] * 1.10 + (i % 3 - 1) * 0.2;
        }

        Comparison c = rule.judgeAll(List.of(new VerdictRule.Row(Statistic.TMEAN, side(a), side(b), true)))
                .get(0);

        assertTrue(c.paired(), c.test());
        assertTrue(c.test().matches("signed-rank, 13 pairs \\(pairs share (9\\d|100)%\\)"), c.test());
        assertEquals(Verdict.SLOWER, c.verdict(), c.reason());
    }

    @Test
    void shouldJudgePairsThatShareLittleOfTheSpreadAsIndependentForks() {
        // each fork draws its own mode, the pair shares nothing: the differences carry both forks' noise
        double[] a = {27.3, 33.4, 27.6, 27.5, 36.1, 27.4, 27.2, 33.3, 27.5, 27.6, 27.3, 34.0, 27.4};
        double[] b = {33.5, 27.4, 27.5, 36.2, 27.6, 27.3, 33.1, 27.5, 27.4, 34.1, 27.6, 27.3, 27.5};

        Comparison c = rule.judgeAll(List.of(new VerdictRule.Row(Statistic.TMEAN, side(a), side(b), true)))
                .get(0);

        assertEquals(false, c.paired());
        assertTrue(c.test().startsWith("Mann-Whitney U, 13 v 13 forks (pairs share -"), c.test());
        assertEquals(MannWhitney.test(a, b).pValue(), c.pValue(), 1e-12);
    }

    @Test
    void shouldRefuseAPairedRowWithUnequalForkCounts() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> new VerdictRule.Row(Statistic.TMEAN, side(1, 2, 3), side(1, 2), true));

        assertEquals("a paired row needs as many forks a side, got 3 v 2", e.getMessage());
    }

    @Test
    void shouldNotCallASignificantShiftBelowTheThreshold() {
        Comparison c =
                rule.judge(Statistic.P50, side(1000, 1001, 1002, 1003, 1004), side(1010, 1011, 1012, 1013, 1014));

        assertEquals(Verdict.NO_CHANGE, c.verdict());
        assertEquals("|shift| 1.0% < 2%", c.reason());
        assertEquals(
                Verdict.SLOWER,
                new VerdictRule(0.05, 0.5)
                        .judge(Statistic.P50, side(1000, 1001, 1002, 1003, 1004), side(1010, 1011, 1012, 1013, 1014))
                        .verdict());
    }

    @Test
    void shouldSayUnreliableWithTooFewForks() {
        Comparison threeVersusThree = rule.judge(Statistic.P50, side(100, 101, 102), side(200, 201, 202));
        Comparison oneVersusFive = rule.judge(Statistic.P50, side(100), side(200, 201, 202, 203, 204));

        assertEquals(Verdict.UNRELIABLE, threeVersusThree.verdict());
        assertEquals("3 v 3 forks cannot reach p < 0.05 (smallest p 0.100)", threeVersusThree.reason());
        assertTrue(Double.isNaN(threeVersusThree.pValue()));
        assertEquals(Verdict.UNRELIABLE, oneVersusFive.verdict());
        assertEquals("1 v 5 forks: at least 2 a side needed", oneVersusFive.reason());
    }

    @Test
    void shouldCallAClearShiftWithFourForksASide() {
        Comparison c = rule.judge(Statistic.P50, side(100, 101, 102, 101.5), side(120, 121, 122, 121.5));

        assertEquals(Verdict.SLOWER, c.verdict(), c.reason());
    }

    @Test
    void shouldSayUnreliableWhenTheStatisticRestsOnTooFewSamples() {
        Side thin = new Side(150, new double[] {150, 151, 152, 151, 150}, "p99.9 has fewer than 100 samples beyond it");

        Comparison c = rule.judge(Statistic.P999, side(100, 101, 102, 101.5, 100.5), thin);

        assertEquals(Verdict.UNRELIABLE, c.verdict());
        assertEquals("new: p99.9 has fewer than 100 samples beyond it", c.reason());
    }

    @Test
    void shouldTreatAZeroOldValueAsAnInfiniteChange() {
        assertEquals(0.0, VerdictRule.changePercent(0, 0));
        assertEquals(Double.POSITIVE_INFINITY, VerdictRule.changePercent(0, 3));
    }

    @Test
    void shouldRejectAnAlphaOutsideZeroToOne() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new VerdictRule(1.5, 2));

        assertEquals("alpha must be in (0, 1), got 1.5", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new VerdictRule(0.05, -1));
    }

    @Test
    void shouldDecideThePackageWorkedExampleAsDocumented() {
        Side b = new Side(110.6, new double[] {110.3, 110.8, 110.5, 111.0, 110.6}, null);

        Comparison called =
                rule.judge(Statistic.TMEAN, new Side(100.9, new double[] {100.4, 100.9, 101.2, 100.6, 101.0}, null), b);
        Comparison oneSlowFork =
                rule.judge(Statistic.TMEAN, new Side(100.9, new double[] {90, 100.9, 101.2, 100.6, 101.0}, null), b);

        assertEquals(Verdict.SLOWER, called.verdict(), called.reason());
        assertEquals(9.8, called.shiftNs(), 1e-9);
        assertEquals(9.3, called.shiftLowNs(), 1e-9);
        assertEquals(10.4, called.shiftHighNs(), 1e-9);
        assertEquals(0.4, called.spreadOldNs(), 1e-9);
        assertTrue(called.shiftSpreadNs() < 1, "the shift's spread " + called.shiftSpreadNs());
        assertEquals(Verdict.SLOWER, oneSlowFork.verdict(), oneSlowFork.reason());
        assertEquals(9.8, oneSlowFork.shiftNs(), 1e-9);
        assertEquals(20.6, oneSlowFork.shiftHighNs(), 1e-9);
    }

    @Test
    void shouldDecideThePairedPackageWorkedExampleAsDocumented() {
        Side a = side(30.2, 36.1, 30.4, 36.3, 30.1, 36.0);
        Side b = side(31.9, 37.6, 32.0, 38.1, 31.7, 37.8);

        Comparison paired = rule.judgeAll(List.of(new VerdictRule.Row(Statistic.TMEAN, a, b, true)))
                .get(0);
        Comparison unpaired = rule.judge(Statistic.TMEAN, a, b);

        assertEquals(2.0 / 64, paired.pValue(), 1e-12);
        assertEquals(1.65, paired.shiftNs(), 1e-9);
        assertEquals(0.1, paired.shiftSpreadNs(), 1e-9);
        assertEquals(Verdict.SLOWER, paired.verdict(), paired.reason());
        assertEquals(0.18, unpaired.pValue(), 0.005);
        assertEquals(Verdict.NO_CHANGE, unpaired.verdict());
    }

    @Test
    void shouldAdjustForEveryRowOfTheComparison() {
        // p 0.0079 alone is significant; as one of 10 rows of one statistic its Holm-adjusted p is 0.079
        List<Comparison> judged = rule.judgeAll(besideNineP50Rows(Statistic.P50));

        assertEquals(2.0 / 252 * 10, judged.get(0).pAdjusted(), 1e-12);
        assertEquals(Verdict.NO_CHANGE, judged.get(0).verdict());
        assertEquals(
                Verdict.SLOWER,
                rule.judge(Statistic.P50, side(100, 101, 102, 101.5, 100.5), side(110, 111, 112, 110.5, 111.5))
                        .verdict());
    }

    @Test
    void shouldLetTheCentreRowsHoldHalfOfAlphaBesideTheTails() {
        // the same p 0.0079 as the tmean row beside 9 rows of p50: the tmean holds half of alpha, so its adjusted p is
        // 2 x 0.0079 and it is called, where as one of 10 rows weighing alike it was not
        List<VerdictRule.Row> rows = besideNineP50Rows(Statistic.TMEAN);

        List<Comparison> weighted = rule.judgeAll(rows);
        List<Comparison> alike = rule.withCentreShare(0.1).judgeAll(rows);

        assertEquals(2.0 / 252 * 2, weighted.get(0).pAdjusted(), 1e-12);
        assertEquals(Verdict.SLOWER, weighted.get(0).verdict(), weighted.get(0).reason());
        assertEquals(2.0 / 252 * 10, alike.get(0).pAdjusted(), 1e-12);
        assertEquals(Verdict.NO_CHANGE, alike.get(0).verdict());
        // the tails pay for it: each p50 row faces 0.05 x 0.5 / 9 at Holm's first step, not 0.05 / 10
        assertTrue(
                weighted.get(0).detectablePercent() < alike.get(0).detectablePercent(),
                weighted.get(0).detectablePercent() + " v " + alike.get(0).detectablePercent());
        assertTrue(
                weighted.get(1).detectablePercent() >= alike.get(1).detectablePercent(),
                weighted.get(1).detectablePercent() + " v " + alike.get(1).detectablePercent());
    }

    /** @return a row of {@code first} whose 5 v 5 forks give p 0.0079, then 9 rows of p50 that moved by little */
    private static List<VerdictRule.Row> besideNineP50Rows(Statistic first) {
        List<VerdictRule.Row> rows = new ArrayList<>();
        rows.add(new VerdictRule.Row(first, side(100, 101, 102, 101.5, 100.5), side(110, 111, 112, 110.5, 111.5)));
        for (int i = 0; i < 9; i++) {
            rows.add(new VerdictRule.Row(Statistic.P50, side(100, 102, 104, 106, 108), side(101, 103, 105, 107, 109)));
        }
        return rows;
    }

    @Test
    void shouldRefuseACentreShareOutsideZeroAndOne() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> rule.withCentreShare(1.0));
        assertEquals("the centre's share of alpha must be in (0, 1), got 1.0", e.getMessage());
    }

    @Test
    void shouldSpendAlphaOverTheLooksOfASequentialComparison() {
        VerdictRule fiveLooks = rule.withLooks(5);

        Comparison c =
                fiveLooks.judge(Statistic.TMEAN, side(100, 101, 102, 101.5, 100.5), side(110, 111, 112, 110.5, 111.5));

        assertEquals(0.01, fiveLooks.lookAlpha(), 1e-15);
        assertEquals(Verdict.SLOWER, c.verdict(), "p 0.0079 < 0.01");
        assertEquals(
                Verdict.UNRELIABLE,
                rule.withLooks(10)
                        .judge(Statistic.TMEAN, side(100, 101, 102, 101.5, 100.5), side(110, 111, 112, 110.5, 111.5))
                        .verdict(),
                "5 v 5 forks cannot reach 0.005");
    }

    @Test
    void shouldQuoteASmallerDetectableChangeWithMoreForks() {
        // the same spread (evenly spaced 97..103 ns) at 10 and at 30 forks a side
        double detectTen = judgedAlone(evenly(10, 97, 103), evenly(10, 97, 103)).detectablePercent();
        double detectThirty =
                judgedAlone(evenly(30, 97, 103), evenly(30, 97, 103)).detectablePercent();

        assertTrue(detectThirty < detectTen * 0.75, "10 forks: " + detectTen + "%, 30 forks: " + detectThirty + "%");
        assertTrue(detectThirty >= VerdictRule.DEFAULT_THRESHOLD_PERCENT, "never below the threshold: " + detectThirty);
        Comparison three = judgedAlone(evenly(3, 97, 103), evenly(3, 97, 103));
        assertEquals(Verdict.UNRELIABLE, three.verdict());
        assertTrue(Double.isNaN(three.detectablePercent()), "3 v 3 forks cannot reach the level: " + three.reason());
    }

    @Test
    void shouldCallEveryRowWhoseShiftReachesItsDetectableChange() {
        // 'detect' means what the row is tested at: a shift at least that large is never "no change"
        Random random = new Random(21);
        int reached = 0;
        for (int t = 0; t < 200; t++) {
            boolean paired = t % 2 == 0;
            double shift = random.nextDouble() * 12;
            double[] a = new double[12];
            double[] b = new double[12];
            for (int i = 0; i < 12; i++) {
                double mode = random.nextDouble() < 0.2 ? 30 : 0;
                a[i] = 100 + mode + 2 * random.nextGaussian();
                b[i] = (paired ? a[i] : 100 + (random.nextDouble() < 0.2 ? 30 : 0)) + shift + 2 * random.nextGaussian();
            }
            Comparison c = new VerdictRule(0.05, 2, 2)
                    .judgeAll(List.of(
                            new VerdictRule.Row(Statistic.TMEAN, side(a), side(b), paired),
                            new VerdictRule.Row(Statistic.P50, side(a), side(a), paired)))
                    .get(0);
            if (Math.abs(c.shiftPercent()) >= c.detectablePercent()) {
                reached++;
                assertTrue(
                        c.verdict() == Verdict.SLOWER || c.verdict() == Verdict.FASTER,
                        "shift " + c.shiftPercent() + "% >= detect " + c.detectablePercent() + "% but " + c.reason());
            }
        }
        assertTrue(reached > 20, "only " + reached + " rows reached their detectable change");
    }

    @Test
    void shouldFindTheDetectableChangeASearchOfTheLineFinds() {
        // no threshold, so the detectable change is the test's own: B's values, their shift out, moved until p < level
        VerdictRule noThreshold = new VerdictRule(0.05, 0);
        Random random = new Random(11);
        int finite = 0;
        for (int trial = 0; trial < 300; trial++) {
            int n = 5 + random.nextInt(19);
            boolean paired = trial % 2 == 0;
            boolean ticks = trial % 3 == 0;
            double[] a = new double[n];
            double[] b = new double[n];
            for (int i = 0; i < n; i++) {
                double fork = 3 * random.nextGaussian();
                a[i] = 100 + fork + random.nextGaussian();
                b[i] = 100 + fork + random.nextGaussian() + random.nextInt(3);
                if (ticks) {
                    // values in counter steps tie
                    a[i] = Math.round(a[i] * 2) / 2.0;
                    b[i] = Math.round(b[i] * 2) / 2.0;
                }
            }
            VerdictRule.Row row = new VerdictRule.Row(Statistic.TMEAN, side(a), side(b), paired);
            double shiftNs = row.shift(0.5).shiftNs();
            double level = 0.001 + 0.05 * random.nextDouble();
            double found = noThreshold.detectablePercent(row, shiftNs, 0, 100, level);
            double expected = Math.max(lineSearchNs(row, shiftNs, level, 1), lineSearchNs(row, shiftNs, level, -1));
            if (Double.isInfinite(expected)) {
                assertTrue(Double.isInfinite(found), trial + ": " + found + " v none");
            } else {
                finite++;
                assertEquals(
                        expected, found, 1e-9 * (1 + expected), trial + " (" + n + (paired ? " pairs)" : " forks)"));
            }
        }
        assertTrue(finite > 200, "only " + finite + " rows could detect a change");
    }

    /** The smallest delta at which B, its shift out and moved by sign x delta, tests below level: 80 bisections. */
    private static double lineSearchNs(VerdictRule.Row row, double shiftNs, double level, int sign) {
        double low = 0;
        double high = 1_000;
        if (!(row.pValue(sign * high - shiftNs) < level)) {
            return Double.POSITIVE_INFINITY;
        }
        if (row.pValue(-shiftNs) < level) {
            return 0;
        }
        for (int i = 0; i < 80; i++) {
            double mid = (low + high) / 2;
            if (row.pValue(sign * mid - shiftNs) < level) {
                high = mid;
            } else {
                low = mid;
            }
        }
        return high;
    }

    private Comparison judgedAlone(double[] a, double[] b) {
        return new VerdictRule(0.05, 2, 4)
                .judgeAll(List.of(new VerdictRule.Row(Statistic.TMEAN, side(a), side(b))))
                .get(0);
    }

    private static double[] evenly(int n, double from, double to) {
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            out[i] = from + (to - from) * i / (n - 1);
        }
        return out;
    }
}
