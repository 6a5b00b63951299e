package io.stagebench.nativeaccess;

import io.stagebench.clock.Clock;
import io.stagebench.clock.ClockBinding;
import io.stagebench.clock.LoadedClock;
import io.stagebench.clock.NanoTimeClock;
import java.util.List;
import java.util.function.Function;

/**
 * Loads the requested {@link ClockBinding}, falling back to {@code System.nanoTime()} with a warning when the native
 * library cannot be loaded (no C compiler at build time, an unsupported OS or CPU, a library that fails to link).
 */
public final class ClockLoader {

    private ClockLoader() {}

    /** Loads {@code requested}; never throws, never returns null. */
    public static LoadedClock load(ClockBinding requested) {
        return load(requested, ClockLoader::newNativeClock);
    }

    static LoadedClock load(ClockBinding requested, Function<ClockBinding, Clock> nativeClocks) {
        if (!requested.isNative()) {
            return new LoadedClock(new NanoTimeClock(), requested, List.of());
        }
        try {
            Clock clock = nativeClocks.apply(requested);
            clock.raw(); // link now, not in the first measured call
            return new LoadedClock(clock, requested, List.of());
        } catch (LinkageError | RuntimeException e) {
            String reason = rootMessage(e);
            return new LoadedClock(
                    new NanoTimeClock(),
                    requested,
                    List.of("native clock unavailable for binding '" + requested + "' (" + reason
                            + "); falling back to System.nanoTime(): step and overhead are tens of ns,"
                            + " too coarse for a single stage"));
        }
    }

    private static Clock newNativeClock(ClockBinding binding) {
        return switch (binding) {
            case FFM -> new FfmClock();
            case JNA -> new JnaClock();
            case NANOTIME -> new NanoTimeClock();
        };
    }

    private static String rootMessage(Throwable e) {
        Throwable cause = e;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        String message = cause.getMessage();
        return message == null ? cause.getClass().getSimpleName() : message;
    }
}
