package io.stagebench.stages.bench;

import io.stagebench.api.Benchmark;
import io.stagebench.api.BenchmarkParams;
import io.stagebench.api.Operation;
import io.stagebench.api.Setup;
import io.stagebench.api.Sink;
import io.stagebench.api.Stamps;
import io.stagebench.stages.Pipeline;
import io.stagebench.stages.Status;
import io.stagebench.stages.book.OrderBook;
import io.stagebench.stages.decide.ImbalanceStrategy;
import io.stagebench.stages.itch.GeneratedMarketData;
import io.stagebench.stages.itch.ItchMessage;
import io.stagebench.stages.itch.ItchParser;
import java.lang.foreign.MemorySegment;

/**
 * The decide stage alone: each call parses and applies messages untimed until one changes
 * a book, then times the strategy's decision on that book ({@link Stamps#restart()}). Book
 * and strategy state evolve as in the pipeline, so the branches taken are the real ones.
 */
@Benchmark(name = "decide", description = "imbalance strategy decision after a book update")
public final class DecideBenchmark implements Operation {

    private final ItchParser parser = new ItchParser();
    private OrderBook book;
    private ImbalanceStrategy strategy;
    private GeneratedMarketData stream;
    private MemorySegment data;
    private int count;
    private int cursor;

    @Setup
    public void setup(BenchmarkParams params) {
        stream = ReferenceWorkload.stream(params, 1.25);
        data = stream.segment();
        count = stream.messageCount();
        book = ReferenceWorkload.newBook();
        strategy = ReferenceWorkload.newStrategy();
    }

    @Override
    public void run(long seq, Stamps stamps, Sink sink) {
        ItchMessage m;
        while (true) {
            final int i = cursor;
            if (i + 1 == count) {
                cursor = 0;
                book.clear();
            } else {
                cursor = i + 1;
            }
            if (parser.parse(data, stream.messageOffset(i), stream.messageLength(i)) == Status.OK) {
                m = parser.message();
                if (book.apply(m) == Status.OK && Pipeline.changesBook(m.messageType)) {
                    break;
                }
            }
        }
        stamps.restart();
        final boolean decided = strategy.decide(book, m.stockLocate, m.timestampNs);
        sink.consume(decided);
    }
}
