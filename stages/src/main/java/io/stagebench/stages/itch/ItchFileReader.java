package io.stagebench.stages.itch;

import io.stagebench.stages.BigEndian;
import io.stagebench.stages.RejectCounters;
import io.stagebench.stages.RejectReason;
import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * Reads a captured ITCH 5.0 file, plain or gzip-compressed (detected by the gzip magic bytes, not the name), and hands
 * every message to a sink.
 *
 * <h2>Framings</h2>
 *
 * <ul>
 *   <li>{@link Framing#LENGTH_PREFIXED}: each message preceded by its 2-byte big-endian length, the format of NASDAQ's
 *       published sample files (for example {@code 01302019.NASDAQ_ITCH50.gz}) and of {@link MarketDataGenerator}.
 *   <li>{@link Framing#MOLDUDP64}: a file of captured MoldUDP64 packets, each packet preceded by its 2-byte big-endian
 *       length (the UDP payload length a capture tool records); packets are decoded by {@link MoldUdp64Decoder}. This
 *       is the framing {@link MoldUdp64PacketWriter} writes.
 * </ul>
 *
 * <h2>Bad input</h2>
 *
 * Reading never throws for bad data: a file ending inside a frame counts one {@link RejectReason#TRUNCATED}; a corrupt
 * or cut gzip stream counts {@link RejectReason#CORRUPT_GZIP}; any other read failure counts
 * {@link RejectReason#IO_ERROR}. In each case reading stops and every message delivered before is kept. Only failing to
 * open the file throws.
 *
 * <p>IMPLEMENTATION NOTES: frames are sliced out of one reused 1 MiB buffer (larger than the biggest possible frame, 2
 * + 65,535 bytes) that is refilled and compacted as it drains; messages are handed out in place, never copied or
 * allocated per message.
 */
public final class ItchFileReader implements AutoCloseable {

    /** How messages are framed in the file. */
    public enum Framing {
        /** 2-byte big-endian length, then the message. */
        LENGTH_PREFIXED,
        /** 2-byte big-endian packet length, then a MoldUDP64 packet. */
        MOLDUDP64
    }

    private static final int BUFFER_LENGTH = 1 << 20;
    private static final int LENGTH_PREFIX = 2;

    private final InputStream in;
    private final boolean gzip;
    private final Framing framing;
    private final byte[] buffer = new byte[BUFFER_LENGTH];
    private final MemorySegment segment = MemorySegment.ofArray(buffer);
    private final RejectCounters rejects = new RejectCounters();
    private final MoldUdp64Decoder moldDecoder = new MoldUdp64Decoder(rejects);
    private int position;
    private int limit;
    private boolean finished;
    private boolean finishedWithError;
    private long bytesRead;
    private long framesRead;

    private ItchFileReader(InputStream in, boolean gzip, Framing framing) {
        this.in = in;
        this.gzip = gzip;
        this.framing = framing;
    }

    /**
     * Opens {@code file} for reading.
     *
     * @throws IOException if the file cannot be opened or its first bytes cannot be read
     */
    public static ItchFileReader open(Path file, Framing framing) throws IOException {
        final InputStream raw = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
        try {
            raw.mark(2);
            final int first = raw.read();
            final int second = raw.read();
            raw.reset();
            final boolean gzip = first == 0x1F && second == 0x8B;
            if (!gzip) {
                return new ItchFileReader(raw, false, framing);
            }
            try {
                return new ItchFileReader(new GZIPInputStream(raw, 1 << 16), true, framing);
            } catch (ZipException | EOFException corruptHeader) {
                final ItchFileReader reader = new ItchFileReader(InputStream.nullInputStream(), true, framing);
                reader.rejects.add(RejectReason.CORRUPT_GZIP, 1);
                reader.finished = true;
                raw.close();
                return reader;
            }
        } catch (IOException | RuntimeException e) {
            raw.close();
            throw e;
        }
    }

    /** @return whether the file is gzip-compressed */
    public boolean gzip() {
        return gzip;
    }

    /** @return the framing */
    public Framing framing() {
        return framing;
    }

    /** @return framing-level rejections (truncation, corrupt gzip, I/O errors, MoldUDP64 gaps) */
    public RejectCounters rejects() {
        return rejects;
    }

    /** @return bytes read from the (decompressed) stream */
    public long bytesRead() {
        return bytesRead;
    }

    /** @return frames (messages, or packets for MoldUDP64) read */
    public long framesRead() {
        return framesRead;
    }

    /**
     * Reads to the end of the file (or the first unreadable byte), calling {@code sink} once per message in file order.
     *
     * @return messages handed to {@code sink}
     */
    public long readAll(ItchMessageSink sink) {
        long delivered = 0;
        while (true) {
            final int available = limit - position;
            if (available >= LENGTH_PREFIX) {
                final int frameLength = BigEndian.u16(segment, position);
                if (available >= LENGTH_PREFIX + frameLength) {
                    final int frameOffset = position + LENGTH_PREFIX;
                    position = frameOffset + frameLength;
                    framesRead++;
                    if (framing == Framing.LENGTH_PREFIXED) {
                        sink.onMessage(segment, frameOffset, frameLength);
                        delivered++;
                    } else {
                        delivered += moldDecoder.decode(segment, frameOffset, frameLength, sink);
                    }
                    continue;
                }
            }
            if (!fill()) {
                if (limit > position && !finishedWithError) {
                    rejects.add(RejectReason.TRUNCATED, 1);
                }
                position = limit;
                return delivered;
            }
        }
    }

    /** Compacts the buffer and reads more; {@code false} at the end of data or on an error. */
    private boolean fill() {
        if (finished) {
            return false;
        }
        if (position > 0) {
            System.arraycopy(buffer, position, buffer, 0, limit - position);
            limit -= position;
            position = 0;
        }
        try {
            final int read = in.read(buffer, limit, buffer.length - limit);
            if (read < 0) {
                finished = true;
                return false;
            }
            limit += read;
            bytesRead += read;
            return true;
        } catch (ZipException | EOFException corrupt) {
            fail(gzip ? RejectReason.CORRUPT_GZIP : RejectReason.IO_ERROR);
            return false;
        } catch (IOException e) {
            fail(RejectReason.IO_ERROR);
            return false;
        }
    }

    private void fail(RejectReason reason) {
        rejects.add(reason, 1);
        finished = true;
        finishedWithError = true;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
