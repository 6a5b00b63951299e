package io.stagebench.diff;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class ShiftEstimateTest {

    @Test
    void shouldEstimateAKnownShiftWithTheExactInterval() {
        // B = A + 10: pairwise differences 6..14 with counts 1,2,3,4,5,4,3,2,1; at 95 % the
        // exact 5 v 5 critical value is U <= 2 (P = 4/252), so the interval is [d(3), d(23)]
        ShiftEstimate e = ShiftEstimate.of(new double[] {1, 2, 3, 4, 5}, new double[] {11, 12, 13, 14, 15}, 0.05);

        assertEquals(10, e.shiftNs(), 1e-12);
        assertEquals(7, e.lowNs(), 1e-12);
        assertEquals(13, e.highNs(), 1e-12);
        assertTrue(e.excludesZero());
    }

    @Test
    void shouldGiveAnUnboundedIntervalWhenTheForksCannotReachTheLevel() {
        ShiftEstimate e = ShiftEstimate.of(new double[] {1, 2}, new double[] {5, 6}, 0.05);

        assertEquals(Double.NEGATIVE_INFINITY, e.lowNs());
        assertEquals(Double.POSITIVE_INFINITY, e.highNs());
        assertFalse(e.excludesZero());
    }

    @Test
    void shouldMatchTheTabulatedExactNullDistribution() {
        double[] pmf = RankSumDistribution.exact(5, 5);

        assertEquals(26, pmf.length);
        assertEquals(1.0, Arrays.stream(pmf).sum(), 1e-12);
        assertEquals(4.0 / 252, pmf[0] + pmf[1] + pmf[2], 1e-12);
        assertEquals(7.0 / 252, pmf[0] + pmf[1] + pmf[2] + pmf[3], 1e-12);
        double[] reversed = new double[pmf.length];
        for (int i = 0; i < pmf.length; i++) {
            reversed[i] = pmf[pmf.length - 1 - i];
        }
        assertArrayEquals(pmf, reversed, 1e-15, "U is symmetric about nm/2");
        assertEquals(3, RankSumDistribution.lowerCriticalRank(5, 5, 0.025));
    }

    @Test
    void shouldAgreeBetweenTheExactAndTheNormalCriticalRankForLargeSamples() {
        int exact = RankSumDistribution.lowerCriticalRank(40, 40, 0.025);
        double mean = 800;
        double sd = Math.sqrt(40.0 * 40 * 81 / 12);
        int normal = (int) Math.floor(mean - 1.959964 * sd + 0.5);

        assertTrue(Math.abs(exact - normal) <= 2, exact + " v " + normal);
        assertTrue(
                RankSumDistribution.lowerCriticalRank(60, 60, 0.025) > 0, "normal approximation above the exact limit");
    }

    @Test
    void shouldTakeThePairedShiftFromTheWalshAverages() {
        // Walsh averages of 1, 2, 3, 10: 1, 1.5, 2, 2, 2.5, 3, 5.5, 6, 6.5, 10 - median 2.75, one outlying pair moves
        // it little
        ShiftEstimate shift = ShiftEstimate.paired(new double[] {1, 2, 3, 10}, 0.05);
        double[] tenPairs = {0.8, 1.1, 0.9, 1.3, 1.0, 1.2, 0.7, 1.4, 1.05, 0.95};
        ShiftEstimate ten = ShiftEstimate.paired(tenPairs, 0.05);

        assertEquals(2.75, shift.shiftNs(), 1e-12);
        assertEquals(Double.NEGATIVE_INFINITY, shift.lowNs(), "4 pairs cannot bound a 95% interval");
        assertTrue(
                ten.lowNs() > 0.7 && ten.highNs() < 1.4 && ten.lowNs() < ten.shiftNs() && ten.shiftNs() < ten.highNs(),
                ten.toString());
        assertTrue(ShiftEstimate.paired(tenPairs, 0.5).widthNs() < ten.widthNs(), "the 50% interval is the narrower");
        assertEquals(ShiftEstimate.NONE, ShiftEstimate.paired(new double[0], 0.05));
    }
}
