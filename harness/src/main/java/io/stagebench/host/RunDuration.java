package io.stagebench.host;

import io.stagebench.config.RunConfig;
import io.stagebench.registry.BenchmarkDescriptor;
import io.stagebench.registry.ParamSweep;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The least wall time a run can take, said before it starts when it is long: {@code run -f 100000 --quick} needs days,
 * and nothing else says so before the first of its forks. Like JMH's ETA it is said, not refused: a long run can be
 * what was meant, and it can be stopped at any time.
 *
 * <p>The figure is a floor, not a forecast: every fork pays at least {@value #FORK_FLOOR_S} s (JVM start, clock loading
 * and calibration before it measures anything; docs/decisions.md, "Run duration floor") and {@value #MESSAGE_FLOOR_NS}
 * ns for every message it runs, warm-up and replicas included (about the probe's own cost); a run's measured costs,
 * printed at its end, are higher.
 */
public final class RunDuration {

    /** The least a fork costs before it measures anything, in seconds. */
    public static final double FORK_FLOOR_S = 2.5;
    /** The least a message costs, in ns. */
    public static final long MESSAGE_FLOOR_NS = 20;
    /** From how long on the run says so before it starts, in seconds. */
    public static final long SAY_FROM_S = 3_600;

    private RunDuration() {}

    /** @return the least wall time of {@code config}'s forks of {@code benchmarks}, in seconds */
    public static double floorS(RunConfig config, List<BenchmarkDescriptor> benchmarks) {
        long forks = forks(config, benchmarks);
        double messages = (double) config.replicas() * config.messages()
                + (config.warmup().timed()
                        ? config.warmup().time().toNanos() / MESSAGE_FLOOR_NS
                        : config.warmup().warmupMessages());
        return forks * (FORK_FLOOR_S + messages * MESSAGE_FLOOR_NS / 1e9);
    }

    /** @return the line a run of at least {@value #SAY_FROM_S} s prints before it starts, else empty */
    public static Optional<String> line(RunConfig config, List<BenchmarkDescriptor> benchmarks) {
        double seconds = floorS(config, benchmarks);
        if (seconds < SAY_FROM_S) {
            return Optional.empty();
        }
        return Optional.of(String.format(
                Locale.ROOT,
                "[run] %,d forks will take at least %s (%.1f s a fork before it"
                        + " measures, JVM start and calibration); stop it with Ctrl-C, or ask for fewer forks (-f)",
                forks(config, benchmarks),
                duration(seconds),
                FORK_FLOOR_S));
    }

    private static long forks(RunConfig config, List<BenchmarkDescriptor> benchmarks) {
        long variants = benchmarks.stream()
                .mapToLong(d -> ParamSweep.variants(d, config.params()).size())
                .sum();
        return variants * config.forks();
    }

    /** @return "3.2 h" or "2.9 days" */
    static String duration(double seconds) {
        double hours = seconds / 3600;
        return hours < 48
                ? String.format(Locale.ROOT, "%.1f h", hours)
                : String.format(Locale.ROOT, "%.1f days", hours / 24);
    }
}
