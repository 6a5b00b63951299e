package io.stagebench.builtin;

import io.stagebench.api.Benchmark;
import io.stagebench.api.BenchmarkParams;
import io.stagebench.api.Operation;
import io.stagebench.api.Parameter;
import io.stagebench.api.Setup;
import io.stagebench.api.Sink;
import io.stagebench.api.Stamps;
import io.stagebench.clock.Calibration;
import io.stagebench.clock.Clock;

/**
 * A service of known length: busy-waits {@code --param us=N} microseconds (default 100), converted to ticks with the
 * fork's calibration. It stands in for "the system normally responds in 100 µs" in paced-mode demonstrations such as
 * {@code stagebench demo co}, where what matters is what the harness reports about a known service time, not the
 * service.
 *
 * <p>The wait ends at the first raw read at or past {@code start + ticks}, like {@code spin}.
 */
@Benchmark(
        name = "service",
        description = "busy-wait --param us=N microseconds (default 100): a known service time",
        params =
                @Parameter(
                        name = "us",
                        min = 0,
                        max = ServiceBenchmark.MAX_US,
                        defaultValue = "" + ServiceBenchmark.DEFAULT_US,
                        description = "service time in microseconds"))
public final class ServiceBenchmark implements Operation {

    /** Default service time in µs. */
    public static final long DEFAULT_US = 100;
    /** Longest service time in µs: one second, within a stage delta's 32 bits on any counter below 4 GHz. */
    public static final long MAX_US = 1_000_000;

    private Clock clock;
    private long ticks;

    @Setup
    public void setup(BenchmarkParams params, Clock clock, Calibration calibration) {
        long us = params.longParam("us");
        if (us < 0) {
            throw new IllegalArgumentException("--param us must not be negative, got " + us);
        }
        this.clock = clock;
        this.ticks = Math.round(us * 1_000.0 * calibration.ticksPerNs());
    }

    @Override
    public void run(long seq, Stamps stamps, Sink sink) {
        final Clock c = clock;
        final long until = c.raw() + ticks;
        long now;
        do {
            now = c.raw();
        } while (now < until);
        sink.consume(now);
    }

    /** @return the service time in ticks */
    public long ticks() {
        return ticks;
    }
}
