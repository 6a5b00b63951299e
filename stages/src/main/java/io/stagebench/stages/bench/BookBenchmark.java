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
import io.stagebench.api.TearDown;
import io.stagebench.stages.Status;
import io.stagebench.stages.book.OrderBook;
import io.stagebench.stages.itch.ItchMessage;

/**
 * The book stage alone: each call parses the next message untimed ({@link Stamps#restart()}), then times applying it to
 * the limit order book. Tagged by ITCH message type ({@link MessageTags}): an add inserts into a price level, a delete
 * unlinks, a system message is ignored.
 */
@Benchmark(
        name = "book",
        description = "limit order book update for one parsed message",
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
        },
        tags = {
            MessageTags.SYSTEM,
            MessageTags.DIRECTORY,
            MessageTags.ADD,
            MessageTags.ADD_MPID,
            MessageTags.EXECUTE,
            MessageTags.EXECUTE_PRICE,
            MessageTags.CANCEL,
            MessageTags.DELETE,
            MessageTags.REPLACE,
            MessageTags.TRADE,
            MessageTags.OTHER_TYPE
        })
public final class BookBenchmark implements Operation, Preparation {

    private OrderBook book;
    private MessageCursor messages;
    private int[] tagByType;

    /** The stream setup generates must fit: checked by the launcher before any fork. */
    @CheckParams
    public static void check(BenchmarkParams params) {
        ReferenceWorkload.checkStream(params, 1.0);
    }

    @Setup
    public void setup(BenchmarkParams params) {
        book = ReferenceWorkload.newBook();
        messages = new MessageCursor(ReferenceWorkload.stream(params, 1.0), book);
        messages.startAfter(ReferenceWorkload.PREAMBLE_MESSAGES);
        tagByType = MessageTags.byType(params);
    }

    /** Back to the first measured message and the book it meets: warm-up replays what is measured. */
    @Reset
    public void reset() {
        messages.rewind();
    }

    @Override
    public void run(long seq, Stamps stamps, Sink sink) {
        final int parsed = messages.parseNext();
        final ItchMessage m = messages.message();
        stamps.tag(tagByType[m.messageType & 0xFF]);
        stamps.restart();
        final int applied = parsed == Status.OK ? book.apply(m) : parsed;
        sink.consume(applied);
    }

    /** The untimed part alone, for batched runs: parse the next message, do not apply it. */
    @Override
    public void prepare(long seq, Sink sink) {
        sink.consume(messages.parseNext());
    }

    @TearDown
    public void check() {
        book.checkInvariants();
    }
}
