package io.stagebench.result;

import io.stagebench.builtin.SpinBenchmark;
import io.stagebench.link.ForkResult;
import io.stagebench.registry.ParamSweep;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The built-in rulers' self-check, printed under their tables: {@code spin} must report a p50 within max(2%, 2 steps)
 * of the ticks it spun, {@code empty} a p50 within one step of 0. A failure means the probe-overhead subtraction or the
 * clock is wrong, not the code. Batched ({@code --batch K}), spin's p50 must sit within max(1%, 1 step / K).
 */
public final class RulerCheck {

    private RulerCheck() {}

    public static Optional<String> check(BenchmarkOutcome outcome, Map<String, String> params) {
        // a variant of a sweep (spin[ticks=500]) is checked against its own value
        String name = ParamSweep.baseName(outcome.descriptor().name());
        if (outcome.forks().isEmpty() || !(name.equals("spin") || name.equals("empty"))) {
            return Optional.empty();
        }
        Map<String, String> measured = new HashMap<>(params);
        measured.putAll(ParamSweep.sweptIn(outcome.descriptor().name()));
        ForkResult first = outcome.forks().get(0);
        double ticksPerNs = first.ruler().calibration().ticksPerNs();
        long stepTicks = outcome.forks().stream()
                .mapToLong(f -> f.ruler().stepTicks())
                .max()
                .orElse(0);
        double p50Ticks = outcome.merged().get(name).percentile(50) * ticksPerNs;
        if (name.equals("spin")) {
            long expected = Long.parseLong(measured.getOrDefault("ticks", Long.toString(SpinBenchmark.DEFAULT_TICKS))
                    .replace("_", ""));
            // batched, a sample is K spins and one probe: the quantum and the probe's error fall by K
            int batch = outcome.batch();
            double tolerance = batch > 1
                    ? Math.max(0.01 * expected, (double) stepTicks / batch)
                    : Math.max(0.02 * expected, 2.0 * stepTicks);
            double diff = p50Ticks - expected;
            String verdict = Math.abs(diff) <= tolerance ? "PASS" : "FAIL";
            if (batch > 1) {
                return Optional.of(String.format(
                        Locale.ROOT,
                        "ruler check: p50 %.1f ticks for a %d-tick spin, off by %+.1f"
                                + " ticks; tolerance max(1%%, 1 step / %d) = %.1f ticks: %s",
                        p50Ticks,
                        expected,
                        diff,
                        batch,
                        tolerance,
                        verdict));
            }
            return Optional.of(String.format(
                    Locale.ROOT,
                    "ruler check: p50 %.0f ticks for a %d-tick spin, off by %+.0f ticks; tolerance max(2%%, 2 steps) = %.0f ticks: %s",
                    p50Ticks,
                    expected,
                    diff,
                    tolerance,
                    verdict));
        }
        return Optional.of(String.format(
                Locale.ROOT,
                "ruler check: p50 %.0f ticks for an empty stage; tolerance one step = %d ticks: %s",
                p50Ticks,
                stepTicks,
                Math.abs(p50Ticks) <= stepTicks ? "PASS" : "FAIL"));
    }
}
