package io.stagebench.diff;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class HolmTest {

    @Test
    void shouldAdjustStepDownAndKeepTheOrder() {
        // sorted 0.005 x4, 0.01 x3, 0.03 x2, 0.04 x1, each at least the one before
        double[] adjusted = Holm.adjust(new double[] {0.01, 0.04, 0.03, 0.005});

        assertArrayEquals(new double[] {0.03, 0.06, 0.06, 0.02}, adjusted, 1e-12);
    }

    @Test
    void shouldLeaveRowsWithoutATestOutOfTheFamily() {
        double[] adjusted = Holm.adjust(new double[] {0.01, Double.NaN, 0.02});

        assertArrayEquals(new double[] {0.02, Double.NaN, 0.02}, adjusted, 1e-12);
    }

    @Test
    void shouldNeverExceedOne() {
        for (double p : Holm.adjust(new double[] {0.9, 0.8, 0.7})) {
            assertTrue(p <= 1.0, "p " + p);
        }
    }

    @Test
    void shouldGiveThePlainProcedureForEqualWeightsWhateverTheirScale() {
        double[] p = {0.01, 0.04, Double.NaN, 0.03, 0.005};

        assertArrayEquals(Holm.adjust(p), Holm.adjust(p, new double[] {0.2, 0.2, 7, 0.2, 0.2}), 1e-12);
    }

    @Test
    void shouldLetAHeavyRowFaceItsShareOfAlphaAndPassWhatIsLeftOn() {
        // weights 0.5 | 0.25 0.25: taken in order of p / w = 0.02, 0.04, 0.16
        double[] adjusted = Holm.adjust(new double[] {0.01, 0.01, 0.04}, new double[] {0.5, 0.25, 0.25});

        // 0.01 x 1 / 0.5; then 0.01 x 0.5 / 0.25; then 0.04 x 0.25 / 0.25
        assertArrayEquals(new double[] {0.02, 0.02, 0.04}, adjusted, 1e-12);
    }

    @Test
    void shouldCallAnyTrueNullInAtMostAlphaOfFamiliesWhateverTheWeights() {
        // 10 independent uniform p-values, one row weighted as the other nine together; any adjusted p < 0.05 is a
        // false call
        Random random = new Random(7);
        double[] weights = {0.5, 0.5 / 9, 0.5 / 9, 0.5 / 9, 0.5 / 9, 0.5 / 9, 0.5 / 9, 0.5 / 9, 0.5 / 9, 0.5 / 9};
        int families = 20_000;
        int called = 0;
        int heavyCalled = 0;
        for (int f = 0; f < families; f++) {
            double[] p = new double[weights.length];
            for (int i = 0; i < p.length; i++) {
                p[i] = random.nextDouble();
            }
            double[] adjusted = Holm.adjust(p, weights);
            boolean any = false;
            for (double a : adjusted) {
                any |= a < 0.05;
            }
            called += any ? 1 : 0;
            heavyCalled += adjusted[0] < 0.05 ? 1 : 0;
        }
        // at most alpha, and the heavy row takes about its half of it (0.025 of the families)
        assertTrue(called <= families * 0.05, called + " of " + families);
        assertTrue(heavyCalled >= families * 0.02 && heavyCalled <= families * 0.03, heavyCalled + " of " + families);
    }

    @Test
    void shouldRefuseAWeightThatIsNotPositive() {
        assertThrows(IllegalArgumentException.class, () -> Holm.adjust(new double[] {0.1, 0.2}, new double[] {1, 0}));
        assertThrows(IllegalArgumentException.class, () -> Holm.adjust(new double[] {0.1}, new double[] {1, 1}));
    }
}
