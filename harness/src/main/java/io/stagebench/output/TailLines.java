package io.stagebench.output;

import io.stagebench.api.SeriesNames;
import io.stagebench.result.TailExemplars;
import io.stagebench.stats.TimeScale;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The tail shown ({@link TailExemplars}) in words: a line a benchmark (its total, or its one stage), what the messages
 * above its p99.9 coincided with beside what every message did, and its slowest message; and one line over the whole
 * run, for the default console.
 */
public final class TailLines {

    private TailLines() {}

    /** @return the series a benchmark's line speaks of: its total when it has one, else its first series */
    static Optional<TailExemplars> headline(List<TailExemplars> tail) {
        return tail.stream()
                .filter(t -> t.series().equals(SeriesNames.TOTAL))
                .findFirst()
                .or(() -> tail.stream().findFirst());
    }

    /**
     * @return e.g. "encode above p99.9 (53.5 ns): 1,998 messages, 61 % in passes that waited in the run queue (all
     *     messages 40 %), 18 % on a shared core (6 %), 35 % in bursts; slowest 167.6 us, seq 1,234 (fork 3, replica 2,
     *     12.3 ms into its pass)"; empty when the tail was not read or is empty
     */
    public static Optional<String> line(String benchmark, List<TailExemplars> tail) {
        return headline(tail).filter(t -> t.beyond() > 0).map(t -> {
            TailExemplars.Exemplar slowest = t.slowest().get(0);
            String series = t.series().equals(benchmark) ? "" : " " + t.series();
            return String.format(
                    Locale.ROOT,
                    "%s%s above p99.9 (%s): %,d messages, %s in passes that waited in the run queue (all messages"
                            + " %s), %s on a shared core (%s), %s in bursts; slowest %s, seq %,d%s (fork %d, replica"
                            + " %d, %.1f ms into its pass)",
                    benchmark,
                    series,
                    time(t.thresholdNs()),
                    t.beyond(),
                    percent(t.tail().runQueueWait()),
                    percent(t.all().runQueueWait()),
                    percent(t.tail().sharedCore()),
                    percent(t.all().sharedCore()),
                    percent(t.tail().burst()),
                    time(slowest.ns()),
                    slowest.seq(),
                    slowest.tag() == null ? "" : " [" + slowest.tag() + "]",
                    slowest.fork(),
                    slowest.replica(),
                    slowest.atMs());
        });
    }

    /**
     * @param tails each benchmark's tail
     * @return "p99.9+ (report.html, --verbose): 3-29 % in passes with run-queue waits (all 10-40 %), 0-82 % on a shared
     *     core (0-20 %)" over every benchmark's headline series; empty when none was read
     */
    public static Optional<String> summary(Map<String, List<TailExemplars>> tails) {
        List<TailExemplars> read = new ArrayList<>();
        tails.values().forEach(t -> headline(t).filter(x -> x.beyond() > 0).ifPresent(read::add));
        if (read.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(
                "p99.9+ (report.html, --verbose): " + range(read, t -> t.tail().runQueueWait())
                        + " in passes with run-queue waits (all "
                        + range(read, t -> t.all().runQueueWait()) + "), "
                        + range(read, t -> t.tail().sharedCore()) + " on a shared core ("
                        + range(read, t -> t.all().sharedCore()) + ")");
    }

    private static String range(List<TailExemplars> tails, Function<TailExemplars, Double> share) {
        double low = tails.stream()
                .map(share)
                .filter(x -> x != null)
                .mapToDouble(x -> x)
                .min()
                .orElse(Double.NaN);
        double high = tails.stream()
                .map(share)
                .filter(x -> x != null)
                .mapToDouble(x -> x)
                .max()
                .orElse(Double.NaN);
        return Math.round(100 * low) == Math.round(100 * high)
                ? percent(low)
                : Math.round(100 * low) + "-" + percent(high);
    }

    /** @return e.g. {@code 53.5 ns}, {@code 167.65 us}, in the unit the value reads best in */
    public static String time(double ns) {
        TimeScale scale = TimeScale.forValueNs(ns);
        return scale.format(ns) + " " + scale.unit();
    }

    public static String percent(Double share) {
        return share == null || share.isNaN() ? "-" : Math.round(100 * share) + " %";
    }
}
