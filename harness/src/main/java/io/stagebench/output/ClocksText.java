package io.stagebench.output;

import io.stagebench.clock.Calibration;
import io.stagebench.clock.ClockMeasurement;
import io.stagebench.probe.ClocksReport;
import io.stagebench.text.Table;
import io.stagebench.text.Table.Column;
import io.stagebench.text.Table.Width;
import java.util.List;
import java.util.Locale;

/** The console text of {@code stagebench clocks}: the CPU and counter lines, the bindings' table and the warnings. */
public final class ClocksText {

    private ClocksText() {}

    /** @return the console rendering of {@code report} */
    public static String render(ClocksReport report) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(
                Locale.ROOT,
                "cpu %s, %d CPUs, clocksource %s, constant_tsc %s, nonstop_tsc %s%n",
                report.cpu().model(),
                report.cpu().logicalCpus(),
                report.cpu().clocksource(),
                yesNo(report.cpu().constantTsc()),
                yesNo(report.cpu().nonstopTsc())));
        report.reference().ifPresent(ref -> {
            out.append(ref.counterLine()).append(System.lineSeparator());
            Calibration c = ref.calibration();
            if (ref.binding().isNative()) {
                out.append(String.format(
                        Locale.ROOT,
                        "calibration %.4f MHz, median of %d x %d ms against CLOCK_MONOTONIC, spread %.1e",
                        c.mhz(),
                        c.rounds(),
                        c.intervalNs() / 1_000_000,
                        c.relativeSpread()));
                report.kernelTsc()
                        .ifPresentOrElse(
                                k -> out.append(String.format(
                                        Locale.ROOT,
                                        "; kernel %.3f MHz (%s), difference %+.1e",
                                        k.mhz(),
                                        k.source(),
                                        k.relativeDifference(c.mhz()))),
                                () -> out.append("; no kernel figure to compare"));
                out.append(System.lineSeparator());
            }
            out.append("measuring thread ")
                    .append(ref.cpu() >= 0 ? "pinned to CPU " + ref.cpu() : "NOT pinned")
                    .append(", one JVM per binding")
                    .append(System.lineSeparator());
        });
        out.append(System.lineSeparator());
        Table table = Table.withHeader(
                Column.left("binding", Width.fixed(10)),
                Column.right("overhead min", Width.fixed(20)),
                Column.right("overhead median", Width.fixed(20)),
                Column.right("one read", Width.fixed(12)),
                Column.right("vs C floor", Width.fixed(11)));
        report.reference()
                .filter(ClockMeasurement::hasFloor)
                .ifPresent(ref -> table.row(
                        "C floor", ticksAndNs(ref.floorOverheadTicks(), ref.calibration()), "-", "-", "1.00"));
        for (ClockMeasurement m : report.measurements()) {
            String name = m.binding() == m.requested() ? m.binding().id() : m.requested() + "->" + m.binding();
            table.row(
                    name,
                    ticksAndNs(m.overhead().minTicks(), m.calibration()),
                    ticksAndNs(m.overhead().medianTicks(), m.calibration()),
                    String.format(Locale.ROOT, "%.1f ns", m.calibration().toNs(m.readCostTicks())),
                    report.ratioToFloor(m)
                            .map(r -> String.format(Locale.ROOT, "%.2f", r))
                            .orElse("-"));
        }
        table.appendTo(out);
        List<String> warnings = report.warnings();
        if (!warnings.isEmpty()) {
            out.append(System.lineSeparator());
            warnings.forEach(w -> out.append("*** WARNING: ").append(w).append(System.lineSeparator()));
        }
        return out.toString();
    }

    private static String ticksAndNs(long ticks, Calibration calibration) {
        return String.format(Locale.ROOT, "%d ticks %6.1f ns", ticks, calibration.toNs(ticks));
    }

    private static String yesNo(boolean value) {
        return value ? "yes" : "NO";
    }
}
