package io.stagebench.testbench;

import io.stagebench.api.Benchmark;
import io.stagebench.api.Operation;
import io.stagebench.api.Setup;
import io.stagebench.api.Sink;
import io.stagebench.api.Stamps;

/** A benchmark whose setup always fails: a fork that must be reported, not hidden. */
@Benchmark(name = "test.failing-setup")
public final class FailingSetupBenchmark implements Operation {

    @Setup
    public void setup() {
        throw new IllegalStateException("setup failed on purpose");
    }

    @Override
    public void run(long seq, Stamps stamps, Sink sink) {
        sink.consume(seq);
    }
}
