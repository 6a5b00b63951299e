package io.stagebench.builtin;

import io.stagebench.api.Benchmark;
import io.stagebench.api.Operation;
import io.stagebench.api.Sink;
import io.stagebench.api.Stamps;

/**
 * A ruler check: does nothing, so what is measured is the probe itself. After the probe overhead is subtracted its p50
 * should be within one counter step of 0.
 */
@Benchmark(name = "empty", description = "an empty stage: measures the probe alone (p50 should be ~0)")
public final class EmptyBenchmark implements Operation {

    @Override
    public void run(long seq, Stamps stamps, Sink sink) {
        // intentionally empty
    }
}
