package io.stagebench.builtin;

import io.stagebench.api.Benchmark;
import io.stagebench.api.BenchmarkParams;
import io.stagebench.api.Operation;
import io.stagebench.api.Parameter;
import io.stagebench.api.RecordingStamps;
import io.stagebench.api.Setup;
import io.stagebench.api.Sink;
import io.stagebench.api.Stamps;
import io.stagebench.clock.Clock;

/**
 * A ruler check: busy-waits exactly {@code --param ticks=K} counter ticks (default 1000). After the probe overhead is
 * subtracted its p50 should sit within max(2%, 2 steps) of K; if it does not, the harness, not the code, is the
 * problem.
 *
 * <p>The wait is measured from the interval's own start read ({@link Stamps#stageStartTicks()}) and ends at the first
 * raw read at or past {@code start + K}, so it overshoots by less than one raw read (quantised by the counter's step);
 * the end read is the probe the runner subtracts. In a batch ({@code --batch K}) every message sees the batch's start
 * read, so each wait runs from the previous message's deadline instead: K messages end at start + K x ticks,
 * overshooting once per batch, not once per message.
 */
@Benchmark(
        name = "spin",
        description = "busy-wait exactly K ticks (--param ticks=K): checks the ruler",
        params =
                @Parameter(
                        name = "ticks",
                        min = 0,
                        max = RecordingStamps.MAX_DELTA_TICKS,
                        defaultValue = "" + SpinBenchmark.DEFAULT_TICKS,
                        description = "spin length in counter ticks"))
public final class SpinBenchmark implements Operation {

    /** Default spin length in ticks. */
    public static final long DEFAULT_TICKS = 1000;

    private Clock clock;
    private long ticks;
    private long lastUntil;

    @Setup
    public void setup(BenchmarkParams params, Clock clock) {
        this.clock = clock;
        this.ticks = params.longParam("ticks");
        if (ticks < 0) {
            throw new IllegalArgumentException("--param ticks must not be negative, got " + ticks);
        }
    }

    @Override
    public void run(long seq, Stamps stamps, Sink sink) {
        final Clock c = clock;
        // unbatched, the start read is always past the previous deadline; batched, it is not
        final long until = Math.max(stamps.stageStartTicks(), lastUntil) + ticks;
        lastUntil = until; // before the wait, which absorbs it: the interval still ends at the deadline
        long now;
        do {
            now = c.raw();
        } while (now < until);
        sink.consume(now);
    }

    /** @return the spin length in ticks */
    public long ticks() {
        return ticks;
    }
}
