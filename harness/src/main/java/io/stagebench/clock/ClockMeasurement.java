package io.stagebench.clock;

import java.util.List;
import java.util.Locale;

/**
 * Everything measured about one clock binding in one JVM: the ruler's description that every report prints beside its
 * numbers.
 *
 * @param requested the binding asked for
 * @param binding the binding in use (differs after a fallback)
 * @param calibration ticks per ns against CLOCK_MONOTONIC
 * @param resolution the counter's step between back-to-back reads and in fenced intervals
 * @param overhead fenced probe overhead (min and median)
 * @param readCostTicks average cost of one raw read
 * @param floorOverheadTicks the C floor's minimum fenced probe overhead, -1 when not measured
 * @param floorStepTicks the C floor's counter step, -1 when not measured
 * @param cpu the CPU the measuring thread was pinned to, -1 when not pinned
 * @param warnings degradations, printed as {@code *** WARNING:} lines
 */
public record ClockMeasurement(
        ClockBinding requested,
        ClockBinding binding,
        Calibration calibration,
        CounterResolution resolution,
        ProbeOverhead overhead,
        double readCostTicks,
        long floorOverheadTicks,
        long floorStepTicks,
        int cpu,
        List<String> warnings) {

    public ClockMeasurement {
        warnings = List.copyOf(warnings);
    }

    /** @return true when the C floor was measured in the same JVM */
    public boolean hasFloor() {
        return floorOverheadTicks >= 0;
    }

    /** @return the step the ruler uses: the coarser of the back-to-back and the interval step */
    public long stepTicks() {
        return resolution.stepTicks();
    }

    /**
     * @return the counter line in the reference's form, e.g. {@code counter 2600.0 MHz, 0.385 ns/tick, step 16 ticks =
     *     6.2 ns}, naming the interval step when it is the coarser
     */
    public String counterLine() {
        return String.format(
                Locale.ROOT,
                "counter %.1f MHz, %.3f ns/tick, %s",
                calibration.mhz(),
                calibration.nsPerTick(),
                resolution.describe(calibration));
    }
}
