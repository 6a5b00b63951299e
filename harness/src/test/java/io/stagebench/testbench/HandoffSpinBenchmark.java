package io.stagebench.testbench;

import io.stagebench.api.Benchmark;
import io.stagebench.api.HandoffOperation;
import io.stagebench.api.Setup;
import io.stagebench.api.Sink;
import io.stagebench.api.Stamps;
import io.stagebench.clock.Clock;

/** A two-thread benchmark for fork tests: one message in flight at a time, a short spin on either side. */
@Benchmark(
        name = "test.handoff",
        stages = {"produce", "handoff", "process"},
        threads = {"feed", "strategy"},
        description = "a one-slot handoff between two threads")
public final class HandoffSpinBenchmark implements HandoffOperation {

    private static final long SPIN_TICKS = 200;
    private Clock clock;
    private volatile long slot = -1;
    private long taken = -1;

    @Setup
    public void setup(Clock clock) {
        this.clock = clock;
    }

    @Override
    public void produce(long seq, Stamps stamps, Sink sink) {
        spin(stamps.stageStartTicks());
        sink.consume(seq);
    }

    @Override
    public void publish(long seq) {
        while (slot != taken) {
            Thread.onSpinWait();
        }
        slot = seq;
    }

    @Override
    public long take() {
        long seq;
        while ((seq = slot) == taken) {
            Thread.onSpinWait();
        }
        taken = seq;
        return seq;
    }

    @Override
    public void process(long seq, Stamps stamps, Sink sink) {
        spin(stamps.stageStartTicks());
        sink.consume(seq);
    }

    private void spin(long fromTicks) {
        while (clock.raw() - fromTicks < SPIN_TICKS) {
            Thread.onSpinWait();
        }
    }
}
