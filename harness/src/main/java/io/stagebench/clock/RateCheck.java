package io.stagebench.clock;

import java.util.Locale;

/**
 * A short read of the counter's rate, taken over the window a fork's ruler takes anyway (the counter step and the probe
 * overhead), to check a calibration measured before instead of sleeping out one of its own. The rate is a property of
 * the machine (an invariant TSC runs at one rate on every CPU and for the whole boot); what can be wrong is only a
 * reading of it, so a check within {@link #TOLERANCE} keeps the earlier calibration, and a check outside it calibrates
 * afresh.
 *
 * <p>The check's error is bounded as a calibration round's is: two read pairs (tens of ns each; more when the thread is
 * preempted between the two reads of a pair) over the window, a few parts in a million at {@link #MIN_INTERVAL_MS} on a
 * quiet thread.
 *
 * @param ticksPerNs the rate read
 * @param intervalNs the window it was read over
 */
public record RateCheck(double ticksPerNs, long intervalNs) {

    /** Shortest window a check reads over. */
    public static final long MIN_INTERVAL_MS = 20;
    /**
     * Largest relative difference from the earlier calibration a check accepts: 5e-4, 0.01 ns of a 20 ns stage and a
     * fortieth of the smallest shift a verdict calls (2 %). Above the reading errors seen between real forks and
     * in-process ones, where a safepoint between the two reads of a pair makes a round read low (docs/decisions.md,
     * "Calibration").
     */
    public static final double TOLERANCE = 5e-4;

    /** @return (this rate - the calibration's) / the calibration's */
    public double relativeDifference(Calibration calibration) {
        return (ticksPerNs - calibration.ticksPerNs()) / calibration.ticksPerNs();
    }

    /** @return whether this check is within {@link #TOLERANCE} of {@code calibration} */
    public boolean agrees(Calibration calibration) {
        return Math.abs(relativeDifference(calibration)) <= TOLERANCE;
    }

    /** @return the rate in MHz */
    public double mhz() {
        return ticksPerNs * 1000.0;
    }

    /** @return {@code "2600.013 MHz over 38 ms"} */
    public String describe() {
        return String.format(Locale.ROOT, "%.3f MHz over %d ms", mhz(), intervalNs / 1_000_000);
    }
}
