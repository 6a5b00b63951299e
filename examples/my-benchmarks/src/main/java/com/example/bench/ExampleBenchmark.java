package com.example.bench;

import io.stagebench.api.Benchmark;
import io.stagebench.api.BenchmarkParams;
import io.stagebench.api.Operation;
import io.stagebench.api.Parameter;
import io.stagebench.api.Setup;
import io.stagebench.api.Sink;
import io.stagebench.api.Stamps;
import io.stagebench.clock.Clock;
import java.util.SplittableRandom;

/**
 * Two stages of one message: {@code wait} spins exactly {@code --param ticks=K} counter ticks
 * (default 3000) on the fork's clock - a stage whose cost is known, so its p50 checks the
 * ruler - then {@code vwap} computes the volume-weighted average price of 1024 trades of a
 * tape picked by the message's sequence number - a stage of ordinary code.
 */
@Benchmark(name = "example", stages = {"wait", "vwap"},
        description = "spin --param ticks=K (default 3000) on the clock, then a VWAP of 1024 trades",
        params = @Parameter(name = "ticks", min = 0, max = 1_000_000_000L, defaultValue = "3000",
                description = "the wait stage's length in counter ticks"))
public final class ExampleBenchmark implements Operation {

    private static final int TRADES = 1024;
    private static final int TAPES = 64; // a power of two: a tape is picked with a mask

    private Clock clock;
    private long ticks;
    private long lastUntil;
    private long[] prices;
    private long[] quantities;

    @Setup
    public void setup(BenchmarkParams params, Clock clock) {
        this.clock = clock;
        this.ticks = params.longParam("ticks"); // the declared default when not given
        if (ticks < 0) {
            throw new IllegalArgumentException("--param ticks must not be negative, got " + ticks);
        }
        SplittableRandom random = new SplittableRandom(42);
        prices = new long[TAPES * TRADES];
        quantities = new long[TAPES * TRADES];
        for (int i = 0; i < prices.length; i++) {
            prices[i] = 10_000 + random.nextInt(1_000);
            quantities[i] = 1 + random.nextInt(500);
        }
    }

    @Override
    public void run(long seq, Stamps stamps, Sink sink) {
        // wait: from the stage's start read to the first read at or past start + ticks (in a
        // batch, --batch K, every message sees the batch's start: wait from the last deadline)
        final Clock c = clock;
        final long until = Math.max(stamps.stageStartTicks(), lastUntil) + ticks;
        lastUntil = until;
        long now;
        do {
            now = c.raw();
        } while (now < until);
        stamps.mark();

        // vwap: ordinary code, its input chosen by seq so the JIT cannot fold it away
        final long[] p = prices;
        final long[] q = quantities;
        final int base = (int) (seq & (TAPES - 1)) * TRADES;
        long notional = 0;
        long volume = 0;
        for (int i = base; i < base + TRADES; i++) {
            notional += p[i] * q[i];
            volume += q[i];
        }
        sink.consume(notional / volume + now);
    }
}
