package io.stagebench.stages.bench;

import io.stagebench.api.Benchmark;
import io.stagebench.api.BenchmarkParams;
import io.stagebench.api.CheckParams;
import io.stagebench.api.Operation;
import io.stagebench.api.Parameter;
import io.stagebench.api.Reset;
import io.stagebench.api.Setup;
import io.stagebench.api.Sink;
import io.stagebench.api.Stamps;
import io.stagebench.api.TearDown;
import io.stagebench.stages.Pipeline;
import io.stagebench.stages.Status;
import io.stagebench.stages.book.OrderBook;
import io.stagebench.stages.decide.ImbalanceStrategy;
import io.stagebench.stages.itch.ItchMessage;
import io.stagebench.stages.ouch.OuchEncoder;
import java.lang.foreign.MemorySegment;

/**
 * The whole pipeline per message, stamped at each stage boundary: parse | book | decide | encode. Every message gets
 * all four deltas; a stage a message does not reach (no book change, no decision) costs only its boundary stamp, as in
 * production instrumentation. {@code decide} is tagged by the outcome ({@link MessageTags}: an order, no order, or
 * rejected and why), and {@code encode} is {@link Stamps#skip() skipped} when there is no order, so its row is the
 * encoding of the orders made, not a mix with empty intervals.
 */
@Benchmark(
        name = "pipeline",
        stages = {"parse", "book", "decide", "encode"},
        description = "parse -> book -> decide -> encode per message, stamped per stage",
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
        // the outcomes decide is tagged by (one per RejectReason: ReferenceBenchmarksTest checks the list)
        tags = {
            MessageTags.ORDER,
            MessageTags.NO_ORDER,
            MessageTags.REJECTED_PREFIX + "truncated",
            MessageTags.REJECTED_PREFIX + "length_too_short",
            MessageTags.REJECTED_PREFIX + "unknown_type",
            MessageTags.REJECTED_PREFIX + "locate_out_of_range",
            MessageTags.REJECTED_PREFIX + "execute_unknown_order",
            MessageTags.REJECTED_PREFIX + "cancel_unknown_order",
            MessageTags.REJECTED_PREFIX + "delete_unknown_order",
            MessageTags.REJECTED_PREFIX + "replace_unknown_order",
            MessageTags.REJECTED_PREFIX + "duplicate_order",
            MessageTags.REJECTED_PREFIX + "locate_mismatch",
            MessageTags.REJECTED_PREFIX + "invalid_side",
            MessageTags.REJECTED_PREFIX + "invalid_shares",
            MessageTags.REJECTED_PREFIX + "invalid_price",
            MessageTags.REJECTED_PREFIX + "excess_shares",
            MessageTags.REJECTED_PREFIX + "order_capacity",
            MessageTags.REJECTED_PREFIX + "corrupt_gzip",
            MessageTags.REJECTED_PREFIX + "io_error",
            MessageTags.REJECTED_PREFIX + "sequence_gap",
            MessageTags.REJECTED_PREFIX + "duplicate_sequence"
        })
public final class PipelineBenchmark implements Operation {

    private final OuchEncoder encoder = new OuchEncoder();
    private final MemorySegment out = MemorySegment.ofArray(new byte[64]);
    private OrderBook book;
    private ImbalanceStrategy strategy;
    private MessageCursor messages;
    private long orders;
    private int[] tagByOutcome;
    private int orderTag;

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
        strategy = ReferenceWorkload.newStrategy();
        tagByOutcome = MessageTags.byOutcome(params);
        orderTag = params.tag(MessageTags.ORDER);
    }

    /**
     * Back to the first measured message, its book, a strategy as new and token 1: warm-up replays what is measured.
     */
    @Reset
    public void reset() {
        messages.rewind();
        strategy.reset();
        encoder.reset();
    }

    @Override
    public void run(long seq, Stamps stamps, Sink sink) {
        final int parsed = messages.parseNext();
        stamps.mark();
        final ItchMessage m = messages.message();
        final int applied = parsed == Status.OK ? book.apply(m) : parsed;
        stamps.mark();
        final boolean decided = applied == Status.OK
                && Pipeline.changesBook(m.messageType)
                && strategy.decide(book, m.stockLocate, m.timestampNs);
        stamps.tag(decided ? orderTag : tagByOutcome[Math.max(applied, 0)]);
        stamps.mark();
        if (!decided) {
            stamps.skip(); // no order: encode does nothing for this message, and is not timed as if it did
        }
        final int written = decided ? encoder.encodeEnterOrder(strategy.decision(), out, 0) : 0;
        orders += written > 0 ? 1 : 0;
        sink.consume(written);
    }

    @TearDown
    public void check() {
        book.checkInvariants();
        if (orders == 0) {
            throw new IllegalStateException("the pipeline encoded no order: decide and encode were never exercised");
        }
    }
}
