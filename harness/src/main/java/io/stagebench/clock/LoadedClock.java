package io.stagebench.clock;

import java.util.List;

/**
 * A clock as it was actually obtained: which binding was asked for, which one is in use, and the warnings a report must
 * print (a fallback is never silent).
 *
 * @param clock the clock in use
 * @param requested the binding that was asked for
 * @param warnings degradations to print as {@code *** WARNING:} lines and store in results
 */
public record LoadedClock(Clock clock, ClockBinding requested, List<String> warnings) {

    public LoadedClock {
        warnings = List.copyOf(warnings);
    }

    /** @return the binding actually in use */
    public ClockBinding binding() {
        return clock.binding();
    }

    /** @return true when the requested binding could not be loaded */
    public boolean isFallback() {
        return clock.binding() != requested;
    }
}
