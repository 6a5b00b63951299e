package io.stagebench.testbench;

import io.stagebench.api.Benchmark;
import io.stagebench.api.Operation;
import io.stagebench.api.Sink;
import io.stagebench.api.Stamps;

/** Untimed work, a restart, then the stage: with no {@link io.stagebench.api.Preparation}, so it cannot be batched. */
@Benchmark(name = "test.restarting")
public final class RestartingBenchmark implements Operation {

    private long state = 1;

    @Override
    public void run(long seq, Stamps stamps, Sink sink) {
        state = state * 6364136223846793005L + seq;
        stamps.restart();
        sink.consume(state ^ (state >>> 29));
    }
}
