package io.stagebench.io;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * Writes files so that a reader sees either the old content or the complete new one, never a half-written file: write a
 * temporary file in the same folder, force it to disk, then rename it over the target. A write that fails (a full disk,
 * a closed stream) removes its temporary file and leaves the target as it was; a process killed midway leaves at most a
 * {@code .tmp-*} file, which no reader takes for a result.
 *
 * <p>Every failure is a {@link FileSystemException} whose file is the target (not the temporary file) and whose reason
 * says what went wrong, e.g. {@code /tmp: is a directory}.
 */
public final class AtomicFiles {

    /** Prefix of temporary files; readers ignore files that start with it. */
    public static final String TEMP_PREFIX = ".tmp-";
    /**
     * Fault injection for tests: a comma-separated list of file names whose write fails as on a full disk ("No space
     * left on device"), in whichever JVM reads it (a fork takes it as a {@code --jvm-arg=-D...}). Unset in every real
     * run.
     */
    public static final String NO_SPACE_PROPERTY = "stagebench.faults.noSpace";

    /** Writes a file's content to a stream; the stream is not to be closed (closing only flushes). */
    @FunctionalInterface
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    private AtomicFiles() {}

    /** Writes {@code text} as UTF-8. */
    public static void writeString(Path target, String text) throws IOException {
        write(target, ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)));
    }

    /** Writes the remaining bytes of {@code content}. */
    public static void write(Path target, ByteBuffer content) throws IOException {
        write(target, out -> {
            WritableByteChannel channel = Channels.newChannel(out);
            while (content.hasRemaining()) {
                channel.write(content);
            }
        });
    }

    /**
     * Writes whatever {@code content} writes to its stream, unbuffered (wrap it in a
     * {@link java.io.BufferedOutputStream} for many small writes).
     *
     * @throws FileSystemException naming {@code target}: "is a directory", "cannot write (permission denied)", ...
     */
    public static void write(Path target, Content content) throws IOException {
        if (Files.isDirectory(target)) {
            throw new FileSystemException(target.toString(), null, "is a directory");
        }
        Path dir = target.toAbsolutePath().getParent();
        Path temp = dir.resolve(TEMP_PREFIX + target.getFileName() + "-"
                + ProcessHandle.current().pid());
        try {
            Files.createDirectories(dir);
            if (injectedFull(target)) {
                throw new FileSystemException(temp.toString(), null, "No space left on device");
            }
            try (FileChannel channel = FileChannel.open(
                    temp, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                try (OutputStream out = new ChannelStream(channel)) {
                    content.writeTo(out);
                }
                channel.force(true);
            }
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            boolean aboutAnotherFile = e instanceof FileSystemException fs
                    && fs.getFile() != null
                    && !fs.getFile().equals(temp.toString())
                    && !fs.getFile().equals(target.toString());
            FileSystemException named = new FileSystemException(
                    target.toString(),
                    null,
                    "cannot write (" + (aboutAnotherFile ? IoProblems.describe(e) : IoProblems.reason(e)) + ")");
            named.initCause(e);
            throw named;
        } finally {
            deleteIfPresent(temp);
        }
    }

    private static boolean injectedFull(Path target) {
        String names = System.getProperty(NO_SPACE_PROPERTY);
        return names != null
                && Arrays.asList(names.split(",")).contains(target.getFileName().toString());
    }

    /** Removes a temporary file left by a failed write; a folder too broken to look into holds none. */
    private static void deleteIfPresent(Path temp) {
        try {
            Files.deleteIfExists(temp);
        } catch (IOException e) {
            // the folder cannot be read or is not a folder: the temporary file was never created
        }
    }

    /** The temporary file as a stream the content may wrap and close without closing the channel. */
    private static final class ChannelStream extends OutputStream {

        private final OutputStream channel;

        ChannelStream(FileChannel channel) {
            this.channel = Channels.newOutputStream(channel);
        }

        @Override
        public void write(int b) throws IOException {
            channel.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            channel.write(b, off, len);
        }

        @Override
        public void close() throws IOException {
            channel.flush();
        }
    }
}
