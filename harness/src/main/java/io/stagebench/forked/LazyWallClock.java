package io.stagebench.forked;

import io.stagebench.api.WallClock;
import io.stagebench.clock.Calibration;
import io.stagebench.clock.Clock;
import io.stagebench.link.WallClockBound;
import io.stagebench.nativeaccess.Affinity;
import io.stagebench.system.CpuList;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The fork's one {@link WallClock}, measured when a benchmark first asks for it (a fork whose benchmark maps no kernel
 * stamp reads no wall clock and reports no bound), and the bound it held over the fork's kept passes.
 */
final class LazyWallClock implements Supplier<WallClock> {

    private final Clock clock;
    private final Calibration calibration;
    private final int measuringCpu;
    private WallClock wall;
    private WallClockBound measured;

    /** @param measuringCpu the CPU the anchor is read on (-1: wherever the caller runs) */
    LazyWallClock(Clock clock, Calibration calibration, int measuringCpu) {
        this.clock = clock;
        this.calibration = calibration;
        this.measuringCpu = measuringCpu;
    }

    /**
     * Anchors on the measuring CPU, wherever the caller runs: a benchmark asks in its setup, which runs on the other
     * CPUs, and another CPU's counter may be offset from the measuring one's (as a handoff's threads' are).
     */
    @Override
    public WallClock get() {
        if (wall == null) {
            Optional<CpuList> before = measuringCpu < 0 ? Optional.empty() : Affinity.currentThreadAffinity();
            boolean moved = before.isPresent()
                    && Affinity.pinCurrentThread(measuringCpu).isEmpty();
            try {
                wall = WallClock.measure(clock, calibration);
            } finally {
                if (moved) {
                    Affinity.setCurrentThread(before.get());
                }
            }
        }
        return wall;
    }

    /** Before a kept pass: the bound is measured afresh over it. */
    void beforeMeasuredPass() {
        if (wall != null) {
            wall.resetBound();
        }
    }

    /** After a kept pass: its bound joins those of the fork's other kept passes. */
    void afterMeasuredPass() {
        if (wall != null) {
            measured = WallClockBound.of(wall).with(measured);
        }
    }

    /** @return the bound over the fork's kept passes; empty when the benchmark mapped no kernel stamp */
    Optional<WallClockBound> measuredBound() {
        return Optional.ofNullable(measured);
    }
}
