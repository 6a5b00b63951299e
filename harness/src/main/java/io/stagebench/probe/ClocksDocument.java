package io.stagebench.probe;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.stagebench.clock.Calibration;
import io.stagebench.clock.ClockMeasurement;
import java.util.List;

/**
 * What {@code stagebench clocks --json} prints, schema {@value #SCHEMA}, in the order written (keys documented in
 * {@code docs/clocks.md}).
 *
 * @param schema {@value #SCHEMA}
 * @param machine the machine's counter facts
 * @param reference the reference binding's counter, calibration and C floor, written in place of this key; nothing when
 *     no binding was measured
 * @param bindings one row per binding measured
 * @param warnings every warning, without the {@code *** WARNING:} prefix
 */
public record ClocksDocument(
        String schema,
        Machine machine,
        @JsonUnwrapped Reference reference,
        List<Binding> bindings,
        List<String> warnings) {

    /** Schema of the document. */
    public static final String SCHEMA = "stagebench.clocks/1";

    /**
     * The machine's counter facts.
     *
     * @param cpuModel CPU model name
     * @param logicalCpus logical CPUs online
     * @param constantTsc whether the TSC ticks at a constant rate
     * @param nonstopTsc whether the TSC keeps ticking in deep C-states
     * @param clocksource the kernel's clocksource
     * @param hypervisor whether a hypervisor runs the machine
     */
    public record Machine(
            String cpuModel,
            int logicalCpus,
            boolean constantTsc,
            boolean nonstopTsc,
            String clocksource,
            boolean hypervisor) {}

    /**
     * What the reference binding measured of the counter.
     *
     * @param counter the counter
     * @param calibration its calibration against CLOCK_MONOTONIC
     * @param floor the C loop's figures; null without a native clock
     */
    public record Reference(Counter counter, CalibrationFigures calibration, Floor floor) {}

    /**
     * The counter as the reference binding reads it.
     *
     * @param binding the reference binding
     * @param mhz calibrated frequency
     * @param nsPerTick ns a tick
     * @param stepTicks the counter's step: the coarser of the two below
     * @param stepNs the same in ns
     * @param readStepTicks the step between back-to-back raw reads
     * @param intervalStepTicks the step fenced intervals come in
     * @param line the counter line printed
     */
    public record Counter(
            String binding,
            double mhz,
            double nsPerTick,
            long stepTicks,
            double stepNs,
            long readStepTicks,
            long intervalStepTicks,
            String line) {}

    /**
     * The reference binding's calibration.
     *
     * @param mhz median frequency over the rounds
     * @param minMhz lowest round
     * @param maxMhz highest round
     * @param rounds calibration rounds
     * @param intervalMs length of a round
     * @param relativeSpread (max - min) / median
     * @param kernelMhz the kernel's TSC frequency; null when none is exposed
     * @param kernelSource where the kernel's figure came from; null when none is exposed
     * @param relativeDifference (calibrated - kernel) / kernel; null when none is exposed
     */
    public record CalibrationFigures(
            double mhz,
            double minMhz,
            double maxMhz,
            int rounds,
            long intervalMs,
            double relativeSpread,
            Double kernelMhz,
            String kernelSource,
            Double relativeDifference) {}

    /**
     * The C loop's probe, measured in the reference binding's JVM.
     *
     * @param overheadMinTicks minimum overhead of a begin/end pair
     * @param overheadMinNs the same in ns
     * @param stepTicks the counter's step as the C loop sees it
     */
    public record Floor(long overheadMinTicks, double overheadMinNs, long stepTicks) {}

    /**
     * One binding measured.
     *
     * @param requested the binding asked for
     * @param binding the binding in use (differs after a fallback)
     * @param overheadMinTicks minimum probe overhead
     * @param overheadMinNs the same in ns
     * @param overheadMedianTicks median probe overhead
     * @param overheadMedianNs the same in ns
     * @param overheadPairs begin/end pairs measured
     * @param readNs one read of the clock
     * @param stepTicks the counter's step
     * @param ratioToFloor minimum overhead over the C floor's; null without a floor
     * @param cpu the CPU the measuring thread was pinned to (-1: not pinned)
     */
    public record Binding(
            String requested,
            String binding,
            long overheadMinTicks,
            double overheadMinNs,
            long overheadMedianTicks,
            double overheadMedianNs,
            int overheadPairs,
            double readNs,
            long stepTicks,
            Double ratioToFloor,
            int cpu) {}

    /** @return the document of {@code report} */
    static ClocksDocument of(ClocksReport report) {
        Machine machine = new Machine(
                report.cpu().model(),
                report.cpu().logicalCpus(),
                report.cpu().constantTsc(),
                report.cpu().nonstopTsc(),
                report.cpu().clocksource(),
                report.cpu().hypervisor());
        Reference reference = report.reference()
                .map(ref -> {
                    Calibration c = ref.calibration();
                    Counter counter = new Counter(
                            ref.binding().id(),
                            c.mhz(),
                            c.nsPerTick(),
                            ref.stepTicks(),
                            c.toNs(ref.stepTicks()),
                            ref.resolution().readStepTicks(),
                            ref.resolution().intervalStepTicks(),
                            ref.counterLine());
                    CalibrationFigures calibration = new CalibrationFigures(
                            c.mhz(),
                            c.minTicksPerNs() * 1000.0,
                            c.maxTicksPerNs() * 1000.0,
                            c.rounds(),
                            c.intervalNs() / 1_000_000,
                            c.relativeSpread(),
                            report.kernelTsc().map(k -> k.mhz()).orElse(null),
                            report.kernelTsc().map(k -> k.source()).orElse(null),
                            report.kernelTsc()
                                    .map(k -> k.relativeDifference(c.mhz()))
                                    .orElse(null));
                    Floor floor = ref.hasFloor()
                            ? new Floor(
                                    ref.floorOverheadTicks(), c.toNs(ref.floorOverheadTicks()), ref.floorStepTicks())
                            : null;
                    return new Reference(counter, calibration, floor);
                })
                .orElse(null);
        List<Binding> bindings =
                report.measurements().stream().map(m -> binding(report, m)).toList();
        return new ClocksDocument(SCHEMA, machine, reference, bindings, report.warnings());
    }

    private static Binding binding(ClocksReport report, ClockMeasurement m) {
        Calibration c = m.calibration();
        return new Binding(
                m.requested().id(),
                m.binding().id(),
                m.overhead().minTicks(),
                c.toNs(m.overhead().minTicks()),
                m.overhead().medianTicks(),
                c.toNs(m.overhead().medianTicks()),
                m.overhead().pairs(),
                c.toNs(m.readCostTicks()),
                m.stepTicks(),
                report.ratioToFloor(m).orElse(null),
                m.cpu());
    }
}
