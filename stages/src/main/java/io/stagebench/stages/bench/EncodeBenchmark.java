package io.stagebench.stages.bench;

import io.stagebench.api.Benchmark;
import io.stagebench.api.BenchmarkParams;
import io.stagebench.api.Operation;
import io.stagebench.api.Setup;
import io.stagebench.api.Sink;
import io.stagebench.api.Stamps;
import io.stagebench.stages.Pipeline;
import io.stagebench.stages.decide.Decision;
import io.stagebench.stages.itch.GeneratedMarketData;
import io.stagebench.stages.itch.MarketDataGenerator;
import io.stagebench.stages.ouch.OuchEncoder;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * The encode stage alone: writes one OUCH 4.2 Enter Order for a decision that the pipeline
 * made on the replayed stream (captured in setup), cycling through them.
 */
@Benchmark(name = "encode", description = "OUCH 4.2 Enter Order written into a preallocated buffer")
public final class EncodeBenchmark implements Operation {

    private final OuchEncoder encoder = new OuchEncoder();
    private final MemorySegment out = MemorySegment.ofArray(new byte[64]);
    private Decision[] decisions;
    private int cursor;

    @Setup
    public void setup(BenchmarkParams params) {
        GeneratedMarketData stream = ReferenceWorkload.stream(params, 1.0);
        MarketDataGenerator.Config config = MarketDataGenerator.Config.defaults();
        Pipeline pipeline = new Pipeline(config.instruments() + 1, config.maxLiveOrders() * 2);
        List<Decision> captured = new ArrayList<>();
        for (int i = 0; i < stream.messageCount(); i++) {
            if (pipeline.onMessage(stream.segment(), stream.messageOffset(i), stream.messageLength(i)) > 0) {
                captured.add(copy(pipeline.strategy().decision()));
            }
        }
        if (captured.isEmpty()) {
            throw new IllegalStateException("the strategy made no decision over " + stream.messageCount()
                    + " messages: nothing to encode");
        }
        decisions = captured.toArray(new Decision[0]);
    }

    private static Decision copy(Decision d) {
        Decision c = new Decision();
        c.locate = d.locate;
        c.stock = d.stock;
        c.side = d.side;
        c.priceE4 = d.priceE4;
        c.shares = d.shares;
        c.timeInForce = d.timeInForce;
        c.triggerTimestampNs = d.triggerTimestampNs;
        return c;
    }

    @Override
    public void run(long seq, Stamps stamps, Sink sink) {
        final int i = cursor;
        cursor = i + 1 == decisions.length ? 0 : i + 1;
        final int written = encoder.encodeEnterOrder(decisions[i], out, 0);
        sink.consume(written);
    }
}
