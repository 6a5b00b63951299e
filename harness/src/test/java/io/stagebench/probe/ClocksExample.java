package io.stagebench.probe;

import io.stagebench.clock.Calibration;
import io.stagebench.clock.ClockBinding;
import io.stagebench.clock.ClockMeasurement;
import io.stagebench.clock.CounterResolution;
import io.stagebench.clock.ProbeOverhead;
import io.stagebench.output.ClocksText;
import io.stagebench.system.CpuInfo;
import io.stagebench.system.KernelTsc;
import java.util.List;
import java.util.Optional;

/** {@code stagebench clocks}' report over fixed measurements of the three bindings: the manual's example. */
public final class ClocksExample {

    private ClocksExample() {}

    /** @return the report as {@code clocks} prints it */
    public static String text() {
        CpuInfo cpu = new CpuInfo("Example CPU", 2, true, true, true, "tsc", true, 2600.0);
        Calibration calibration = new Calibration(2.6, 2.6, 2.6, 3, 200_000_000);
        CounterResolution step = new CounterResolution(26, 1);
        List<ClockMeasurement> bindings = List.of(
                new ClockMeasurement(
                        ClockBinding.FFM,
                        ClockBinding.FFM,
                        calibration,
                        step,
                        new ProbeOverhead(44, 52, 1_000_000),
                        20.0,
                        40,
                        26,
                        1,
                        List.of()),
                new ClockMeasurement(
                        ClockBinding.JNA,
                        ClockBinding.JNA,
                        calibration,
                        step,
                        new ProbeOverhead(140, 170, 1_000_000),
                        130.0,
                        40,
                        26,
                        1,
                        List.of()),
                new ClockMeasurement(
                        ClockBinding.NANOTIME,
                        ClockBinding.NANOTIME,
                        Calibration.identity(),
                        new CounterResolution(20, 20),
                        new ProbeOverhead(30, 40, 1_000_000),
                        25.0,
                        -1,
                        -1,
                        -1,
                        List.of()));
        return ClocksText.render(new ClocksReport(
                cpu, Optional.of(new KernelTsc(2600.0, "kernel log")), bindings, List.of(), List.of()));
    }
}
