package io.stagebench.io;

import java.io.EOFException;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads a whole file into a {@code byte[]} in reads of {@value #READ_BYTES} bytes, for the large files a fork reads in
 * its setup (a replayed message stream of tens of MB).
 *
 * <p>Measurement hazard, where a fork starts: {@link Files#readAllBytes} reads through a channel, which hands the
 * kernel a temporary native buffer as large as the file. In a fresh fork that is fresh memory, so every one of its
 * pages faults in (4 KiB each) before the copy into the heap array, which {@code -XX:+AlwaysPreTouch} had already
 * touched: many times slower than small reads (docs/decisions.md, "Reading large files"). The reads here go through a
 * small native buffer, already mapped.
 */
public final class FileBytes {

    /** Bytes asked of the kernel at a time: below the C library's threshold for a fresh mapping (128 KiB). */
    static final int READ_BYTES = 64 * 1024;

    private FileBytes() {}

    /**
     * @return every byte of {@code file}
     * @throws IOException when it cannot be read, is over 2 GiB, or shrinks while read
     */
    public static byte[] read(Path file) throws IOException {
        long size = Files.size(file);
        if (size > Integer.MAX_VALUE - 8) {
            throw new IOException(file + ": " + size + " bytes, too large for one array");
        }
        byte[] bytes = new byte[(int) size];
        // a FileInputStream, not Files.newInputStream: the channel's stream is the slower of the two
        try (InputStream in = new FileInputStream(file.toFile())) {
            int at = 0;
            while (at < bytes.length) {
                int read = in.read(bytes, at, Math.min(READ_BYTES, bytes.length - at));
                if (read < 0) {
                    throw new EOFException(file + ": ended at byte " + at + " of " + bytes.length);
                }
                at += read;
            }
            if (in.read() >= 0) {
                throw new IOException(file + ": grew past " + bytes.length + " bytes while read");
            }
        }
        return bytes;
    }
}
