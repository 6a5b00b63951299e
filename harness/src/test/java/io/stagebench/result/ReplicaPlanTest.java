package io.stagebench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class ReplicaPlanTest {

    private static SpreadComponents spread(Double forkPct, Double setupPct, double withinPct) {
        return new SpreadComponents(10, 8, 8, 25_000, 40, forkPct, setupPct, withinPct, withinPct * Math.sqrt(8));
    }

    private static final RepetitionCosts COSTS = new RepetitionCosts(2.6, 0.2, 100);

    @Test
    void shouldBuyMoreReplicasTheMoreOfTheSpreadIsTheSetups() {
        int few = ReplicaPlan.optimum(spread(3.0, 1.0, 0.5), COSTS, 200_000).getAsInt();
        int many = ReplicaPlan.optimum(spread(1.0, 6.0, 0.5), COSTS, 200_000).getAsInt();

        assertTrue(few < many, few + " vs " + many);
    }

    @Test
    void shouldMatchKaliberaAndJonessOptimum() {
        // replica 0.2 s + 200,000 x 100 ns = 0.22 s; a fork beyond it 2.38 s; sqrt((36 + 0.25) x 2.38 / (2.25 x 0.22))
        // = 13.2
        assertEquals(OptionalInt.of(13), ReplicaPlan.optimum(spread(1.5, 6.0, 0.5), COSTS, 200_000));
    }

    @Test
    void shouldCapTheReplicasWhenForksDoNotDifferAndNameOneWhenNothingDiffers() {
        assertEquals(
                OptionalInt.of(ReplicaPlan.MAX_REPLICAS), ReplicaPlan.optimum(spread(0.0, 4.0, 1.0), COSTS, 200_000));
        assertEquals(OptionalInt.of(1), ReplicaPlan.optimum(spread(5.0, 0.0, 0.0), COSTS, 200_000));
    }

    @Test
    void shouldPlanNothingWhenALevelOrACostIsUnknown() {
        assertTrue(ReplicaPlan.optimum(spread(null, 4.0, 1.0), COSTS, 200_000).isEmpty(), "one fork");
        assertTrue(ReplicaPlan.optimum(spread(2.0, null, 1.0), COSTS, 200_000).isEmpty(), "one replica");
        assertTrue(ReplicaPlan.optimum(spread(2.0, 4.0, 1.0), new RepetitionCosts(2.6, null, 100), 200_000)
                .isEmpty());
    }

    @Test
    void shouldTakeTheMedianOfABenchmarksSeries() {
        List<SpreadComponents> series = List.of(spread(5.0, 0.0, 0.0), spread(1.5, 6.0, 0.5), spread(0.0, 4.0, 1.0));

        assertEquals(OptionalInt.of(13), ReplicaPlan.optimum(series, COSTS, 200_000));
    }

    @Test
    void shouldSpreadTheSamplesTheHeapHoldsOverTheOptimalReplicasWhenItCannotHoldThemWhole() {
        // the heap's share holds 2 replicas of 200,000 messages (13 forks a side, 12 series)
        long twoReplicas = 2L * (2L * 13 * 200_000 * 12 * ReplicaPlan.LAUNCHER_BYTES_PER_SAMPLE);

        assertEquals(new ReplicaPlan.Shape(6, 66_666), ReplicaPlan.underHeap(twoReplicas, 13, 6, 200_000, 12));
        // no fewer than 20,000 messages a replica: 16 replicas of 25,000 hold the same samples
        assertEquals(new ReplicaPlan.Shape(16, 25_000), ReplicaPlan.underHeap(twoReplicas, 13, 16, 200_000, 12));
        // ... and 20,000 where fewer would fit: at most 20 replicas, never beyond the plan's most
        assertEquals(new ReplicaPlan.Shape(8, 25_000), ReplicaPlan.underHeap(twoReplicas / 2, 13, 8, 200_000, 12));
        assertEquals(new ReplicaPlan.Shape(10, 20_000), ReplicaPlan.underHeap(twoReplicas / 2, 13, 16, 200_000, 12));
        assertEquals(
                new ReplicaPlan.Shape(ReplicaPlan.MAX_REPLICAS, 25_000),
                ReplicaPlan.underHeap(twoReplicas, 13, 40, 200_000, 12));
        // where the optimum fits, it is kept whole
        assertEquals(new ReplicaPlan.Shape(2, 200_000), ReplicaPlan.underHeap(twoReplicas, 13, 2, 200_000, 12));
        // a replica asked to be shorter than the floor is never cut: fewer replicas of it instead
        assertEquals(
                new ReplicaPlan.Shape(13, 15_000),
                ReplicaPlan.underHeap(twoReplicas / 2, 13, 16, 15_000, 12),
                "13 replicas of 15,000 fit");
        assertEquals(new ReplicaPlan.Shape(1, 15_000), ReplicaPlan.underHeap(1, 13, 6, 15_000, 12), "at least one");
    }
}
