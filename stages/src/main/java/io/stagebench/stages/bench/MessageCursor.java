package io.stagebench.stages.bench;

import io.stagebench.stages.Pipeline;
import io.stagebench.stages.Status;
import io.stagebench.stages.book.OrderBook;
import io.stagebench.stages.itch.GeneratedMarketData;
import io.stagebench.stages.itch.ItchMessage;
import io.stagebench.stages.itch.ItchParser;
import java.lang.foreign.MemorySegment;

/**
 * The walk over the replayed stream that every reference benchmark makes, stagebench's and
 * JMH's alike, so both harnesses time the same work: a cursor (not {@code seq % count}: a
 * 64-bit division would sit inside the measured interval) that wraps to the start, clearing
 * the book it feeds because the stream's orders are then new again.
 *
 * <p>Allocation-free after construction; one parser, reused.
 */
public final class MessageCursor {

    private final ItchParser parser = new ItchParser();
    private final GeneratedMarketData stream;
    private final MemorySegment data;
    private final int count;
    private final OrderBook book;
    private int cursor;

    /**
     * @param stream the stream to walk
     * @param book   the book fed from it, cleared when the walk wraps; null when none is fed
     */
    public MessageCursor(GeneratedMarketData stream, OrderBook book) {
        this.stream = stream;
        this.data = stream.segment();
        this.count = stream.messageCount();
        this.book = book;
    }

    /** Parses the next message; its fields are in {@link #message()}. @return the parser's status */
    public int parseNext() {
        final int i = cursor;
        if (i + 1 == count) {
            cursor = 0;
            if (book != null) {
                book.clear();
            }
        } else {
            cursor = i + 1;
        }
        return parser.parse(data, stream.messageOffset(i), stream.messageLength(i));
    }

    /** @return the last parsed message (one reused holder) */
    public ItchMessage message() {
        return parser.message();
    }

    /**
     * Parses and applies messages to the book until one changes it (an order event applied
     * without rejection): the input of a decision.
     *
     * @return that message
     */
    public ItchMessage nextBookChange() {
        while (true) {
            if (parseNext() == Status.OK) {
                final ItchMessage m = parser.message();
                if (book.apply(m) == Status.OK && Pipeline.changesBook(m.messageType)) {
                    return m;
                }
            }
        }
    }
}
