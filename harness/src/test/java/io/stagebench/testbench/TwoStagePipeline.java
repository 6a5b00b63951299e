package io.stagebench.testbench;

import io.stagebench.api.Benchmark;
import io.stagebench.api.Operation;
import io.stagebench.api.Sink;
import io.stagebench.api.Stamps;

/** A two-stage pipeline that marks one boundary per message. */
@Benchmark(
        name = "test.pipeline",
        stages = {"first", "second"})
public final class TwoStagePipeline implements Operation {

    private long state = 1;

    @Override
    public void run(long seq, Stamps stamps, Sink sink) {
        state = state * 6364136223846793005L + seq;
        stamps.mark();
        sink.consume(state ^ (state >>> 17));
    }
}
