package io.stagebench.stages.bench;

import io.stagebench.extension.Harness;
import io.stagebench.stages.decide.Decision;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import java.util.zip.CRC32;

/**
 * The decisions the pipeline makes on a stream, kept in a file so that only the first fork that needs them replays the
 * stream to find them. Finding them runs the whole pipeline over every message (430,000 at the defaults): a large part
 * of a fresh fork's setup, most of it the pipeline's code compiled in the foreground ({@code -Xbatch}), and much of it
 * again for each further replica. Reading them back is quick and compiles nothing (docs/decisions.md, "Setup caches").
 *
 * <p>Decisions depend on the generator and on the pipeline's every stage, so the file's name carries a checksum of all
 * of this module's code ({@link #codeChecksum}), besides the stream's seed and length: a changed parser, book or
 * strategy never replays another build's decisions. A file that is short, long or unreadable is ignored and written
 * again.
 */
final class DecisionCache {

    /** Bytes of one stored decision: locate, stock, side, price, shares, time in force, trigger time. */
    static final int RECORD_BYTES = 4 + 8 + 1 + 8 + 4 + 4 + 8;

    private static final Optional<Long> CODE_CHECKSUM = codeChecksum(DecisionCache.class);

    private DecisionCache() {}

    /**
     * @return the stored decisions of the stream {@code seed}/{@code count}, or empty when there are none, the file
     *     does not hold a whole, non-empty set, or this module's code cannot be checksummed
     */
    static Optional<Decision[]> read(long seed, int count) {
        return file(seed, count).flatMap(DecisionCache::read);
    }

    /** Stores {@code decisions} for the stream {@code seed}/{@code count}; a failure only costs the next fork time. */
    static void write(long seed, int count, Decision[] decisions) {
        file(seed, count).ifPresent(target -> {
            try {
                write(target, decisions);
            } catch (IOException | RuntimeException e) {
                // the cache only saves time
            }
        });
    }

    static Optional<Decision[]> read(Path file) {
        try {
            long bytes = Files.size(file);
            if (bytes < 4 + RECORD_BYTES || (bytes - 4) % RECORD_BYTES != 0) {
                return Optional.empty();
            }
            try (DataInputStream in =
                    new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 16))) {
                int n = in.readInt();
                if (n != (bytes - 4) / RECORD_BYTES) {
                    return Optional.empty();
                }
                Decision[] decisions = new Decision[n];
                for (int i = 0; i < n; i++) {
                    Decision d = new Decision();
                    d.locate = in.readInt();
                    d.stock = in.readLong();
                    d.side = in.readByte();
                    d.priceE4 = in.readLong();
                    d.shares = in.readInt();
                    d.timeInForce = in.readInt();
                    d.triggerTimestampNs = in.readLong();
                    decisions[i] = d;
                }
                return Optional.of(decisions);
            }
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    static void write(Path file, Decision[] decisions) throws IOException {
        Harness.writeAtomically(file, raw -> {
            DataOutputStream out = new DataOutputStream(new BufferedOutputStream(raw, 1 << 16));
            out.writeInt(decisions.length);
            for (Decision d : decisions) {
                out.writeInt(d.locate);
                out.writeLong(d.stock);
                out.writeByte(d.side);
                out.writeLong(d.priceE4);
                out.writeInt(d.shares);
                out.writeInt(d.timeInForce);
                out.writeLong(d.triggerTimestampNs);
            }
            out.flush();
        });
    }

    private static Optional<Path> file(long seed, int count) {
        return CODE_CHECKSUM.map(crc -> Path.of(
                System.getProperty("java.io.tmpdir"),
                "stagebench-streams",
                "decisions-" + seed + "-" + count + "-" + Long.toHexString(crc) + ".bin"));
    }

    /** @return {@link #checksum(Path)} of the jar or folder {@code type} was loaded from; empty when that is unknown */
    static Optional<Long> codeChecksum(Class<?> type) {
        try {
            CodeSource source = type.getProtectionDomain().getCodeSource();
            return source == null || source.getLocation() == null
                    ? Optional.empty()
                    : checksum(Path.of(source.getLocation().toURI()));
        } catch (URISyntaxException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * @return a CRC-32 of a jar's bytes, or of every file under a classes folder (names and bytes, in name order);
     *     empty when it cannot be read
     */
    static Optional<Long> checksum(Path place) {
        try {
            CRC32 crc = new CRC32();
            if (Files.isDirectory(place)) {
                List<Path> files;
                try (Stream<Path> walk = Files.walk(place)) {
                    files = walk.filter(Files::isRegularFile).sorted().toList();
                }
                for (Path file : files) {
                    crc.update(place.relativize(file).toString().getBytes(StandardCharsets.UTF_8));
                    crc.update(Files.readAllBytes(file));
                }
            } else {
                try (InputStream in = Files.newInputStream(place)) {
                    byte[] buffer = new byte[1 << 16];
                    for (int n; (n = in.read(buffer)) > 0; ) {
                        crc.update(buffer, 0, n);
                    }
                }
            }
            return Optional.of(crc.getValue());
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
