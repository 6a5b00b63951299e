package io.stagebench.testbench;

import io.stagebench.api.Benchmark;
import io.stagebench.api.Operation;
import io.stagebench.api.Reset;
import io.stagebench.api.Sink;
import io.stagebench.api.Stamps;

/**
 * A two-stage pipeline over a cursor it rewinds on {@link Reset}: every pass sees cursor values 0, 1, 2, ... whatever
 * the sequence numbers, which the fork's checksum reveals.
 */
@Benchmark(
        name = "test.replayed",
        stages = {"first", "second"})
public final class ReplayedPipeline implements Operation {

    private long cursor;
    private long resets;

    @Reset
    public void rewind() {
        cursor = 0;
        resets++;
    }

    @Override
    public void run(long seq, Stamps stamps, Sink sink) {
        final long c = cursor++;
        stamps.mark();
        sink.consume(c);
    }

    /** @return how often the harness rewound this instance */
    public long resets() {
        return resets;
    }

    /** @return the next cursor value */
    public long cursor() {
        return cursor;
    }
}
