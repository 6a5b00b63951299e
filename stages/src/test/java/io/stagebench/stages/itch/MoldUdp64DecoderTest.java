package io.stagebench.stages.itch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.stages.RejectCounters;
import io.stagebench.stages.RejectReason;
import io.stagebench.stages.WireBytes;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class MoldUdp64DecoderTest {

    private final RejectCounters rejects = new RejectCounters();
    private final MoldUdp64Decoder decoder = new MoldUdp64Decoder(rejects);
    private final List<Long> delivered = new ArrayList<>();

    /** Session 0(10), sequence 10(8), count 18(2), then blocks of length(2) + message. Each message is a D. */
    private static WireBytes packet(String session, long sequence, long... orderReferences) {
        final WireBytes wire = new WireBytes(20 + orderReferences.length * 21)
                .alpha(0, 10, session)
                .uint(10, 8, sequence)
                .uint(18, 2, orderReferences.length);
        int offset = 20;
        for (long reference : orderReferences) {
            wire.uint(offset, 2, 19).ch(offset + 2, 'D').uint(offset + 2 + 11, 8, reference);
            offset += 21;
        }
        return wire;
    }

    private int decode(WireBytes wire) {
        return decoder.decode(
                wire.segment(),
                0,
                wire.length(),
                (buffer, offset, length) -> delivered.add(
                        buffer.get(ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN), offset + 11)));
    }

    @Test
    void shouldDeliverEveryMessageOfAPacketInOrder() {
        assertEquals(3, decode(packet("SESSION1", 1, 10, 11, 12)));
        assertEquals(List.of(10L, 11L, 12L), delivered);
        assertEquals(4, decoder.nextSequence());
        assertEquals(0, rejects.total());
    }

    @Test
    void shouldCountMissingMessagesAndSkipDuplicates() {
        decode(packet("S", 1, 10, 11));
        decode(packet("S", 5, 14, 15)); // 3 and 4 missing
        decode(packet("S", 5, 14, 15, 16)); // 5, 6 again, 7 new
        assertEquals(List.of(10L, 11L, 14L, 15L, 16L), delivered);
        assertEquals(2, rejects.count(RejectReason.SEQUENCE_GAP));
        assertEquals(2, rejects.count(RejectReason.DUPLICATE_SEQUENCE));
    }

    @Test
    void shouldTreatHeartbeatsAndEndOfSession() {
        decode(packet("S", 1, 10));
        assertEquals(0, decode(packet("S", 4))); // heartbeat announcing next sequence 4: 2 missing
        assertEquals(2, rejects.count(RejectReason.SEQUENCE_GAP));
        final WireBytes end = new WireBytes(20).alpha(0, 10, "S").uint(10, 8, 4).uint(18, 2, 0xFFFF);
        assertEquals(0, decode(end));
        assertTrue(decoder.endOfSession());
    }

    @Test
    void shouldRestartTheSequenceForANewSession() {
        decode(packet("MONDAY", 100, 1));
        decode(packet("TUESDAY", 1, 2));
        assertEquals(List.of(1L, 2L), delivered);
        assertEquals(0, rejects.total());
    }

    @Test
    void shouldCountTruncatedPacketsAndKeepTheCompleteMessages() {
        final WireBytes full = packet("S", 1, 10, 11);
        assertEquals(1, decoder.decode(full.segment(), 0, full.length() - 5, (b, o, l) -> {}));
        assertEquals(1, rejects.count(RejectReason.TRUNCATED));
        assertEquals(0, decoder.decode(full.segment(), 0, 19, (b, o, l) -> {}));
        assertEquals(2, rejects.count(RejectReason.TRUNCATED));
    }
}
