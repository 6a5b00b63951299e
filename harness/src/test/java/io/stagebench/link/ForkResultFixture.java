package io.stagebench.link;

import io.stagebench.clock.Calibration;
import io.stagebench.clock.ClockBinding;
import io.stagebench.clock.ProbeOverhead;
import io.stagebench.system.MeasuredCode;
import java.util.List;

/** A fork's result for tests of how it is written and read. */
public final class ForkResultFixture {

    private ForkResultFixture() {}

    /** A result with every field set, each to a value no other field has where the type allows. */
    public static ForkResult everyField() {
        return new ForkResult(
                new ForkRun(
                        "pipeline",
                        2,
                        List.of("parse", "book"),
                        List.of("add", "delete"),
                        Mode.BACK_TO_BACK,
                        Double.NaN,
                        16,
                        0,
                        1,
                        "OpenJDK 64-Bit Server VM 25",
                        List.of("-Xms512m", "-Xbatch"),
                        List.of("Copy", "MarkSweepCompact")),
                new ForkRuler(
                        ClockBinding.FFM,
                        ClockBinding.NANOTIME,
                        new Calibration(2.0958, 2.0957, 2.0959, 3, 200_000_000),
                        21,
                        21,
                        new ProbeOverhead(42, 44, 100_000, 61.5)),
                new ForkPlacement(
                        1,
                        1,
                        "1",
                        false,
                        new ForkLayout(1, 2624, "fixed", true, 0x0040000, 2048),
                        List.of(new ThreadPlacement("handoff", List.of("book"), 0, 0, "0", 0, "fork-2.t1.raw")),
                        new CrossCoreOffset(1, 0, -40, 60, 300, 100)),
                new ForkMeasurement(
                        400_000,
                        3,
                        true,
                        List.of(30_740L, 400_000L),
                        200_000,
                        0,
                        3,
                        -8_123_456_789L,
                        1_796_233_809_794L,
                        1_796_233_810_789L,
                        List.of(
                                new Replica(1, 400_000, 200_000, 0, 0, 0, 667, 1_473, 1L, 2L, 57_549, 1, 2.25),
                                new Replica(2, 200_000, 200_000, 0, 0, 0, 319, 574, 3L, 4L, -1, -1, 0)),
                        "fork-2.raw",
                        null,
                        null),
                new ForkChecks(
                        0,
                        0,
                        0,
                        List.of("made not entrant: x::y"),
                        new MeasuredCode(List.of("io.x.Pipe::parse"), List.of(), List.of(), null),
                        List.of("pinning refused: \\ and \n", "JIT busy"),
                        List.of(ForkWarning.PINNING, ForkWarning.JIT)),
                LinkVersion.CURRENT);
    }
}
