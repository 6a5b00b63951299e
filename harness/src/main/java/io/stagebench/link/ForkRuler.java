package io.stagebench.link;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.stagebench.clock.Calibration;
import io.stagebench.clock.ClockBinding;
import io.stagebench.clock.ProbeOverhead;
import io.stagebench.clock.RateCheck;
import io.stagebench.json.RecordJson;

/**
 * The ruler a fork measured with: the clock it asked for and the one it got, the counter's rate, its step and the
 * probe's overhead. Every figure of the fork is in this ruler's ticks until the launcher converts them. One part of a
 * {@link ForkResult}, written among its fields.
 *
 * <p>What an older build's file lacks reads as {@link OlderBuilds} says.
 *
 * @param requestedBinding binding asked for
 * @param binding binding in use
 * @param calibration ticks per ns of this fork: its own, or the one {@code rateCheck} checked
 * @param stepTicks counter step: the coarser of the back-to-back step and the step fenced intervals come in
 * @param readStepTicks the step between back-to-back raw reads, which {@code stepTicks} may exceed; 0 when not recorded
 * @param overhead probe overhead; its minimum is subtracted from every stage delta
 * @param rateCheck the short read of the rate by which this fork took the calibration an earlier fork execution of its
 *     JVM measured (in-process forks only, {@code io.stagebench.forked.KeptCalibration}); null when the fork calibrated
 *     itself, as every fork JVM does
 * @param wallClock how far the kernel's clock mapped onto the counter may be off, for a benchmark that maps kernel
 *     timestamps ({@link io.stagebench.api.WallClock}); null for every other
 */
public record ForkRuler(
        ClockBinding requestedBinding,
        ClockBinding binding,
        Calibration calibration,
        long stepTicks,
        long readStepTicks,
        ProbeOverhead overhead,
        @JsonInclude(JsonInclude.Include.NON_NULL) RateCheck rateCheck,
        @JsonInclude(JsonInclude.Include.NON_NULL) WallClockBound wallClock)
        implements RecordJson.Part {

    /** The ruler of a fork whose benchmark mapped no kernel timestamp. */
    public ForkRuler(
            ClockBinding requestedBinding,
            ClockBinding binding,
            Calibration calibration,
            long stepTicks,
            long readStepTicks,
            ProbeOverhead overhead,
            RateCheck rateCheck) {
        this(requestedBinding, binding, calibration, stepTicks, readStepTicks, overhead, rateCheck, null);
    }

    /** The ruler of a fork that calibrated itself. */
    public ForkRuler(
            ClockBinding requestedBinding,
            ClockBinding binding,
            Calibration calibration,
            long stepTicks,
            long readStepTicks,
            ProbeOverhead overhead) {
        this(requestedBinding, binding, calibration, stepTicks, readStepTicks, overhead, null, null);
    }

    /** @return the counter step in nanoseconds */
    public double stepNs() {
        return calibration.toNs(stepTicks);
    }

    /** @return the probe overhead subtracted from every stage delta, in nanoseconds */
    public double subtractedNs() {
        return calibration.toNs(overhead.subtractedTicks());
    }
}
