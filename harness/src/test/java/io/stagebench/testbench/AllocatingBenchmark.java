package io.stagebench.testbench;

import io.stagebench.api.Benchmark;
import io.stagebench.api.Operation;
import io.stagebench.api.Sink;
import io.stagebench.api.Stamps;

/** A benchmark that allocates on every message, so the fork's allocation check must fire. */
@Benchmark(name = "test.allocating")
public final class AllocatingBenchmark implements Operation {

    private Object[] keep = new Object[1];

    @Override
    public void run(long seq, Stamps stamps, Sink sink) {
        keep[0] = new long[] {seq};
        sink.consume(keep[0]);
    }
}
