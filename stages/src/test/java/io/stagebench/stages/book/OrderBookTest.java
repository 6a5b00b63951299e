package io.stagebench.stages.book;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.stages.Alpha;
import io.stagebench.stages.RejectReason;
import io.stagebench.stages.Status;
import io.stagebench.stages.itch.ItchMessage;
import io.stagebench.stages.itch.ItchParser;
import io.stagebench.stages.itch.ItchWriter;
import java.lang.foreign.MemorySegment;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Book semantics per ITCH 5.0 event, driven through encoded messages, parser and {@link OrderBook#apply}. */
class OrderBookTest {

    private static final int LOCATE = 3;
    private static final long STOCK = Alpha.packStock("AAPL");

    private final OrderBook book = new OrderBook(16, 64);
    private final MemorySegment buffer = MemorySegment.ofArray(new byte[64]);
    private final ItchParser parser = new ItchParser();

    @AfterEach
    void bookStaysConsistent() {
        book.checkInvariants();
    }

    private int apply(int length) {
        assertEquals(Status.OK, parser.parse(buffer, 0, length));
        final ItchMessage m = parser.message();
        return book.apply(m);
    }

    private int add(long ref, char side, long shares, long priceE4) {
        return apply(ItchWriter.addOrder(buffer, 0, LOCATE, 0, 1, ref, (byte) side, shares, STOCK, priceE4));
    }

    private int addMpid(long ref, char side, long shares, long priceE4) {
        return apply(ItchWriter.addOrderMpid(
                buffer, 0, LOCATE, 0, 1, ref, (byte) side, shares, STOCK, priceE4, Alpha.packFirm("GSCO")));
    }

    private int execute(long ref, long shares) {
        return apply(ItchWriter.orderExecuted(buffer, 0, LOCATE, 0, 2, ref, shares, 1));
    }

    private int executeWithPrice(long ref, long shares, char printable, long priceE4) {
        return apply(
                ItchWriter.orderExecutedWithPrice(buffer, 0, LOCATE, 0, 2, ref, shares, 1, (byte) printable, priceE4));
    }

    private int cancel(long ref, long shares) {
        return apply(ItchWriter.orderCancel(buffer, 0, LOCATE, 0, 3, ref, shares));
    }

    private int delete(long ref) {
        return apply(ItchWriter.orderDelete(buffer, 0, LOCATE, 0, 4, ref));
    }

    private int replace(long ref, long newRef, long shares, long priceE4) {
        return apply(ItchWriter.orderReplace(buffer, 0, LOCATE, 0, 5, ref, newRef, shares, priceE4));
    }

    @Test
    void shouldAggregateAddsIntoSortedPriceLevels() {
        assertEquals(Status.OK, add(1, 'B', 100, 1_000_000));
        assertEquals(Status.OK, add(2, 'B', 200, 1_000_100));
        assertEquals(Status.OK, addMpid(3, 'B', 300, 1_000_000));
        assertEquals(Status.OK, add(4, 'B', 50, 999_900));
        assertEquals(Status.OK, add(5, 'S', 400, 1_000_300));
        assertEquals(Status.OK, add(6, 'S', 10, 1_000_200));

        assertEquals(1_000_100, book.bestBidPriceE4(LOCATE));
        assertEquals(200, book.bestBidShares(LOCATE));
        assertEquals(1_000_200, book.bestAskPriceE4(LOCATE));
        assertEquals(10, book.bestAskShares(LOCATE));
        assertEquals(3, book.depth(LOCATE, OrderBook.BID));
        assertEquals(2, book.depth(LOCATE, OrderBook.ASK));

        final int second = book.levelAt(LOCATE, OrderBook.BID, 1);
        assertEquals(1_000_000, book.levelPriceE4(second));
        assertEquals(400, book.levelShares(second));
        assertEquals(2, book.levelOrderCount(second));
        assertEquals(1, book.frontOrderReference(second), "time priority: first added is first in queue");
        assertEquals(999_900, book.levelPriceE4(book.levelAt(LOCATE, OrderBook.BID, 2)));
        assertEquals(OrderBook.NONE, book.levelAt(LOCATE, OrderBook.BID, 3));
        assertEquals(6, book.orderCount());
        assertEquals(STOCK, book.stock(LOCATE));
    }

    @Test
    void shouldReduceAnOrderOnAPartialExecution() {
        add(1, 'S', 500, 2_000_000);
        add(2, 'S', 100, 2_000_000);
        assertEquals(Status.OK, execute(1, 200));
        assertEquals(300, book.orderShares(1));
        assertEquals(400, book.bestAskShares(LOCATE));
        assertEquals(2, book.levelOrderCount(book.bestLevel(LOCATE, OrderBook.ASK)));
        assertEquals(1, book.frontOrderReference(book.bestLevel(LOCATE, OrderBook.ASK)), "keeps its queue position");
        assertEquals(2_000_000, book.lastTradePriceE4(LOCATE));
    }

    @Test
    void shouldRemoveAnOrderWhenFullyExecutedAndTheLevelWithTheLastOrder() {
        add(1, 'B', 100, 1_500_000);
        add(2, 'B', 100, 1_490_000);
        assertEquals(Status.OK, execute(1, 60));
        assertEquals(Status.OK, execute(1, 40));
        assertFalse(book.containsOrder(1));
        assertEquals(1_490_000, book.bestBidPriceE4(LOCATE));
        assertEquals(1, book.depth(LOCATE, OrderBook.BID));
    }

    @Test
    void shouldExecuteWithPriceAndRecordOnlyPrintableTrades() {
        add(1, 'B', 300, 1_500_000);
        assertEquals(Status.OK, executeWithPrice(1, 100, 'N', 1_499_900));
        assertEquals(0, book.lastTradePriceE4(LOCATE), "non-printable executions do not print");
        assertEquals(Status.OK, executeWithPrice(1, 100, 'Y', 1_499_800));
        assertEquals(1_499_800, book.lastTradePriceE4(LOCATE));
        assertEquals(100, book.bestBidShares(LOCATE));
        assertEquals(1_500_000, book.bestBidPriceE4(LOCATE), "the order stays at its own price");
    }

    @Test
    void shouldRejectExecutingMoreThanTheOpenShares() {
        add(1, 'B', 100, 1_500_000);
        assertEquals(RejectReason.EXCESS_SHARES.code(), execute(1, 101));
        assertEquals(100, book.orderShares(1));
    }

    @Test
    void shouldCancelPartOfAnOrder() {
        add(1, 'B', 100, 1_500_000);
        add(2, 'B', 100, 1_500_000);
        assertEquals(Status.OK, cancel(2, 30));
        assertEquals(70, book.orderShares(2));
        assertEquals(170, book.bestBidShares(LOCATE));
        assertEquals(RejectReason.EXCESS_SHARES.code(), cancel(2, 71));
        assertEquals(Status.OK, cancel(2, 70));
        assertFalse(book.containsOrder(2), "cancelling every remaining share removes the order");
        assertEquals(100, book.bestBidShares(LOCATE));
    }

    @Test
    void shouldDeleteTheLastOrderAtALevelAndPromoteTheNextLevel() {
        add(1, 'S', 100, 2_000_000);
        add(2, 'S', 200, 2_000_100);
        add(3, 'S', 300, 2_000_000);
        assertEquals(Status.OK, delete(1));
        assertEquals(2_000_000, book.bestAskPriceE4(LOCATE));
        assertEquals(300, book.bestAskShares(LOCATE));
        assertEquals(Status.OK, delete(3));
        assertEquals(2_000_100, book.bestAskPriceE4(LOCATE));
        assertEquals(1, book.depth(LOCATE, OrderBook.ASK));
        assertEquals(Status.OK, delete(2));
        assertEquals(OrderBook.NONE, book.bestLevel(LOCATE, OrderBook.ASK));
        assertEquals(0, book.bestAskPriceE4(LOCATE));
        assertEquals(0, book.orderCount());
    }

    @Test
    void shouldReplaceByRemovingTheOriginalAndAddingTheNewReferenceOnTheSameSide() {
        add(1, 'B', 100, 1_500_000);
        add(2, 'B', 200, 1_500_000);
        assertEquals(Status.OK, replace(1, 10, 500, 1_500_000));
        assertFalse(book.containsOrder(1));
        assertEquals(500, book.orderShares(10));
        assertEquals(OrderBook.BID, book.orderSide(10));
        final int level = book.bestLevel(LOCATE, OrderBook.BID);
        assertEquals(700, book.levelShares(level));
        assertEquals(2, book.frontOrderReference(level), "a replace loses time priority");

        assertEquals(Status.OK, replace(10, 11, 50, 1_499_000));
        assertEquals(1_499_000, book.orderPriceE4(11));
        assertEquals(200, book.bestBidShares(LOCATE));
        assertEquals(2, book.depth(LOCATE, OrderBook.BID));
    }

    @Test
    void shouldReplaceTheLastOrderAtALevelAndRemoveThatLevel() {
        add(1, 'S', 100, 2_000_000);
        add(2, 'S', 100, 2_000_500);
        assertEquals(Status.OK, replace(1, 3, 100, 2_000_800));
        assertEquals(2_000_500, book.bestAskPriceE4(LOCATE));
        assertEquals(2, book.depth(LOCATE, OrderBook.ASK));
        assertEquals(OrderBook.ASK, book.orderSide(3));
    }

    @Test
    void shouldRejectEventsForUnknownOrdersEachUnderItsOwnReason() {
        assertEquals(RejectReason.EXECUTE_UNKNOWN_ORDER.code(), execute(99, 1));
        assertEquals(RejectReason.EXECUTE_UNKNOWN_ORDER.code(), executeWithPrice(99, 1, 'Y', 1));
        assertEquals(RejectReason.CANCEL_UNKNOWN_ORDER.code(), cancel(99, 1));
        assertEquals(RejectReason.DELETE_UNKNOWN_ORDER.code(), delete(99));
        assertEquals(RejectReason.REPLACE_UNKNOWN_ORDER.code(), replace(99, 100, 1, 1));
        assertEquals(0, book.orderCount());
    }

    @Test
    void shouldRejectALocateOutOfRange() {
        assertEquals(
                RejectReason.LOCATE_OUT_OF_RANGE.code(),
                apply(ItchWriter.addOrder(buffer, 0, 17, 0, 1, 1, (byte) 'B', 100, STOCK, 10_000)));
        assertEquals(
                RejectReason.LOCATE_OUT_OF_RANGE.code(),
                apply(ItchWriter.addOrder(buffer, 0, 0, 0, 1, 1, (byte) 'B', 100, STOCK, 10_000)));
        assertEquals(RejectReason.LOCATE_OUT_OF_RANGE.code(), apply(ItchWriter.orderDelete(buffer, 0, 40, 0, 1, 1)));
        assertEquals(0, book.orderCount());
    }

    @Test
    void shouldRejectAnEventNamingAnotherLocateThanTheOrder() {
        add(1, 'B', 100, 10_000);
        assertEquals(RejectReason.LOCATE_MISMATCH.code(), apply(ItchWriter.orderDelete(buffer, 0, 4, 0, 1, 1)));
        assertTrue(book.containsOrder(1));
    }

    @Test
    void shouldRejectInvalidAddsWithoutChangingTheBook() {
        add(1, 'B', 100, 10_000);
        assertEquals(RejectReason.DUPLICATE_ORDER.code(), add(1, 'S', 100, 20_000));
        assertEquals(RejectReason.INVALID_SIDE.code(), add(2, 'X', 100, 10_000));
        assertEquals(RejectReason.INVALID_SHARES.code(), add(3, 'B', 0, 10_000));
        assertEquals(RejectReason.INVALID_SHARES.code(), add(3, 'B', 3_000_000_000L, 10_000));
        assertEquals(RejectReason.INVALID_PRICE.code(), add(4, 'B', 100, 0));
        add(5, 'S', 100, 20_000);
        assertEquals(RejectReason.DUPLICATE_ORDER.code(), replace(1, 5, 100, 10_000));
        assertTrue(book.containsOrder(1), "a rejected replace leaves the original");
        assertEquals(2, book.orderCount());
    }

    @Test
    void shouldRejectAddsBeyondCapacityAndAcceptAgainAfterRoomIsFreed() {
        final OrderBook small = new OrderBook(4, 3);
        assertEquals(Status.OK, small.add(1, 1, (byte) 'B', 100, 10_000, STOCK));
        assertEquals(Status.OK, small.add(1, 2, (byte) 'B', 100, 10_100, STOCK));
        assertEquals(Status.OK, small.add(1, 3, (byte) 'S', 100, 10_200, STOCK));
        assertEquals(RejectReason.ORDER_CAPACITY.code(), small.add(1, 4, (byte) 'S', 100, 10_300, STOCK));
        assertEquals(Status.OK, small.delete(1, 2));
        assertEquals(Status.OK, small.add(1, 4, (byte) 'S', 100, 10_300, STOCK));
        assertEquals(3, small.orderCount());
        small.checkInvariants();
    }

    @Test
    void shouldRecordTradesAndDirectoryWithoutChangingDepth() {
        apply(ItchWriter.stockDirectory(buffer, 0, LOCATE, 0, 1, Alpha.packStock("MSFT"), 100));
        assertEquals("MSFT", Alpha.unpackStock(book.stock(LOCATE)));
        assertEquals(100, book.roundLotSize(LOCATE));
        assertEquals(
                Status.OK, apply(ItchWriter.trade(buffer, 0, LOCATE, 0, 1, 0, (byte) 'B', 100, STOCK, 777_700, 9)));
        assertEquals(777_700, book.lastTradePriceE4(LOCATE));
        assertEquals(0, book.depth(LOCATE, OrderBook.BID));
        assertEquals(Status.IGNORED, apply(ItchWriter.systemEvent(buffer, 0, 0, 1, (byte) 'O')));
        assertTrue(book.isActive(LOCATE));
        assertFalse(book.isActive(LOCATE + 1));
    }

    @Test
    void shouldKeepLevelsSortedWhenPricesArriveInAnyOrder() {
        final SplittableRandom random = new SplittableRandom(5);
        final OrderBook big = new OrderBook(2, 2_000);
        final TreeMap<Long, Long> bids = new TreeMap<>();
        for (int ref = 1; ref <= 1_500; ref++) {
            final long priceE4 = 100 * (1 + random.nextInt(300));
            final long shares = 1 + random.nextInt(500);
            assertEquals(Status.OK, big.add(1, ref, (byte) 'B', shares, priceE4, STOCK));
            bids.merge(priceE4, shares, Long::sum);
            if (ref % 3 == 0) {
                final long victim = 1 + random.nextInt(ref);
                final long victimPrice = big.orderPriceE4(victim);
                final int victimShares = big.orderShares(victim);
                if (big.delete(1, victim) == Status.OK) {
                    bids.merge(victimPrice, (long) -victimShares, Long::sum);
                    bids.remove(victimPrice, 0L);
                }
            }
        }
        big.checkInvariants();
        int level = big.bestLevel(1, OrderBook.BID);
        for (var entry : bids.descendingMap().entrySet()) {
            assertEquals(entry.getKey(), big.levelPriceE4(level));
            assertEquals(entry.getValue(), big.levelShares(level));
            level = big.nextLevel(level);
        }
        assertEquals(OrderBook.NONE, level);
        assertEquals(bids.size(), big.depth(1, OrderBook.BID));
    }
}
