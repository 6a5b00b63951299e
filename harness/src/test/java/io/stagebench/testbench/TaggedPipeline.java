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
 * Two stages whose first spins a number of ticks that depends on the message's tag: even messages {@code --param
 * evenTicks}, odd ones {@code --param oddTicks}; the second stage, untagged, runs only for even messages (odd ones
 * {@link Stamps#skip() skip} it) and spins {@code --param sendTicks}. Slowing one tag's path is one flag. A spin ends
 * at a counter value, so a slower stretch of the host does not lengthen it: a stage of a few hundred ticks compared
 * across two runs keeps its level, where an empty one (a few ns of probe residue) moves by percents with the
 * calibration.
 */
@Benchmark(
        name = "test.tagged",
        stages = {"work", "send"},
        tags = {"even", "odd", "unused"},
        params = {
            @Parameter(
                    name = "evenTicks",
                    min = 0,
                    max = 1_000_000,
                    defaultValue = "600",
                    description = "spin of an even message"),
            @Parameter(
                    name = "oddTicks",
                    min = 0,
                    max = 1_000_000,
                    defaultValue = "600",
                    description = "spin of an odd message"),
            @Parameter(
                    name = "sendTicks",
                    min = 0,
                    max = 1_000_000,
                    defaultValue = "0",
                    description = "spin of the second stage (even messages)")
        })
public final class TaggedPipeline implements Operation {

    private Clock clock;
    private long evenTicks;
    private long oddTicks;
    private long sendTicks;
    private int even;
    private int odd;

    @Setup
    public void setup(BenchmarkParams params, Clock clock) {
        this.clock = clock;
        evenTicks = params.longParam("evenTicks", 600);
        oddTicks = params.longParam("oddTicks", 600);
        sendTicks = params.longParam("sendTicks", 0);
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
        } else {
            final long sent = now + sendTicks;
            while (now < sent) {
                now = clock.raw();
            }
        }
        sink.consume(now);
    }
}
