package io.stagebench.link;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Optional;

/**
 * The fork-to-launcher progress protocol: framed lines on the fork's stdout, which the benchmark's own code no longer
 * writes to.
 *
 * <pre>
 *   \n SOH "sb" TOKEN ' ' TEXT \n
 * </pre>
 *
 * {@code TOKEN} is a random per-fork value the launcher writes into the fork's spec. The fork sends progress through
 * {@link #open}, a stream on file descriptor 1, and moves {@code System.out} to a log file ({@code fork-N.out}) before
 * any benchmark class is loaded. The launcher takes only lines that carry the token ({@link #read}).
 *
 * <p>IMPLEMENTATION NOTES: the leading newline ends whatever partial line something else left on descriptor 1 (native
 * code, the JVM's own warnings), so that text becomes a line of its own, which is dropped, instead of swallowing the
 * progress line. A benchmark that prints a line shaped like progress ({@code [x fork 1/1] measuring ...}) writes it to
 * its log and cannot forge one: it has no token.
 */
public final class ProgressChannel {

    private static final String FRAME = "\u0001sb";
    private static final int TOKEN_BYTES = 8;

    private ProgressChannel() {}

    /** @return a new random token for one fork */
    public static String newToken() {
        byte[] bytes = new byte[TOKEN_BYTES];
        new SecureRandom().nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    /**
     * @param token the fork's token
     * @return a stream on descriptor 1 whose {@code println(String)} sends one framed progress line
     */
    public static PrintStream open(String token) {
        return open(token, new FileOutputStream(FileDescriptor.out));
    }

    /**
     * @param token the fork's token
     * @param out where the framed lines go (descriptor 1 in a fork; a test's reader for a fork in its own JVM)
     * @return a stream whose {@code println(String)} sends one framed progress line to {@code out}
     */
    public static PrintStream open(String token, OutputStream out) {
        String prefix = "\n" + FRAME + token + " ";
        return new PrintStream(out, true, StandardCharsets.UTF_8) {
            @Override
            public void println(String line) {
                synchronized (this) {
                    print(prefix + line + "\n");
                    flush();
                }
            }
        };
    }

    /**
     * @param token the fork's token, or null for a fork that sends plain lines (started by an older build)
     * @param line a line of the fork's stdout
     * @return the progress text it carries, or empty for anything else
     */
    public static Optional<String> read(String token, String line) {
        if (token == null) {
            return line.isEmpty() ? Optional.empty() : Optional.of(line);
        }
        String prefix = FRAME + token + " ";
        return line.startsWith(prefix) ? Optional.of(line.substring(prefix.length())) : Optional.empty();
    }
}
