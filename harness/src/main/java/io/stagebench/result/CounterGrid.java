package io.stagebench.result;

import io.stagebench.api.TagDeclaration;
import io.stagebench.link.ForkResult;
import io.stagebench.link.ForkRuler;
import io.stagebench.stats.StageSummary;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The benchmarks whose unbatched stages are short against the counter's step: each interval is a whole number of steps,
 * so their percentiles move in whole steps while tmean (a mean over random phases) and a batch (one step over K
 * messages) resolve finer.
 *
 * @param stepTicks the coarsest step among them, in ticks
 * @param stepNs the same step in ns
 * @param benchmarks the benchmarks with a stage under {@link #GRID_STEPS} steps, in run order
 */
public record CounterGrid(long stepTicks, double stepNs, List<String> benchmarks) {

    /** A stage whose p50 is under this many counter steps sits on the counter's grid. */
    public static final int GRID_STEPS = 10;

    /** @return the grid the unbatched benchmarks of {@code measured} sit on, or empty when none is that short */
    public static Optional<CounterGrid> of(List<BenchmarkOutcome> measured) {
        Set<String> onGrid = new LinkedHashSet<>();
        long stepTicks = 0;
        double stepNs = 0;
        for (BenchmarkOutcome outcome : measured) {
            if (outcome.batch() > 1) {
                continue;
            }
            ForkRuler coarsest = outcome.forks().stream()
                    .map(ForkResult::ruler)
                    .max(Comparator.comparingLong(ForkRuler::stepTicks))
                    .orElseThrow();
            double ns = coarsest.stepNs();
            if (coarsest.stepTicks() < 2) {
                continue;
            }
            for (StageSummary s : outcome.summaries()) {
                if (TagDeclaration.stageOf(s.stage()).isEmpty() && s.p50Ns() < GRID_STEPS * ns) {
                    onGrid.add(outcome.descriptor().name());
                    if (ns > stepNs) {
                        stepNs = ns;
                        stepTicks = coarsest.stepTicks();
                    }
                }
            }
        }
        return onGrid.isEmpty()
                ? Optional.empty()
                : Optional.of(new CounterGrid(stepTicks, stepNs, List.copyOf(onGrid)));
    }
}
