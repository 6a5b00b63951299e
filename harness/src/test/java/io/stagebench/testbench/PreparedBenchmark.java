package io.stagebench.testbench;

import io.stagebench.api.Benchmark;
import io.stagebench.api.Operation;
import io.stagebench.api.Preparation;
import io.stagebench.api.Reset;
import io.stagebench.api.Sink;
import io.stagebench.api.Stamps;

/**
 * Untimed work, a restart, then the stage; its {@link Preparation} is the untimed work alone, and a reset replays both.
 */
@Benchmark(name = "test.prepared")
public final class PreparedBenchmark implements Operation, Preparation {

    private long state = 1;

    @Reset
    public void rewind() {
        state = 1;
    }

    @Override
    public void run(long seq, Stamps stamps, Sink sink) {
        prepare(seq, sink);
        stamps.restart();
        sink.consume(state ^ (state >>> 29));
    }

    @Override
    public void prepare(long seq, Sink sink) {
        state = state * 6364136223846793005L + seq;
        sink.consume(state);
    }
}
