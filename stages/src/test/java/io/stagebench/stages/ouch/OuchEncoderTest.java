package io.stagebench.stages.ouch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.stagebench.stages.Alpha;
import io.stagebench.stages.WireBytes;
import io.stagebench.stages.decide.Decision;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Byte-exact OUCH 4.2 Enter Order, against bytes laid out by hand from the spec's table. */
class OuchEncoderTest {

    private static Decision decision(byte side, int shares, String stock, long priceE4, int timeInForce) {
        final Decision d = new Decision();
        d.side = side;
        d.shares = shares;
        d.stock = Alpha.packStock(stock);
        d.priceE4 = priceE4;
        d.timeInForce = timeInForce;
        return d;
    }

    /**
     * type 0, token 1(14), side 15, shares 16(4), stock 20(8), price 28(4), TIF 32(4), firm 36(4), display 40, capacity
     * 41, ISE 42, min qty 43(4), cross type 47, customer type 48: 49 bytes.
     */
    private static byte[] expected(
            String token,
            char side,
            long shares,
            String stock,
            long priceE4,
            long timeInForce,
            String firm,
            char capacity) {
        return new WireBytes(49)
                .ch(0, 'O')
                .alpha(1, 14, token)
                .ch(15, side)
                .uint(16, 4, shares)
                .alpha(20, 8, stock)
                .uint(28, 4, priceE4)
                .uint(32, 4, timeInForce)
                .alpha(36, 4, firm)
                .ch(40, 'Y')
                .ch(41, capacity)
                .ch(42, 'N')
                .uint(43, 4, 0)
                .ch(47, 'N')
                .ch(48, 'N')
                .bytes();
    }

    @Test
    void shouldEncodeAnEnterOrderByteForByte() {
        final OuchEncoder encoder = new OuchEncoder("SB", "SBNC", (byte) 'A');
        final byte[] out = new byte[49];
        final int length = encoder.encodeEnterOrder(
                decision((byte) 'B', 300, "AAPL", 1_234_500, 0), MemorySegment.ofArray(out), 0);
        assertEquals(49, length);
        assertArrayEquals(expected("SB000000000001", 'B', 300, "AAPL", 1_234_500, 0, "SBNC", 'A'), out);
    }

    @Test
    void shouldEncodeAtAnOffsetAndLeaveOtherBytesAlone() {
        final OuchEncoder encoder = new OuchEncoder("XY1", "ABCD", (byte) 'P');
        final byte[] out = new byte[100];
        Arrays.fill(out, (byte) 0x55);
        assertEquals(
                49,
                encoder.encodeEnterOrder(
                        decision((byte) 'S', 1_000_000, "GOOGL", 99_999, 99_998), MemorySegment.ofArray(out), 20));
        final byte[] message = Arrays.copyOfRange(out, 20, 69);
        assertArrayEquals(expected("XY100000000001", 'S', 1_000_000, "GOOGL", 99_999, 99_998, "ABCD", 'P'), message);
        assertEquals(0x55, out[19]);
        assertEquals(0x55, out[69]);
    }

    @Test
    void shouldMakeADistinctTokenForEveryOrder() {
        final OuchEncoder encoder = new OuchEncoder();
        final byte[] out = new byte[49];
        final Decision d = decision((byte) 'B', 100, "MSFT", 10_000, 0);
        for (int i = 0; i < 41; i++) {
            encoder.encodeEnterOrder(d, MemorySegment.ofArray(out), 0);
        }
        encoder.encodeEnterOrder(d, MemorySegment.ofArray(out), 0);
        assertEquals("SB000000000042", new String(out, 1, 14, StandardCharsets.US_ASCII));
        assertEquals(43, encoder.nextTokenSequence());
    }

    @Test
    void shouldWriteNothingWhenTheBufferHasNoRoom() {
        final OuchEncoder encoder = new OuchEncoder();
        final byte[] out = new byte[60];
        assertEquals(
                0,
                encoder.encodeEnterOrder(decision((byte) 'B', 100, "MSFT", 10_000, 0), MemorySegment.ofArray(out), 12));
        assertEquals(1, encoder.nextTokenSequence(), "no token consumed");
        assertArrayEquals(new byte[60], out);
    }

    @Test
    void shouldRefuseAPrefixThatLeavesTooFewDigits() {
        assertThrows(IllegalArgumentException.class, () -> new OuchEncoder("TOOLONGX", "FIRM", (byte) 'A'));
        assertThrows(IllegalArgumentException.class, () -> new OuchEncoder("SB", "FIRM", (byte) 'Z'));
    }
}
