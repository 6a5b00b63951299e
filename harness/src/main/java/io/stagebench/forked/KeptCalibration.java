package io.stagebench.forked;

import io.stagebench.clock.Calibration;
import io.stagebench.clock.ClockBinding;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The counter's rate the first fork execution of this JVM calibrated, kept for the later ones: a JVM that runs more
 * than one (the in-process forks of the harness's own tests; a fork JVM runs one, so a real fork always calibrates
 * itself) has each later execution check it over its ruler's own window ({@link io.stagebench.clock.RateCheck}) instead
 * of sleeping out another 200 ms. In such a JVM the ruler's loops are compiled after the first execution and take a
 * small part of that, so the calibration's sleep was most of its ruler; in a fresh fork JVM the ruler's own work
 * (compiling and running the step and probe-overhead loops) covers the whole window, and keeping a calibration there
 * would save nothing (docs/decisions.md, "Calibration").
 *
 * <p>Kept only for the same binding, round length and round count: a fork asked to calibrate otherwise does.
 */
final class KeptCalibration {

    private record Kept(ClockBinding binding, long intervalMs, int rounds, Calibration calibration) {}

    private static final AtomicReference<Kept> KEPT = new AtomicReference<>();

    private KeptCalibration() {}

    /** @return the calibration kept for this binding and request, if a fork execution of this JVM measured one */
    static Optional<Calibration> of(ClockBinding binding, long intervalMs, int rounds) {
        Kept kept = KEPT.get();
        return kept != null && kept.binding() == binding && kept.intervalMs() == intervalMs && kept.rounds() == rounds
                ? Optional.of(kept.calibration())
                : Optional.empty();
    }

    /** Keeps {@code calibration}, measured for this binding and request, for the later executions of this JVM. */
    static void keep(ClockBinding binding, long intervalMs, int rounds, Calibration calibration) {
        KEPT.set(new Kept(binding, intervalMs, rounds, calibration));
    }
}
