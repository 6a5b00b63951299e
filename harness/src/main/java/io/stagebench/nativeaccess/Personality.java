package io.stagebench.nativeaccess;

import com.sun.jna.LastErrorException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Linux process personality ({@code personality(2)}), for one flag: {@code ADDR_NO_RANDOMIZE}, which turns
 * address-space layout randomisation off for the programs a thread executes next (what {@code setarch -R} does). The
 * flag is a property of the calling <em>thread</em>, copied into every process it starts and kept across {@code exec},
 * so the launcher sets it on the thread that starts a fork, right before the start, and restores it right after.
 *
 * <p>IMPLEMENTATION NOTES: a container's seccomp profile may refuse the call (EPERM); that is reported, never thrown.
 * The flag is dropped by the kernel when a set-user-id program runs, so nothing between the launcher and the fork may
 * be one ({@code taskset} is not). Not on the measured path.
 */
public final class Personality {

    /** {@code ADDR_NO_RANDOMIZE} of {@code <linux/personality.h>}. */
    public static final int ADDR_NO_RANDOMIZE = 0x0040000;

    private static final long QUERY = 0xffffffffL;
    private static final boolean AVAILABLE;
    private static final String UNAVAILABLE_REASON;

    static {
        UNAVAILABLE_REASON = Libc.register(Personality.class, "personality(2)").orElse(null);
        AVAILABLE = UNAVAILABLE_REASON == null;
    }

    private Personality() {}

    private static native int personality(long persona) throws LastErrorException;

    /**
     * Sets {@code ADDR_NO_RANDOMIZE} on the calling thread, keeping its other flags.
     *
     * @return the personality to {@link #restore} afterwards, or the reason it was refused
     */
    public static Result disableRandomisation() {
        if (!AVAILABLE) {
            return Result.refused(UNAVAILABLE_REASON);
        }
        try {
            int previous = personality(QUERY);
            personality(Integer.toUnsignedLong(previous | ADDR_NO_RANDOMIZE));
            int now = personality(QUERY);
            if ((now & ADDR_NO_RANDOMIZE) == 0) {
                restore(previous);
                return Result.refused("personality(ADDR_NO_RANDOMIZE) read back as 0x" + Integer.toHexString(now));
            }
            return new Result(previous, null);
        } catch (LastErrorException e) {
            return Result.refused("personality(ADDR_NO_RANDOMIZE) refused: " + e.getMessage());
        }
    }

    /** Puts the calling thread's personality back to {@code persona}; a refusal is ignored. */
    public static void restore(int persona) {
        if (AVAILABLE) {
            try {
                personality(Integer.toUnsignedLong(persona));
            } catch (LastErrorException e) {
                // nothing to restore to: the set call was refused too
            }
        }
    }

    /**
     * @return this process's personality as {@code /proc/self/personality} shows it (hexadecimal text), or empty when
     *     the file cannot be read
     */
    public static Optional<Integer> ofThisProcess() {
        return read(Path.of("/proc/self/personality"));
    }

    /** @return the calling thread's personality ({@code /proc/thread-self/personality}), or empty when unreadable */
    public static Optional<Integer> ofThisThread() {
        return read(Path.of("/proc/thread-self/personality"));
    }

    private static Optional<Integer> read(Path file) {
        try {
            return Optional.of(Integer.parseUnsignedInt(Files.readString(file).trim(), 16));
        } catch (IOException | NumberFormatException | SecurityException e) {
            return Optional.empty();
        }
    }

    /**
     * What {@link #disableRandomisation} obtained.
     *
     * @param previous the personality before (to restore), meaningful when {@code refusal} is null
     * @param refusal why it was refused, or null when the flag is set
     */
    public record Result(int previous, String refusal) {
        static Result refused(String reason) {
            return new Result(0, reason);
        }

        /** @return whether the flag is set on the calling thread */
        public boolean disabled() {
            return refusal == null;
        }
    }
}
