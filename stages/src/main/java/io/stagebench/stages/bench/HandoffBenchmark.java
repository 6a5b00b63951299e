package io.stagebench.stages.bench;

import com.lmax.disruptor.AlertException;
import com.lmax.disruptor.BlockingWaitStrategy;
import com.lmax.disruptor.BusySpinWaitStrategy;
import com.lmax.disruptor.RingBuffer;
import com.lmax.disruptor.Sequence;
import com.lmax.disruptor.SequenceBarrier;
import com.lmax.disruptor.SleepingWaitStrategy;
import com.lmax.disruptor.TimeoutException;
import com.lmax.disruptor.WaitStrategy;
import com.lmax.disruptor.YieldingWaitStrategy;
import io.stagebench.api.Benchmark;
import io.stagebench.api.BenchmarkParams;
import io.stagebench.api.CheckParams;
import io.stagebench.api.HandoffOperation;
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
 * The pipeline split over two pinned threads, as a feed handler and a strategy usually are: parse and book on the feed
 * thread, which hands the top of the changed book to the strategy thread through a single-producer LMAX Disruptor
 * {@link RingBuffer} read by one consumer sequence; decide and encode there. Series: parse, book, handoff (publish to
 * consume), decide, encode, total.
 *
 * <p>The record is a fixed-size {@link TopOfBook} preallocated in every ring slot: the feed claims a slot, fills it in
 * place and publishes its sequence; the strategy waits for that sequence (by the {@code wait} strategy), copies the
 * record out and releases the slot. No allocation on either side.
 *
 * <p>Measurement hazards: reading the top of the book into the record is book-stage work on the feed thread (the
 * strategy cannot read a book another thread is changing). A wait strategy other than {@code busy-spin} adds its
 * wake-up to the handoff; {@code block} also adds a signal to every publish.
 */
@Benchmark(
        name = "handoff",
        stages = {"parse", "book", "handoff", "decide", "encode"},
        threads = {"feed", "strategy"},
        description =
                "parse -> book on a feed thread, an SPSC ring, decide -> encode on a strategy thread, each pinned",
        unmarkedTotal = false,
        params = {
            @Parameter(
                    name = ReferenceWorkload.MESSAGES,
                    min = 1,
                    max = ReferenceWorkload.MAX_STREAM_MESSAGES,
                    description = ReferenceWorkload.MESSAGES_DESCRIPTION),
            @Parameter(
                    name = ReferenceWorkload.SEED,
                    defaultValue = ReferenceWorkload.DEFAULT_SEED_TEXT,
                    description = ReferenceWorkload.SEED_DESCRIPTION),
            @Parameter(
                    name = HandoffBenchmark.WAIT,
                    type = Parameter.Type.TEXT,
                    defaultValue = HandoffBenchmark.BUSY_SPIN,
                    values = {HandoffBenchmark.BUSY_SPIN, "yield", "sleep", "block"},
                    description =
                            "how the strategy thread waits for a message (Disruptor wait strategies): busy-spin,"
                                    + " yield, sleep (spin, yield, then park 100 ns at a time) or block (a lock and a condition)"),
            @Parameter(
                    name = HandoffBenchmark.RING_SLOTS,
                    min = 2,
                    max = 1 << 20,
                    defaultValue = "1024",
                    description = "records the ring holds (rounded up to a power of two)")
        })
public final class HandoffBenchmark implements HandoffOperation {

    static final String WAIT = "wait";
    static final String BUSY_SPIN = "busy-spin";
    static final String RING_SLOTS = "ring";

    // feed thread
    private OrderBook book;
    private MessageCursor messages;
    private int depthLevels;
    private long topTimestampNs;
    private long topBidE4;
    private long topAskE4;
    private long topBidShares;
    private long topAskShares;
    private long topLotShares;
    private long topStock;
    private int topLocate;

    // both: the ring, written by the feed; the consumer's sequence, written by the strategy
    private RingBuffer<TopOfBook> ring;
    private final Sequence consumed = new Sequence();

    // strategy thread
    private final OuchEncoder encoder = new OuchEncoder();
    private final MemorySegment out = MemorySegment.ofArray(new byte[64]);
    private final TopOfBook taken = new TopOfBook();
    private ImbalanceStrategy strategy;
    private SequenceBarrier barrier;
    private long orders;

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
        depthLevels = strategy.depthLevels();
        int slots = Integer.highestOneBit((int) params.longParam(RING_SLOTS) * 2 - 1);
        ring = RingBuffer.createSingleProducer(TopOfBook::new, slots, waitStrategy(params.param(WAIT, BUSY_SPIN)));
        ring.addGatingSequences(consumed);
        barrier = ring.newBarrier();
    }

    static WaitStrategy waitStrategy(String wait) {
        return switch (wait) {
            case BUSY_SPIN -> new BusySpinWaitStrategy();
            case "yield" -> new YieldingWaitStrategy();
            case "sleep" -> new SleepingWaitStrategy();
            case "block" -> new BlockingWaitStrategy();
            default -> throw new IllegalArgumentException("wait must be busy-spin, yield, sleep or block, not " + wait);
        };
    }

    /**
     * Back to the first measured message and its book, a strategy as new, token 1; the ring is empty between passes.
     */
    @Reset
    public void reset() {
        messages.rewind();
        strategy.reset();
        encoder.reset();
    }

    @Override
    public void produce(long seq, Stamps stamps, Sink sink) {
        final int parsed = messages.parseNext();
        stamps.mark();
        final ItchMessage m = messages.message();
        final int applied = parsed == Status.OK ? book.apply(m) : parsed;
        topLocate = m.stockLocate;
        topTimestampNs = m.timestampNs;
        topBidE4 = 0;
        topAskE4 = 0;
        if (applied == Status.OK
                && Pipeline.changesBook(m.messageType)
                && m.stockLocate > 0
                && m.stockLocate <= book.maxLocate()) {
            final int bestBid = book.bestLevel(m.stockLocate, OrderBook.BID);
            final int bestAsk = book.bestLevel(m.stockLocate, OrderBook.ASK);
            if (bestBid != OrderBook.NONE && bestAsk != OrderBook.NONE) {
                topBidE4 = book.levelPriceE4(bestBid);
                topAskE4 = book.levelPriceE4(bestAsk);
                topBidShares = ImbalanceStrategy.depthShares(book, bestBid, depthLevels);
                topAskShares = ImbalanceStrategy.depthShares(book, bestAsk, depthLevels);
                topLotShares = book.roundLotSize(m.stockLocate);
                topStock = book.stock(m.stockLocate);
            }
        }
        sink.consume(applied);
    }

    @Override
    public void publish(long seq) {
        final RingBuffer<TopOfBook> r = ring;
        while (!r.hasAvailableCapacity(1)) {
            Thread.onSpinWait(); // the ring is full: the strategy has fallen behind
        }
        final long slot = r.next();
        final TopOfBook t = r.get(slot);
        t.seq = seq;
        t.timestampNs = topTimestampNs;
        t.bidE4 = topBidE4;
        t.askE4 = topAskE4;
        t.bidShares = topBidShares;
        t.askShares = topAskShares;
        t.lotShares = topLotShares;
        t.stock = topStock;
        t.locate = topLocate;
        r.publish(slot);
    }

    @Override
    public long take() {
        final long next = consumed.get() + 1;
        try {
            barrier.waitFor(next);
        } catch (AlertException | InterruptedException | TimeoutException e) {
            throw new IllegalStateException("the ring's barrier failed while waiting for slot " + next, e);
        }
        taken.copyFrom(ring.get(next));
        consumed.set(next);
        return taken.seq;
    }

    @Override
    public void process(long seq, Stamps stamps, Sink sink) {
        final TopOfBook t = taken;
        final boolean decided = t.bidE4 > 0
                && strategy.decide(
                        t.locate, t.timestampNs, t.bidE4, t.askE4, t.bidShares, t.askShares, t.lotShares, t.stock);
        stamps.mark();
        final int written = decided ? encoder.encodeEnterOrder(strategy.decision(), out, 0) : 0;
        orders += written > 0 ? 1 : 0;
        sink.consume(written);
    }

    @TearDown
    public void check() {
        book.checkInvariants();
        if (orders == 0) {
            throw new IllegalStateException(
                    "the strategy thread encoded no order: decide and encode were never exercised");
        }
    }

    /** The record handed over: preallocated in every ring slot, and once more as the strategy's copy. */
    static final class TopOfBook {
        long seq;
        long timestampNs;
        long bidE4;
        long askE4;
        long bidShares;
        long askShares;
        long lotShares;
        long stock;
        int locate;

        void copyFrom(TopOfBook other) {
            seq = other.seq;
            timestampNs = other.timestampNs;
            bidE4 = other.bidE4;
            askE4 = other.askE4;
            bidShares = other.bidShares;
            askShares = other.askShares;
            lotShares = other.lotShares;
            stock = other.stock;
            locate = other.locate;
        }
    }
}
