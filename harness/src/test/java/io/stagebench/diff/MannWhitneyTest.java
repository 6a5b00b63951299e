package io.stagebench.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MannWhitneyTest {

    private static final double EPS = 1e-12;

    @Test
    void shouldGiveTheSmallestExactPForFullySeparatedFiveVersusFive() {
        MannWhitney.Result r = MannWhitney.test(new double[] {1, 2, 3, 4, 5}, new double[] {6, 7, 8, 9, 10});

        assertEquals(2.0 / 252, r.pValue(), EPS);
        assertEquals(0, r.u(), EPS);
        assertTrue(r.exact());
    }

    @Test
    void shouldBeSymmetricInTheOrderOfTheSamples() {
        MannWhitney.Result r = MannWhitney.test(new double[] {6, 7, 8, 9, 10}, new double[] {1, 2, 3, 4, 5});

        assertEquals(2.0 / 252, r.pValue(), EPS);
    }

    @Test
    void shouldGiveTheExactPForOneInversion() {
        // U = 1: P(U <= 1) = 2/252 per tail
        MannWhitney.Result r = MannWhitney.test(new double[] {1, 2, 3, 4, 6}, new double[] {5, 7, 8, 9, 10});

        assertEquals(4.0 / 252, r.pValue(), EPS);
    }

    @Test
    void shouldGiveTheExactPForFourVersusFour() {
        MannWhitney.Result r = MannWhitney.test(new double[] {1, 2, 3, 4}, new double[] {5, 6, 7, 8});

        assertEquals(2.0 / 70, r.pValue(), EPS);
    }

    @Test
    void shouldFindNoDifferenceBetweenInterleavedSamples() {
        MannWhitney.Result r = MannWhitney.test(new double[] {1, 3, 5, 7, 9}, new double[] {2, 4, 6, 8, 10});

        assertEquals(174.0 / 252, r.pValue(), EPS);
    }

    @Test
    void shouldReturnOneWhenEveryValueIsEqual() {
        MannWhitney.Result r = MannWhitney.test(new double[] {3, 3, 3}, new double[] {3, 3, 3});

        assertEquals(1.0, r.pValue(), EPS);
        assertFalse(r.exact());
    }

    @Test
    void shouldSayWhenTiesForcedTheApproximation() {
        MannWhitney.Result r = MannWhitney.test(new double[] {1, 2, 3, 4, 5}, new double[] {5, 7, 8, 9, 10});

        assertFalse(r.exact());
        assertTrue(r.pValue() > 0.01 && r.pValue() < 0.02, "p " + r.pValue());
    }

    @Test
    void shouldKnowWhichSignificanceFewForksCanReach() {
        assertEquals(2.0 / 252, MannWhitney.smallestTwoSidedP(5, 5), EPS);
        assertEquals(0.1, MannWhitney.smallestTwoSidedP(3, 3), EPS);
        assertEquals(1.0 / 3, MannWhitney.smallestTwoSidedP(2, 2), EPS);
        assertEquals(2.0 / 56, MannWhitney.smallestTwoSidedP(3, 5), EPS);
        assertEquals(1.0, MannWhitney.smallestTwoSidedP(1, 1), EPS);
        assertEquals(4, MannWhitney.forksNeeded(0.05));
        assertEquals(5, MannWhitney.forksNeeded(0.01));
    }

    @Test
    void shouldRejectAnEmptySample() {
        assertThrows(IllegalArgumentException.class, () -> MannWhitney.test(new double[0], new double[] {1}));
    }
}
