package io.stagebench.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Writes files so that a reader sees either the old content or the complete new one,
 * never a half-written file: write a temporary file in the same folder, force it to disk,
 * then rename it over the target. A run killed midway leaves at most a {@code .tmp-*}
 * file, which no reader takes for a result.
 */
public final class AtomicFiles {

    /** Prefix of temporary files; readers ignore files that start with it. */
    public static final String TEMP_PREFIX = ".tmp-";

    private AtomicFiles() {
    }

    /** Writes {@code text} as UTF-8. */
    public static void writeString(Path target, String text) throws IOException {
        write(target, ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)));
    }

    /** Writes the remaining bytes of {@code content}. */
    public static void write(Path target, ByteBuffer content) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path temp = dir.resolve(TEMP_PREFIX + target.getFileName() + "-" + ProcessHandle.current().pid());
        try {
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING)) {
                while (content.hasRemaining()) {
                    channel.write(content);
                }
                channel.force(true);
            }
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
