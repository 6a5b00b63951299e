package io.stagebench.result;

import io.stagebench.link.ForkResult;
import io.stagebench.link.Replica;
import io.stagebench.warning.Warning;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What the loop each replica timed around its measurement ({@link Replica#coreLoopNs()}, bound by the core's issue
 * rate) says of the host during a run: its range over every timed replica, and how many ran at least
 * {@value #SHARED_RATIO} times the run's fastest - the host running another guest on the measuring core's other
 * hardware thread, which slows the stages as it slows the loop, in spells of seconds to tens of seconds. No setting of
 * a guest prevents it; the run says so rather than leave it to the spread (docs/decisions.md, "Core contention").
 *
 * @param replicas replicas timed (0: none - every fork of an older build, or told not to warm up)
 * @param minNs the fastest iteration
 * @param medianNs the median iteration
 * @param maxNs the slowest iteration
 * @param shared replicas whose iteration took at least {@value #SHARED_RATIO} times {@code minNs}
 */
public record CoreContention(int replicas, double minNs, double medianNs, double maxNs, int shared) {

    /**
     * An iteration at least this many times the run's fastest met a shared core: alone, the loop stays within a few
     * percent of its fastest; beside another guest it runs well beyond this (docs/decisions.md, "Core contention").
     */
    public static final double SHARED_RATIO = 1.1;
    /** How the warning that the core was shared begins ({@code diff} and {@code ab} look for it in a stored run). */
    public static final String SHARED_WARNING = "the measuring core was shared in ";

    /** @return what every fork's replicas timed; {@code replicas} 0 when none did */
    public static CoreContention of(List<ForkResult> forks) {
        double[] loops = forks.stream()
                .flatMap(f -> f.measurement().replicas().stream())
                .mapToDouble(Replica::coreLoopNs)
                .filter(ns -> ns > 0)
                .sorted()
                .toArray();
        if (loops.length == 0) {
            return new CoreContention(0, 0, 0, 0, 0);
        }
        double min = loops[0];
        int shared = (int)
                Arrays.stream(loops).filter(ns -> ns >= SHARED_RATIO * min).count();
        return new CoreContention(loops.length, min, LayoutSensitivity.median(loops), loops[loops.length - 1], shared);
    }

    /**
     * @param loopNs loop timings, ns an iteration; 0 for one not timed
     * @return the median of those timed, or empty when none was: a stored run's level is its forks' median
     */
    public static OptionalDouble medianTimed(double[] loopNs) {
        double[] timed = Arrays.stream(loopNs).filter(ns -> ns > 0).toArray();
        return timed.length == 0 ? OptionalDouble.empty() : OptionalDouble.of(LayoutSensitivity.median(timed));
    }

    /**
     * @return "core: issue-bound loop 2.110..3.207 ns an iteration over 100 replicas (median 2.198); 13 ran 10%+ over
     *     the fastest", if any replica timed it: one line
     */
    public Optional<String> line() {
        if (replicas == 0) {
            return Optional.empty();
        }
        return Optional.of(String.format(
                Locale.ROOT,
                "core: issue-bound loop %.3f..%.3f ns an iteration over %d replicas" + " (median %.3f); %s",
                minNs,
                maxNs,
                replicas,
                medianNs,
                shared == 0
                        ? "none ran " + percent() + "+ over the fastest"
                        : shared + " ran " + percent() + "+ over the fastest"));
    }

    /** @return the warning that some replicas met a shared core, if any did */
    public Optional<String> warning() {
        if (shared == 0) {
            return Optional.empty();
        }
        return Optional.of(String.format(
                Locale.ROOT,
                SHARED_WARNING + "%d of %d replicas: an issue-bound"
                        + " loop ran up to %.0f%% over its fastest (another guest on the core's other hardware thread); stages"
                        + " read 15-45%% slower in such spells, so the spread and centres hold the host's moments;"
                        + " fix: %s",
                shared,
                replicas,
                100 * (maxNs / minNs - 1),
                Warning.CORE_SHARED.fix()));
    }

    private static String percent() {
        return String.format(Locale.ROOT, "%.0f%%", 100 * (SHARED_RATIO - 1));
    }
}
