package io.stagebench.stages.itch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.stagebench.stages.Alpha;
import io.stagebench.stages.RejectReason;
import io.stagebench.stages.Status;
import io.stagebench.stages.WireBytes;
import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;

/**
 * Byte-exact decoding of every supported ITCH 5.0 message, from bytes laid out by hand at the offsets of the
 * specification's field tables.
 */
class ItchParserTest {

    private static final long TIMESTAMP_NS = 0x0000_1F2E_3D4C_5B6AL; // exercises all 6 bytes
    private final ItchParser parser = new ItchParser();

    /** Header: type(0,1) locate(1,2) tracking(3,2) timestamp(5,6). */
    private static WireBytes header(int length, char type, int locate, int tracking) {
        return new WireBytes(length)
                .ch(0, type)
                .uint(1, 2, locate)
                .uint(3, 2, tracking)
                .uint(5, 6, TIMESTAMP_NS);
    }

    private ItchMessage parseOk(WireBytes wire) {
        assertEquals(Status.OK, parser.parse(wire.segment(), 0, wire.length()));
        return parser.message();
    }

    private static void assertHeader(ItchMessage m, char type, int locate, int tracking) {
        assertEquals((byte) type, m.messageType);
        assertEquals(locate, m.stockLocate);
        assertEquals(tracking, m.trackingNumber);
        assertEquals(TIMESTAMP_NS, m.timestampNs);
    }

    @Test
    void shouldDecodeSystemEvent() {
        // S, 12 bytes: event code at 11.
        final WireBytes wire = header(12, 'S', 0, 7).ch(11, 'Q');
        final ItchMessage m = parseOk(wire);
        assertHeader(m, 'S', 0, 7);
        assertEquals((byte) 'Q', m.eventCode);
    }

    @Test
    void shouldDecodeStockDirectory() {
        // R, 39 bytes: stock 11(8) category 19 status 20 round lot 21(4) lots only 25 class 26
        // sub-type 27(2) authenticity 29 short sale 30 IPO 31 LULD 32 ETP 33 leverage 34(4) inverse 38.
        final WireBytes wire = header(39, 'R', 8231, 1)
                .alpha(11, 8, "AAPL")
                .ch(19, 'Q')
                .ch(20, 'N')
                .uint(21, 4, 100)
                .ch(25, 'N')
                .ch(26, 'C')
                .alpha(27, 2, "Z")
                .ch(29, 'P')
                .ch(30, 'N')
                .ch(31, ' ')
                .ch(32, '1')
                .ch(33, 'N')
                .uint(34, 4, 3)
                .ch(38, 'N');
        final ItchMessage m = parseOk(wire);
        assertHeader(m, 'R', 8231, 1);
        assertEquals("AAPL", m.stockSymbol());
        assertEquals((byte) 'Q', m.marketCategory);
        assertEquals((byte) 'N', m.financialStatusIndicator);
        assertEquals(100, m.roundLotSize);
        assertEquals((byte) 'N', m.roundLotsOnly);
        assertEquals((byte) 'C', m.issueClassification);
        assertEquals((short) (('Z' << 8) | ' '), m.issueSubType);
        assertEquals((byte) 'P', m.authenticity);
        assertEquals((byte) 'N', m.shortSaleThresholdIndicator);
        assertEquals((byte) ' ', m.ipoFlag);
        assertEquals((byte) '1', m.luldReferencePriceTier);
        assertEquals((byte) 'N', m.etpFlag);
        assertEquals(3, m.etpLeverageFactor);
        assertEquals((byte) 'N', m.inverseIndicator);
    }

    @Test
    void shouldDecodeAddOrder() {
        // A, 36 bytes: ref 11(8) side 19 shares 20(4) stock 24(8) price 32(4).
        final WireBytes wire = header(36, 'A', 13, 2)
                .uint(11, 8, 0x0102_0304_0506_0708L)
                .ch(19, 'B')
                .uint(20, 4, 4_000_000_000L)
                .alpha(24, 8, "MSFT")
                .uint(32, 4, 4_294_967_295L);
        final ItchMessage m = parseOk(wire);
        assertHeader(m, 'A', 13, 2);
        assertEquals(0x0102_0304_0506_0708L, m.orderReferenceNumber);
        assertEquals((byte) 'B', m.side);
        assertEquals(4_000_000_000L, m.shares, "shares are unsigned 32-bit");
        assertEquals("MSFT", m.stockSymbol());
        assertEquals(4_294_967_295L, m.priceE4, "price is unsigned 32-bit");
    }

    @Test
    void shouldDecodeAddOrderWithMpid() {
        // F, 40 bytes: as A plus attribution 36(4).
        final WireBytes wire = header(40, 'F', 5, 0)
                .uint(11, 8, 987_654_321L)
                .ch(19, 'S')
                .uint(20, 4, 300)
                .alpha(24, 8, "GOOGL")
                .uint(32, 4, 1_234_500)
                .alpha(36, 4, "GSCO");
        final ItchMessage m = parseOk(wire);
        assertHeader(m, 'F', 5, 0);
        assertEquals(987_654_321L, m.orderReferenceNumber);
        assertEquals((byte) 'S', m.side);
        assertEquals(300, m.shares);
        assertEquals("GOOGL", m.stockSymbol());
        assertEquals(1_234_500, m.priceE4);
        assertEquals("GSCO", Alpha.unpackFirm(m.attribution));
    }

    @Test
    void shouldDecodeOrderExecuted() {
        // E, 31 bytes: ref 11(8) executed shares 19(4) match 23(8).
        final WireBytes wire =
                header(31, 'E', 42, 3).uint(11, 8, 77L).uint(19, 4, 250).uint(23, 8, 0x7FFF_0000_0000_0001L);
        final ItchMessage m = parseOk(wire);
        assertHeader(m, 'E', 42, 3);
        assertEquals(77L, m.orderReferenceNumber);
        assertEquals(250, m.shares);
        assertEquals(0x7FFF_0000_0000_0001L, m.matchNumber);
    }

    @Test
    void shouldDecodeOrderExecutedWithPrice() {
        // C, 36 bytes: ref 11(8) executed 19(4) match 23(8) printable 31 execution price 32(4).
        final WireBytes wire = header(36, 'C', 42, 3)
                .uint(11, 8, 78L)
                .uint(19, 4, 100)
                .uint(23, 8, 555L)
                .ch(31, 'Y')
                .uint(32, 4, 1_000_100);
        final ItchMessage m = parseOk(wire);
        assertHeader(m, 'C', 42, 3);
        assertEquals(78L, m.orderReferenceNumber);
        assertEquals(100, m.shares);
        assertEquals(555L, m.matchNumber);
        assertEquals((byte) 'Y', m.printable);
        assertEquals(1_000_100, m.priceE4);
    }

    @Test
    void shouldDecodeOrderCancel() {
        // X, 23 bytes: ref 11(8) cancelled shares 19(4).
        final WireBytes wire = header(23, 'X', 9, 0).uint(11, 8, 79L).uint(19, 4, 40);
        final ItchMessage m = parseOk(wire);
        assertHeader(m, 'X', 9, 0);
        assertEquals(79L, m.orderReferenceNumber);
        assertEquals(40, m.shares);
    }

    @Test
    void shouldDecodeOrderDelete() {
        // D, 19 bytes: ref 11(8).
        final WireBytes wire = header(19, 'D', 9, 0).uint(11, 8, 0xFFFF_FFFF_FFFF_FFFFL);
        final ItchMessage m = parseOk(wire);
        assertHeader(m, 'D', 9, 0);
        assertEquals(-1L, m.orderReferenceNumber, "all 64 bits are kept");
    }

    @Test
    void shouldDecodeOrderReplace() {
        // U, 35 bytes: original ref 11(8) new ref 19(8) shares 27(4) price 31(4).
        final WireBytes wire = header(35, 'U', 65_535, 65_535)
                .uint(11, 8, 1000L)
                .uint(19, 8, 2000L)
                .uint(27, 4, 500)
                .uint(31, 4, 2_000_000_000L);
        final ItchMessage m = parseOk(wire);
        assertHeader(m, 'U', 65_535, 65_535);
        assertEquals(1000L, m.orderReferenceNumber);
        assertEquals(2000L, m.newOrderReferenceNumber);
        assertEquals(500, m.shares);
        assertEquals(2_000_000_000L, m.priceE4);
    }

    @Test
    void shouldDecodeTrade() {
        // P, 44 bytes: ref 11(8) side 19 shares 20(4) stock 24(8) price 32(4) match 36(8).
        final WireBytes wire = header(44, 'P', 3, 1)
                .uint(11, 8, 0L)
                .ch(19, 'S')
                .uint(20, 4, 1200)
                .alpha(24, 8, "TSLA")
                .uint(32, 4, 2_501_234)
                .uint(36, 8, 31_337L);
        final ItchMessage m = parseOk(wire);
        assertHeader(m, 'P', 3, 1);
        assertEquals(0L, m.orderReferenceNumber);
        assertEquals((byte) 'S', m.side);
        assertEquals(1200, m.shares);
        assertEquals("TSLA", m.stockSymbol());
        assertEquals(2_501_234, m.priceE4);
        assertEquals(31_337L, m.matchNumber);
    }

    @Test
    void shouldDecodeAtAnOffsetInsideALargerBuffer() {
        final byte[] message = header(19, 'D', 4, 0).uint(11, 8, 99L).bytes();
        final byte[] buffer = new byte[100];
        System.arraycopy(message, 0, buffer, 50, message.length);
        assertEquals(Status.OK, parser.parse(MemorySegment.ofArray(buffer), 50, 19));
        assertEquals(99L, parser.message().orderReferenceNumber);
        assertEquals(4, parser.message().stockLocate);
    }

    @Test
    void shouldSkipOtherItchTypesByTheirLength() {
        // H Stock Trading Action, 25 bytes: known, not decoded.
        final WireBytes wire = header(25, 'H', 12, 0).alpha(11, 8, "AAPL").ch(19, 'T');
        assertEquals(Status.IGNORED, parser.parse(wire.segment(), 0, 25));
        assertHeader(parser.message(), 'H', 12, 0);
    }

    @Test
    void shouldKnowTheSpecLengthOfEveryItchType() {
        final String types = "SRHYLVWKJhAFECXDUPQBINO";
        final int[] lengths = {
            12, 39, 25, 20, 26, 35, 12, 28, 35, 21, 36, 40, 31, 36, 23, 19, 35, 44, 40, 19, 50, 20, 48
        };
        final int[] actual = new int[lengths.length];
        for (int i = 0; i < types.length(); i++) {
            actual[i] = ItchLayout.lengthOf((byte) types.charAt(i));
        }
        assertArrayEquals(lengths, actual);
        assertEquals(0, ItchLayout.lengthOf((byte) 'Z'));
    }

    @Test
    void shouldRejectAnUnknownType() {
        final WireBytes wire = header(20, 'Z', 1, 0);
        assertEquals(RejectReason.UNKNOWN_TYPE.code(), parser.parse(wire.segment(), 0, 20));
    }

    @Test
    void shouldRejectALengthShorterThanTheTypeSize() {
        final WireBytes wire = header(36, 'A', 1, 0);
        assertEquals(RejectReason.LENGTH_TOO_SHORT.code(), parser.parse(wire.segment(), 0, 35));
        assertEquals(RejectReason.LENGTH_TOO_SHORT.code(), parser.parse(wire.segment(), 0, 0));
    }

    @Test
    void shouldRejectAMessageRunningPastTheBuffer() {
        final WireBytes wire = header(36, 'A', 1, 0);
        assertEquals(RejectReason.TRUNCATED.code(), parser.parse(wire.segment(), 0, 37));
        assertEquals(RejectReason.TRUNCATED.code(), parser.parse(wire.segment(), 10, 36));
        assertEquals(RejectReason.TRUNCATED.code(), parser.parse(wire.segment(), -1, 12));
    }

    @Test
    void shouldAcceptALongerLengthAndIgnoreTheExtraBytes() {
        final WireBytes wire =
                new WireBytes(25).ch(0, 'D').uint(1, 2, 6).uint(11, 8, 5L).uint(19, 6, -1L);
        assertEquals(Status.OK, parser.parse(wire.segment(), 0, 25));
        assertEquals(5L, parser.message().orderReferenceNumber);
    }

    @Test
    void shouldReadBackWhatTheWriterWrote() {
        final MemorySegment buffer = MemorySegment.ofArray(new byte[64]);
        final long stock = Alpha.packStock("NFLX");
        final int length = ItchWriter.trade(buffer, 3, 7, 1, 123_456_789L, 0L, (byte) 'B', 400, stock, 6_789_012, 88L);
        assertEquals(44, length);
        assertEquals(Status.OK, parser.parse(buffer, 3, length));
        final ItchMessage m = parser.message();
        assertEquals(123_456_789L, m.timestampNs);
        assertEquals(400, m.shares);
        assertEquals(stock, m.stock);
        assertEquals(6_789_012, m.priceE4);
        assertEquals(88L, m.matchNumber);
    }
}
