package io.stagebench.stages;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * Big-endian (network byte order) reads and writes of the unsigned integer widths used by NASDAQ's binary protocols,
 * over a {@link MemorySegment} at a byte offset.
 *
 * <p>The caller checks bounds first: every stage validates a message's length against the segment before reading, so
 * these accessors never throw on valid input.
 */
public final class BigEndian {

    private static final ValueLayout.OfShort U16 = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfInt U32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfLong U64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);

    private BigEndian() {}

    /** @return the byte at {@code offset}, as a Java {@code byte} */
    public static byte u8(MemorySegment segment, long offset) {
        return segment.get(ValueLayout.JAVA_BYTE, offset);
    }

    /** @return the unsigned 2-byte integer at {@code offset}, in {@code [0, 65535]} */
    public static int u16(MemorySegment segment, long offset) {
        return segment.get(U16, offset) & 0xFFFF;
    }

    /** @return the unsigned 4-byte integer at {@code offset}, in {@code [0, 2^32 - 1]} */
    public static long u32(MemorySegment segment, long offset) {
        return segment.get(U32, offset) & 0xFFFF_FFFFL;
    }

    /** @return the unsigned 6-byte integer at {@code offset} (ITCH timestamps), in {@code [0, 2^48 - 1]} */
    public static long u48(MemorySegment segment, long offset) {
        return ((long) (segment.get(U16, offset) & 0xFFFF) << 32) | (segment.get(U32, offset + 2) & 0xFFFF_FFFFL);
    }

    /** @return the 8-byte integer at {@code offset} (reference numbers, match numbers, packed alpha fields) */
    public static long u64(MemorySegment segment, long offset) {
        return segment.get(U64, offset);
    }

    /** Writes one byte. */
    public static void putU8(MemorySegment segment, long offset, byte value) {
        segment.set(ValueLayout.JAVA_BYTE, offset, value);
    }

    /** Writes the low 16 bits of {@code value}. */
    public static void putU16(MemorySegment segment, long offset, int value) {
        segment.set(U16, offset, (short) value);
    }

    /** Writes the low 32 bits of {@code value}. */
    public static void putU32(MemorySegment segment, long offset, long value) {
        segment.set(U32, offset, (int) value);
    }

    /** Writes the low 48 bits of {@code value}. */
    public static void putU48(MemorySegment segment, long offset, long value) {
        segment.set(U16, offset, (short) (value >>> 32));
        segment.set(U32, offset + 2, (int) value);
    }

    /** Writes all 64 bits of {@code value}. */
    public static void putU64(MemorySegment segment, long offset, long value) {
        segment.set(U64, offset, value);
    }
}
