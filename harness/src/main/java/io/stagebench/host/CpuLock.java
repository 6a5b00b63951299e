package io.stagebench.host;

import io.stagebench.config.UsageException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One measurement per CPU. Two launchers measuring on one CPU at once time-share it, and each fork's level then depends
 * on the other's (two forks of the same code sat far apart so): both results would be stored as normal runs. So a
 * launcher that measures holds an exclusive lock on a file named for its measuring CPU ({@code cpu-1.lock} in
 * {@link #directory()}), and another that wants that CPU waits for it - saying once who holds it - or, asked not to
 * wait, stops with one line.
 *
 * <p>The lock is the kernel's ({@code fcntl}) on the open file, so a launcher that dies, is killed or crashes releases
 * it with its process: no stale lock is ever left. The file's text names the holder (pid, command, since when) for the
 * one that waits. Commands in one JVM share the JVM's lock (a count of holders per CPU), since the kernel's is per
 * process.
 */
public final class CpuLock {

    /** The system property that names the lock folder (tests); else {@code STAGEBENCH_LOCK_DIR}, else the default. */
    public static final String DIRECTORY_PROPERTY = "stagebench.lockDir";
    /** The environment variable that names the lock folder. */
    public static final String DIRECTORY_ENV = "STAGEBENCH_LOCK_DIR";

    private static final Map<Path, Held> HELD = new HashMap<>();
    /**
     * The locks the commands running on this thread took, released when the command ends ({@link #releaseThisThreads}).
     */
    private static final ThreadLocal<List<Token>> THIS_THREADS = ThreadLocal.withInitial(ArrayList::new);

    private static final DateTimeFormatter SINCE =
            DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ROOT).withZone(ZoneId.systemDefault());

    /**
     * The kernel's lock on one CPU's file (held while its channel is open), and how many commands of this JVM hold it.
     */
    private static final class Held {
        private final FileChannel channel;
        private int holders = 1;

        private Held(FileChannel channel) {
            this.channel = channel;
        }
    }

    /** A lock this JVM holds until {@link #close()}; closing it twice is harmless. */
    public static final class Token implements AutoCloseable {
        private final Path file;
        private boolean closed;

        private Token(Path file) {
            this.file = file;
        }

        @Override
        public void close() {
            synchronized (HELD) {
                if (closed) {
                    return;
                }
                closed = true;
                Held held = HELD.get(file);
                if (held != null && --held.holders == 0) {
                    HELD.remove(file);
                    try {
                        held.channel.close(); // releases the lock
                    } catch (IOException ignored) {
                        // the kernel releases it with the process anyway
                    }
                }
            }
        }
    }

    private CpuLock() {}

    /**
     * @return where the lock files are: the property, the environment variable, else {@code stagebench-locks} in the
     *     temporary folder
     */
    public static Path directory() {
        String property = System.getProperty(DIRECTORY_PROPERTY);
        if (property != null && !property.isBlank()) {
            return Path.of(property);
        }
        String env = System.getenv(DIRECTORY_ENV);
        if (env != null && !env.isBlank()) {
            return Path.of(env);
        }
        return Path.of(System.getProperty("java.io.tmpdir"), "stagebench-locks");
    }

    /**
     * Takes CPU {@code cpu}'s lock for this JVM, waiting while another process holds it.
     *
     * @param command what this launcher is doing, for one that waits for it ("stagebench run encode -f 3")
     * @param wait false: do not wait, stop instead
     * @param err where the one line saying who holds it goes, before waiting
     * @param warnings receives why no lock could be taken (the run then goes on unlocked, and says so)
     * @return the lock, to close when the measurement ends; empty when none could be taken
     * @throws UsageException when another process holds it and {@code wait} is false: one line naming the holder
     */
    public static Optional<Token> acquire(
            int cpu, String command, boolean wait, PrintWriter err, List<String> warnings) {
        Path file = directory().resolve("cpu-" + cpu + ".lock");
        synchronized (HELD) {
            Held held = HELD.get(file);
            if (held != null) {
                held.holders++;
                return Optional.of(kept(new Token(file)));
            }
            try {
                Files.createDirectories(file.getParent());
                FileChannel channel = FileChannel.open(
                        file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
                FileLock lock = channel.tryLock();
                if (lock == null) {
                    String holder = holder(file);
                    if (!wait) {
                        channel.close();
                        throw new UsageException(
                                "CPU " + cpu + " is measuring for " + holder + "; not waiting (--no-wait);"
                                        + " run again when it ends, or measure on another CPU with --cpu");
                    }
                    err.println("[stagebench] CPU " + cpu + " is measuring for " + holder + "; waiting for it to end"
                            + " (--no-wait: stop instead)");
                    err.flush();
                    // waits holding this JVM's monitor: its other commands wait for the CPU too, behind this one
                    channel.lock();
                }
                describe(channel, command);
                HELD.put(file, new Held(channel));
                return Optional.of(kept(new Token(file)));
            } catch (IOException | RuntimeException e) {
                if (e instanceof UsageException usage) {
                    throw usage;
                }
                warnings.add("CPU " + cpu + " could not be locked for this measurement (" + file + ": " + e
                        + "): another measurement could share the CPU unnoticed");
                return Optional.empty();
            }
        }
    }

    private static Token kept(Token token) {
        THIS_THREADS.get().add(token);
        return token;
    }

    /** Releases every lock the commands run on this thread took: a command's measurements have ended. */
    public static void releaseThisThreads() {
        List<Token> tokens = THIS_THREADS.get();
        tokens.forEach(Token::close);
        tokens.clear();
    }

    /** @return "pid 4242 (stagebench run encode -f 3) since 04:31:02", from the file's text */
    private static String holder(Path file) {
        try {
            List<String> fields = List.of(
                    Files.readString(file, StandardCharsets.UTF_8).strip().split("\t", 3));
            if (fields.size() == 3) {
                return "pid " + fields.get(0) + " (" + fields.get(2) + ") since "
                        + SINCE.format(Instant.ofEpochMilli(Long.parseLong(fields.get(1))));
            }
        } catch (IOException | NumberFormatException e) {
            // an unreadable or half-written description: name the file instead
        }
        return "another process (its lock " + file + ")";
    }

    private static void describe(FileChannel channel, String command) throws IOException {
        String text = ProcessHandle.current().pid() + "\t" + System.currentTimeMillis() + "\t"
                + command.replace('\t', ' ').replace('\n', ' ') + "\n";
        channel.truncate(0);
        channel.write(ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)), 0);
        channel.force(false);
    }

    /** @return how many CPUs' locks this JVM holds now (tests) */
    static int heldCount() {
        synchronized (HELD) {
            return HELD.size();
        }
    }
}
