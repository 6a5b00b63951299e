package io.stagebench.clock;

/**
 * A source of counter ticks: the ruler every measurement is made with.
 *
 * <p>Three reads, because one read cannot serve both ends of a short interval:
 *
 * <ul>
 *   <li>{@link #begin()} for the start of an interval: no later instruction may execute before it (x86-64:
 *       {@code lfence; rdtsc; lfence});
 *   <li>{@link #end()} for the end: the read waits for every earlier instruction to retire and no later one may start
 *       before it ({@code rdtscp; lfence});
 *   <li>{@link #raw()}: unfenced, cheapest, may be reordered either way; fine for intervals of many microseconds and
 *       for the counter-step measurement.
 * </ul>
 *
 * Values are raw ticks of the binding's counter; convert to nanoseconds offline with the calibrated
 * {@link Calibration#ticksPerNs()} - never in the measured loop.
 *
 * <p>IMPLEMENTATION NOTE: a measured loop must see exactly one implementation of this interface so the call stays
 * monomorphic and is inlined. The runner therefore loads a single binding per forked JVM; do not mix bindings inside
 * one measuring JVM.
 */
public interface Clock {

    /** @return counter ticks, fenced for the start of a short interval */
    long begin();

    /** @return counter ticks, fenced for the end of a short interval */
    long end();

    /** @return counter ticks, unfenced */
    long raw();

    /** @return which binding this clock is */
    ClockBinding binding();
}
