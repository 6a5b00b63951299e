package io.stagebench.stages;

import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;

/**
 * Builds a message byte by byte for the byte-exact tests: fields are placed at literal offsets taken from the
 * specification's field tables, independently of the production layout constants, so a wrong constant shows up as a
 * failing test.
 */
public final class WireBytes {

    private final byte[] bytes;

    public WireBytes(int length) {
        bytes = new byte[length];
    }

    /** Writes {@code value} big-endian into {@code width} bytes at {@code offset}. */
    public WireBytes uint(int offset, int width, long value) {
        for (int i = 0; i < width; i++) {
            bytes[offset + i] = (byte) (value >>> (8 * (width - 1 - i)));
        }
        return this;
    }

    /** Writes one ASCII character at {@code offset}. */
    public WireBytes ch(int offset, char c) {
        bytes[offset] = (byte) c;
        return this;
    }

    /** Writes {@code text} left-justified and space-padded into {@code width} bytes at {@code offset}. */
    public WireBytes alpha(int offset, int width, String text) {
        final byte[] ascii = text.getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i < width; i++) {
            bytes[offset + i] = i < ascii.length ? ascii[i] : (byte) ' ';
        }
        return this;
    }

    public byte[] bytes() {
        return bytes.clone();
    }

    public MemorySegment segment() {
        return MemorySegment.ofArray(bytes.clone());
    }

    public int length() {
        return bytes.length;
    }
}
