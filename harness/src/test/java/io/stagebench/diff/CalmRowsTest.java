package io.stagebench.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.store.ResultReader;
import io.stagebench.store.StoredRun;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CalmRowsTest {

    @TempDir
    Path dir;

    private static final int FORKS = 13;
    private static final int WINDOWS = 20;

    /** @return thirteen encode forks of one level, those listed read {@code spellShare} of their windows in a spell */
    private static double[] forks(double centreNs, double spellShare, int... spelled) {
        double[] forks = new double[FORKS];
        for (int i = 0; i < FORKS; i++) {
            forks[i] = centreNs * (1 + 0.004 * ((i * 7) % FORKS - FORKS / 2));
            for (int s : spelled) {
                forks[i] *= i == s ? 1 + 0.3 * spellShare : 1;
            }
        }
        return forks;
    }

    private Path write(String name, double[] forks) {
        return SummaryFixture.run().benchmark("encode", Map.of("encode", forks)).writeTo(dir.resolve(name));
    }

    private static RunDiff.BenchmarkDiff diff(Path a, Path b) {
        StoredRun runA = ResultReader.readSummary(a);
        StoredRun runB = ResultReader.readSummary(b);
        return RunDiff.compare(runA, runB, VerdictRule.defaults(), List.of(Statistic.TMEAN), List.of())
                .benchmarks()
                .get(0);
    }

    private static Comparison tmean(RunDiff.BenchmarkDiff diff) {
        return diff.stages().get(0).comparisons().get(0);
    }

    @Test
    void shouldJudgeTheTmeanRowOnCalmWindowsWhereSpellsInBsForksReadAsASlowdown() {
        Path a = write("a", forks(42, 0));
        Path b = write("b", forks(42, 0.5, 1, 3, 4, 6, 8, 10, 12));
        assertEquals(Verdict.SLOWER, tmean(diff(a, b)).verdict(), "over every sample the spells read as slower");

        SummaryFixture.probeWindows(a, "encode", "encode", WINDOWS, new int[] {0}, 0.3);
        SummaryFixture.probeWindows(b, "encode", "encode", WINDOWS, new int[] {0, 10, 0, 10, 10, 0, 10}, 0.3);
        RunDiff.BenchmarkDiff judged = diff(a, b);

        assertEquals(Verdict.NO_CHANGE, tmean(judged).verdict(), tmean(judged).toString());
        assertTrue(
                tmean(judged).test().endsWith("; calm windows at one core level, 13 of 13 v 13 of 13 forks"),
                tmean(judged).test());
        assertTrue(
                judged.calm().startsWith("calm: 100% of A's windows, 73% of B's; tmean judged on the calm windows"),
                judged.calm());
        assertTrue(judged.calm().contains("(tmean over every sample: encode +"), judged.calm());
        assertFalse(judged.calmTooFew());
    }

    @Test
    void shouldCatchAChangeTheSpellsHideWhenJudgedOnCalmWindows() {
        Path a = write("a", forks(42, 0.5, 0, 2, 5, 7, 9, 11));
        Path b = write("b", forks(42 * 1.03, 0));
        SummaryFixture.probeWindows(a, "encode", "encode", WINDOWS, new int[] {10, 0, 10, 0, 0, 10, 0}, 0.3);
        SummaryFixture.probeWindows(b, "encode", "encode", WINDOWS, new int[] {0}, 0.3);

        assertEquals(
                Verdict.SLOWER, tmean(diff(a, b)).verdict(), tmean(diff(a, b)).toString());
    }

    @Test
    void shouldJudgeOnEverySampleAndSaySoWhenTooFewForksHadCalmWindows() {
        Path a = write("a", forks(42, 0));
        Path b = write("b", forks(42, 1, 0, 1, 2, 3, 4, 5, 6, 7));
        SummaryFixture.probeWindows(a, "encode", "encode", WINDOWS, new int[] {0}, 0.3);
        // eight of B's forks met a spell all through their pass: none of their windows is calm
        SummaryFixture.probeWindows(
                b, "encode", "encode", WINDOWS, new int[] {20, 20, 20, 20, 20, 20, 20, 20, 0, 0, 0, 0, 0}, 0.3);

        RunDiff.BenchmarkDiff judged = diff(a, b);

        assertFalse(tmean(judged).test().contains("calm windows"), tmean(judged).test());
        assertTrue(judged.calm().contains("too few forks a side"), judged.calm());
        assertTrue(judged.calm().contains("tmean judged on every sample"), judged.calm());
        assertTrue(judged.calmTooFew(), "an ab takes more pairs for it while its plan allows");
    }

    @Test
    void shouldLeaveARowWithoutWindowsAsItWas() {
        RunDiff.BenchmarkDiff plain = diff(write("a", forks(42, 0)), write("b", forks(42, 0)));

        assertEquals("", plain.calm());
        assertFalse(plain.calmTooFew());
        assertFalse(tmean(plain).test().contains("calm"), tmean(plain).test());
    }

    /** @return a side of {@code n} forks whose values rise together fork by fork, as pairs that share their level */
    private static Side rising(int n, double fromNs) {
        double[] values = new double[n];
        for (int i = 0; i < n; i++) {
            values[i] = fromNs + i;
        }
        return new Side(fromNs + n / 2.0, values, null);
    }

    @Test
    void shouldJudgeOnEverySampleWhenTheCalmPairsCannotReachTheRowsLevel() {
        VerdictRule.Row raw = new VerdictRule.Row(Statistic.TMEAN, rising(13, 40), rising(13, 40.5), true);
        VerdictRule.Row calm = new VerdictRule.Row(
                Statistic.TMEAN, rising(7, 40), rising(7, 40.5), true, "calm windows at one core level, 7 of 13 pairs");
        CalmRows.Judged judged = new CalmRows.Judged(Optional.of(calm), raw, true, false);

        // 7 pairs give p >= 2 / 2^7 = 0.016 at best, 13 pairs 0.00024: at a level between, only the raw row can call
        assertFalse(CalmRows.reachable(judged, 0.005));
        assertTrue(CalmRows.reachable(judged, 0.05));
        assertTrue(judged.droppedAsUnreachable().chosen() == raw);
    }
}
