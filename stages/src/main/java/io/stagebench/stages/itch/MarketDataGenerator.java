package io.stagebench.stages.itch;

import io.stagebench.stages.Alpha;
import io.stagebench.stages.Status;
import io.stagebench.stages.book.LongIntHashMap;
import io.stagebench.stages.book.OrderBook;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * A seeded, deterministic ITCH 5.0 stream with the shape of a real feed: the same seed and configuration give the same
 * bytes on every JVM (integer arithmetic and {@link SplittableRandom} only).
 *
 * <p>The stream opens with System Events (start of messages, start of system hours), one Stock Directory per instrument
 * and the start of market hours, then a mix of order events:
 *
 * <ul>
 *   <li>adds ({@code A}, 1 in 10 as {@code F} with an MPID) around a mid price that walks one tick at a time, placed a
 *       geometric number of ticks from the touch and never crossing the opposite side; mostly round lots, some odd
 *       lots;
 *   <li>executions ({@code E}, some {@code C} with a price a tick away, printable or not) of the order first in time
 *       priority at the best level, in full or in part;
 *   <li>partial cancels ({@code X}), deletes ({@code D}) and replaces ({@code U}: new reference, price moved a few
 *       ticks, new size) of random live orders;
 *   <li>non-displayed trades ({@code P}) inside the spread.
 * </ul>
 *
 * Instruments are picked with weights {@code 1/(i+1)}, so a few are busy and most are quiet, as in a real feed.
 * Timestamps advance 1 ns to 20 µs per message from 09:30.
 *
 * <p>The generator applies every message it writes to its own {@link OrderBook}, and chooses targets from it, so the
 * stream is consistent with the book by construction: no execution, cancel, delete or replace ever names an unknown
 * order, and replaying the stream into a book of sufficient capacity produces no rejection. The number of live orders
 * per instrument is held around {@link Config#liveOrdersPerInstrument()} (at most twice that).
 */
public final class MarketDataGenerator {

    private static final String[] SYMBOLS = {
        "AAPL", "MSFT", "NVDA", "AMZN", "GOOGL", "META", "TSLA", "AVGO", "COST", "NFLX",
        "AMD", "PEP", "ADBE", "CSCO", "INTC", "QCOM", "TXN", "AMGN", "HON", "SBUX",
    };
    private static final long MARKET_OPEN_NS = 34_200_000_000_000L; // 09:30:00
    private static final long TICK_E4 = 100;
    private static final int ROUND_LOT = 100;

    /**
     * Generator parameters.
     *
     * @param instruments number of instruments (locates {@code 1..instruments}), in {@code [1, 1000]}
     * @param liveOrdersPerInstrument target live orders per instrument, {@code >= 4}
     */
    public record Config(int instruments, int liveOrdersPerInstrument) {

        /** @throws IllegalArgumentException if a parameter is out of range */
        public Config {
            if (instruments < 1 || instruments > 1_000) {
                throw new IllegalArgumentException("instruments must be in [1, 1000]: " + instruments);
            }
            if (liveOrdersPerInstrument < 4 || liveOrdersPerInstrument > 100_000) {
                throw new IllegalArgumentException(
                        "liveOrdersPerInstrument must be in [4, 100000]: " + liveOrdersPerInstrument);
            }
        }

        /** 8 instruments, about 200 live orders each. */
        public static Config defaults() {
            return new Config(8, 200);
        }

        /** @return the most live orders the stream ever has, the book capacity needed to replay it */
        public int maxLiveOrders() {
            return 2 * liveOrdersPerInstrument * instruments;
        }
    }

    private final Config config;
    private final SplittableRandom random;
    private final OrderBook book;
    private final ItchParser parser = new ItchParser();
    private final long[] stockByInstrument;
    private final long[] midTicksByInstrument;
    private final int[] cumulativeWeight;
    private final long[] liveReferences;
    private final LongIntHashMap liveIndexByReference;
    private int liveCount;

    private long timestampNs = MARKET_OPEN_NS - 1_000_000_000L;
    private long nextOrderReference = 1;
    private long nextMatchNumber = 1;
    private int openingIndex;
    private long messagesWritten;

    /** A generator with {@link Config#defaults()}. */
    public MarketDataGenerator(long seed) {
        this(seed, Config.defaults());
    }

    public MarketDataGenerator(long seed, Config config) {
        this.config = config;
        this.random = new SplittableRandom(seed);
        final int instruments = config.instruments();
        this.book = new OrderBook(instruments, config.maxLiveOrders());
        this.stockByInstrument = new long[instruments];
        this.midTicksByInstrument = new long[instruments];
        this.cumulativeWeight = new int[instruments];
        int total = 0;
        for (int i = 0; i < instruments; i++) {
            final String symbol = i < SYMBOLS.length ? SYMBOLS[i] : "SYM" + i;
            stockByInstrument[i] = Alpha.packStock(symbol);
            midTicksByInstrument[i] = 1_000 + random.nextInt(49_000); // $10.00 .. $500.00
            total += 10_000 / (i + 1);
            cumulativeWeight[i] = total;
        }
        this.liveReferences = new long[config.maxLiveOrders()];
        this.liveIndexByReference = new LongIntHashMap(config.maxLiveOrders());
    }

    /** @return the configuration */
    public Config config() {
        return config;
    }

    /** @return the generator's own view of the book after every message written so far */
    public OrderBook book() {
        return book;
    }

    /** @return messages written so far */
    public long messagesWritten() {
        return messagesWritten;
    }

    /** @return the number of messages before the first order event (system events and directory) */
    public int openingMessageCount() {
        return config.instruments() + 3;
    }

    /**
     * Generates {@code count} messages with {@link Config#defaults()}.
     *
     * @see #generate(long, int, Config)
     */
    public static GeneratedMarketData generate(long seed, int count) {
        return generate(seed, count, Config.defaults());
    }

    /**
     * Generates {@code count} messages into memory, length-prefixed. When {@code count} leaves room, the last three are
     * the end-of-day System Events (end of market hours, end of system hours, end of messages).
     *
     * @throws IllegalArgumentException if {@code count} is negative
     */
    public static GeneratedMarketData generate(long seed, int count, Config config) {
        if (count < 0) {
            throw new IllegalArgumentException("count must be >= 0: " + count);
        }
        final MarketDataGenerator generator = new MarketDataGenerator(seed, config);
        byte[] bytes = new byte[(int) Math.min(Integer.MAX_VALUE - 8, 40L * count + 1024)];
        MemorySegment segment = MemorySegment.ofArray(bytes);
        final int[] offsets = new int[count];
        int position = 0;
        for (int i = 0; i < count; i++) {
            if (bytes.length - position < 2 + ItchLayout.MAX_MESSAGE_LENGTH) {
                final long grown = Math.min(Integer.MAX_VALUE - 8, (long) bytes.length * 3 / 2);
                if (grown - position < 2 + ItchLayout.MAX_MESSAGE_LENGTH) {
                    throw new IllegalArgumentException("count too large for one in-memory stream: " + count);
                }
                bytes = Arrays.copyOf(bytes, (int) grown);
                segment = MemorySegment.ofArray(bytes);
            }
            final int length = generator.next(segment, position + 2, i, count);
            bytes[position] = (byte) (length >>> 8);
            bytes[position + 1] = (byte) length;
            offsets[i] = position + 2;
            position += 2 + length;
        }
        return new GeneratedMarketData(bytes, position, offsets);
    }

    /**
     * Streams {@code count} length-prefixed messages to {@code out} without holding them in memory (for files larger
     * than the heap). Same bytes as {@link #generate(long, int, Config)}.
     */
    public static void write(long seed, long count, Config config, OutputStream out) throws IOException {
        final MarketDataGenerator generator = new MarketDataGenerator(seed, config);
        final byte[] chunk = new byte[1 << 16];
        final MemorySegment segment = MemorySegment.ofArray(chunk);
        int position = 0;
        for (long i = 0; i < count; i++) {
            if (chunk.length - position < 2 + ItchLayout.MAX_MESSAGE_LENGTH) {
                out.write(chunk, 0, position);
                position = 0;
            }
            final int length = generator.next(segment, position + 2, i, count);
            chunk[position] = (byte) (length >>> 8);
            chunk[position + 1] = (byte) length;
            position += 2 + length;
        }
        out.write(chunk, 0, position);
    }

    /**
     * Writes the next message of the stream (without a length prefix) at {@code offset}.
     *
     * @param buffer needs {@value ItchLayout#MAX_MESSAGE_LENGTH} bytes of room at {@code offset}
     * @return the message length
     */
    public int next(MemorySegment buffer, long offset) {
        final int instruments = config.instruments();
        final int length;
        if (openingIndex < openingMessageCount()) {
            final int index = openingIndex++;
            if (index == 0) {
                length = ItchWriter.systemEvent(
                        buffer, offset, 0, advanceTime(), ItchLayout.SystemEvent.START_OF_MESSAGES);
            } else if (index == 1) {
                length = ItchWriter.systemEvent(
                        buffer, offset, 0, advanceTime(), ItchLayout.SystemEvent.START_OF_SYSTEM_HOURS);
            } else if (index < 2 + instruments) {
                final int instrument = index - 2;
                length = ItchWriter.stockDirectory(
                        buffer, offset, instrument + 1, 0, advanceTime(), stockByInstrument[instrument], ROUND_LOT);
            } else {
                timestampNs = MARKET_OPEN_NS;
                length = ItchWriter.systemEvent(
                        buffer, offset, 0, timestampNs, ItchLayout.SystemEvent.START_OF_MARKET_HOURS);
            }
        } else {
            length = nextOrderEvent(buffer, offset);
        }
        apply(buffer, offset, length);
        messagesWritten++;
        return length;
    }

    /**
     * Writes message number {@code index} of a stream of {@code count} messages: the opening messages, then order
     * events, and, when {@code count} leaves room after the opening, the three end-of-day System Events as the last
     * three. Call with {@code index} 0, 1, 2, … in order.
     *
     * @return the message length
     */
    public int next(MemorySegment buffer, long offset, long index, long count) {
        final long remaining = count - index;
        if (count >= openingMessageCount() + 3 && remaining <= 3) {
            return nextClosing(buffer, offset, (int) (3 - remaining));
        }
        return next(buffer, offset);
    }

    /**
     * Writes end-of-day System Event {@code index} (0: end of market hours, 1: end of system hours, 2: end of messages)
     * at {@code offset}.
     *
     * @return the message length
     */
    public int nextClosing(MemorySegment buffer, long offset, int index) {
        final byte code = switch (index) {
            case 0 -> ItchLayout.SystemEvent.END_OF_MARKET_HOURS;
            case 1 -> ItchLayout.SystemEvent.END_OF_SYSTEM_HOURS;
            default -> ItchLayout.SystemEvent.END_OF_MESSAGES;
        };
        messagesWritten++;
        return ItchWriter.systemEvent(buffer, offset, 0, advanceTime(), code);
    }

    private void apply(MemorySegment buffer, long offset, int length) {
        final int parsed = parser.parse(buffer, offset, length);
        final int applied = parsed == Status.OK ? book.apply(parser.message()) : parsed;
        if (applied > 0) {
            throw new IllegalStateException("generator wrote a message its own book rejects: status " + applied
                    + ", type " + (char) buffer.get(ValueLayout.JAVA_BYTE, offset));
        }
    }

    private long advanceTime() {
        timestampNs += 1 + random.nextInt(20_000);
        return timestampNs;
    }

    private int pickInstrument() {
        final int roll = random.nextInt(cumulativeWeight[cumulativeWeight.length - 1]);
        int instrument = 0;
        while (cumulativeWeight[instrument] <= roll) {
            instrument++;
        }
        return instrument;
    }

    /** A geometric number of ticks, mean about 3: how far from the touch orders land. */
    private int ticksAway() {
        return Long.numberOfTrailingZeros(random.nextLong() | Long.MIN_VALUE)
                + Long.numberOfTrailingZeros(random.nextLong() | Long.MIN_VALUE)
                + Long.numberOfTrailingZeros(random.nextLong() | Long.MIN_VALUE);
    }

    private long randomShares() {
        if (random.nextInt(10) == 0) {
            return 1 + random.nextInt(ROUND_LOT - 1); // odd lot
        }
        return (long) ROUND_LOT
                * (1 + Long.numberOfTrailingZeros(random.nextLong() | Long.MIN_VALUE) + random.nextInt(5));
    }

    private int nextOrderEvent(MemorySegment buffer, long offset) {
        final int instrument = pickInstrument();
        final int locate = instrument + 1;
        if (random.nextInt(16) == 0) {
            final long step = random.nextBoolean() ? 1 : -1;
            midTicksByInstrument[instrument] = Math.max(200, midTicksByInstrument[instrument] + step);
        }
        final int target = config.liveOrdersPerInstrument();
        final int live = book.orderCount(locate);
        if (live < target / 4) {
            return add(buffer, offset, instrument);
        }
        if (live >= 2 * target - 1) {
            return delete(buffer, offset, randomLiveOrderOf(locate));
        }
        final int roll = random.nextInt(100);
        if (roll < 38 + (live < target ? 6 : 0)) {
            return add(buffer, offset, instrument);
        }
        if (roll < 56) {
            return delete(buffer, offset, randomLiveOrder());
        }
        if (roll < 64) {
            return cancel(buffer, offset, randomLiveOrder());
        }
        if (roll < 78) {
            return execute(buffer, offset, locate, false);
        }
        if (roll < 81) {
            return execute(buffer, offset, locate, true);
        }
        if (roll < 93) {
            return replace(buffer, offset, randomLiveOrder());
        }
        return trade(buffer, offset, instrument);
    }

    private int add(MemorySegment buffer, long offset, int instrument) {
        final int locate = instrument + 1;
        final boolean buy = random.nextBoolean();
        final long midTicks = midTicksByInstrument[instrument];
        long priceE4 = buy ? (midTicks - ticksAway()) * TICK_E4 : (midTicks + 1 + ticksAway()) * TICK_E4;
        priceE4 = clampNotCrossing(locate, buy, priceE4);
        final long reference = nextOrderReference++;
        final long shares = randomShares();
        final byte side = buy ? ItchLayout.BUY : ItchLayout.SELL;
        final int length;
        if (random.nextInt(10) == 0) {
            final int mpid = Alpha.packFirm(random.nextBoolean() ? "GSCO" : "MSCO");
            length = ItchWriter.addOrderMpid(
                    buffer,
                    offset,
                    locate,
                    tracking(),
                    advanceTime(),
                    reference,
                    side,
                    shares,
                    stockByInstrument[instrument],
                    priceE4,
                    mpid);
        } else {
            length = ItchWriter.addOrder(
                    buffer,
                    offset,
                    locate,
                    tracking(),
                    advanceTime(),
                    reference,
                    side,
                    shares,
                    stockByInstrument[instrument],
                    priceE4);
        }
        liveIndexByReference.put(reference, liveCount);
        liveReferences[liveCount++] = reference;
        return length;
    }

    private long clampNotCrossing(int locate, boolean buy, long priceE4) {
        long clamped = priceE4;
        if (buy) {
            final long bestAskE4 = book.bestAskPriceE4(locate);
            if (bestAskE4 != 0 && clamped >= bestAskE4) {
                clamped = bestAskE4 - TICK_E4;
            }
        } else {
            final long bestBidE4 = book.bestBidPriceE4(locate);
            if (bestBidE4 != 0 && clamped <= bestBidE4) {
                clamped = bestBidE4 + TICK_E4;
            }
        }
        return Math.max(TICK_E4, clamped);
    }

    private long randomLiveOrder() {
        return liveReferences[random.nextInt(liveCount)];
    }

    private long randomLiveOrderOf(int locate) {
        while (true) {
            final long reference = randomLiveOrder();
            if (book.orderLocate(reference) == locate) {
                return reference;
            }
        }
    }

    private int delete(MemorySegment buffer, long offset, long reference) {
        final int locate = book.orderLocate(reference);
        forget(reference);
        return ItchWriter.orderDelete(buffer, offset, locate, tracking(), advanceTime(), reference);
    }

    private int cancel(MemorySegment buffer, long offset, long reference) {
        final int shares = book.orderShares(reference);
        if (shares < 2) {
            return delete(buffer, offset, reference);
        }
        final long cancelled = 1 + random.nextInt(shares - 1);
        return ItchWriter.orderCancel(
                buffer, offset, book.orderLocate(reference), tracking(), advanceTime(), reference, cancelled);
    }

    private int execute(MemorySegment buffer, long offset, int locate, boolean withPrice) {
        final boolean hitBid = random.nextBoolean();
        int level = book.bestLevel(locate, hitBid ? OrderBook.BID : OrderBook.ASK);
        if (level == OrderBook.NONE) {
            level = book.bestLevel(locate, hitBid ? OrderBook.ASK : OrderBook.BID);
        }
        if (level == OrderBook.NONE) {
            return add(buffer, offset, locate - 1);
        }
        final long reference = book.frontOrderReference(level);
        final int shares = book.orderShares(reference);
        final long executed = shares == 1 || random.nextInt(10) < 6 ? shares : 1 + random.nextInt(shares - 1);
        if (executed == shares) {
            forget(reference);
        }
        final long matchNumber = nextMatchNumber++;
        if (withPrice) {
            final long priceE4 = book.levelPriceE4(level) + (random.nextBoolean() ? TICK_E4 : -TICK_E4);
            final byte printable = random.nextInt(5) == 0 ? (byte) 'N' : (byte) 'Y';
            return ItchWriter.orderExecutedWithPrice(
                    buffer,
                    offset,
                    locate,
                    tracking(),
                    advanceTime(),
                    reference,
                    executed,
                    matchNumber,
                    printable,
                    Math.max(TICK_E4, priceE4));
        }
        return ItchWriter.orderExecuted(
                buffer, offset, locate, tracking(), advanceTime(), reference, executed, matchNumber);
    }

    private int replace(MemorySegment buffer, long offset, long reference) {
        final int locate = book.orderLocate(reference);
        final boolean buy = book.orderSide(reference) == OrderBook.BID;
        final long moveTicks = random.nextInt(5) - 2;
        final long priceE4 = clampNotCrossing(locate, buy, book.orderPriceE4(reference) + moveTicks * TICK_E4);
        final long newReference = nextOrderReference++;
        final int index = liveIndexByReference.remove(reference);
        liveReferences[index] = newReference;
        liveIndexByReference.put(newReference, index);
        return ItchWriter.orderReplace(
                buffer, offset, locate, tracking(), advanceTime(), reference, newReference, randomShares(), priceE4);
    }

    private int trade(MemorySegment buffer, long offset, int instrument) {
        final int locate = instrument + 1;
        final long bidE4 = book.bestBidPriceE4(locate);
        final long askE4 = book.bestAskPriceE4(locate);
        final long priceE4 =
                bidE4 != 0 && askE4 != 0 ? bidE4 + (askE4 - bidE4) / 2 : midTicksByInstrument[instrument] * TICK_E4;
        final byte side = random.nextBoolean() ? ItchLayout.BUY : ItchLayout.SELL;
        return ItchWriter.trade(
                buffer,
                offset,
                locate,
                tracking(),
                advanceTime(),
                0L,
                side,
                randomShares(),
                stockByInstrument[instrument],
                priceE4,
                nextMatchNumber++);
    }

    private void forget(long reference) {
        final int index = liveIndexByReference.remove(reference);
        final long last = liveReferences[--liveCount];
        if (index != liveCount) {
            liveReferences[index] = last;
            liveIndexByReference.put(last, index);
        }
    }

    private int tracking() {
        return random.nextInt(4);
    }
}
