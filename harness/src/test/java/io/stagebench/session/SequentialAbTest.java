package io.stagebench.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.stagebench.diff.Comparison;
import io.stagebench.diff.Statistic;
import io.stagebench.diff.Verdict;
import java.util.List;
import org.junit.jupiter.api.Test;

class SequentialAbTest {

    private static Comparison tmean(Verdict verdict, double detectPercent) {
        double[] forks = {70.1, 70.3};
        return new Comparison(
                Statistic.TMEAN,
                70.3,
                70.5,
                0.3,
                forks,
                forks,
                0.2,
                0.2,
                0.2,
                0.3,
                -0.1,
                0.5,
                0.2,
                true,
                "signed-rank, 2 pairs",
                0.5,
                1,
                true,
                detectPercent,
                verdict,
                "");
    }

    @Test
    void shouldCallALookUnreliableWhenTheTableWill() {
        assertEquals(
                "(unreliable, could detect nothing yet)",
                SequentialAb.state(List.of(tmean(Verdict.UNRELIABLE, Double.POSITIVE_INFINITY)), false, false));
        assertEquals(
                "(no change, could detect 4.0%, decided)",
                SequentialAb.state(List.of(tmean(Verdict.NO_CHANGE, 4.0)), true, false));
        assertEquals(
                "(slower, could detect 6.0%)",
                SequentialAb.state(List.of(tmean(Verdict.SLOWER, 2.0), tmean(Verdict.UNRELIABLE, 6.0)), false, false));
    }

    @Test
    void shouldSayALookIsShortOfCalmWindowsAndUndecided() {
        assertEquals(
                "(no change, could detect 4.0%, too few calm windows)",
                SequentialAb.state(List.of(tmean(Verdict.NO_CHANGE, 4.0)), false, true));
    }
}
