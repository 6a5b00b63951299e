package io.stagebench.probe;

import io.stagebench.clock.ClockBinding;
import io.stagebench.clock.ClockMeasurement;
import io.stagebench.system.CpuInfo;
import io.stagebench.system.KernelTsc;
import io.stagebench.system.ReadinessCheck;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The result of {@code stagebench clocks}: one {@link ClockMeasurement} per binding (each from its own JVM), the
 * machine's counter facts, and the kernel's TSC figure, rendered as the console table or as JSON (keys documented in
 * {@code docs/clocks.md}).
 *
 * @param cpu the machine's counter facts
 * @param kernelTsc the kernel's TSC frequency, when one is exposed
 * @param measurements one per binding that was measured
 * @param failures one line per binding whose fork failed
 * @param counterWarnings what {@link ReadinessCheck#counterWarnings()} says about the counter, one line each
 */
public record ClocksReport(
        CpuInfo cpu,
        Optional<KernelTsc> kernelTsc,
        List<ClockMeasurement> measurements,
        List<String> failures,
        List<String> counterWarnings) {

    /** Calibrations further than this from the kernel's figure are flagged. */
    public static final double KERNEL_AGREEMENT = 1e-4;

    public ClocksReport {
        measurements = List.copyOf(measurements);
        failures = List.copyOf(failures);
        counterWarnings = List.copyOf(counterWarnings);
    }

    /**
     * @return the measurement whose calibration and step describe the counter: FFM if native, else the first native one
     */
    public Optional<ClockMeasurement> reference() {
        return measurements.stream()
                .filter(m -> m.binding() == ClockBinding.FFM)
                .findFirst()
                .or(() -> measurements.stream()
                        .filter(m -> m.binding().isNative())
                        .findFirst())
                .or(() -> measurements.stream().findFirst());
    }

    /** @return the C floor's minimum probe overhead in ns, from the reference fork */
    public Optional<Double> floorNs() {
        return reference()
                .filter(ClockMeasurement::hasFloor)
                .map(m -> m.calibration().toNs(m.floorOverheadTicks()));
    }

    /** @return overhead min of {@code m} over the C floor measured in the same JVM (or the reference's) */
    public Optional<Double> ratioToFloor(ClockMeasurement m) {
        double minNs = m.calibration().toNs(m.overhead().minTicks());
        if (m.hasFloor()) {
            double floorNs = m.calibration().toNs(m.floorOverheadTicks());
            return floorNs > 0 ? Optional.of(minNs / floorNs) : Optional.empty();
        }
        return floorNs().filter(f -> f > 0).map(f -> minNs / f);
    }

    /** @return every warning the report must show, one line each, without the prefix */
    public List<String> warnings() {
        List<String> warnings = new ArrayList<>(counterWarnings);
        for (ClockMeasurement m : measurements) {
            for (String w : m.warnings()) {
                warnings.add("[" + m.requested() + "] " + w);
            }
        }
        failures.forEach(f -> warnings.add(f));
        Optional<ClockMeasurement> reference =
                reference().filter(m -> m.binding().isNative());
        if (reference.isPresent()) {
            if (kernelTsc.isEmpty()) {
                warnings.add("the kernel exposes no TSC frequency to cross-check the calibration against");
            } else {
                double diff = kernelTsc
                        .get()
                        .relativeDifference(reference.get().calibration().mhz());
                if (Math.abs(diff) > KERNEL_AGREEMENT) {
                    warnings.add(String.format(
                            Locale.ROOT,
                            "calibrated %.3f MHz differs from the kernel's %.3f MHz by %+.1e (more than %.0e)",
                            reference.get().calibration().mhz(),
                            kernelTsc.get().mhz(),
                            diff,
                            KERNEL_AGREEMENT));
                }
            }
        } else if (!measurements.isEmpty()) {
            warnings.add("no native clock: every figure is System.nanoTime(), whose step and cost are tens of ns");
        }
        return warnings;
    }

    /** @return the JSON document: keys documented in {@code docs/clocks.md} under "stagebench clocks --json" */
    public ClocksDocument toJson() {
        return ClocksDocument.of(this);
    }
}
