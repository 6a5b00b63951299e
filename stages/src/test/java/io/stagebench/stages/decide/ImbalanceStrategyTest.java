package io.stagebench.stages.decide;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.stages.Alpha;
import io.stagebench.stages.book.OrderBook;
import org.junit.jupiter.api.Test;

class ImbalanceStrategyTest {

    private static final int LOCATE = 1;
    private static final long STOCK = Alpha.packStock("AAPL");

    private final OrderBook book = new OrderBook(4, 256);
    private long nextRef = 1;

    private void bid(long shares, long priceE4) {
        book.add(LOCATE, nextRef++, (byte) 'B', shares, priceE4, STOCK);
    }

    private void ask(long shares, long priceE4) {
        book.add(LOCATE, nextRef++, (byte) 'S', shares, priceE4, STOCK);
    }

    private static ImbalanceStrategy strategy(long maxPositionShares, int burstOrders) {
        return new ImbalanceStrategy(
                4, new ImbalanceStrategy.Config(3, 2_000, 5_000, maxPositionShares, burstOrders, 1_000_000, 100));
    }

    @Test
    void shouldCrossAOneTickSpreadTowardsTheHeavySide() {
        bid(900, 1_000_000);
        ask(100, 1_000_100);
        final ImbalanceStrategy strategy = strategy(5_000, 10);
        assertTrue(strategy.decide(book, LOCATE, 1_000));
        final Decision d = strategy.decision();
        assertEquals((byte) 'B', d.side);
        assertEquals(1_000_100, d.priceE4, "takes the ask");
        assertEquals(Decision.TIME_IN_FORCE_IOC, d.timeInForce);
        assertEquals(300, d.shares, "imbalance 8000 bp: one lot plus 6000/2500 = 2 more");
        assertEquals(STOCK, d.stock);
        assertEquals(LOCATE, d.locate);
        assertEquals(300, strategy.positionShares(LOCATE));
    }

    @Test
    void shouldImproveTheTouchWhenTheSpreadIsWider() {
        bid(100, 1_000_000);
        ask(500, 1_000_500);
        final ImbalanceStrategy strategy = strategy(5_000, 10);
        assertTrue(strategy.decide(book, LOCATE, 1_000));
        final Decision d = strategy.decision();
        assertEquals((byte) 'S', d.side);
        assertEquals(1_000_400, d.priceE4, "one tick inside the ask");
        assertEquals(Decision.TIME_IN_FORCE_MARKET_HOURS, d.timeInForce);
        assertEquals(-d.shares, strategy.positionShares(LOCATE));
    }

    @Test
    void shouldUseSubPennyTicksBelowOneDollar() {
        bid(900, 5_000);
        ask(100, 5_003);
        final ImbalanceStrategy strategy = strategy(5_000, 10);
        assertTrue(strategy.decide(book, LOCATE, 1_000));
        assertEquals(5_001, strategy.decision().priceE4);
    }

    @Test
    void shouldSumTheTopLevelsForTheImbalance() {
        bid(100, 1_000_000);
        bid(100, 999_900);
        bid(100, 999_800);
        bid(10_000, 999_700); // beyond 3 levels: ignored
        ask(250, 1_000_100);
        final ImbalanceStrategy strategy = strategy(5_000, 10);
        assertFalse(strategy.decide(book, LOCATE, 1_000), "300 vs 250 is below 20%");
        assertEquals(1, strategy.belowThreshold());
    }

    @Test
    void shouldStandAsideOnAnEmptyOrTooWideBook() {
        final ImbalanceStrategy strategy = strategy(5_000, 10);
        bid(900, 1_000_000);
        assertFalse(strategy.decide(book, LOCATE, 1_000));
        assertEquals(1, strategy.emptyOrCrossed());
        ask(100, 1_100_000);
        assertFalse(strategy.decide(book, LOCATE, 1_000));
        assertEquals(1, strategy.spreadTooWide());
        assertFalse(strategy.decide(book, 0, 1_000));
        assertEquals(2, strategy.emptyOrCrossed());
    }

    @Test
    void shouldStopAtThePositionLimit() {
        bid(900, 1_000_000);
        ask(100, 1_000_100);
        final ImbalanceStrategy strategy = strategy(400, 10);
        assertTrue(strategy.decide(book, LOCATE, 1_000));
        assertEquals(300, strategy.decision().shares);
        ask(50, 1_000_080); // new best ask, so the next order is not a repeat
        assertTrue(strategy.decide(book, LOCATE, 2_000));
        assertEquals(1_000_080, strategy.decision().priceE4);
        assertEquals(100, strategy.decision().shares, "cut to the room left under the limit");
        ask(50, 1_000_070);
        assertFalse(strategy.decide(book, LOCATE, 3_000));
        assertEquals(1, strategy.positionLimited());
        assertEquals(400, strategy.positionShares(LOCATE));
    }

    @Test
    void shouldNotRepeatTheSameOrder() {
        bid(900, 1_000_000);
        ask(100, 1_000_100);
        final ImbalanceStrategy strategy = strategy(5_000, 10);
        assertTrue(strategy.decide(book, LOCATE, 1_000));
        assertFalse(strategy.decide(book, LOCATE, 2_000));
        assertEquals(1, strategy.repeats());
    }

    @Test
    void shouldThrottleOnMarketDataTime() {
        final ImbalanceStrategy strategy = strategy(1_000_000, 2);
        ask(100, 1_000_100);
        long bidPriceE4 = 999_000;
        int sent = 0;
        for (int i = 0; i < 5; i++) {
            bid(900, bidPriceE4++); // a fresh price each time so nothing is a repeat
            if (strategy.decide(book, LOCATE, 10_000 + i)) {
                sent++;
            }
        }
        assertEquals(2, sent, "burst of 2, no time passed");
        assertEquals(3, strategy.throttled());
        bid(900, bidPriceE4++);
        assertTrue(strategy.decide(book, LOCATE, 10_000 + 1_000_000), "one token earned after 1 ms");
        bid(900, bidPriceE4);
        assertFalse(strategy.decide(book, LOCATE, 10_000 + 1_000_001));
    }

    @Test
    void shouldHaveNoExtraSpinsUnlessConfigured() {
        assertEquals(
                Integer.getInteger(ImbalanceStrategy.EXTRA_SPINS_PROPERTY, 0).intValue(),
                ImbalanceStrategy.EXTRA_SPINS);
    }
}
