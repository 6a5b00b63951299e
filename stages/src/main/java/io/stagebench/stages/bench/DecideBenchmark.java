package io.stagebench.stages.bench;

import io.stagebench.api.Benchmark;
import io.stagebench.api.BenchmarkParams;
import io.stagebench.api.CheckParams;
import io.stagebench.api.Operation;
import io.stagebench.api.Parameter;
import io.stagebench.api.Preparation;
import io.stagebench.api.Reset;
import io.stagebench.api.Setup;
import io.stagebench.api.Sink;
import io.stagebench.api.Stamps;
import io.stagebench.stages.book.OrderBook;
import io.stagebench.stages.decide.ImbalanceStrategy;
import io.stagebench.stages.itch.ItchMessage;

/**
 * The decide stage alone: each call parses and applies messages untimed until one changes a book, then times the
 * strategy's decision on that book ({@link Stamps#restart()}). Book and strategy state evolve as in the pipeline, so
 * the branches taken are the real ones.
 */
@Benchmark(
        name = "decide",
        description = "imbalance strategy decision after a book update",
        params = {
            @Parameter(
                    name = ReferenceWorkload.MESSAGES,
                    min = 1,
                    max = ReferenceWorkload.MAX_STREAM_MESSAGES,
                    description = ReferenceWorkload.MESSAGES_DESCRIPTION),
            @Parameter(
                    name = ReferenceWorkload.SEED,
                    defaultValue = ReferenceWorkload.DEFAULT_SEED_TEXT,
                    description = ReferenceWorkload.SEED_DESCRIPTION)
        })
public final class DecideBenchmark implements Operation, Preparation {

    private OrderBook book;
    private ImbalanceStrategy strategy;
    private MessageCursor messages;

    /** The stream setup generates must fit: checked by the launcher before any fork. */
    @CheckParams
    public static void check(BenchmarkParams params) {
        ReferenceWorkload.checkStream(params, 1.25);
    }

    @Setup
    public void setup(BenchmarkParams params) {
        book = ReferenceWorkload.newBook();
        messages = new MessageCursor(ReferenceWorkload.stream(params, 1.25), book);
        messages.startAfter(ReferenceWorkload.PREAMBLE_MESSAGES);
        strategy = ReferenceWorkload.newStrategy();
    }

    /** Back to the first measured message, its book and a strategy as new: warm-up replays what is measured. */
    @Reset
    public void reset() {
        messages.rewind();
        strategy.reset();
    }

    @Override
    public void run(long seq, Stamps stamps, Sink sink) {
        final ItchMessage m = messages.nextBookChange();
        stamps.restart();
        final boolean decided = strategy.decide(book, m.stockLocate, m.timestampNs);
        sink.consume(decided);
    }

    /** The untimed part alone, for batched runs: parse and apply up to the next book change, do not decide. */
    @Override
    public void prepare(long seq, Sink sink) {
        sink.consume(messages.nextBookChange().stockLocate);
    }
}
