package io.stagebench.testbench;

import io.stagebench.api.Benchmark;
import io.stagebench.api.Operation;
import io.stagebench.api.Preparation;
import io.stagebench.api.Sink;
import io.stagebench.api.Stamps;

/**
 * A {@link Preparation} without a reset: a batched preparation pass could not replay the messages it subtracts from.
 */
@Benchmark(name = "test.prepared-no-reset")
public final class PreparedWithoutResetBenchmark implements Operation, Preparation {

    private long state = 1;

    @Override
    public void run(long seq, Stamps stamps, Sink sink) {
        prepare(seq, sink);
        stamps.restart();
        sink.consume(state);
    }

    @Override
    public void prepare(long seq, Sink sink) {
        state = state * 6364136223846793005L + seq;
        sink.consume(state);
    }
}
