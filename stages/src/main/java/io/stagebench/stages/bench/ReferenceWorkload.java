package io.stagebench.stages.bench;

import io.stagebench.api.BenchmarkParams;
import io.stagebench.stages.itch.GeneratedMarketData;
import io.stagebench.stages.itch.MarketDataGenerator;

/**
 * The market-data stream every reference benchmark replays: generated in setup from a seed
 * ({@code --param seed=N}, the same in every fork so forks measure the same workload) and
 * long enough that a fork never replays a message twice when its warm-up is a count.
 *
 * <p>Messages are walked with a cursor rather than {@code seq % count}: a 64-bit division
 * is 20-40 cycles, which would land inside the measured interval.
 */
final class ReferenceWorkload {

    /** Default generator seed. */
    static final long DEFAULT_SEED = 20_261_130L;
    /** Stream length when warm-up is bounded by time and the total is unknown. */
    static final int DEFAULT_STREAM_MESSAGES = 2_000_000;

    private ReferenceWorkload() {
    }

    /**
     * @param params            the fork's parameters
     * @param messagesPerOp     how many stream messages one measured call consumes on average
     * @return a stream covering warm-up and measurement, with {@code --param messages=N} as an override
     */
    static GeneratedMarketData stream(BenchmarkParams params, double messagesPerOp) {
        long total = params.totalMessages();
        long wanted = total > 0 ? (long) Math.ceil(total * messagesPerOp) + 10_000 : DEFAULT_STREAM_MESSAGES;
        long count = params.longParam("messages", wanted);
        if (count < 1 || count > 50_000_000) {
            throw new IllegalArgumentException("--param messages must be in [1, 50000000], got " + count);
        }
        return MarketDataGenerator.generate(params.longParam("seed", DEFAULT_SEED), (int) count);
    }
}
