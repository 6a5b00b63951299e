package io.stagebench.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** Figures checked against a full enumeration of the 2^n sign assignments. */
class SignedRankTest {

    @Test
    void shouldGiveTheExactTwoSidedPOfUntiedDifferences() {
        SignedRank.Result r = SignedRank.test(new double[] {1.5, -0.5, 2, 3, -1, 4, 2.5, 3.5, 0.7, 1.2});

        assertEquals(10, r.nonZero());
        assertEquals(51.0, r.positiveRank(), 1e-12);
        assertEquals(14.0 / 1024, r.pValue(), 1e-12);
    }

    @Test
    void shouldDropZerosAndGiveTiesTheirMidranks() {
        // p50 differences in counter steps: two zeros, four ties at one step, two at two
        SignedRank.Result r = SignedRank.test(new double[] {1, 1, 1, -1, 2, 2, 0, 0, 3});

        assertEquals(7, r.nonZero());
        assertEquals(25.5, r.positiveRank(), 1e-12);
        assertEquals(10.0 / 128, r.pValue(), 1e-12);
    }

    @Test
    void shouldReachItsFloorOnlyWhenEveryPairMovesTheSameWay() {
        double[] up = {3, 1, 4, 1.5, 9, 2.6};

        assertEquals(2.0 / 64, SignedRank.test(up).pValue(), 1e-15);
        assertEquals(2.0 / 64, SignedRank.smallestTwoSidedP(6), 1e-15);
        assertEquals(1.0, SignedRank.test(new double[] {0, 0, 0}).pValue());
        assertEquals(11, SignedRank.pairsNeeded(0.001));
        assertThrows(IllegalArgumentException.class, () -> SignedRank.test(new double[0]));
    }

    @Test
    void shouldPickTheWalshAveragesThatBoundTheNinetyFivePercentInterval() {
        // n = 10: P(T <= 8) = 25/1024 <= 0.025 < P(T <= 9) = 33/1024, so the 9th smallest and 9th largest
        assertEquals(9, SignedRank.lowerCriticalRank(10, 0.025));
        assertEquals(0, SignedRank.lowerCriticalRank(5, 0.025), "5 pairs cannot bound a 95% interval");
    }
}
