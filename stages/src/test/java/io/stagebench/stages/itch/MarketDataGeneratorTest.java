package io.stagebench.stages.itch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.stages.ItchReplay;
import io.stagebench.stages.RejectReason;
import io.stagebench.stages.book.OrderBook;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class MarketDataGeneratorTest {

    private static byte[] bytesOf(GeneratedMarketData data) {
        return data.segment().toArray(ValueLayout.JAVA_BYTE);
    }

    @Test
    void shouldProduceTheSameBytesForTheSameSeed() {
        assertArrayEquals(
                bytesOf(MarketDataGenerator.generate(3, 20_000)), bytesOf(MarketDataGenerator.generate(3, 20_000)));
        assertFalse(Arrays.equals(
                bytesOf(MarketDataGenerator.generate(3, 20_000)), bytesOf(MarketDataGenerator.generate(4, 20_000))));
    }

    @Test
    void shouldStreamTheSameBytesAsItGeneratesInMemory() throws IOException {
        final MarketDataGenerator.Config config = new MarketDataGenerator.Config(5, 50);
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        MarketDataGenerator.write(9, 30_000, config, out);
        assertArrayEquals(bytesOf(MarketDataGenerator.generate(9, 30_000, config)), out.toByteArray());
    }

    @Test
    void shouldOpenWithSystemEventsAndTheDirectoryAndCloseTheDay() {
        final GeneratedMarketData data = MarketDataGenerator.generate(1, 1_000);
        final ItchParser parser = new ItchParser();
        final StringBuilder opening = new StringBuilder();
        for (int i = 0; i < 11; i++) {
            parser.parse(data.segment(), data.messageOffset(i), data.messageLength(i));
            opening.append((char) parser.message().messageType);
            if (parser.message().messageType == 'S') {
                opening.append((char) parser.message().eventCode);
            }
        }
        assertEquals("SOSSRRRRRRRRSQ", opening.toString());
        final StringBuilder closing = new StringBuilder();
        for (int i = 997; i < 1_000; i++) {
            parser.parse(data.segment(), data.messageOffset(i), data.messageLength(i));
            closing.append((char) parser.message().eventCode);
        }
        assertEquals("MEC", closing.toString());
    }

    @Test
    void shouldProduceARealisticMixThatReplaysWithoutASingleRejection() {
        final int count = 300_000;
        final GeneratedMarketData data = MarketDataGenerator.generate(21, count);
        assertEquals(count, data.messageCount());
        final ItchReplay replay =
                new ItchReplay(8, MarketDataGenerator.Config.defaults().maxLiveOrders());
        final long[] byType = new long[128];
        long previousTimestampNs = -1;
        final ItchParser parser = new ItchParser();
        for (int i = 0; i < count; i++) {
            replay.onMessage(data.segment(), data.messageOffset(i), data.messageLength(i));
            byType[data.messageType(i)]++;
            parser.parse(data.segment(), data.messageOffset(i), data.messageLength(i));
            assertTrue(parser.message().timestampNs >= previousTimestampNs, "timestamps never go back");
            previousTimestampNs = parser.message().timestampNs;
        }
        assertEquals(0, replay.rejects().total(), () -> replay.rejects().toMap().toString());
        for (char type : "AFECXDUP".toCharArray()) {
            assertTrue(byType[type] > count / 100, "at least 1% of " + type + ": " + byType[type]);
        }
        assertTrue(byType['A'] + byType['F'] > byType['E'], "adds outnumber executions");
        replay.book().checkInvariants();

        final OrderBook book = replay.book();
        for (int locate = 1; locate <= 8; locate++) {
            assertTrue(book.orderCount(locate) > 0, "every instrument has live orders");
            final long bidE4 = book.bestBidPriceE4(locate);
            final long askE4 = book.bestAskPriceE4(locate);
            if (bidE4 != 0 && askE4 != 0) {
                assertTrue(bidE4 < askE4, "the book never crosses");
            }
        }
        assertEquals(0, replay.rejects().count(RejectReason.EXECUTE_UNKNOWN_ORDER));
    }

    @Test
    void shouldWalkPricesOverTime() {
        final GeneratedMarketData data = MarketDataGenerator.generate(8, 200_000);
        final ItchParser parser = new ItchParser();
        long lowE4 = Long.MAX_VALUE;
        long highE4 = 0;
        for (int i = 0; i < data.messageCount(); i++) {
            parser.parse(data.segment(), data.messageOffset(i), data.messageLength(i));
            final ItchMessage m = parser.message();
            if (m.messageType == 'A' && m.stockLocate == 1) {
                lowE4 = Math.min(lowE4, m.priceE4);
                highE4 = Math.max(highE4, m.priceE4);
            }
        }
        assertTrue(highE4 - lowE4 > 20 * 100, "prices of instrument 1 range over more than 20 ticks");
    }

    @Test
    void shouldWriteMessagesOneAtATimeIntoACallersBuffer() {
        final MarketDataGenerator generator = new MarketDataGenerator(5);
        final MemorySegment buffer = MemorySegment.ofArray(new byte[64]);
        final ItchParser parser = new ItchParser();
        for (int i = 0; i < 1_000; i++) {
            final int length = generator.next(buffer, 7);
            assertTrue(parser.parse(buffer, 7, length) <= 0);
            assertEquals(ItchLayout.lengthOf(parser.message().messageType), length);
        }
        assertEquals(1_000, generator.messagesWritten());
    }
}
