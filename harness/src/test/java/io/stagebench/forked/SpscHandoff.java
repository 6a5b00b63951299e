package io.stagebench.forked;

import io.stagebench.api.HandoffOperation;
import io.stagebench.api.Sink;
import io.stagebench.api.Stamps;
import io.stagebench.clock.Clock;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A handoff benchmark for tests: no feed work, a bounded single-producer single-consumer ring of sequence numbers, and
 * a strategy stage that spins a known time on the clock.
 */
final class SpscHandoff implements HandoffOperation {

    private final Clock clock;
    private final long strategyTicks;
    private final long[] slots;
    private final AtomicLong published = new AtomicLong();
    private final AtomicLong consumed = new AtomicLong();

    /**
     * @param strategyTicks ticks the strategy's one stage spins per message: the injected delay
     * @param ringSlots messages the ring holds before the feed must wait
     */
    SpscHandoff(Clock clock, long strategyTicks, int ringSlots) {
        this.clock = clock;
        this.strategyTicks = strategyTicks;
        this.slots = new long[ringSlots];
    }

    @Override
    public void produce(long seq, Stamps stamps, Sink sink) {
        sink.consume(seq);
    }

    @Override
    public void publish(long seq) {
        final long head = published.get();
        while (head - consumed.get() >= slots.length) {
            Thread.onSpinWait();
        }
        slots[(int) (head % slots.length)] = seq;
        published.set(head + 1);
    }

    @Override
    public long take() {
        final long tail = consumed.get();
        while (published.get() == tail) {
            Thread.onSpinWait();
        }
        final long seq = slots[(int) (tail % slots.length)];
        consumed.set(tail + 1);
        return seq;
    }

    @Override
    public void process(long seq, Stamps stamps, Sink sink) {
        final long until = stamps.stageStartTicks() + strategyTicks;
        while (clock.raw() < until) {
            Thread.onSpinWait();
        }
        sink.consume(seq);
    }
}
