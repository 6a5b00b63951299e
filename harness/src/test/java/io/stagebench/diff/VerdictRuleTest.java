package io.stagebench.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class VerdictRuleTest {

    private final VerdictRule rule = VerdictRule.defaults();

    private static Side side(double... forksNs) {
        double[] sorted = forksNs.clone();
        java.util.Arrays.sort(sorted);
        return new Side(sorted[sorted.length / 2], forksNs, null);
    }

    @Test
    void shouldCallAKnownShiftSlower() {
        Comparison c = rule.judge(Statistic.P50, side(100, 101, 102, 101.5, 100.5), side(110, 111, 112, 110.5, 111.5));

        assertEquals(Verdict.SLOWER, c.verdict(), c.reason());
        assertEquals(2.0 / 252, c.pValue(), 1e-12);
        assertEquals(1000.0 / 101, c.changePercent(), 1e-9);
        assertEquals(2.0, c.spreadOldNs(), 1e-12);
        assertEquals(10.0, c.shiftNs(), 1e-12);
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
        assertTrue(c.reason().startsWith("p 0.690 >= 0.05"), c.reason());
    }

    @Test
    void shouldNotCallAShiftInsideTheRunToRunSpread() {
        // fully separated, so p = 0.0079, but one slow fork on the old side makes its spread 53 ns
        Comparison c = rule.judge(Statistic.P50, side(50, 100, 101, 102, 103), side(104, 105, 106, 107, 108));

        assertEquals(2.0 / 252, c.pValue(), 1e-12);
        assertEquals(Verdict.NO_CHANGE, c.verdict());
        assertEquals("shift 5.0 ns within spread 53.0 ns", c.reason());
    }

    @Test
    void shouldNotCallASignificantShiftBelowTheThreshold() {
        Comparison c = rule.judge(Statistic.P50, side(1000, 1001, 1002, 1003, 1004), side(1010, 1011, 1012, 1013, 1014));

        assertEquals(Verdict.NO_CHANGE, c.verdict());
        assertEquals("|change| 1.0% < 2%", c.reason());
        assertEquals(Verdict.SLOWER, new VerdictRule(0.05, 0.5).judge(Statistic.P50, side(1000, 1001, 1002, 1003, 1004),
                side(1010, 1011, 1012, 1013, 1014)).verdict());
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

        Comparison called = rule.judge(Statistic.P50, new Side(100.9, new double[] {100.4, 100.9, 101.2, 100.6, 101.0}, null), b);
        Comparison wideButCalled = rule.judge(Statistic.P50, new Side(100.9, new double[] {92, 100.9, 101.2, 100.6, 101.0}, null), b);
        Comparison tooWide = rule.judge(Statistic.P50, new Side(100.9, new double[] {90, 100.9, 101.2, 100.6, 101.0}, null), b);

        assertEquals(Verdict.SLOWER, called.verdict(), called.reason());
        assertEquals(9.7, called.shiftNs(), 1e-9);
        assertEquals(Verdict.SLOWER, wideButCalled.verdict(), wideButCalled.reason());
        assertEquals(Verdict.NO_CHANGE, tooWide.verdict());
        assertEquals("shift 9.7 ns within spread 11.2 ns", tooWide.reason());
    }
}
