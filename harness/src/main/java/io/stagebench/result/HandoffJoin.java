package io.stagebench.result;

import io.stagebench.link.RawStamps;
import java.util.Arrays;

/**
 * Joins a handoff benchmark's two recordings by sequence number, offline in the launcher: the feed's stages, then
 * {@code handoff}, then the strategy's stages, as one pipeline's raw stamps - so every later step (series, total,
 * response, histograms, diff) treats the result like any other pipeline.
 *
 * <p>{@code handoff} = the strategy's consume tick - the feed's publish tick, where the publish tick is the feed's
 * start + queueing delay + its stage deltas (its end read). The two ticks come from two CPUs' counters: the fork's
 * {@code CrossCoreOffset} bounds the error. A consume tick earlier than its publish tick (possible only through that
 * offset) is stored as 0 and counted.
 *
 * @param raw the joined stamps, feed's start and queueing delay kept
 * @param negativeHandoffs messages whose consume tick preceded their publish tick
 */
public record HandoffJoin(RawStamps raw, int negativeHandoffs) {

    /** @throws IllegalArgumentException when a feed message has no strategy row, naming it */
    public static HandoffJoin join(RawStamps feed, RawStamps strategy) {
        int n = feed.count();
        if (strategy.count() != n) {
            throw new IllegalArgumentException(
                    "the feed recorded " + n + " messages, the strategy " + strategy.count());
        }
        int[] rowBySeq = strategyRows(strategy);
        int firstSeq = n == 0 ? 0 : Arrays.stream(strategy.seq()).min().orElse(0);
        int stages = feed.stages() + 1 + strategy.stages();
        int[][] ticks = new int[stages][n];
        // the handoff stage between the threads carries no tag of its own; each thread's stages keep theirs
        byte[][] tags = feed.tagged() || strategy.tagged() ? new byte[stages][n] : null;
        int negative = 0;
        for (int i = 0; i < n; i++) {
            int at = feed.seq()[i] - firstSeq;
            int row = at >= 0 && at < rowBySeq.length ? rowBySeq[at] : -1;
            if (row < 0) {
                throw new IllegalArgumentException("message " + feed.seq()[i] + " was published but never consumed");
            }
            long publishTicks = feed.startTicks()[i] + feed.queue(i);
            for (int s = 0; s < feed.stages(); s++) {
                ticks[s][i] = feed.stageTicks()[s][i];
                publishTicks += feed.stage(s, i);
                if (tags != null) {
                    tags[s][i] = feed.tag(s, i);
                }
            }
            long handoffTicks = strategy.startTicks()[row] - publishTicks;
            if (handoffTicks < 0) {
                negative++;
            }
            ticks[feed.stages()][i] = io.stagebench.api.RecordingStamps.saturate(handoffTicks);
            for (int s = 0; s < strategy.stages(); s++) {
                ticks[feed.stages() + 1 + s][i] = strategy.stageTicks()[s][row];
                if (tags != null) {
                    tags[feed.stages() + 1 + s][i] = strategy.tag(s, row);
                }
            }
        }
        return new HandoffJoin(
                new RawStamps(
                        stages,
                        n,
                        feed.startTicks().clone(),
                        feed.seq().clone(),
                        feed.queueTicks() == null ? null : feed.queueTicks().clone(),
                        ticks,
                        tags),
                negative);
    }

    private static int[] strategyRows(RawStamps strategy) {
        if (strategy.count() == 0) {
            return new int[0];
        }
        int min = Arrays.stream(strategy.seq()).min().orElse(0);
        int max = Arrays.stream(strategy.seq()).max().orElse(0);
        int[] rows = new int[max - min + 1];
        Arrays.fill(rows, -1);
        for (int j = 0; j < strategy.count(); j++) {
            rows[strategy.seq()[j] - min] = j;
        }
        return rows;
    }
}
