package io.stagebench.testbench;

import io.stagebench.api.Benchmark;
import io.stagebench.api.Operation;
import io.stagebench.api.Sink;
import io.stagebench.api.Stamps;

/** Tags every 100th message with index 2, though it declares two tags (0 and 1): the fork refuses it. */
@Benchmark(
        name = "test.bad-tag",
        tags = {"first", "second"})
public final class BadTagBenchmark implements Operation {

    @Override
    public void run(long seq, Stamps stamps, Sink sink) {
        stamps.tag(seq % 100 == 0 ? 2 : 0);
        sink.consume(seq);
    }
}
