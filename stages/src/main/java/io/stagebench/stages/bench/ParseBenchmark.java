package io.stagebench.stages.bench;

import io.stagebench.api.Benchmark;
import io.stagebench.api.BenchmarkParams;
import io.stagebench.api.Operation;
import io.stagebench.api.Setup;
import io.stagebench.api.Sink;
import io.stagebench.api.Stamps;
import io.stagebench.stages.itch.GeneratedMarketData;
import io.stagebench.stages.itch.ItchMessage;
import io.stagebench.stages.itch.ItchParser;
import java.lang.foreign.MemorySegment;

/** The parse stage alone: decode one ITCH 5.0 message from the replayed stream. */
@Benchmark(name = "parse", description = "ITCH 5.0 flyweight decode of one message")
public final class ParseBenchmark implements Operation {

    private final ItchParser parser = new ItchParser();
    private MemorySegment data;
    private GeneratedMarketData stream;
    private int count;
    private int cursor;

    @Setup
    public void setup(BenchmarkParams params) {
        stream = ReferenceWorkload.stream(params, 1.0);
        data = stream.segment();
        count = stream.messageCount();
    }

    @Override
    public void run(long seq, Stamps stamps, Sink sink) {
        final int i = cursor;
        cursor = i + 1 == count ? 0 : i + 1;
        final int status = parser.parse(data, stream.messageOffset(i), stream.messageLength(i));
        final ItchMessage m = parser.message();
        sink.consume(status);
        sink.consume(m.orderReferenceNumber ^ m.priceE4 ^ m.shares);
    }
}
