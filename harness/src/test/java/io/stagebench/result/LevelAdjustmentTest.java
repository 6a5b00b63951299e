package io.stagebench.result;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class LevelAdjustmentTest {

    /** @return centres of a stage at {@code baseNs} that follows each fork's level at {@code slope} */
    private static double[] following(double baseNs, double[] levelsNs, double slope) {
        double[] out = new double[levelsNs.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = baseNs * Math.pow(levelsNs[i] / 2.2, slope);
        }
        return out;
    }

    @Test
    void shouldFitTheSlopeWithinEachSideSoAChangeBetweenThemIsNoPartOfIt() {
        double[] levelsA = {2.2, 2.3, 2.4, 2.25};
        double[] levelsB = {2.35, 2.2, 2.28, 2.42};
        // B is 10 % slower at every level, and B's forks happen to sit higher: a fit across the sides would take the
        // change for the level's
        double[] centresA = following(40, levelsA, 1.5);
        double[] centresB = following(44, levelsB, 1.5);

        double slope = LevelAdjustment.slope(List.of(centresA, centresB), List.of(levelsA, levelsB));

        assertEquals(1.5, slope, 1e-9);
        double atNs = LevelAdjustment.commonLevelNs(List.of(levelsA, levelsB));
        double[] a = LevelAdjustment.adjusted(centresA, levelsA, slope, atNs);
        double[] b = LevelAdjustment.adjusted(centresB, levelsB, slope, atNs);
        for (int i = 0; i < a.length; i++) {
            assertEquals(a[0], a[i], 1e-9, "every fork of A at one level reads alike");
            assertEquals(1.10, b[i] / a[0], 1e-9, "and the change between the sides is kept");
        }
    }

    @Test
    void shouldLeaveCentresAsTheyWereWhenLevelsDoNotVaryAndTakeNoSlopeOutsideItsBounds() {
        double[] same = {2.2, 2.2, 2.2};
        double[] centres = {40, 41, 39};
        assertEquals(0, LevelAdjustment.slope(List.of(centres), List.of(same)));
        assertArrayEquals(centres, LevelAdjustment.adjusted(centres, same, 0, 2.2), 1e-12);

        double[] levels = {2.2, 2.3, 2.4};
        assertEquals(
                LevelAdjustment.MAX_SLOPE,
                LevelAdjustment.slope(List.of(following(40, levels, 9)), List.of(levels)),
                "a slope steeper than the stages follow is noise: held at the bound");
        assertEquals(
                0,
                LevelAdjustment.slope(List.of(following(40, levels, -1)), List.of(levels)),
                "a stage does not run faster on a busier core");
    }
}
