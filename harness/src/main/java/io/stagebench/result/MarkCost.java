package io.stagebench.result;

import io.stagebench.api.SeriesNames;
import io.stagebench.stats.StageSummary;
import java.util.List;
import java.util.Optional;

/**
 * What a pipeline's inner marks cost the measurement: its {@code total} (every stage timed, each stage's probe overhead
 * subtracted) minus its {@code unmarked} total (the same messages, in the same forks, with begin and end reads only,
 * one overhead subtracted).
 *
 * <p>If a mark cost exactly the probe overhead, the two would agree. What remains is what the overhead measured on an
 * empty loop cannot see: each fenced read stops the out-of-order core from overlapping one stage with the next, and a
 * pipeline of short stages loses that overlap at every boundary.
 *
 * @param innerMarks marks per message (stages - 1)
 * @param totalP50Ns p50 of {@code total}
 * @param unmarkedP50Ns p50 of {@code unmarked}
 * @param totalTmeanNs trimmed mean (samples at or below p99) of {@code total}
 * @param unmarkedTmeanNs trimmed mean of {@code unmarked}
 */
public record MarkCost(
        int innerMarks, double totalP50Ns, double unmarkedP50Ns, double totalTmeanNs, double unmarkedTmeanNs) {

    /** @return the marks' cost at p50, ns */
    public double p50Ns() {
        return totalP50Ns - unmarkedP50Ns;
    }

    /** @return the marks' cost in trimmed mean, ns */
    public double tmeanNs() {
        return totalTmeanNs - unmarkedTmeanNs;
    }

    /** @return the marks' cost per mark in trimmed mean, ns */
    public double perMarkTmeanNs() {
        return innerMarks == 0 ? 0 : tmeanNs() / innerMarks;
    }

    /** @return the cost, when the outcome has both a {@code total} and an {@code unmarked} series */
    public static Optional<MarkCost> of(BenchmarkOutcome outcome) {
        return of(outcome.descriptor().stages().size(), outcome.summaries());
    }

    /** @return the cost, when {@code summaries} hold both a {@code total} and an {@code unmarked} series */
    public static Optional<MarkCost> of(int stages, List<StageSummary> summaries) {
        StageSummary total = find(summaries, SeriesNames.TOTAL);
        StageSummary unmarked = find(summaries, SeriesNames.UNMARKED);
        if (total == null || unmarked == null) {
            return Optional.empty();
        }
        return Optional.of(
                new MarkCost(stages - 1, total.p50Ns(), unmarked.p50Ns(), total.tmeanNs(), unmarked.tmeanNs()));
    }

    private static StageSummary find(List<StageSummary> summaries, String name) {
        for (StageSummary s : summaries) {
            if (s.stage().equals(name)) {
                return s;
            }
        }
        return null;
    }
}
