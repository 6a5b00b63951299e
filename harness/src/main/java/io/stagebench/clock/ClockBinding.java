package io.stagebench.clock;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How a {@link Clock} reaches the counter.
 *
 * <p>{@link #FFM} is the default: a critical FFM downcall into the native library, close to the same fences read from C
 * (docs/decisions.md, "Clock binding"). {@link #JNA} is kept so users can see what a conventional binding costs
 * (several times more). {@link #NANOTIME} is the fallback when the native library cannot load; its ticks are
 * nanoseconds and its step is that of {@code System.nanoTime()}.
 */
public enum ClockBinding {
    FFM("ffm", "FFM critical downcall into libstagebench"),
    JNA("jna", "JNA direct mapping into libstagebench"),
    NANOTIME("nanotime", "System.nanoTime() (CLOCK_MONOTONIC)");

    private final String id;
    private final String description;

    ClockBinding(String id, String description) {
        this.id = id;
        this.description = description;
    }

    /** @return the name used on the command line and in result files */
    public String id() {
        return id;
    }

    /** @return a human description of the mechanism */
    public String description() {
        return description;
    }

    /** @return true when ticks come from the hardware counter through libstagebench */
    public boolean isNative() {
        return this != NANOTIME;
    }

    /**
     * Parses a binding name, case-insensitively.
     *
     * @throws IllegalArgumentException "unknown clock binding 'x' (valid: ffm, jna, nanotime)"
     */
    public static ClockBinding parse(String name) {
        String wanted = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
        for (ClockBinding binding : values()) {
            if (binding.id.equals(wanted)) {
                return binding;
            }
        }
        throw new IllegalArgumentException("unknown clock binding '" + name + "' (valid: " + validNames() + ")");
    }

    /** @return the valid names, comma separated */
    public static String validNames() {
        return Arrays.stream(values()).map(ClockBinding::id).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return id;
    }
}
