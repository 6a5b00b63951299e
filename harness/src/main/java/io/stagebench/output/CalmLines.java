package io.stagebench.output;

import io.stagebench.diff.Side;
import io.stagebench.link.CoreWindows;
import io.stagebench.link.ForkResult;
import io.stagebench.result.BenchmarkOutcome;
import io.stagebench.result.CalmForks;
import io.stagebench.result.CalmWindows;
import io.stagebench.result.LevelAdjustment;
import io.stagebench.stats.StageSummary;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What a run's windows of the core probe say ({@link CalmWindows}): the share of the measured windows that met the core
 * alone, for the {@code core:} line, and per benchmark each series' {@code tmean} over those windows beside its
 * {@code tmean} over every sample, and the fork-to-fork spread of each, for {@code --verbose}.
 */
final class CalmLines {

    private CalmLines() {}

    /** @return "; 82% of 4,000-message windows calm", to end the core line; empty when nothing was probed */
    static String coreLineEnd(List<BenchmarkOutcome> outcomes) {
        OptionalDouble reference = CalmForks.referenceNs(outcomes);
        if (reference.isEmpty()) {
            return "";
        }
        long calm = 0;
        long windows = 0;
        int windowRows = 0;
        for (BenchmarkOutcome o : outcomes) {
            for (ForkResult fork : o.forks()) {
                CoreWindows w = CoreWindows.joined(fork.measurement().replicas());
                if (w.probed()) {
                    boolean[] flags = CalmWindows.calm(w, reference.getAsDouble());
                    windows += flags.length;
                    for (boolean f : flags) {
                        calm += f ? 1 : 0;
                    }
                    windowRows =
                            Math.max(windowRows, w.windowRows() * fork.run().batch());
                }
            }
        }
        return windows == 0
                ? ""
                : String.format(
                        Locale.ROOT, "; %.0f%% of %,d-message windows calm", 100.0 * calm / windows, windowRows);
    }

    /**
     * @return "book calm windows 88%: book tmean 28.40 ns over them at one core level (10 of 10 forks), 29.02 over
     *     every sample; forks' IQR 1.7% v 6.9%", a pipeline's series one after another; empty when its forks were not
     *     probed
     */
    static Optional<String> line(BenchmarkOutcome outcome, OptionalDouble referenceNs) {
        if (referenceNs.isEmpty() || outcome.forks().isEmpty()) {
            return Optional.empty();
        }
        double reference = referenceNs.getAsDouble();
        List<CoreWindows> windows = CalmForks.windows(outcome);
        if (!windows.stream().allMatch(CoreWindows::probed)) {
            return Optional.empty();
        }
        double share = windows.stream()
                .mapToDouble(w -> CalmWindows.calmShare(w, reference))
                .average()
                .orElse(0);
        List<String> parts = new ArrayList<>();
        Map<String, StageSummary> pooled = new LinkedHashMap<>();
        outcome.summaries().forEach(s -> pooled.put(s.stage(), s));
        Map<String, double[]> levels = CalmForks.levelsNs(outcome, reference);
        CalmForks.centresNs(outcome, reference).forEach((series, calm) -> {
            double[] raw = new double[calm.length];
            for (int i = 0; i < raw.length; i++) {
                raw[i] = outcome.forkSummaries(i).stream()
                        .filter(s -> s.stage().equals(series))
                        .mapToDouble(StageSummary::tmeanNs)
                        .findFirst()
                        .orElse(Double.NaN);
            }
            double[] centres = Arrays.stream(calm).filter(v -> !Double.isNaN(v)).toArray();
            double[] level = Arrays.stream(levels.get(series))
                    .filter(v -> !Double.isNaN(v))
                    .toArray();
            // brought to one level of the core, as a comparison judges them
            double[] judged = LevelAdjustment.adjusted(
                    centres,
                    level,
                    LevelAdjustment.slope(List.of(centres), List.of(level)),
                    LevelAdjustment.commonLevelNs(List.of(level)));
            if (judged.length == 0) {
                parts.add(String.format(
                        Locale.ROOT,
                        "%s: no fork with %.0f%% of its windows calm",
                        series,
                        100 * CalmWindows.MIN_CALM_SHARE));
                return;
            }
            Side overCalm = new Side(Arrays.stream(judged).average().orElseThrow(), judged, null);
            Side overAll = new Side(pooled.get(series).tmeanNs(), raw, null);
            parts.add(String.format(
                    Locale.ROOT,
                    "%s tmean %.2f ns over them at one core level (%d of %d forks), %.2f over every sample; forks' IQR %.1f%%"
                            + " v %.1f%%",
                    series,
                    overCalm.pooledNs(),
                    judged.length,
                    raw.length,
                    overAll.pooledNs(),
                    100 * overCalm.iqrNs() / overCalm.medianNs(),
                    100 * overAll.iqrNs() / overAll.medianNs()));
        });
        if (parts.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(String.format(
                Locale.ROOT,
                "%s calm windows %.0f%%: %s",
                outcome.descriptor().name(),
                100 * share,
                String.join("; ", parts)));
    }
}
