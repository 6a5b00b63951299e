package io.stagebench.probe;

import io.stagebench.clock.Calibration;
import io.stagebench.clock.ClockBinding;
import io.stagebench.clock.ClockMeasurement;
import io.stagebench.system.CpuInfo;
import io.stagebench.system.KernelTsc;
import io.stagebench.system.ReadinessCheck;
import io.stagebench.extension.text.Table;
import io.stagebench.extension.text.Table.Column;
import io.stagebench.extension.text.Table.Width;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The result of {@code stagebench clocks}: one {@link ClockMeasurement} per binding (each
 * from its own JVM), the machine's counter facts, and the kernel's TSC figure, rendered as
 * the console table or as JSON (keys documented in {@code docs/clocks.md}).
 *
 * @param cpu             the machine's counter facts
 * @param kernelTsc       the kernel's TSC frequency, when one is exposed
 * @param measurements    one per binding that was measured
 * @param failures        one line per binding whose fork failed
 * @param counterWarnings what {@link ReadinessCheck#counterWarnings()} says about the counter, one line each
 */
public record ClocksReport(CpuInfo cpu, Optional<KernelTsc> kernelTsc, List<ClockMeasurement> measurements,
                           List<String> failures, List<String> counterWarnings) {

    /** Calibrations further than this from the kernel's figure are flagged. */
    public static final double KERNEL_AGREEMENT = 1e-4;

    public ClocksReport {
        measurements = List.copyOf(measurements);
        failures = List.copyOf(failures);
        counterWarnings = List.copyOf(counterWarnings);
    }

    /** @return the measurement whose calibration and step describe the counter: FFM if native, else the first native one */
    public Optional<ClockMeasurement> reference() {
        return measurements.stream().filter(m -> m.binding() == ClockBinding.FFM)
                .findFirst()
                .or(() -> measurements.stream().filter(m -> m.binding().isNative()).findFirst())
                .or(() -> measurements.stream().findFirst());
    }

    /** @return the C floor's minimum probe overhead in ns, from the reference fork */
    public Optional<Double> floorNs() {
        return reference().filter(ClockMeasurement::hasFloor)
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
        Optional<ClockMeasurement> reference = reference().filter(m -> m.binding().isNative());
        if (reference.isPresent()) {
            if (kernelTsc.isEmpty()) {
                warnings.add("the kernel exposes no TSC frequency to cross-check the calibration against");
            } else {
                double diff = kernelTsc.get().relativeDifference(reference.get().calibration().mhz());
                if (Math.abs(diff) > KERNEL_AGREEMENT) {
                    warnings.add(String.format(Locale.ROOT,
                            "calibrated %.3f MHz differs from the kernel's %.3f MHz by %+.1e (more than %.0e)",
                            reference.get().calibration().mhz(), kernelTsc.get().mhz(), diff, KERNEL_AGREEMENT));
                }
            }
        } else if (!measurements.isEmpty()) {
            warnings.add("no native clock: every figure is System.nanoTime(), whose step and cost are tens of ns");
        }
        return warnings;
    }

    /** @return the console rendering */
    public String toText() {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "cpu %s, %d CPUs, clocksource %s, constant_tsc %s, nonstop_tsc %s%n",
                cpu.model(), cpu.logicalCpus(), cpu.clocksource(), yesNo(cpu.constantTsc()), yesNo(cpu.nonstopTsc())));
        reference().ifPresent(ref -> {
            out.append(ref.counterLine()).append(System.lineSeparator());
            Calibration c = ref.calibration();
            if (ref.binding().isNative()) {
                out.append(String.format(Locale.ROOT, "calibration %.4f MHz, median of %d x %d ms against CLOCK_MONOTONIC, spread %.1e",
                        c.mhz(), c.rounds(), c.intervalNs() / 1_000_000, c.relativeSpread()));
                kernelTsc.ifPresentOrElse(
                        k -> out.append(String.format(Locale.ROOT, "; kernel %.3f MHz (%s), difference %+.1e",
                                k.mhz(), k.source(), k.relativeDifference(c.mhz()))),
                        () -> out.append("; no kernel figure to compare"));
                out.append(System.lineSeparator());
            }
            out.append("measuring thread ").append(ref.cpu() >= 0 ? "pinned to CPU " + ref.cpu() : "NOT pinned")
                    .append(", one JVM per binding").append(System.lineSeparator());
        });
        out.append(System.lineSeparator());
        Table table = Table.withHeader(Column.left("binding", Width.fixed(10)),
                Column.right("overhead min", Width.fixed(20)), Column.right("overhead median", Width.fixed(20)),
                Column.right("one read", Width.fixed(12)), Column.right("vs C floor", Width.fixed(11)));
        reference().filter(ClockMeasurement::hasFloor).ifPresent(ref -> table.row("C floor",
                ticksAndNs(ref.floorOverheadTicks(), ref.calibration()), "-", "-", "1.00"));
        for (ClockMeasurement m : measurements) {
            String name = m.binding() == m.requested() ? m.binding().id() : m.requested() + "->" + m.binding();
            table.row(name, ticksAndNs(m.overhead().minTicks(), m.calibration()),
                    ticksAndNs(m.overhead().medianTicks(), m.calibration()),
                    String.format(Locale.ROOT, "%.1f ns", m.calibration().toNs(m.readCostTicks())),
                    ratioToFloor(m).map(r -> String.format(Locale.ROOT, "%.2f", r)).orElse("-"));
        }
        table.appendTo(out);
        List<String> warnings = warnings();
        if (!warnings.isEmpty()) {
            out.append(System.lineSeparator());
            warnings.forEach(w -> out.append("*** WARNING: ").append(w).append(System.lineSeparator()));
        }
        return out.toString();
    }

    /** @return the JSON document: keys documented in {@code docs/clocks.md} under "stagebench clocks --json" */
    public ClocksDocument toJson() {
        return ClocksDocument.of(this);
    }

    private static String ticksAndNs(long ticks, Calibration calibration) {
        return String.format(Locale.ROOT, "%d ticks %6.1f ns", ticks, calibration.toNs(ticks));
    }

    private static String yesNo(boolean value) {
        return value ? "yes" : "NO";
    }
}
