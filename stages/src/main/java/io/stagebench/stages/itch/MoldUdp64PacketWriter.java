package io.stagebench.stages.itch;

import io.stagebench.stages.BigEndian;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;

/**
 * Packs messages into MoldUDP64 packets (layout in {@link MoldUdp64Decoder}) and writes them to a stream in the
 * packet-file framing {@link ItchFileReader.Framing#MOLDUDP64} reads: each packet preceded by its 2-byte big-endian
 * length. Sequence numbers start at 1 and run on across packets; {@link #close()} flushes the last packet and writes an
 * end-of-session packet.
 */
public final class MoldUdp64PacketWriter implements AutoCloseable {

    /** A payload that fits a 1500-byte Ethernet MTU after IP and UDP headers. */
    public static final int DEFAULT_MAX_PACKET_LENGTH = 1_400;

    private final OutputStream out;
    private final byte[] packet;
    private final MemorySegment segment;
    private long nextSequence = 1;
    private int length;
    private int count;

    /**
     * @param session the session name, at most 10 ASCII characters (space-padded)
     * @param maxPacketLength most bytes per packet, in {@code [72, 65535]}
     * @throws IllegalArgumentException if a parameter is out of range
     */
    public MoldUdp64PacketWriter(OutputStream out, String session, int maxPacketLength) {
        if (session.length() > MoldUdp64Decoder.SESSION_LENGTH) {
            throw new IllegalArgumentException("session longer than 10 characters: '" + session + "'");
        }
        if (maxPacketLength < MoldUdp64Decoder.HEADER_LENGTH + 2 + ItchLayout.MAX_MESSAGE_LENGTH
                || maxPacketLength > 0xFFFF) {
            throw new IllegalArgumentException("maxPacketLength must be in [72, 65535]: " + maxPacketLength);
        }
        this.out = out;
        this.packet = new byte[2 + maxPacketLength];
        this.segment = MemorySegment.ofArray(packet);
        final byte[] name = String.format("%-10s", session).getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(name, 0, packet, 2 + MoldUdp64Decoder.SESSION_OFFSET, MoldUdp64Decoder.SESSION_LENGTH);
        this.length = MoldUdp64Decoder.HEADER_LENGTH;
    }

    /** Appends one message, sending the current packet first if it would not fit. */
    public void write(MemorySegment message, long offset, int messageLength) throws IOException {
        if (length + 2 + messageLength > packet.length - 2) {
            flush();
        }
        BigEndian.putU16(segment, 2 + length, messageLength);
        MemorySegment.copy(message, offset, segment, 2 + length + 2, messageLength);
        length += 2 + messageLength;
        count++;
    }

    /** Sends the current packet, if it holds any message. */
    public void flush() throws IOException {
        if (count == 0) {
            return;
        }
        emit(count);
        nextSequence += count;
        count = 0;
        length = MoldUdp64Decoder.HEADER_LENGTH;
    }

    private void emit(int messageCount) throws IOException {
        BigEndian.putU16(segment, 0, length);
        BigEndian.putU64(segment, 2 + MoldUdp64Decoder.SEQUENCE_NUMBER_OFFSET, nextSequence);
        BigEndian.putU16(segment, 2 + MoldUdp64Decoder.MESSAGE_COUNT_OFFSET, messageCount);
        out.write(packet, 0, 2 + length);
    }

    /** Flushes, then writes an end-of-session packet; does not close the stream. */
    @Override
    public void close() throws IOException {
        flush();
        emit(MoldUdp64Decoder.END_OF_SESSION);
        out.flush();
    }
}
