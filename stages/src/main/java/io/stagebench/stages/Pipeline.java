package io.stagebench.stages;

import io.stagebench.stages.book.OrderBook;
import io.stagebench.stages.decide.ImbalanceStrategy;
import io.stagebench.stages.itch.ItchLayout;
import io.stagebench.stages.itch.ItchMessage;
import io.stagebench.stages.itch.ItchParser;
import io.stagebench.stages.ouch.OuchEncoder;
import java.lang.foreign.MemorySegment;

/**
 * All four stages for one message: parse → book → decide → encode. It is what a single-threaded feed handler plus
 * strategy does per market-data message, and the unit the allocation test and the end-to-end benchmark measure.
 *
 * <p>{@link #onMessage} returns the length of the OUCH Enter Order written into {@link #outBuffer()} (49), 0 when no
 * order was decided, or the negated {@link RejectReason#code()} when parse or book rejected the message (also counted
 * in {@link #rejects()}). The strategy runs only after an order event was applied (A F E C X D U), since only those
 * change a book.
 *
 * <p>Every object is created in the constructor; {@code onMessage} allocates nothing.
 */
public final class Pipeline {

    private final ItchParser parser = new ItchParser();
    private final OrderBook book;
    private final ImbalanceStrategy strategy;
    private final OuchEncoder encoder;
    private final MemorySegment outBuffer;
    private final RejectCounters rejects = new RejectCounters();
    private final long[] messagesByType = new long[256];
    private long ordersEncoded;
    private long bytesEncoded;

    /**
     * @param maxLocate highest stock locate accepted
     * @param maxOrders most live orders in the book
     */
    public Pipeline(int maxLocate, int maxOrders) {
        this(
                new OrderBook(maxLocate, maxOrders),
                new ImbalanceStrategy(maxLocate, ImbalanceStrategy.Config.defaults()),
                new OuchEncoder());
    }

    /** Wires the given stages; the output buffer holds one Enter Order. */
    public Pipeline(OrderBook book, ImbalanceStrategy strategy, OuchEncoder encoder) {
        this.book = book;
        this.strategy = strategy;
        this.encoder = encoder;
        // A heap segment, like every input buffer: the shared big-endian accessors then see a
        // single segment class, so the JIT keeps them monomorphic (a native segment here makes
        // those call sites bimorphic and costs a deoptimization when the second class shows up).
        this.outBuffer = MemorySegment.ofArray(new byte[64]);
    }

    /**
     * Runs one message through every stage.
     *
     * @param buffer bytes holding the message at {@code offset}
     * @param length the message length from its framing
     * @return bytes of OUCH written to {@link #outBuffer()} at offset 0, 0 for no order, or {@code -code} of the
     *     {@link RejectReason} that stopped the message
     */
    public int onMessage(MemorySegment buffer, long offset, int length) {
        final int parsed = parser.parse(buffer, offset, length);
        if (parsed > 0) {
            rejects.record(parsed);
            return -parsed;
        }
        final ItchMessage message = parser.message();
        messagesByType[message.messageType & 0xFF]++;
        if (parsed != Status.OK) {
            return 0;
        }
        final int applied = book.apply(message);
        if (applied > 0) {
            rejects.record(applied);
            return -applied;
        }
        if (applied != Status.OK || !changesBook(message.messageType)) {
            return 0;
        }
        if (!strategy.decide(book, message.stockLocate, message.timestampNs)) {
            return 0;
        }
        final int written = encoder.encodeEnterOrder(strategy.decision(), outBuffer, 0);
        ordersEncoded++;
        bytesEncoded += written;
        return written;
    }

    /** @return true for the order events (A F E C X D U) that change a book and so may change a decision */
    public static boolean changesBook(byte type) {
        return switch (type) {
            case ItchLayout.AddOrder.TYPE,
                    ItchLayout.AddOrderMpid.TYPE,
                    ItchLayout.OrderExecuted.TYPE,
                    ItchLayout.OrderExecutedWithPrice.TYPE,
                    ItchLayout.OrderCancel.TYPE,
                    ItchLayout.OrderDelete.TYPE,
                    ItchLayout.OrderReplace.TYPE -> true;
            default -> false;
        };
    }

    /** @return the buffer the last Enter Order was written to, at offset 0 */
    public MemorySegment outBuffer() {
        return outBuffer;
    }

    /** @return the book stage */
    public OrderBook book() {
        return book;
    }

    /** @return the decide stage */
    public ImbalanceStrategy strategy() {
        return strategy;
    }

    /** @return the parse stage */
    public ItchParser parser() {
        return parser;
    }

    /** @return the encode stage */
    public OuchEncoder encoder() {
        return encoder;
    }

    /** @return rejections by reason */
    public RejectCounters rejects() {
        return rejects;
    }

    /** @return messages parsed (decoded or skipped) with this type byte */
    public long messages(byte type) {
        return messagesByType[type & 0xFF];
    }

    /** @return Enter Orders written */
    public long ordersEncoded() {
        return ordersEncoded;
    }

    /** @return bytes of OUCH written in total */
    public long bytesEncoded() {
        return bytesEncoded;
    }
}
