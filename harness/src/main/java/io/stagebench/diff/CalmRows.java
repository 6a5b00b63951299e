package io.stagebench.diff;

import io.stagebench.link.CoreWindows;
import io.stagebench.result.CalmWindows;
import io.stagebench.result.LevelAdjustment;
import io.stagebench.store.StoredRun;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The centre rows of a comparison judged on the windows the core was calm in ({@link CalmWindows}): each fork's
 * {@code tmean} over its calm windows alone, in place of its {@code tmean} over every sample, when both sides' passes
 * were probed and enough forks a side have a calm share to judge on. A spell of another guest on the core's other
 * hardware thread moves a stage by tens of percent for as long as it lasts; left in, it is noise the verdict cannot see
 * through, so the rows with it left out detect smaller changes at the same false-alarm rate (which windows are calm
 * depends on the host, not on the side). Each fork's centre is then brought to one level of the core
 * ({@link LevelAdjustment}), fitted within each side. The raw figures stay in each benchmark's line ({@link #line}).
 */
final class CalmRows {

    /** Least forks a side (pairs, when paired) a judged row keeps: below it the raw row is judged. */
    static final int MIN_FORKS = CalmWindows.MIN_JUDGED_FORKS;

    private CalmRows() {}

    /**
     * @return the fastest window of every fork of {@code benchmarks}, which each window is weighed against; empty when
     *     some benchmark's forks were not all probed (a side from a build without the probe)
     */
    static OptionalDouble referenceNs(List<StoredRun.Benchmark> benchmarks) {
        List<CoreWindows> windows = benchmarks.stream()
                .flatMap(b -> b.forks().stream())
                .map(f -> f.windows().core())
                .toList();
        if (windows.isEmpty() || !windows.stream().allMatch(CoreWindows::probed)) {
            return OptionalDouble.empty();
        }
        return CalmWindows.referenceNs(windows);
    }

    /**
     * One series judged on calm windows.
     *
     * @param row the judged row, when enough forks kept a calm share; empty when the raw row stands
     * @param raw the row over every sample
     * @param probed whether every fork of both sides had the series cut into windows (else nothing was judged)
     * @param unreachable whether the judged row was dropped because its forks could not reach the level it faced where
     *     the raw row's could ({@link #reachable})
     */
    record Judged(Optional<VerdictRule.Row> row, VerdictRule.Row raw, boolean probed, boolean unreachable) {

        /** @return the row the family judges: the judged one when present, else the raw one */
        VerdictRule.Row chosen() {
            return row.orElse(raw);
        }

        /** @return the change of the pooled {@code tmean} over every sample */
        double rawChangePercent() {
            return VerdictRule.changePercent(raw.old().pooledNs(), raw.now().pooledNs());
        }

        /** @return this series judged on every sample, its calm forks unable to reach the level it faces */
        Judged droppedAsUnreachable() {
            return new Judged(Optional.empty(), raw, probed, true);
        }
    }

    /**
     * @param levelAlpha the level the row faces at Holm's first step (the look's alpha times its weight)
     * @return whether the judged row's forks can give a p below it, or the raw row's cannot either: a judged row on
     *     fewer pairs than the raw one can fall below what its test can ever call, and then judging it on every sample
     *     keeps the row able to call (the choice rests on fork counts, which the host sets, not on A against B)
     */
    static boolean reachable(Judged judged, double levelAlpha) {
        return judged.row().isEmpty()
                || judged.row().get().smallestP() < levelAlpha
                || !(judged.raw().smallestP() < levelAlpha);
    }

    /**
     * @param raw the series' {@code tmean} row over every sample
     * @param forksA A's forks of the row, aligned with B's when {@code raw} is paired
     * @return the row judged on calm windows, or why not
     */
    static Judged judge(
            VerdictRule.Row raw,
            String series,
            List<StoredRun.Fork> forksA,
            List<StoredRun.Fork> forksB,
            double referenceNs) {
        double[] a = perFork(forksA, series, referenceNs, CalmWindows::centreNs);
        double[] b = perFork(forksB, series, referenceNs, CalmWindows::centreNs);
        if (a == null || b == null) {
            return new Judged(Optional.empty(), raw, false, false);
        }
        double[] levelA = perFork(forksA, series, referenceNs, CalmWindows::levelNs);
        double[] levelB = perFork(forksB, series, referenceNs, CalmWindows::levelNs);
        List<Integer> keptA = new ArrayList<>();
        List<Integer> keptB = new ArrayList<>();
        for (int i = 0; i < Math.max(a.length, b.length); i++) {
            boolean calmA = i < a.length && !Double.isNaN(a[i]);
            boolean calmB = i < b.length && !Double.isNaN(b[i]);
            // paired: a pair is kept only when both its forks have a centre
            if (raw.paired() ? calmA && calmB : calmA) {
                keptA.add(i);
            }
            if (raw.paired() ? calmA && calmB : calmB) {
                keptB.add(i);
            }
        }
        if (!CalmWindows.enoughForks(keptA.size(), a.length) || !CalmWindows.enoughForks(keptB.size(), b.length)) {
            return new Judged(Optional.empty(), raw, true, false);
        }
        List<double[]> centres = List.of(pick(a, keptA), pick(b, keptB));
        List<double[]> levels = List.of(pick(levelA, keptA), pick(levelB, keptB));
        double slope = LevelAdjustment.slope(centres, levels);
        double atNs = LevelAdjustment.commonLevelNs(levels);
        String basis = String.format(
                Locale.ROOT,
                "calm windows at one core level, %s",
                raw.paired()
                        ? keptA.size() + " of " + a.length + " pairs"
                        : keptA.size() + " of " + a.length + " v " + keptB.size() + " of " + b.length + " forks");
        VerdictRule.Row judged = new VerdictRule.Row(
                raw.statistic(),
                side(LevelAdjustment.adjusted(centres.get(0), levels.get(0), slope, atNs), raw.old()),
                side(LevelAdjustment.adjusted(centres.get(1), levels.get(1), slope, atNs), raw.now()),
                raw.paired(),
                basis);
        return new Judged(Optional.of(judged), raw, true, false);
    }

    /**
     * @return the line under a benchmark's header: the calm share of each side's windows, and whether its centre rows
     *     were judged on them, with the raw change of each series beside
     */
    static String line(
            List<StoredRun.Fork> forksA,
            List<StoredRun.Fork> forksB,
            double referenceNs,
            List<String> series,
            List<Judged> judged) {
        boolean all = judged.stream().allMatch(j -> j.row().isPresent());
        boolean none = judged.stream().noneMatch(j -> j.row().isPresent());
        boolean unreachable = judged.stream().anyMatch(Judged::unreachable);
        StringBuilder raw = new StringBuilder();
        for (int i = 0; i < series.size(); i++) {
            raw.append(i == 0 ? "" : ", ")
                    .append(String.format(
                            Locale.ROOT,
                            "%s %+.1f%%",
                            series.get(i),
                            judged.get(i).rawChangePercent()));
        }
        return String.format(
                Locale.ROOT,
                "calm: %.0f%% of A's windows, %.0f%% of B's; %s (tmean over every sample: %s)",
                100 * calmShare(forksA, referenceNs),
                100 * calmShare(forksB, referenceNs),
                none && unreachable
                        ? "too few forks a side with calm windows for their test to reach its level: tmean judged on"
                                + " every sample"
                        : none
                                ? "too few forks a side with " + Math.round(100 * CalmWindows.MIN_CALM_SHARE)
                                        + "% of their windows calm to judge on them (" + MIN_FORKS
                                        + " needed): tmean judged on every sample"
                                : all
                                        ? "tmean judged on the calm windows"
                                        : "tmean judged on the calm windows where its test says so, elsewhere on every sample",
                raw);
    }

    private static Side side(double[] values, Side raw) {
        return new Side(Arrays.stream(values).average().orElseThrow(), values, raw.unreliableWhy());
    }

    private static double[] pick(double[] values, List<Integer> kept) {
        return kept.stream().mapToDouble(i -> values[i]).toArray();
    }

    /**
     * @param figure {@link CalmWindows#centreNs} or {@link CalmWindows#levelNs}
     * @return each fork's figure of {@code series} over its calm windows (NaN: too few); null when some fork has no
     *     windows of it
     */
    private static double[] perFork(
            List<StoredRun.Fork> forks, String series, double referenceNs, CalmWindows.OverCalm figure) {
        double[] out = new double[forks.size()];
        for (int i = 0; i < out.length; i++) {
            StoredRun.Fork f = forks.get(i);
            Optional<double[]> windows = f.windows().centres(series);
            if (windows.isEmpty()) {
                return null;
            }
            out[i] = figure.of(windows.get(), f.windows().core(), referenceNs);
        }
        return out;
    }

    /** @return the mean over {@code forks} of the share of their windows that was calm */
    private static double calmShare(List<StoredRun.Fork> forks, double referenceNs) {
        return forks.stream()
                .mapToDouble(f -> CalmWindows.calmShare(f.windows().core(), referenceNs))
                .average()
                .orElse(0);
    }
}
