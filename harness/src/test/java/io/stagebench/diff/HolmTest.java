package io.stagebench.diff;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
}
