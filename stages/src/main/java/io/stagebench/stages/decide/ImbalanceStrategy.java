package io.stagebench.stages.decide;

import io.stagebench.stages.book.OrderBook;
import io.stagebench.stages.itch.ItchLayout;
import java.util.Arrays;

/**
 * The decide stage: a deterministic depth-imbalance strategy over one instrument's book.
 *
 * <p>On each call it sums the shares of the top {@code depthLevels} levels on each side and computes the imbalance
 * {@code (bid - ask) / (bid + ask)} in basis points. When the imbalance leans past the threshold and the spread is
 * tradable it decides to follow it:
 *
 * <ul>
 *   <li>spread of one tick: cross it, immediate-or-cancel, at the opposite touch;
 *   <li>wider spread (up to {@code maxSpreadE4}): improve the own touch by one tick, resting until the end of market
 *       hours;
 *   <li>size: one round lot, plus one per 2,500 bp of imbalance beyond the threshold, cut to the room left under the
 *       per-instrument position limit (no order if under a lot);
 *   <li>the same side and price as the last order on that instrument is not repeated;
 *   <li>a token bucket over market-data time throttles the order rate across instruments.
 * </ul>
 *
 * The tick is $0.01 at or above $1.00 and $0.0001 below, as for NMS stocks. Sent orders are assumed filled in full (the
 * pipeline has no execution reports), so the position moves with each decision and the limit binds.
 *
 * <p>Every branch depends on the book and on state carried between calls (positions, tokens, last order), so the JIT
 * cannot fold the stage to a constant. Counters of each outcome are kept for tests and reports.
 *
 * <h2>Injected slowdown</h2>
 *
 * The system property {@value #EXTRA_SPINS_PROPERTY} (int, default 0, read once at class initialisation) adds that many
 * iterations of a dependent xorshift step to every call, before the decision, and the decision depends on its result.
 * One iteration is three dependent shift/xor pairs, a few cycles of dependent work; it is not a time unit, it exists to
 * inject a known, repeatable slowdown into A/B runs (compare a run with 0 to a run with N).
 */
public final class ImbalanceStrategy {

    /** Name of the system property that adds busy iterations to every decision. */
    public static final String EXTRA_SPINS_PROPERTY = "stagebench.decide.extraSpins";

    /** Extra spins per decision, from {@value #EXTRA_SPINS_PROPERTY}; negative values count as 0. */
    public static final int EXTRA_SPINS = Math.max(0, Integer.getInteger(EXTRA_SPINS_PROPERTY, 0));

    private static final long ONE_DOLLAR_E4 = 10_000;
    private static final long PENNY_E4 = 100;
    private static final long SUB_PENNY_E4 = 1;

    /**
     * Strategy parameters.
     *
     * @param depthLevels levels per side summed into the imbalance, {@code >= 1}
     * @param imbalanceThresholdBp imbalance needed to act, in {@code (0, 10000]} basis points
     * @param maxSpreadE4 widest spread the strategy trades into (4 implied decimals)
     * @param maxPositionShares absolute position limit per instrument, in shares
     * @param burstOrders token bucket size (orders that may go back to back)
     * @param refillIntervalNs market-data time to earn one token
     * @param defaultLotShares lot used when the directory gave no round lot
     */
    public record Config(
            int depthLevels,
            int imbalanceThresholdBp,
            long maxSpreadE4,
            long maxPositionShares,
            int burstOrders,
            long refillIntervalNs,
            int defaultLotShares) {

        /** @throws IllegalArgumentException if a parameter is out of range */
        public Config {
            if (depthLevels < 1) {
                throw new IllegalArgumentException("depthLevels must be >= 1: " + depthLevels);
            }
            if (imbalanceThresholdBp < 1 || imbalanceThresholdBp > 10_000) {
                throw new IllegalArgumentException(
                        "imbalanceThresholdBp must be in [1, 10000]: " + imbalanceThresholdBp);
            }
            if (maxSpreadE4 < 1
                    || maxPositionShares < 1
                    || burstOrders < 1
                    || refillIntervalNs < 1
                    || defaultLotShares < 1) {
                throw new IllegalArgumentException("spread, position, burst, refill and lot must be >= 1");
            }
        }

        /** 3 levels, 20 % imbalance, $0.50 spread, 5,000 shares, bursts of 10, one order per ms, lots of 100. */
        public static Config defaults() {
            return new Config(3, 2_000, 5_000, 5_000, 10, 1_000_000, 100);
        }
    }

    private final Config config;
    private final Decision decision = new Decision();
    private final long[] positionSharesByLocate;
    private final long[] lastOrderSidePriceByLocate;

    private long tokens;
    private long lastRefillNs;
    private long spinState = 0x2545_F491_4F6C_DD1DL;

    private long decisions;
    private long emptyOrCrossed;
    private long spreadTooWide;
    private long belowThreshold;
    private long positionLimited;
    private long repeats;
    private long throttled;

    /** @param maxLocate highest stock locate the strategy will be asked about */
    public ImbalanceStrategy(int maxLocate, Config config) {
        this.config = config;
        this.positionSharesByLocate = new long[maxLocate + 1];
        this.lastOrderSidePriceByLocate = new long[maxLocate + 1];
        this.tokens = config.burstOrders();
    }

    /** @return the decision written by the last {@link #decide} that returned {@code true} */
    /**
     * Back to the state the constructor left: no position, a full token bucket, every counter at zero. Allocation-free,
     * so a benchmark can rewind between passes without running construction code again.
     */
    public void reset() {
        Arrays.fill(positionSharesByLocate, 0L);
        Arrays.fill(lastOrderSidePriceByLocate, 0L);
        tokens = config.burstOrders();
        lastRefillNs = 0;
        spinState = 0x2545_F491_4F6C_DD1DL;
        decisions = 0;
        emptyOrCrossed = 0;
        spreadTooWide = 0;
        belowThreshold = 0;
        positionLimited = 0;
        repeats = 0;
        throttled = 0;
    }

    public Decision decision() {
        return decision;
    }

    /**
     * Decides whether to send an order for {@code locate} after its book changed.
     *
     * @param timestampNs the ITCH timestamp of the message that changed the book (drives the throttle)
     * @return {@code true} with {@link #decision()} filled in, or {@code false} for no order
     */
    public boolean decide(OrderBook book, int locate, long timestampNs) {
        if (locate < 1 || locate >= positionSharesByLocate.length || locate > book.maxLocate()) {
            emptyOrCrossed++;
            return false;
        }
        if (EXTRA_SPINS > 0 && spin(book.bestBidShares(locate)) == 0) {
            return false; // never taken: xorshift of a non-zero state is non-zero
        }
        final int bestBid = book.bestLevel(locate, OrderBook.BID);
        final int bestAsk = book.bestLevel(locate, OrderBook.ASK);
        if (bestBid == OrderBook.NONE || bestAsk == OrderBook.NONE) {
            emptyOrCrossed++;
            return false;
        }
        final long bidE4 = book.levelPriceE4(bestBid);
        final long askE4 = book.levelPriceE4(bestAsk);
        if (!spreadAccepted(bidE4, askE4)) {
            return false;
        }
        // the depth is read only once the spread is accepted, the lot and symbol only once an
        // order is sized: a book's rejected messages cost what they always did
        final int depthLevels = config.depthLevels();
        return sizeAndSend(
                book,
                locate,
                timestampNs,
                bidE4,
                askE4,
                depthShares(book, bestBid, depthLevels),
                depthShares(book, bestAsk, depthLevels),
                0,
                0);
    }

    /**
     * @return the shares of {@code depthLevels} levels of one side from {@code level} (its best) on: what the strategy
     *     weighs, so a thread that owns the book can hand it to one that decides
     */
    public static long depthShares(OrderBook book, int level, int depthLevels) {
        long shares = 0;
        int at = level;
        for (int i = 0; i < depthLevels && at != OrderBook.NONE; i++) {
            shares += book.levelShares(at);
            at = book.nextLevel(at);
        }
        return shares;
    }

    /**
     * @return the depth levels per side {@link #decide(int, long, long, long, long, long, long, long)} expects summed
     */
    public int depthLevels() {
        return config.depthLevels();
    }

    /**
     * Decides on a copy of the top of {@code locate}'s book rather than the book itself, for a strategy running on
     * another thread than the book: the same rules and state as {@link #decide(OrderBook, int, long)}.
     *
     * @param bidE4 best bid price; {@code askE4 - bidE4 <= 0} (an empty side sent as 0) decides nothing
     * @param bidShares shares of the best {@link #depthLevels()} bid levels (see {@link #depthShares})
     * @param lotShares the stock's round lot, 0 for the configured default
     * @param stock packed stock symbol
     */
    public boolean decide(
            int locate,
            long timestampNs,
            long bidE4,
            long askE4,
            long bidShares,
            long askShares,
            long lotShares,
            long stock) {
        if (EXTRA_SPINS > 0 && spin(bidShares) == 0) {
            return false; // never taken: xorshift of a non-zero state is non-zero
        }
        if (locate < 1 || locate >= positionSharesByLocate.length || bidE4 <= 0) {
            emptyOrCrossed++;
            return false;
        }
        if (!spreadAccepted(bidE4, askE4)) {
            return false;
        }
        return sizeAndSend(null, locate, timestampNs, bidE4, askE4, bidShares, askShares, lotShares, stock);
    }

    /** @return whether the spread is positive and not too wide, counting the rejection when not */
    private boolean spreadAccepted(long bidE4, long askE4) {
        final long spreadE4 = askE4 - bidE4;
        if (spreadE4 <= 0) {
            emptyOrCrossed++;
            return false;
        }
        if (spreadE4 > config.maxSpreadE4()) {
            spreadTooWide++;
            return false;
        }
        return true;
    }

    /**
     * The imbalance, the order's size and price, the position limit, repeats and the throttle.
     *
     * @param book the book the lot and symbol are read from, or null to take {@code lotShares} and {@code stock}
     */
    private boolean sizeAndSend(
            OrderBook book,
            int locate,
            long timestampNs,
            long bidE4,
            long askE4,
            long bidShares,
            long askShares,
            long lotShares,
            long stock) {
        final long spreadE4 = askE4 - bidE4;
        final long imbalanceBp = (bidShares - askShares) * 10_000 / (bidShares + askShares);
        final long excessBp = Math.abs(imbalanceBp) - config.imbalanceThresholdBp();
        if (excessBp < 0) {
            belowThreshold++;
            return false;
        }

        final boolean buy = imbalanceBp > 0;
        final long tickE4 = bidE4 >= ONE_DOLLAR_E4 ? PENNY_E4 : SUB_PENNY_E4;
        final boolean cross = spreadE4 <= tickE4;
        final long priceE4 = buy ? (cross ? askE4 : bidE4 + tickE4) : (cross ? bidE4 : askE4 - tickE4);

        final long roundLot = book != null ? book.roundLotSize(locate) : lotShares;
        final long lot = roundLot > 0 ? roundLot : config.defaultLotShares();
        final long position = positionSharesByLocate[locate];
        final long roomShares = buy ? config.maxPositionShares() - position : config.maxPositionShares() + position;
        long shares = lot * (1 + excessBp / 2_500);
        if (shares > roomShares) {
            shares = roomShares - roomShares % lot;
        }
        if (shares < lot) {
            positionLimited++;
            return false;
        }

        final long sidePrice = buy ? priceE4 : -priceE4;
        if (lastOrderSidePriceByLocate[locate] == sidePrice) {
            repeats++;
            return false;
        }
        if (!takeToken(timestampNs)) {
            throttled++;
            return false;
        }

        lastOrderSidePriceByLocate[locate] = sidePrice;
        positionSharesByLocate[locate] = buy ? position + shares : position - shares;
        final Decision d = decision;
        d.locate = locate;
        d.stock = book != null ? book.stock(locate) : stock;
        d.side = buy ? ItchLayout.BUY : ItchLayout.SELL;
        d.priceE4 = priceE4;
        d.shares = (int) shares;
        d.timeInForce = cross ? Decision.TIME_IN_FORCE_IOC : Decision.TIME_IN_FORCE_MARKET_HOURS;
        d.triggerTimestampNs = timestampNs;
        decisions++;
        return true;
    }

    private boolean takeToken(long timestampNs) {
        final long elapsedNs = timestampNs - lastRefillNs;
        if (elapsedNs > 0) {
            final long earned = elapsedNs / config.refillIntervalNs();
            if (earned > 0) {
                final long burst = config.burstOrders();
                if (tokens + earned >= burst) {
                    tokens = burst;
                    lastRefillNs = timestampNs;
                } else {
                    tokens += earned;
                    lastRefillNs += earned * config.refillIntervalNs();
                }
            }
        } else if (elapsedNs < 0) {
            lastRefillNs = timestampNs; // time went backwards (a new session or bad data): restart the clock
        }
        if (tokens == 0) {
            return false;
        }
        tokens--;
        return true;
    }

    private long spin(long input) {
        long x = spinState ^ input;
        if (x == 0) {
            x = 0x9E37_79B9_7F4A_7C15L;
        }
        for (int i = EXTRA_SPINS; i > 0; i--) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
        }
        spinState = x;
        return x;
    }

    /** @return the position of an instrument in shares (positive long, negative short) */
    public long positionShares(int locate) {
        return positionSharesByLocate[locate];
    }

    /** @return orders decided */
    public long decisions() {
        return decisions;
    }

    /** @return calls with an empty, locked or crossed book (or a locate out of range) */
    public long emptyOrCrossed() {
        return emptyOrCrossed;
    }

    /** @return calls where the spread was wider than {@code maxSpreadE4} */
    public long spreadTooWide() {
        return spreadTooWide;
    }

    /** @return calls where the imbalance did not reach the threshold */
    public long belowThreshold() {
        return belowThreshold;
    }

    /** @return calls stopped by the position limit */
    public long positionLimited() {
        return positionLimited;
    }

    /** @return calls that would have repeated the last order's side and price */
    public long repeats() {
        return repeats;
    }

    /** @return calls stopped by the throttle */
    public long throttled() {
        return throttled;
    }

    /** @return the configuration */
    public Config config() {
        return config;
    }
}
