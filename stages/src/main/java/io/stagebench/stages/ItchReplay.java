package io.stagebench.stages;

import io.stagebench.stages.book.OrderBook;
import io.stagebench.stages.itch.ItchFileReader;
import io.stagebench.stages.itch.ItchMessageSink;
import io.stagebench.stages.itch.ItchParser;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Replays ITCH 5.0 messages through parse and book, counting messages per type and rejections per reason, and reports
 * the final top of book per stock locate: what {@code stagebench itch} prints for a capture file.
 *
 * <p>Counting rules: {@link Result#messagesByType()} counts every message the parser decoded or skipped, by type
 * letter, whatever the book then did with it; {@link Result#rejects()} counts every message refused by the framing, the
 * parser or the book, by reason. A message the book refused is therefore in both.
 */
public final class ItchReplay implements ItchMessageSink {

    /** Top of one side of a book: price (4 implied decimals) and aggregate shares. */
    public record Top(long priceE4, long shares) {}

    /** Final state of one instrument; a side is {@code null} when empty. */
    public record BookTop(int locate, long stock, Top bid, Top ask) {

        /** @return the stock symbol, or an empty string if the locate had no directory entry or order */
        public String stockSymbol() {
            return stock == 0 ? "" : Alpha.unpackStock(stock);
        }
    }

    /**
     * Outcome of a replay.
     *
     * @param messagesByType message type letter to count, in type order, only types seen
     * @param rejects rejections by reason
     * @param books every locate named by an accepted message, in locate order
     */
    public record Result(Map<Character, Long> messagesByType, RejectCounters rejects, List<BookTop> books) {

        /** @return messages counted over all types */
        public long messageCount() {
            return messagesByType.values().stream().mapToLong(Long::longValue).sum();
        }
    }

    private final ItchParser parser = new ItchParser();
    private final OrderBook book;
    private final RejectCounters rejects = new RejectCounters();
    private final long[] messagesByType = new long[256];

    /**
     * @param maxLocate highest stock locate the book accepts
     * @param maxOrders most live orders the book holds
     */
    public ItchReplay(int maxLocate, int maxOrders) {
        this.book = new OrderBook(maxLocate, maxOrders);
    }

    /**
     * Replays a whole file.
     *
     * @throws IOException only if the file cannot be opened; bad content is counted, not thrown
     */
    public static Result replay(Path file, ItchFileReader.Framing framing, int maxLocate, int maxOrders)
            throws IOException {
        final ItchReplay replay = new ItchReplay(maxLocate, maxOrders);
        try (ItchFileReader reader = ItchFileReader.open(file, framing)) {
            reader.readAll(replay);
            replay.rejects.addAll(reader.rejects());
        }
        return replay.result();
    }

    /** Parses one message and applies it to the book. */
    @Override
    public void onMessage(MemorySegment buffer, long offset, int length) {
        final int parsed = parser.parse(buffer, offset, length);
        if (parsed > 0) {
            rejects.record(parsed);
            return;
        }
        messagesByType[parser.message().messageType & 0xFF]++;
        if (parsed == Status.OK) {
            rejects.record(book.apply(parser.message()));
        }
    }

    /** @return the book */
    public OrderBook book() {
        return book;
    }

    /** @return rejections so far */
    public RejectCounters rejects() {
        return rejects;
    }

    /** @return a snapshot of the counts and tops of book so far */
    public Result result() {
        final Map<Character, Long> messages = new LinkedHashMap<>();
        for (int type = 0; type < messagesByType.length; type++) {
            if (messagesByType[type] != 0) {
                messages.put((char) type, messagesByType[type]);
            }
        }
        final List<BookTop> books = new ArrayList<>();
        for (int locate = 1; locate <= book.maxLocate(); locate++) {
            if (book.isActive(locate)) {
                books.add(new BookTop(
                        locate, book.stock(locate), top(locate, OrderBook.BID), top(locate, OrderBook.ASK)));
            }
        }
        final RejectCounters copy = new RejectCounters();
        copy.addAll(rejects);
        return new Result(messages, copy, books);
    }

    private Top top(int locate, int side) {
        final int level = book.bestLevel(locate, side);
        return level == OrderBook.NONE ? null : new Top(book.levelPriceE4(level), book.levelShares(level));
    }
}
