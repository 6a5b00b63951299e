package io.stagebench.result;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.link.RawStamps;
import org.junit.jupiter.api.Test;

class HandoffJoinTest {

    // feed: two stages; message 7 starts at 1000, queued 5, stages 10 + 20: published at 1035
    private static final RawStamps FEED = new RawStamps(
            2, 2, new long[] {1_000, 2_000}, new int[] {7, 8}, new int[] {5, 0}, new int[][] {{10, 30}, {20, 40}});

    @Test
    void shouldJoinByTheSequenceNumberNotTheRowAndPutTheHandoffBetweenTheThreadsStages() {
        // the strategy's rows in the other order: 8 first
        RawStamps strategy =
                new RawStamps(1, 2, new long[] {2_100, 1_050}, new int[] {8, 7}, null, new int[][] {{3, 4}});

        RawStamps joined = HandoffJoin.join(FEED, strategy).raw();

        assertEquals(4, joined.stages());
        assertArrayEquals(new int[] {10, 30}, joined.stageTicks()[0]);
        assertArrayEquals(new int[] {20, 40}, joined.stageTicks()[1]);
        assertArrayEquals(new int[] {1_050 - 1_035, 2_100 - 2_070}, joined.stageTicks()[2], "handoff");
        assertArrayEquals(new int[] {4, 3}, joined.stageTicks()[3], "strategy stage, by sequence number");
        assertArrayEquals(
                FEED.startTicks(), joined.startTicks(), "from the feed's start (the intended arrival when paced)");
        assertArrayEquals(FEED.queueTicks(), joined.queueTicks());
    }

    @Test
    void shouldKeepEachThreadsTagsWithItsStagesAndLeaveTheHandoffUntagged() {
        RawStamps strategy = new RawStamps(
                1, 2, new long[] {2_100, 1_050}, new int[] {8, 7}, null, new int[][] {{3, 4}}, new byte[][] {{-1, 2}});

        RawStamps joined = HandoffJoin.join(FEED, strategy).raw();

        assertTrue(joined.tagged());
        assertArrayEquals(new byte[] {0, 0}, joined.stageTags()[0], "the feed tagged nothing");
        assertArrayEquals(new byte[] {0, 0}, joined.stageTags()[2], "handoff");
        assertArrayEquals(new byte[] {2, -1}, joined.stageTags()[3], "the strategy's tags, by sequence number");
    }

    @Test
    void shouldStoreAConsumeBeforeThePublishAsZeroAndCountIt() {
        RawStamps strategy =
                new RawStamps(1, 2, new long[] {1_030, 2_100}, new int[] {7, 8}, null, new int[][] {{3, 4}});

        HandoffJoin joined = HandoffJoin.join(FEED, strategy);

        assertEquals(0, joined.raw().stageTicks()[2][0]);
        assertEquals(1, joined.negativeHandoffs());
    }

    @Test
    void shouldRefuseAPublishedMessageTheStrategyNeverRecorded() {
        RawStamps strategy =
                new RawStamps(1, 2, new long[] {1_050, 2_100}, new int[] {7, 9}, null, new int[][] {{3, 4}});

        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> HandoffJoin.join(FEED, strategy));

        assertTrue(e.getMessage().contains("message 8"), e.getMessage());
    }
}
