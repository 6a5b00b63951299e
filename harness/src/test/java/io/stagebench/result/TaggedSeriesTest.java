package io.stagebench.result;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.stagebench.link.RawStamps;
import io.stagebench.registry.BenchmarkDescriptor;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A stage's distribution over the messages it ran for, and one distribution per tag beside it. */
class TaggedSeriesTest {

    // two stages, four messages, 1 tick a ns, no overhead; tags as Stamps stores them (1 + index, -1 skipped)
    private static final RawStamps RAW = new RawStamps(
            2,
            4,
            new long[4],
            new int[] {0, 1, 2, 3},
            null,
            new int[][] {{10, 20, 30, 40}, {1, 2, 3, 4}},
            new byte[][] {{1, 2, 1, 0}, {-1, 3, -1, 3}});

    @Test
    void shouldLeaveSkippedMessagesOutOfTheirStageButNotOutOfTheTotal() {
        Map<String, double[]> series =
                LatencySeries.compute(RAW, List.of("work", "send"), List.of("a", "b", "c"), 0, 1);

        assertArrayEquals(new double[] {2, 4}, series.get("send"));
        assertArrayEquals(new double[] {11, 22, 33, 44}, series.get("total"));
    }

    @Test
    void shouldGiveEachTagItsSeriesInDeclarationOrderWithTheUntaggedLast() {
        Map<String, double[]> series =
                LatencySeries.compute(RAW, List.of("work", "send"), List.of("a", "b", "c"), 0, 1);

        assertEquals(
                List.of("work", "work[a]", "work[b]", "work[untagged]", "send", "total", "total[c]"),
                List.copyOf(series.keySet()));
        assertArrayEquals(new double[] {10, 30}, series.get("work[a]"));
        assertArrayEquals(new double[] {20}, series.get("work[b]"));
        assertArrayEquals(new double[] {40}, series.get("work[untagged]"));
    }

    @Test
    void shouldSplitTheTotalByTheLastStagesTagsAndNotRepeatTheLastStageUnderItsOneTag() {
        Map<String, double[]> series =
                LatencySeries.compute(RAW, List.of("work", "send"), List.of("a", "b", "c"), 0, 1);

        assertArrayEquals(
                new double[] {22, 44},
                series.get("total[c]"),
                "the whole of the messages the last stage tagged: a wire benchmark's tick-to-trade");
        assertEquals(null, series.get("send[c]"), "its one tag covers every message it ran for: the send row");
    }

    @Test
    void shouldKeepAMiddleStagesOneTagAsItsOwnSeries() {
        RawStamps raw = new RawStamps(
                2, 2, new long[2], new int[2], null, new int[][] {{1, 2}, {3, 4}}, new byte[][] {{2, 2}, {0, 0}});

        Map<String, double[]> series = LatencySeries.compute(raw, List.of("work", "send"), List.of("a", "b"), 0, 1);

        assertEquals(List.of("work", "work[b]", "send", "total"), List.copyOf(series.keySet()));
    }

    @Test
    void shouldAddNoSeriesForStampsWithoutTags() {
        RawStamps untagged = new RawStamps(2, 2, new long[2], new int[2], null, new int[][] {{1, 2}, {3, 4}});

        assertEquals(
                List.of("work", "send", "total"),
                List.copyOf(LatencySeries.compute(untagged, List.of("work", "send"), List.of("a"), 0, 1)
                        .keySet()));
    }

    @Test
    void shouldLeaveOutATagSomeForkDidNotSeeSoEachSeriesHasEveryFork() {
        Map<String, double[]> first =
                Map.of("work", new double[] {1, 2}, "work[a]", new double[] {1}, "work[b]", new double[] {2});
        Map<String, double[]> second = Map.of("work", new double[] {3}, "work[a]", new double[] {3});

        BenchmarkOutcome outcome = BenchmarkOutcome.merge(
                new BenchmarkDescriptor("w", List.of("work"), "", "x"),
                List.of(),
                List.of(first, second),
                List.of(),
                null,
                1);

        assertEquals(Set.of("work", "work[a]"), outcome.merged().keySet());
        assertEquals(2, outcome.perFork().get("work[a]").size());
    }
}
