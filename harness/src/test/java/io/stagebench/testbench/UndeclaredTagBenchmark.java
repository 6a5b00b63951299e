package io.stagebench.testbench;

import io.stagebench.api.Benchmark;
import io.stagebench.api.BenchmarkParams;
import io.stagebench.api.Operation;
import io.stagebench.api.Setup;
import io.stagebench.api.Sink;
import io.stagebench.api.Stamps;

/** Looks up a tag it does not declare, in setup: the fork refuses it. */
@Benchmark(
        name = "test.undeclared-tag",
        tags = {"declared"})
public final class UndeclaredTagBenchmark implements Operation {

    private int tag;

    @Setup
    public void setup(BenchmarkParams params) {
        tag = params.tag("undeclared");
    }

    @Override
    public void run(long seq, Stamps stamps, Sink sink) {
        stamps.tag(tag);
        sink.consume(seq);
    }
}
