package io.stagebench.stages.book;

import io.stagebench.stages.RejectReason;
import io.stagebench.stages.Status;
import io.stagebench.stages.itch.ItchLayout;
import io.stagebench.stages.itch.ItchMessage;
import java.lang.reflect.Array;
import java.util.Arrays;

/**
 * The book stage: a price-level limit order book per instrument, keyed by ITCH stock locate, built from Add / Execute /
 * Cancel / Delete / Replace messages exactly as TotalView-ITCH 5.0 defines them. Capacity is fixed at construction;
 * {@link #apply} never allocates, never grows a structure, never throws: it returns {@link Status#OK},
 * {@link Status#IGNORED} or a {@link RejectReason#code()}.
 *
 * <h2>Semantics</h2>
 *
 * <ul>
 *   <li>{@code A}/{@code F} add an order at the back of its price level's queue.
 *   <li>{@code E} executes shares at the order's price; {@code C} executes shares at the message's price (the order's
 *       level still loses the shares). Fully executed orders leave the book. Executing more than the open shares is
 *       rejected without change.
 *   <li>{@code X} cancels part of the remaining shares; {@code D} removes the order.
 *   <li>{@code U} removes the original order and adds the new reference number with the new price and shares on the
 *       same side and stock, at the back of its level's queue.
 *   <li>{@code P} (non-displayed trade) and printable {@code C} set the last trade price; they never touch depth.
 *       {@code R} records the stock symbol and round lot of a locate.
 *   <li>Any other type is {@link Status#IGNORED}.
 * </ul>
 *
 * <h2>Layout</h2>
 *
 * <pre>
 *   order ref --LongIntHashMap--&gt; order slot { ref, shares, level, prev, next }
 *                                                    |
 *   book (locate*2 + side) --best--&gt; level { price, shares, orders, head, tail }
 *                                     | worse                  ^ FIFO queue of order slots
 *                                     v
 *                                   level ... --&gt; worst
 * </pre>
 *
 * Orders and levels live in parallel primitive arrays (struct-of-arrays) addressed by int slot, with free lists
 * threaded through the {@code next} arrays. Each book side is a doubly linked list of levels sorted best first (bids
 * descending, asks ascending); a new price is placed by walking from whichever end (best or worst) is nearer, which is
 * O(1) for the usual add at or near the touch. There are as many level slots as order slots, so adding a level can
 * never fail once the order slot was found.
 *
 * <p>IMPLEMENTATION NOTES: there is no debug checking on the hot path; {@code checkInvariants()} walks everything for
 * tests.
 */
public final class OrderBook {

    /** Side index for bids (ITCH {@code 'B'}). */
    public static final int BID = 0;
    /** Side index for asks (ITCH {@code 'S'}). */
    public static final int ASK = 1;
    /** A null order or level handle. */
    public static final int NONE = -1;

    private final int maxLocate;
    private final int maxOrders;
    private final LongIntHashMap orderSlotByReference;

    // Per book: index = locate * 2 + side.
    private final int[] bestLevel;
    private final int[] worstLevel;
    private final int[] levelCount;
    // Per locate.
    private final long[] stockByLocate;
    private final long[] roundLotSizeByLocate;
    private final long[] lastTradePriceE4ByLocate;
    private final int[] orderCountByLocate;
    private final boolean[] activeByLocate;

    // Orders.
    private final long[] orderReference;
    private final int[] orderShares;
    private final int[] orderLevel;
    private final int[] orderPrev;
    private final int[] orderNext;
    private int freeOrder;

    // Levels.
    private final long[] levelPriceE4;
    private final long[] levelShares;
    private final int[] levelOrderCount;
    private final int[] levelBetter;
    private final int[] levelWorse;
    private final int[] levelHeadOrder;
    private final int[] levelTailOrder;
    private final int[] levelBook;
    private int freeLevel;

    /**
     * @param maxLocate highest stock locate accepted, in {@code [1, 65535]}; locates are 1-based
     * @param maxOrders most live orders across all instruments, in {@code [1, 2^28]}
     * @throws IllegalArgumentException if a bound is outside its range
     */
    public OrderBook(int maxLocate, int maxOrders) {
        if (maxLocate < 1 || maxLocate > 65_535) {
            throw new IllegalArgumentException("maxLocate must be in [1, 65535]: " + maxLocate);
        }
        if (maxOrders < 1 || maxOrders > (1 << 28)) {
            throw new IllegalArgumentException("maxOrders must be in [1, 2^28]: " + maxOrders);
        }
        this.maxLocate = maxLocate;
        this.maxOrders = maxOrders;
        this.orderSlotByReference = new LongIntHashMap(maxOrders);
        final int books = (maxLocate + 1) * 2;
        bestLevel = new int[books];
        worstLevel = new int[books];
        levelCount = new int[books];
        stockByLocate = new long[maxLocate + 1];
        roundLotSizeByLocate = new long[maxLocate + 1];
        lastTradePriceE4ByLocate = new long[maxLocate + 1];
        orderCountByLocate = new int[maxLocate + 1];
        activeByLocate = new boolean[maxLocate + 1];
        orderReference = new long[maxOrders];
        orderShares = new int[maxOrders];
        orderLevel = new int[maxOrders];
        orderPrev = new int[maxOrders];
        orderNext = new int[maxOrders];
        levelPriceE4 = new long[maxOrders];
        levelShares = new long[maxOrders];
        levelOrderCount = new int[maxOrders];
        levelBetter = new int[maxOrders];
        levelWorse = new int[maxOrders];
        levelHeadOrder = new int[maxOrders];
        levelTailOrder = new int[maxOrders];
        levelBook = new int[maxOrders];
        clear();
    }

    /** Empties every book and forgets every directory entry; capacity is unchanged. */
    public void clear() {
        orderSlotByReference.clear();
        Arrays.fill(bestLevel, NONE);
        Arrays.fill(worstLevel, NONE);
        Arrays.fill(levelCount, 0);
        Arrays.fill(stockByLocate, 0L);
        Arrays.fill(roundLotSizeByLocate, 0L);
        Arrays.fill(lastTradePriceE4ByLocate, 0L);
        Arrays.fill(orderCountByLocate, 0);
        Arrays.fill(activeByLocate, false);
        for (int i = 0; i < maxOrders; i++) {
            orderNext[i] = i + 1 < maxOrders ? i + 1 : NONE;
            levelWorse[i] = i + 1 < maxOrders ? i + 1 : NONE;
        }
        freeOrder = 0;
        freeLevel = 0;
    }

    /**
     * Makes this book an exact copy of {@code source}: every order, level, link and free list, without replaying the
     * messages that built it. A benchmark snapshots its book once and restores it before every pass, so each pass
     * starts from the same state and runs only the measured messages' code paths.
     *
     * @throws IllegalArgumentException when the two books were built with different bounds
     */
    public void copyFrom(OrderBook source) {
        if (source.maxLocate != maxLocate || source.maxOrders != maxOrders) {
            throw new IllegalArgumentException("books of different bounds: " + source.maxLocate + "/" + source.maxOrders
                    + " vs " + maxLocate + "/" + maxOrders);
        }
        orderSlotByReference.copyFrom(source.orderSlotByReference);
        for (Object[] pair : new Object[][] {
            {source.bestLevel, bestLevel},
            {source.worstLevel, worstLevel},
            {source.levelCount, levelCount},
            {source.stockByLocate, stockByLocate},
            {source.roundLotSizeByLocate, roundLotSizeByLocate},
            {source.lastTradePriceE4ByLocate, lastTradePriceE4ByLocate},
            {source.orderCountByLocate, orderCountByLocate},
            {source.activeByLocate, activeByLocate},
            {source.orderReference, orderReference},
            {source.orderShares, orderShares},
            {source.orderLevel, orderLevel},
            {source.orderPrev, orderPrev},
            {source.orderNext, orderNext},
            {source.levelPriceE4, levelPriceE4},
            {source.levelShares, levelShares},
            {source.levelOrderCount, levelOrderCount},
            {source.levelBetter, levelBetter},
            {source.levelWorse, levelWorse},
            {source.levelHeadOrder, levelHeadOrder},
            {source.levelTailOrder, levelTailOrder},
            {source.levelBook, levelBook}
        }) {
            System.arraycopy(pair[0], 0, pair[1], 0, Array.getLength(pair[0]));
        }
        freeOrder = source.freeOrder;
        freeLevel = source.freeLevel;
    }

    /**
     * Applies one decoded message.
     *
     * @return {@link Status#OK}, {@link Status#IGNORED} or a {@link RejectReason#code()}
     */
    public int apply(ItchMessage m) {
        return switch (m.messageType) {
            case ItchLayout.AddOrder.TYPE, ItchLayout.AddOrderMpid.TYPE ->
                add(m.stockLocate, m.orderReferenceNumber, m.side, m.shares, m.priceE4, m.stock);
            case ItchLayout.OrderExecuted.TYPE -> execute(m.stockLocate, m.orderReferenceNumber, m.shares, -1L);
            case ItchLayout.OrderExecutedWithPrice.TYPE ->
                execute(m.stockLocate, m.orderReferenceNumber, m.shares, m.printable == 'Y' ? m.priceE4 : 0L);
            case ItchLayout.OrderCancel.TYPE -> cancel(m.stockLocate, m.orderReferenceNumber, m.shares);
            case ItchLayout.OrderDelete.TYPE -> delete(m.stockLocate, m.orderReferenceNumber);
            case ItchLayout.OrderReplace.TYPE ->
                replace(m.stockLocate, m.orderReferenceNumber, m.newOrderReferenceNumber, m.shares, m.priceE4);
            case ItchLayout.Trade.TYPE -> trade(m.stockLocate, m.priceE4);
            case ItchLayout.StockDirectory.TYPE -> directory(m.stockLocate, m.stock, m.roundLotSize);
            default -> Status.IGNORED;
        };
    }

    /**
     * Adds an order ({@code A}/{@code F}).
     *
     * @param side {@code 'B'} or {@code 'S'}
     * @param stock packed 8-byte symbol, recorded for the locate if the directory has none
     */
    public int add(int locate, long orderReferenceNumber, byte side, long shares, long priceE4, long stock) {
        if (locate < 1 || locate > maxLocate) {
            return RejectReason.LOCATE_OUT_OF_RANGE.code();
        }
        final int sideIndex;
        if (side == ItchLayout.BUY) {
            sideIndex = BID;
        } else if (side == ItchLayout.SELL) {
            sideIndex = ASK;
        } else {
            return RejectReason.INVALID_SIDE.code();
        }
        if (shares < 1 || shares > Integer.MAX_VALUE) {
            return RejectReason.INVALID_SHARES.code();
        }
        if (priceE4 < 1 || priceE4 > Integer.MAX_VALUE) {
            return RejectReason.INVALID_PRICE.code();
        }
        if (orderSlotByReference.get(orderReferenceNumber) != LongIntHashMap.MISSING) {
            return RejectReason.DUPLICATE_ORDER.code();
        }
        if (freeOrder == NONE) {
            return RejectReason.ORDER_CAPACITY.code();
        }
        if (stockByLocate[locate] == 0) {
            stockByLocate[locate] = stock;
        }
        insert(locate, sideIndex, orderReferenceNumber, (int) shares, priceE4);
        return Status.OK;
    }

    /**
     * Executes shares of an order ({@code E}, or {@code C} with its execution price).
     *
     * @param tradePriceE4 the price to record as last trade: {@code -1} for the order's own price, {@code 0} to record
     *     none (a non-printable {@code C})
     */
    public int execute(int locate, long orderReferenceNumber, long executedShares, long tradePriceE4) {
        if (locate < 1 || locate > maxLocate) {
            return RejectReason.LOCATE_OUT_OF_RANGE.code();
        }
        final int order = orderSlotByReference.get(orderReferenceNumber);
        if (order == LongIntHashMap.MISSING) {
            return RejectReason.EXECUTE_UNKNOWN_ORDER.code();
        }
        final int level = orderLevel[order];
        if (levelBook[level] >> 1 != locate) {
            return RejectReason.LOCATE_MISMATCH.code();
        }
        if (executedShares < 1) {
            return RejectReason.INVALID_SHARES.code();
        }
        if (executedShares > orderShares[order]) {
            return RejectReason.EXCESS_SHARES.code();
        }
        if (tradePriceE4 != 0) {
            lastTradePriceE4ByLocate[locate] = tradePriceE4 < 0 ? levelPriceE4[level] : tradePriceE4;
        }
        reduce(order, (int) executedShares);
        return Status.OK;
    }

    /** Cancels part of an order's remaining shares ({@code X}). */
    public int cancel(int locate, long orderReferenceNumber, long cancelledShares) {
        if (locate < 1 || locate > maxLocate) {
            return RejectReason.LOCATE_OUT_OF_RANGE.code();
        }
        final int order = orderSlotByReference.get(orderReferenceNumber);
        if (order == LongIntHashMap.MISSING) {
            return RejectReason.CANCEL_UNKNOWN_ORDER.code();
        }
        if (levelBook[orderLevel[order]] >> 1 != locate) {
            return RejectReason.LOCATE_MISMATCH.code();
        }
        if (cancelledShares < 1) {
            return RejectReason.INVALID_SHARES.code();
        }
        if (cancelledShares > orderShares[order]) {
            return RejectReason.EXCESS_SHARES.code();
        }
        reduce(order, (int) cancelledShares);
        return Status.OK;
    }

    /** Removes an order ({@code D}). */
    public int delete(int locate, long orderReferenceNumber) {
        if (locate < 1 || locate > maxLocate) {
            return RejectReason.LOCATE_OUT_OF_RANGE.code();
        }
        final int order = orderSlotByReference.get(orderReferenceNumber);
        if (order == LongIntHashMap.MISSING) {
            return RejectReason.DELETE_UNKNOWN_ORDER.code();
        }
        if (levelBook[orderLevel[order]] >> 1 != locate) {
            return RejectReason.LOCATE_MISMATCH.code();
        }
        remove(order);
        return Status.OK;
    }

    /**
     * Replaces an order ({@code U}): the original leaves the book, the new reference enters at {@code priceE4} with
     * {@code shares} on the same side. Validation happens before any change, so a rejected replace leaves the original
     * in place.
     */
    public int replace(
            int locate, long originalOrderReferenceNumber, long newOrderReferenceNumber, long shares, long priceE4) {
        if (locate < 1 || locate > maxLocate) {
            return RejectReason.LOCATE_OUT_OF_RANGE.code();
        }
        final int order = orderSlotByReference.get(originalOrderReferenceNumber);
        if (order == LongIntHashMap.MISSING) {
            return RejectReason.REPLACE_UNKNOWN_ORDER.code();
        }
        final int book = levelBook[orderLevel[order]];
        if (book >> 1 != locate) {
            return RejectReason.LOCATE_MISMATCH.code();
        }
        if (shares < 1 || shares > Integer.MAX_VALUE) {
            return RejectReason.INVALID_SHARES.code();
        }
        if (priceE4 < 1 || priceE4 > Integer.MAX_VALUE) {
            return RejectReason.INVALID_PRICE.code();
        }
        if (newOrderReferenceNumber != originalOrderReferenceNumber
                && orderSlotByReference.get(newOrderReferenceNumber) != LongIntHashMap.MISSING) {
            return RejectReason.DUPLICATE_ORDER.code();
        }
        remove(order);
        insert(locate, book & 1, newOrderReferenceNumber, (int) shares, priceE4);
        return Status.OK;
    }

    /** Records a non-displayed trade's price ({@code P}); depth is unchanged. */
    public int trade(int locate, long priceE4) {
        if (locate < 1 || locate > maxLocate) {
            return RejectReason.LOCATE_OUT_OF_RANGE.code();
        }
        if (priceE4 < 1 || priceE4 > Integer.MAX_VALUE) {
            return RejectReason.INVALID_PRICE.code();
        }
        lastTradePriceE4ByLocate[locate] = priceE4;
        activeByLocate[locate] = true;
        return Status.OK;
    }

    /** Records a Stock Directory entry ({@code R}). */
    public int directory(int locate, long stock, long roundLotSize) {
        if (locate < 1 || locate > maxLocate) {
            return RejectReason.LOCATE_OUT_OF_RANGE.code();
        }
        stockByLocate[locate] = stock;
        roundLotSizeByLocate[locate] = roundLotSize;
        activeByLocate[locate] = true;
        return Status.OK;
    }

    private void insert(int locate, int side, long orderReferenceNumber, int shares, long priceE4) {
        final int book = locate * 2 + side;
        final int level = findOrCreateLevel(book, side == BID, priceE4);
        final int order = freeOrder;
        freeOrder = orderNext[order];
        orderReference[order] = orderReferenceNumber;
        orderShares[order] = shares;
        orderLevel[order] = level;
        final int tail = levelTailOrder[level];
        orderPrev[order] = tail;
        orderNext[order] = NONE;
        if (tail == NONE) {
            levelHeadOrder[level] = order;
        } else {
            orderNext[tail] = order;
        }
        levelTailOrder[level] = order;
        levelShares[level] += shares;
        levelOrderCount[level]++;
        orderSlotByReference.put(orderReferenceNumber, order);
        orderCountByLocate[locate]++;
        activeByLocate[locate] = true;
    }

    private void reduce(int order, int shares) {
        final int remaining = orderShares[order] - shares;
        if (remaining == 0) {
            remove(order);
        } else {
            orderShares[order] = remaining;
            levelShares[orderLevel[order]] -= shares;
        }
    }

    private void remove(int order) {
        final int level = orderLevel[order];
        final int prev = orderPrev[order];
        final int next = orderNext[order];
        if (prev == NONE) {
            levelHeadOrder[level] = next;
        } else {
            orderNext[prev] = next;
        }
        if (next == NONE) {
            levelTailOrder[level] = prev;
        } else {
            orderPrev[next] = prev;
        }
        levelShares[level] -= orderShares[order];
        orderCountByLocate[levelBook[level] >> 1]--;
        if (--levelOrderCount[level] == 0) {
            removeLevel(level);
        }
        orderSlotByReference.remove(orderReference[order]);
        orderNext[order] = freeOrder;
        freeOrder = order;
    }

    private static boolean better(boolean bid, long a, long b) {
        return bid ? a > b : a < b;
    }

    private int findOrCreateLevel(int book, boolean bid, long priceE4) {
        final int best = bestLevel[book];
        if (best == NONE) {
            final int level = newLevel(book, priceE4);
            bestLevel[book] = level;
            worstLevel[book] = level;
            return level;
        }
        final long bestPriceE4 = levelPriceE4[best];
        if (priceE4 == bestPriceE4) {
            return best;
        }
        if (better(bid, priceE4, bestPriceE4)) {
            return linkBefore(book, best, newLevel(book, priceE4));
        }
        final int worst = worstLevel[book];
        final long worstPriceE4 = levelPriceE4[worst];
        if (priceE4 == worstPriceE4) {
            return worst;
        }
        if (better(bid, worstPriceE4, priceE4)) {
            return linkAfter(book, worst, newLevel(book, priceE4));
        }
        // Strictly between best and worst: walk from the nearer end.
        if (Math.abs(priceE4 - bestPriceE4) <= Math.abs(worstPriceE4 - priceE4)) {
            int level = levelWorse[best];
            while (better(bid, levelPriceE4[level], priceE4)) {
                level = levelWorse[level];
            }
            return levelPriceE4[level] == priceE4 ? level : linkBefore(book, level, newLevel(book, priceE4));
        }
        int level = levelBetter[worst];
        while (better(bid, priceE4, levelPriceE4[level])) {
            level = levelBetter[level];
        }
        return levelPriceE4[level] == priceE4 ? level : linkAfter(book, level, newLevel(book, priceE4));
    }

    private int newLevel(int book, long priceE4) {
        final int level = freeLevel;
        freeLevel = levelWorse[level];
        levelPriceE4[level] = priceE4;
        levelShares[level] = 0;
        levelOrderCount[level] = 0;
        levelHeadOrder[level] = NONE;
        levelTailOrder[level] = NONE;
        levelBetter[level] = NONE;
        levelWorse[level] = NONE;
        levelBook[level] = book;
        levelCount[book]++;
        return level;
    }

    private int linkBefore(int book, int existing, int level) {
        final int better = levelBetter[existing];
        levelBetter[level] = better;
        levelWorse[level] = existing;
        levelBetter[existing] = level;
        if (better == NONE) {
            bestLevel[book] = level;
        } else {
            levelWorse[better] = level;
        }
        return level;
    }

    private int linkAfter(int book, int existing, int level) {
        final int worse = levelWorse[existing];
        levelWorse[level] = worse;
        levelBetter[level] = existing;
        levelWorse[existing] = level;
        if (worse == NONE) {
            worstLevel[book] = level;
        } else {
            levelBetter[worse] = level;
        }
        return level;
    }

    private void removeLevel(int level) {
        final int book = levelBook[level];
        final int better = levelBetter[level];
        final int worse = levelWorse[level];
        if (better == NONE) {
            bestLevel[book] = worse;
        } else {
            levelWorse[better] = worse;
        }
        if (worse == NONE) {
            worstLevel[book] = better;
        } else {
            levelBetter[worse] = better;
        }
        levelCount[book]--;
        levelWorse[level] = freeLevel;
        freeLevel = level;
    }

    // ---------------------------------------------------------------- queries

    /** @return the highest locate accepted */
    public int maxLocate() {
        return maxLocate;
    }

    /** @return the most live orders the book holds */
    public int maxOrders() {
        return maxOrders;
    }

    /** @return live orders across all instruments */
    public int orderCount() {
        return orderSlotByReference.size();
    }

    /** @return live orders of one instrument */
    public int orderCount(int locate) {
        return orderCountByLocate[locate];
    }

    /** @return the best price level of a side ({@link #BID} / {@link #ASK}), or {@link #NONE} if empty */
    public int bestLevel(int locate, int side) {
        return bestLevel[locate * 2 + side];
    }

    /** @return the next worse level after {@code level}, or {@link #NONE} */
    public int nextLevel(int level) {
        return levelWorse[level];
    }

    /** @return the number of price levels on a side (the book's depth) */
    public int depth(int locate, int side) {
        return levelCount[locate * 2 + side];
    }

    /** @return the price of a level, 4 implied decimals */
    public long levelPriceE4(int level) {
        return levelPriceE4[level];
    }

    /** @return the aggregate shares of a level */
    public long levelShares(int level) {
        return levelShares[level];
    }

    /** @return the number of orders queued at a level */
    public int levelOrderCount(int level) {
        return levelOrderCount[level];
    }

    /** @return the reference number of the order first in time priority at {@code level} */
    public long frontOrderReference(int level) {
        return orderReference[levelHeadOrder[level]];
    }

    /** @return the level {@code depthIndex} places from the best (0 = best), or {@link #NONE} */
    public int levelAt(int locate, int side, int depthIndex) {
        int level = bestLevel[locate * 2 + side];
        for (int i = 0; i < depthIndex && level != NONE; i++) {
            level = levelWorse[level];
        }
        return level;
    }

    /** @return best bid price (4 implied decimals), or 0 if there is no bid */
    public long bestBidPriceE4(int locate) {
        final int level = bestLevel[locate * 2 + BID];
        return level == NONE ? 0 : levelPriceE4[level];
    }

    /** @return aggregate shares at the best bid, or 0 if there is no bid */
    public long bestBidShares(int locate) {
        final int level = bestLevel[locate * 2 + BID];
        return level == NONE ? 0 : levelShares[level];
    }

    /** @return best ask price (4 implied decimals), or 0 if there is no ask */
    public long bestAskPriceE4(int locate) {
        final int level = bestLevel[locate * 2 + ASK];
        return level == NONE ? 0 : levelPriceE4[level];
    }

    /** @return aggregate shares at the best ask, or 0 if there is no ask */
    public long bestAskShares(int locate) {
        final int level = bestLevel[locate * 2 + ASK];
        return level == NONE ? 0 : levelShares[level];
    }

    /** @return whether an order with this reference is live */
    public boolean containsOrder(long orderReferenceNumber) {
        return orderSlotByReference.get(orderReferenceNumber) != LongIntHashMap.MISSING;
    }

    /** @return the open shares of a live order, or -1 if it is not live */
    public int orderShares(long orderReferenceNumber) {
        final int order = orderSlotByReference.get(orderReferenceNumber);
        return order == LongIntHashMap.MISSING ? -1 : orderShares[order];
    }

    /** @return the price of a live order, or -1 if it is not live */
    public long orderPriceE4(long orderReferenceNumber) {
        final int order = orderSlotByReference.get(orderReferenceNumber);
        return order == LongIntHashMap.MISSING ? -1 : levelPriceE4[orderLevel[order]];
    }

    /** @return {@link #BID} or {@link #ASK} for a live order, or {@link #NONE} */
    public int orderSide(long orderReferenceNumber) {
        final int order = orderSlotByReference.get(orderReferenceNumber);
        return order == LongIntHashMap.MISSING ? NONE : levelBook[orderLevel[order]] & 1;
    }

    /** @return the stock locate of a live order, or {@link #NONE} */
    public int orderLocate(long orderReferenceNumber) {
        final int order = orderSlotByReference.get(orderReferenceNumber);
        return order == LongIntHashMap.MISSING ? NONE : levelBook[orderLevel[order]] >> 1;
    }

    /** @return the packed 8-byte symbol of a locate (see {@link io.stagebench.stages.Alpha}), or 0 if unknown */
    public long stock(int locate) {
        return stockByLocate[locate];
    }

    /** @return the round lot size from the directory, or 0 if unknown */
    public long roundLotSize(int locate) {
        return roundLotSizeByLocate[locate];
    }

    /** @return the last printable trade price of a locate (4 implied decimals), or 0 */
    public long lastTradePriceE4(int locate) {
        return lastTradePriceE4ByLocate[locate];
    }

    /** @return whether any accepted message named this locate (directory, order or trade) */
    public boolean isActive(int locate) {
        return activeByLocate[locate];
    }

    /**
     * Walks every structure and checks it is consistent (sorted sides, level aggregates equal to their queues, map size
     * equal to queued orders, no crossed references). For tests; O(orders).
     *
     * @throws IllegalStateException describing the first inconsistency
     */
    public void checkInvariants() {
        int queuedOrders = 0;
        for (int locate = 0; locate <= maxLocate; locate++) {
            int ordersOfLocate = 0;
            for (int side = BID; side <= ASK; side++) {
                final int book = locate * 2 + side;
                int levels = 0;
                int previous = NONE;
                for (int level = bestLevel[book]; level != NONE; level = levelWorse[level]) {
                    levels++;
                    if (levelBook[level] != book) {
                        throw new IllegalStateException("level " + level + " in wrong book");
                    }
                    if (levelBetter[level] != previous) {
                        throw new IllegalStateException("broken better link at level " + level);
                    }
                    if (previous != NONE && !better(side == BID, levelPriceE4[previous], levelPriceE4[level])) {
                        throw new IllegalStateException("side not sorted at locate " + locate);
                    }
                    long shares = 0;
                    int orders = 0;
                    int prevOrder = NONE;
                    for (int order = levelHeadOrder[level]; order != NONE; order = orderNext[order]) {
                        if (orderPrev[order] != prevOrder || orderLevel[order] != level) {
                            throw new IllegalStateException("broken order queue at level " + level);
                        }
                        if (orderSlotByReference.get(orderReference[order]) != order) {
                            throw new IllegalStateException("map does not point at order " + orderReference[order]);
                        }
                        if (orderShares[order] < 1) {
                            throw new IllegalStateException("order with no shares " + orderReference[order]);
                        }
                        shares += orderShares[order];
                        orders++;
                        prevOrder = order;
                    }
                    if (levelTailOrder[level] != prevOrder
                            || shares != levelShares[level]
                            || orders != levelOrderCount[level]
                            || orders == 0) {
                        throw new IllegalStateException("level aggregate wrong at level " + level);
                    }
                    ordersOfLocate += orders;
                    previous = level;
                }
                if (worstLevel[book] != previous || levels != levelCount[book]) {
                    throw new IllegalStateException("worst level or level count wrong at locate " + locate);
                }
            }
            if (ordersOfLocate != orderCountByLocate[locate]) {
                throw new IllegalStateException("order count wrong at locate " + locate);
            }
            queuedOrders += ordersOfLocate;
        }
        if (queuedOrders != orderSlotByReference.size()) {
            throw new IllegalStateException(
                    "map holds " + orderSlotByReference.size() + " orders, queues hold " + queuedOrders);
        }
    }
}
