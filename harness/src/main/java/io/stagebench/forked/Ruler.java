package io.stagebench.forked;

import io.stagebench.clock.Calibration;
import io.stagebench.clock.Clock;
import io.stagebench.clock.CounterResolution;
import io.stagebench.clock.LoadedClock;
import io.stagebench.clock.ProbeOverhead;
import io.stagebench.clock.RateCheck;
import io.stagebench.link.ForkLayout;
import io.stagebench.system.CpuList;
import java.util.Optional;

/**
 * What the fork measured before the benchmark ({@link RulerReading}), and where a second measured thread goes.
 *
 * @param serviceCpus the CPUs the launcher left this JVM's other threads, read before pinning
 * @param layout where the fork's memory lies ({@link ForkLayout})
 * @param wallClock the kernel's clock mapped onto the counter, measured when a benchmark asks for it
 */
record Ruler(
        LoadedClock loaded,
        Calibration calibration,
        RateCheck rateCheck,
        CounterResolution resolution,
        ProbeOverhead overhead,
        int cpuPinned,
        String affinity,
        boolean memoryLocked,
        Optional<CpuList> serviceCpus,
        ForkLayout layout,
        LazyWallClock wallClock) {

    Clock clock() {
        return loaded.clock();
    }

    /** @return the step the ruler uses, the coarser of the back-to-back and the interval step */
    long stepTicks() {
        return resolution.stepTicks();
    }

    /** @return this ruler with where the fork's memory lies, known once the benchmark is set up */
    Ruler withLayout(ForkLayout placed) {
        return new Ruler(
                loaded,
                calibration,
                rateCheck,
                resolution,
                overhead,
                cpuPinned,
                affinity,
                memoryLocked,
                serviceCpus,
                placed,
                wallClock);
    }
}
