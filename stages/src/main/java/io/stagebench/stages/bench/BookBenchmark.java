package io.stagebench.stages.bench;

import io.stagebench.api.Benchmark;
import io.stagebench.api.BenchmarkParams;
import io.stagebench.api.Operation;
import io.stagebench.api.Setup;
import io.stagebench.api.Sink;
import io.stagebench.api.Stamps;
import io.stagebench.api.TearDown;
import io.stagebench.stages.Status;
import io.stagebench.stages.book.OrderBook;
import io.stagebench.stages.itch.GeneratedMarketData;
import io.stagebench.stages.itch.ItchParser;
import java.lang.foreign.MemorySegment;

/**
 * The book stage alone: each call parses the next message untimed ({@link Stamps#restart()}),
 * then times applying it to the limit order book.
 */
@Benchmark(name = "book", description = "limit order book update for one parsed message")
public final class BookBenchmark implements Operation {

    private final ItchParser parser = new ItchParser();
    private OrderBook book;
    private GeneratedMarketData stream;
    private MemorySegment data;
    private int count;
    private int cursor;

    @Setup
    public void setup(BenchmarkParams params) {
        stream = ReferenceWorkload.stream(params, 1.0);
        data = stream.segment();
        count = stream.messageCount();
        book = ReferenceWorkload.newBook();
    }

    @Override
    public void run(long seq, Stamps stamps, Sink sink) {
        final int i = cursor;
        if (i + 1 == count) {
            cursor = 0;
            book.clear(); // replaying from the start: the stream's orders are new again
        } else {
            cursor = i + 1;
        }
        final int parsed = parser.parse(data, stream.messageOffset(i), stream.messageLength(i));
        stamps.restart();
        final int applied = parsed == Status.OK ? book.apply(parser.message()) : parsed;
        sink.consume(applied);
    }

    @TearDown
    public void check() {
        book.checkInvariants();
    }
}
