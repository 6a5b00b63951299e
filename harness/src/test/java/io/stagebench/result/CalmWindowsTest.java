package io.stagebench.result;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.link.CoreWindows;
import io.stagebench.link.Replica;
import java.util.List;
import org.junit.jupiter.api.Test;

class CalmWindowsTest {

    private static CoreWindows windows(int perPass, Double... loopNs) {
        return new CoreWindows(4_000, perPass, List.of(loopNs));
    }

    @Test
    void shouldCallAWindowCalmWithinThreePercentOfItsPassFastest() {
        CoreWindows w = windows(4, 2.00, 2.05, 2.07, 2.60);

        assertArrayEquals(new boolean[] {true, true, false, false}, CalmWindows.calm(w, 2.00));
    }

    @Test
    void shouldWeighEachPassAgainstItsOwnFastestWhenItsLevelIsNearTheRunsFastest() {
        // the second pass sits 5 % above the first all through: a JVM's level, not a spell
        CoreWindows w = windows(2, 2.00, 2.01, 2.10, 2.11);

        assertArrayEquals(new boolean[] {true, true, true, true}, CalmWindows.calm(w, 2.00));
    }

    @Test
    void shouldLeaveOutAPassThatMetASpellAllThrough() {
        CoreWindows w = windows(2, 2.00, 2.01, 2.50, 2.51);

        assertArrayEquals(new boolean[] {true, true, false, false}, CalmWindows.calm(w, 2.00));
        assertEquals(0.5, CalmWindows.calmShare(w, 2.00), 1e-12);
    }

    @Test
    void shouldTakeTheCentreOverCalmWindowsOnly() {
        CoreWindows w = windows(4, 2.00, 2.00, 2.60, 2.00);

        assertEquals(30.0, CalmWindows.centreNs(new double[] {29, 31, 45, 30}, w, 2.00), 1e-12);
    }

    @Test
    void shouldGiveNoCentreWhenFewerThanAQuarterOfTheWindowsWereCalm() {
        CoreWindows w = windows(5, 2.00, 2.60, 2.60, 2.60, 2.60);

        assertTrue(Double.isNaN(CalmWindows.centreNs(new double[] {29, 40, 40, 40, 40}, w, 2.00)));
    }

    @Test
    void shouldTakeTheReferenceFromTheFastestWindowOfEveryFork() {
        assertEquals(
                1.9,
                CalmWindows.referenceNs(List.of(windows(2, 2.0, 2.1), windows(2, 1.9, 2.5), CoreWindows.NONE))
                        .orElseThrow(),
                1e-12);
    }

    @Test
    void shouldCutEachReplicasSamplesIntoWindowsAndTrimAboveTheCutoff() {
        Replica replica = replica(new CoreWindows(2, 3, List.of(2.0, 2.0, 2.0)), 5);

        double[] centres = WindowCentres.of(List.of(new double[] {10, 12, 20, 1000, 30}), List.of(replica), 100, 1);

        assertArrayEquals(new double[] {11, 20, 30}, centres, 1e-12);
    }

    @Test
    void shouldNotCutASeriesThatHoldsFewerSamplesThanRows() {
        // a tag's series: only some messages carry it, so its samples do not line up with the windows
        Replica replica = replica(new CoreWindows(2, 3, List.of(2.0, 2.0, 2.0)), 6);

        assertEquals(null, WindowCentres.of(List.of(new double[] {10, 12, 20, 30, 40}), List.of(replica), 100, 1));
    }

    @Test
    void shouldNotCutAReplicaWhosePassWasNotProbed() {
        Replica replica = replica(CoreWindows.NONE, 5);

        assertEquals(null, WindowCentres.of(List.of(new double[] {10, 12, 20, 30, 40}), List.of(replica), 100, 1));
    }

    @Test
    void shouldJoinReplicasWindowsAndMapEachWindowToTheSlowerOfItsProbes() {
        CoreWindows one = CoreWindows.of(4_000, new long[] {200, 220, 210}, 2, 2.0, 50);
        Replica first = replica(one, 8_000);
        Replica second = replica(one, 8_000);

        CoreWindows joined = CoreWindows.joined(List.of(first, second));

        assertEquals(List.of(2.2, 2.2), one.loopNs());
        assertEquals(2, joined.passes());
        assertEquals(List.of(2.2, 2.2, 2.2, 2.2), joined.loopNs());
        assertEquals(CoreWindows.NONE, CoreWindows.joined(List.of(first, replica(CoreWindows.NONE, 8_000))));
    }

    private static Replica replica(CoreWindows windows, long measuredMessages) {
        return new Replica(1, 0, measuredMessages, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2.0, windows);
    }
}
