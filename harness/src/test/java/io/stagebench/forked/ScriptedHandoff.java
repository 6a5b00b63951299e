package io.stagebench.forked;

import io.stagebench.api.HandoffOperation;
import io.stagebench.api.Sink;
import io.stagebench.api.Stamps;

/**
 * Two CPUs on scripted time, run on one thread: the feed's clock and the strategy's clock advance separately, and a
 * message reaches the strategy at its publish tick or, when the strategy is still busy, when it is free - a
 * busy-spinning consumer with no wake-up cost. Run the whole feed pass first, then the whole strategy pass: the
 * timelines stay exact.
 */
final class ScriptedHandoff implements HandoffOperation {

    private final FakeTimeClock feedClock;
    private final FakeTimeClock strategyClock;
    private final long feedTicks;
    private final long strategyTicks;
    private final long[] seqs;
    private final long[] publishTicks;
    private int published;
    private int taken;

    ScriptedHandoff(
            FakeTimeClock feedClock, FakeTimeClock strategyClock, long feedTicks, long strategyTicks, int messages) {
        this.feedClock = feedClock;
        this.strategyClock = strategyClock;
        this.feedTicks = feedTicks;
        this.strategyTicks = strategyTicks;
        this.seqs = new long[messages];
        this.publishTicks = new long[messages];
    }

    @Override
    public void produce(long seq, Stamps stamps, Sink sink) {
        feedClock.advance(feedTicks);
    }

    @Override
    public void publish(long seq) {
        seqs[published] = seq;
        publishTicks[published++] = feedClock.now();
    }

    @Override
    public long take() {
        int i = taken++;
        strategyClock.advance(Math.max(0, publishTicks[i] - strategyClock.now()));
        return seqs[i];
    }

    @Override
    public void process(long seq, Stamps stamps, Sink sink) {
        strategyClock.advance(strategyTicks);
    }
}
