package io.stagebench.stages.bench;

import io.stagebench.stages.Pipeline;
import io.stagebench.stages.Status;
import io.stagebench.stages.book.OrderBook;
import io.stagebench.stages.itch.GeneratedMarketData;
import io.stagebench.stages.itch.ItchMessage;
import io.stagebench.stages.itch.ItchParser;
import java.lang.foreign.MemorySegment;

/**
 * The walk over the replayed stream that every reference benchmark makes, stagebench's and JMH's alike, so both
 * harnesses time the same work: a cursor (not {@code seq % count}: a 64-bit division would sit inside the measured
 * interval) that wraps to the start, clearing the book it feeds because the stream's orders are then new again.
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
    private int start;
    private OrderBook snapshot;
    /** Whether a walk of a preamble has run twice in this JVM (its class loader): see {@link #startAfter}. */
    private static boolean preambleWalkedTwice;

    /**
     * @param stream the stream to walk
     * @param book the book fed from it, cleared when the walk wraps; null when none is fed
     */
    public MessageCursor(GeneratedMarketData stream, OrderBook book) {
        this.stream = stream;
        this.data = stream.segment();
        this.count = stream.messageCount();
        this.book = book;
    }

    /**
     * Parses the first {@code preamble} messages (applying them to the book, when there is one) and remembers where
     * they left the cursor and the book: {@link #rewind()} returns there. A measurement then starts on a book in its
     * steady state, not an empty one, and a rewind restores it by copying, never by replaying the preamble - whose rare
     * messages (the stock directory, say) would otherwise run through the compiled code again and again, each time
     * deoptimising it. The first call in a JVM walks the preamble twice, so that the compiled parser and book have seen
     * its paths (below).
     */
    public void startAfter(int preamble) {
        if (!preambleWalkedTwice) {
            // the JVM's first walk runs the preamble's first messages (the stock directory, the books filling from
            // empty) before the parser and the book collect a profile, and the optimising compiler left their paths
            // out: the next setup's walk trapped in that code (ItchParser.parse, OrderBook.insert and apply), which was
            // thrown away and compiled again, so a fork's first replica measured another compilation than the
            // replicas after it. A second walk in the first setup takes those paths while the profile is collected.
            walkPreamble(preamble);
            preambleWalkedTwice = true;
        }
        walkPreamble(preamble);
        start = cursor;
        if (book != null) {
            if (snapshot == null) {
                snapshot = new OrderBook(book.maxLocate(), book.maxOrders());
            }
            snapshot.copyFrom(book);
        }
    }

    private void walkPreamble(int preamble) {
        cursor = 0;
        if (book != null) {
            book.clear();
        }
        for (int i = 0; i < preamble; i++) {
            if (parseNext() == Status.OK && book != null) {
                book.apply(parser.message());
            }
        }
    }

    /** Back to where {@link #startAfter} left the cursor and the book (the stream's start before any). */
    public void rewind() {
        cursor = start;
        if (book != null) {
            if (snapshot != null) {
                book.copyFrom(snapshot);
            } else {
                book.clear();
            }
        }
    }

    /** Parses the next message; its fields are in {@link #message()}. @return the parser's status */
    public int parseNext() {
        final int i = advance();
        return parser.parse(data, stream.messageOffset(i), stream.messageLength(i));
    }

    /**
     * Moves past the next message without parsing it, as {@link #parseNext()} does (clearing the book when the stream
     * wraps): for a benchmark that receives the message's bytes from elsewhere and parses those.
     *
     * @return the message's index in the stream
     */
    public int advance() {
        final int i = cursor;
        if (i + 1 == count) {
            cursor = 0;
            if (book != null) {
                book.clear();
            }
        } else {
            cursor = i + 1;
        }
        return i;
    }

    /** @return the last parsed message (one reused holder) */
    public ItchMessage message() {
        return parser.message();
    }

    /**
     * Parses and applies messages to the book until one changes it (an order event applied without rejection): the
     * input of a decision.
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
