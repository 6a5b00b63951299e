package io.stagebench.stages.itch;

import static io.stagebench.stages.BigEndian.u16;
import static io.stagebench.stages.BigEndian.u64;

import io.stagebench.stages.RejectCounters;
import io.stagebench.stages.RejectReason;
import java.lang.foreign.MemorySegment;

/**
 * Decodes MoldUDP64 downstream packets, the UDP transport NASDAQ uses for TotalView-ITCH, and hands each message block
 * to a sink in sequence order.
 *
 * <pre>
 *   0                   1                   2
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9
 *  +-------------------+---------------+---+
 *  | Session (10 bytes, Alpha)             |
 *  +---------------------------------------+
 *  | Sequence Number (8), of the first message in the packet
 *  +---------------------------------------+
 *  | Message Count (2): 0 heartbeat, 0xFFFF end of session
 *  +---------------------------------------+
 *  | Message Length (2) | Message Data ... | repeated Message Count times
 *  +---------------------------------------+
 * </pre>
 *
 * <p>The decoder tracks the next expected sequence number per session: messages already delivered are skipped and
 * counted as {@link RejectReason#DUPLICATE_SEQUENCE}; a jump forward (in a packet or a heartbeat) counts each missing
 * message as {@link RejectReason#SEQUENCE_GAP} (a real receiver would request retransmission; a replay can only report
 * it). A packet shorter than its header or a block running past the packet's end is {@link RejectReason#TRUNCATED} and
 * the rest of that packet is dropped. A new session name restarts the sequence. Decoding allocates nothing and never
 * throws on bad input.
 */
public final class MoldUdp64Decoder {

    public static final int SESSION_OFFSET = 0;
    public static final int SESSION_LENGTH = 10;
    public static final int SEQUENCE_NUMBER_OFFSET = 10;
    public static final int MESSAGE_COUNT_OFFSET = 18;
    public static final int HEADER_LENGTH = 20;
    public static final int MESSAGE_LENGTH_FIELD_LENGTH = 2;
    /** Message count of a heartbeat. */
    public static final int HEARTBEAT = 0;
    /** Message count of an end-of-session packet. */
    public static final int END_OF_SESSION = 0xFFFF;

    private final RejectCounters rejects;
    private long sessionHigh;
    private int sessionLow;
    private boolean hasSession;
    private long nextSequence;
    private boolean endOfSession;

    /** @param rejects where truncation, gaps and duplicates are counted */
    public MoldUdp64Decoder(RejectCounters rejects) {
        this.rejects = rejects;
    }

    /** @return the sequence number of the next message expected (0 before the first packet) */
    public long nextSequence() {
        return nextSequence;
    }

    /** @return whether an end-of-session packet was seen for the current session */
    public boolean endOfSession() {
        return endOfSession;
    }

    /**
     * Decodes one packet.
     *
     * @return the number of messages handed to {@code sink}
     */
    public int decode(MemorySegment packet, long offset, int length, ItchMessageSink sink) {
        if (length < HEADER_LENGTH || offset < 0 || offset > packet.byteSize() - length) {
            rejects.add(RejectReason.TRUNCATED, 1);
            return 0;
        }
        final long high = u64(packet, offset + SESSION_OFFSET);
        final int low = u16(packet, offset + SESSION_OFFSET + 8);
        final long sequence = u64(packet, offset + SEQUENCE_NUMBER_OFFSET);
        final int count = u16(packet, offset + MESSAGE_COUNT_OFFSET);
        if (!hasSession || high != sessionHigh || low != sessionLow) {
            hasSession = true;
            sessionHigh = high;
            sessionLow = low;
            nextSequence = sequence;
            endOfSession = false;
        }
        if (count == END_OF_SESSION) {
            endOfSession = true;
            return 0;
        }
        if (count == HEARTBEAT) {
            if (sequence > nextSequence) {
                rejects.add(RejectReason.SEQUENCE_GAP, sequence - nextSequence);
                nextSequence = sequence;
            }
            return 0;
        }
        final long end = offset + length;
        long position = offset + HEADER_LENGTH;
        int delivered = 0;
        for (int i = 0; i < count; i++) {
            if (end - position < MESSAGE_LENGTH_FIELD_LENGTH) {
                rejects.add(RejectReason.TRUNCATED, 1);
                return delivered;
            }
            final int messageLength = u16(packet, position);
            position += MESSAGE_LENGTH_FIELD_LENGTH;
            if (end - position < messageLength) {
                rejects.add(RejectReason.TRUNCATED, 1);
                return delivered;
            }
            final long messageSequence = sequence + i;
            if (messageSequence < nextSequence) {
                rejects.add(RejectReason.DUPLICATE_SEQUENCE, 1);
            } else {
                if (messageSequence > nextSequence) {
                    rejects.add(RejectReason.SEQUENCE_GAP, messageSequence - nextSequence);
                }
                nextSequence = messageSequence + 1;
                sink.onMessage(packet, position, messageLength);
                delivered++;
            }
            position += messageLength;
        }
        return delivered;
    }
}
