package io.stagebench.nativeaccess;

import com.sun.jna.Native;
import com.sun.jna.Platform;
import java.util.Optional;

/**
 * Binds a class's {@code native} methods to libc through JNA direct mapping, once, in its static initialiser: every OS
 * call of this package ({@link Affinity}, {@link Personality}) goes through it, so each reports the same reason when
 * the binding is impossible.
 */
final class Libc {

    private Libc() {}

    /**
     * @param type the class whose native methods are libc functions
     * @param what what the class does, for the reason ("CPU affinity", "personality(2)")
     * @return empty when bound, else why not (not Linux, or libc not bindable)
     */
    static Optional<String> register(Class<?> type, String what) {
        if (!Platform.isLinux()) {
            return Optional.of(what + " is only supported on Linux");
        }
        try {
            Native.register(type, "c");
            return Optional.empty();
        } catch (LinkageError | RuntimeException e) {
            return Optional.of("libc could not be bound through JNA: " + e.getMessage());
        }
    }
}
