package io.stagebench.stages.itch;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

/**
 * A generated ITCH 5.0 stream held in memory: the bytes exactly as in a length-prefixed file (each message preceded by
 * its 2-byte big-endian length) plus an index of where each message starts, so a benchmark can iterate messages without
 * decoding the framing:
 *
 * <pre>{@code
 * MemorySegment stream = data.segment();
 * for (int i = 0; i < data.messageCount(); i++) {
 *     parser.parse(stream, data.messageOffset(i), data.messageLength(i));
 * }
 * }</pre>
 */
public final class GeneratedMarketData {

    private final byte[] bytes;
    private final int length;
    private final int[] messageOffsets;
    private final MemorySegment segment;

    GeneratedMarketData(byte[] bytes, int length, int[] messageOffsets) {
        this.bytes = bytes;
        this.length = length;
        this.messageOffsets = messageOffsets;
        this.segment = MemorySegment.ofArray(bytes).asSlice(0, length);
    }

    /** @return the length-prefixed stream as a segment of exactly {@link #byteLength()} bytes */
    public MemorySegment segment() {
        return segment;
    }

    /**
     * Indexes a length-prefixed stream read back from a file written by {@link #writeTo(Path)}.
     *
     * @throws IllegalArgumentException when a length prefix runs past the end
     */
    public static GeneratedMarketData fromLengthPrefixed(byte[] bytes) {
        int count = 0;
        int position = 0;
        while (position + 2 <= bytes.length) {
            int length = ((bytes[position] & 0xFF) << 8) | (bytes[position + 1] & 0xFF);
            position += 2 + length;
            count++;
        }
        if (position != bytes.length) {
            throw new IllegalArgumentException("length-prefixed stream is truncated at byte " + bytes.length);
        }
        int[] offsets = new int[count];
        position = 0;
        for (int i = 0; i < count; i++) {
            offsets[i] = position + 2;
            position += 2 + (((bytes[position] & 0xFF) << 8) | (bytes[position + 1] & 0xFF));
        }
        return new GeneratedMarketData(bytes, bytes.length, offsets);
    }

    /** @return bytes in the length-prefixed stream */
    public int byteLength() {
        return length;
    }

    /** @return number of messages */
    public int messageCount() {
        return messageOffsets.length;
    }

    /** @return offset in {@link #segment()} of message {@code index}'s type byte (after its prefix) */
    public int messageOffset(int index) {
        return messageOffsets[index];
    }

    /** @return length of message {@code index} (its prefix value) */
    public int messageLength(int index) {
        final int offset = messageOffsets[index];
        return ((bytes[offset - 2] & 0xFF) << 8) | (bytes[offset - 1] & 0xFF);
    }

    /** @return the type byte of message {@code index} */
    public byte messageType(int index) {
        return bytes[messageOffsets[index]];
    }

    /** Writes the length-prefixed stream to {@code out}. */
    public void writeTo(OutputStream out) throws IOException {
        out.write(bytes, 0, length);
    }

    /** Writes the stream to a file, gzip-compressed if the name ends with {@code .gz}. */
    public void writeTo(Path file) throws IOException {
        try (OutputStream raw = Files.newOutputStream(file);
                OutputStream out =
                        file.getFileName().toString().endsWith(".gz") ? new GZIPOutputStream(raw, 1 << 16) : raw) {
            writeTo(out);
        }
    }
}
