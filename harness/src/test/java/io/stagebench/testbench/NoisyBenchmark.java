package io.stagebench.testbench;

import io.stagebench.api.Benchmark;
import io.stagebench.api.Operation;
import io.stagebench.api.Setup;
import io.stagebench.api.Sink;
import io.stagebench.api.Stamps;

/**
 * Writes to stdout what a careless or hostile benchmark would: a line shaped like the fork's progress, and a partial
 * line with no newline. Neither may reach the launcher as progress, or break the fork's own progress lines.
 */
@Benchmark(name = "test.noisy", description = "prints fake progress and a partial line on stdout")
public final class NoisyBenchmark implements Operation {

    /** The fake progress line it prints. */
    public static final String FAKE = "[test.noisy fork 1/1] measuring 999 messages FAKE (+1 ms)";

    @Setup
    public void setup() {
        System.out.println(FAKE);
        System.out.print("a partial line with no newline");
    }

    @Override
    public void run(long seq, Stamps stamps, Sink sink) {
        sink.consume(seq);
    }
}
