package io.stagebench.testbench;

import io.stagebench.api.Benchmark;
import io.stagebench.api.BenchmarkParams;
import io.stagebench.api.Operation;
import io.stagebench.api.Parameter;
import io.stagebench.api.Setup;
import io.stagebench.api.Sink;
import io.stagebench.api.Stamps;
import io.stagebench.clock.Clock;

/**
 * Two stages whose first spins a number of ticks that depends on the message's tag: even
 * messages {@code --param evenTicks}, odd ones {@code --param oddTicks}; the second stage, untagged,
 * runs only for even messages (odd ones {@link Stamps#skip() skip} it). Slowing one tag's path is one flag.
 */
@Benchmark(name = "test.tagged", stages = {"work", "send"}, tags = {"even", "odd", "unused"},
        params = {@Parameter(name = "evenTicks", min = 0, max = 1_000_000, defaultValue = "600",
                description = "spin of an even message"),
            @Parameter(name = "oddTicks", min = 0, max = 1_000_000, defaultValue = "600",
                description = "spin of an odd message")})
public final class TaggedPipeline implements Operation {

    private Clock clock;
    private long evenTicks;
    private long oddTicks;
    private int even;
    private int odd;

    @Setup
    public void setup(BenchmarkParams params, Clock clock) {
        this.clock = clock;
        evenTicks = params.longParam("evenTicks", 600);
        oddTicks = params.longParam("oddTicks", 600);
        even = params.tag("even");
        odd = params.tag("odd");
    }

    @Override
    public void run(long seq, Stamps stamps, Sink sink) {
        final boolean isOdd = (seq & 1) == 1;
        stamps.tag(isOdd ? odd : even);
        final long until = stamps.stageStartTicks() + (isOdd ? oddTicks : evenTicks);
        long now;
        do {
            now = clock.raw();
        } while (now < until);
        stamps.mark();
        if (isOdd) {
            stamps.skip();
        }
        sink.consume(now);
    }
}
