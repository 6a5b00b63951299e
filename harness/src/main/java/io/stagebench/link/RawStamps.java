package io.stagebench.link;

import io.stagebench.io.AtomicFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One fork's raw stamps as a binary file, so any statistic can be recomputed later from the data rather than from
 * summaries.
 *
 * <pre>
 *   offset  size        field
 *   0       8           magic "SBRAW001"
 *   8       4           stages (int, little-endian, as every field)
 *   12      4           count
 *   16      4           flags: bit 0 = paced (queue array present), bit 1 = tagged (tag arrays present)
 *   20      4           reserved, 0
 *   24      8 * count   start ticks (long)
 *   ..      4 * count   sequence numbers (int)
 *   ..      4 * count   queueing delay ticks (unsigned int), paced only
 *   ..      4 * count   stage 0 delta ticks (unsigned int), then stage 1, ...
 *   ..      1 * count   stage 0 tags (byte: 0 untagged, 1 + tag index, 0xFF skipped), then stage 1, ...; tagged only
 * </pre>
 *
 * A file without tags (bit 1 clear) is what builds before tags wrote, byte for byte.
 *
 * <p>Deltas are raw: the probe overhead recorded in the fork's summary is not subtracted.
 *
 * @param stages stage count
 * @param count messages
 * @param startTicks start (or intended arrival) ticks
 * @param seq sequence numbers
 * @param queueTicks queueing delays, null unless paced
 * @param stageTicks per-stage deltas
 * @param stageTags per-stage tags as {@code Stamps} stores them, null when no message tagged or skipped a stage
 */
public record RawStamps(
        int stages, int count, long[] startTicks, int[] seq, int[] queueTicks, int[][] stageTicks, byte[][] stageTags) {

    /** Stamps without tags. */
    public RawStamps(int stages, int count, long[] startTicks, int[] seq, int[] queueTicks, int[][] stageTicks) {
        this(stages, count, startTicks, seq, queueTicks, stageTicks, null);
    }

    static final long MAGIC = 0x3130305741524253L; // "SBRAW001" read little-endian
    static final int HEADER_BYTES = 24;
    private static final int PACED = 1;
    private static final int TAGGED = 2;

    /** @return whether queueing delays are present */
    public boolean paced() {
        return queueTicks != null;
    }

    /** @return stage {@code s}'s delta of message {@code i}, unsigned */
    public long stage(int s, int i) {
        return Integer.toUnsignedLong(stageTicks[s][i]);
    }

    /** @return whether tags are present */
    public boolean tagged() {
        return stageTags != null;
    }

    /** @return stage {@code s}'s stored tag of message {@code i}; untagged (0) when no tags are present */
    public byte tag(int s, int i) {
        return stageTags == null ? 0 : stageTags[s][i];
    }

    /** @return the queueing delay of message {@code i}, unsigned; 0 when not paced */
    public long queue(int i) {
        return queueTicks == null ? 0 : Integer.toUnsignedLong(queueTicks[i]);
    }

    /** Writes atomically. */
    public void write(Path file) throws IOException {
        long bytes = length(stages, count, paced(), tagged());
        ByteBuffer buffer = ByteBuffer.allocate(Math.toIntExact(bytes)).order(ByteOrder.LITTLE_ENDIAN);
        buffer.putLong(MAGIC)
                .putInt(stages)
                .putInt(count)
                .putInt((paced() ? PACED : 0) | (tagged() ? TAGGED : 0))
                .putInt(0);
        putLongs(buffer, startTicks, count);
        putInts(buffer, seq, count);
        if (paced()) {
            putInts(buffer, queueTicks, count);
        }
        for (int s = 0; s < stages; s++) {
            putInts(buffer, stageTicks[s], count);
        }
        if (tagged()) {
            for (int s = 0; s < stages; s++) {
                buffer.put(stageTags[s], 0, count);
            }
        }
        buffer.flip();
        AtomicFiles.write(file, buffer);
    }

    /**
     * Reads a raw file.
     *
     * @throws IOException naming the file and what is wrong with it
     */
    public static RawStamps read(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        ByteBuffer buffer = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        if (bytes.length < HEADER_BYTES || buffer.getLong() != MAGIC) {
            throw new IOException(file + ": not a stagebench raw stamps file (bad magic or shorter than its header)");
        }
        int stages = buffer.getInt();
        int count = buffer.getInt();
        int flags = buffer.getInt();
        boolean paced = (flags & PACED) != 0;
        boolean tagged = (flags & TAGGED) != 0;
        buffer.getInt();
        long expected = length(stages, count, paced, tagged);
        if (stages < 1 || count < 0 || expected != bytes.length) {
            throw new IOException(file + ": truncated or corrupt raw stamps (" + bytes.length + " bytes, header says "
                    + expected + " for " + stages + " stages x " + count + " messages)");
        }
        long[] start = getLongs(buffer, count);
        int[] seq = getInts(buffer, count);
        int[] queue = paced ? getInts(buffer, count) : null;
        int[][] stageTicks = new int[stages][];
        for (int s = 0; s < stages; s++) {
            stageTicks[s] = getInts(buffer, count);
        }
        byte[][] tags = null;
        if (tagged) {
            tags = new byte[stages][count];
            for (int s = 0; s < stages; s++) {
                buffer.get(tags[s]);
            }
        }
        return new RawStamps(stages, count, start, seq, queue, stageTicks, tags);
    }

    // Whole arrays through a view, one bulk copy each, not a put or get per element: a fork writes its raw file after
    // each measured pass, and with -Xbatch it compiled the element loops there in the foreground, in every replica;
    // the launcher, C1 only, reads every fork's file this way too.

    private static void putLongs(ByteBuffer buffer, long[] values, int count) {
        buffer.asLongBuffer().put(values, 0, count);
        buffer.position(buffer.position() + Long.BYTES * count);
    }

    private static void putInts(ByteBuffer buffer, int[] values, int count) {
        buffer.asIntBuffer().put(values, 0, count);
        buffer.position(buffer.position() + Integer.BYTES * count);
    }

    private static long[] getLongs(ByteBuffer buffer, int count) {
        long[] values = new long[count];
        buffer.asLongBuffer().get(values);
        buffer.position(buffer.position() + Long.BYTES * count);
        return values;
    }

    private static int[] getInts(ByteBuffer buffer, int count) {
        int[] values = new int[count];
        buffer.asIntBuffer().get(values);
        buffer.position(buffer.position() + Integer.BYTES * count);
        return values;
    }

    private static long length(int stages, long count, boolean paced, boolean tagged) {
        return HEADER_BYTES
                + 12L * count
                + (paced ? 4L * count : 0)
                + 4L * stages * count
                + (tagged ? (long) stages * count : 0);
    }
}
