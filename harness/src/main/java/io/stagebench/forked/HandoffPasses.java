package io.stagebench.forked;

import io.stagebench.api.HandoffOperation;
import io.stagebench.api.RecordingStamps;
import io.stagebench.api.Sink;
import io.stagebench.clock.Clock;
import io.stagebench.registry.BenchmarkDescriptor;

/**
 * Passes of a handoff benchmark, as {@link Passes} runs them for one thread: the feed runs on the calling thread, the
 * strategy on its {@link StrategyThread}, both over the same {@code count} messages; a pass ends when the strategy has
 * taken the last one, so the ring is empty between passes and a {@link io.stagebench.api.Reset reset} sees both sides
 * at rest.
 *
 * <p>Allocation-free after construction, on both threads.
 */
final class HandoffPasses {

    private final Clock clock;
    private final HandoffOperation op;
    private final Sink sink;
    private final double intervalTicks;
    private final int chunk;
    private final BenchmarkDescriptor.ResetAction reset;
    private final boolean replay;
    private final Schedule schedule;
    private final StrategyThread strategy;
    private final Chunks chunks = new Chunks();
    private long strategyAllocatedBytes;

    /**
     * @param intervalTicks paced interval in ticks, 0 for back-to-back (only the feed is paced)
     * @param replay whether {@code reset} rewinds the benchmark
     */
    HandoffPasses(
            Clock clock,
            HandoffOperation op,
            Sink sink,
            double intervalTicks,
            int chunk,
            BenchmarkDescriptor.ResetAction reset,
            boolean replay,
            StrategyThread strategy) {
        this.clock = clock;
        this.op = op;
        this.sink = sink;
        this.intervalTicks = intervalTicks;
        this.chunk = chunk;
        this.reset = reset;
        this.replay = replay;
        this.strategy = strategy;
        this.schedule = intervalTicks > 0 ? new Schedule(0, intervalTicks, 0) : null;
    }

    boolean replays() {
        return replay;
    }

    /** Rewinds the benchmark when it declares a reset; both threads are at rest. */
    void reset() throws Exception {
        if (replay) {
            reset.reset();
        }
    }

    /** @return bytes the strategy thread allocated in the last pass */
    long strategyAllocatedBytes() {
        return strategyAllocatedBytes;
    }

    /**
     * Runs {@code count} messages through both threads, into the recordings' rows from 0 (wrapping when a recording is
     * shorter: warm-up).
     *
     * @return the sequence number after the pass's last message
     */
    long run(
            Recording feed,
            RecordingStamps feedStamps,
            Recording strategyRec,
            RecordingStamps strategyStamps,
            long count,
            long seq) {
        strategy.startPass(strategyRec, strategyStamps, count);
        final int capacity = feed.capacity;
        if (schedule != null) {
            schedule.restart(seq, clock.raw() + (long) intervalTicks);
        }
        chunks.start(count, capacity, chunk);
        while (chunks.next()) {
            if (schedule == null) {
                HandoffLoop.feed(
                        clock, op, feedStamps, sink, feed, chunks.from(), chunks.to(), seq + chunks.lapStart());
            } else {
                HandoffLoop.feedPaced(
                        clock,
                        op,
                        feedStamps,
                        sink,
                        feed,
                        chunks.from(),
                        chunks.to(),
                        seq + chunks.lapStart(),
                        schedule);
            }
        }
        strategyAllocatedBytes = strategy.awaitPass();
        return seq + chunks.walked();
    }
}
