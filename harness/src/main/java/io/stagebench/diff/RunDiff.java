package io.stagebench.diff;

import io.stagebench.api.TagDeclaration;
import io.stagebench.result.CoreContention;
import io.stagebench.stats.LatencyHistograms;
import io.stagebench.stats.StageSummary;
import io.stagebench.store.Pairing;
import io.stagebench.store.RunStore;
import io.stagebench.store.StoredRun;
import io.stagebench.warning.Warning;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.stream.Stream;

/**
 * Compares two stored runs, A (old) against B (new): per benchmark in common, per series in common (stages,
 * {@code total}, {@code response}) and per statistic, the pooled values, the per-fork values and the
 * {@link VerdictRule}'s verdict; plus every warning a reader of the comparison must see - too few forks, what
 * significance the fork counts can reach, benchmarks or stages on one side only, environments and settings that differ.
 *
 * @param a the old run
 * @param b the new run
 * @param rule the verdict rule
 * @param statistics the statistics compared
 * @param benchmarks per benchmark in common, in B's order
 * @param warnings every warning, without the {@code *** WARNING:} prefix
 * @param uncompared one line per benchmark in common that has no data on a side (every fork failed): it cannot be
 *     compared, so no gate may pass on it
 */
public record RunDiff(
        StoredRun a,
        StoredRun b,
        VerdictRule rule,
        List<Statistic> statistics,
        List<BenchmarkDiff> benchmarks,
        List<String> warnings,
        List<String> uncompared) {

    public RunDiff {
        statistics = List.copyOf(statistics);
        benchmarks = List.copyOf(benchmarks);
        warnings = List.copyOf(warnings);
        uncompared = List.copyOf(uncompared);
    }

    /**
     * One benchmark.
     *
     * @param name benchmark name
     * @param forksA forks that succeeded in A (when paired: the pairs compared)
     * @param forksB forks that succeeded in B
     * @param paired true when the rows compare pairs of forks (then forksA = forksB = the pairs)
     * @param stages per series in common, in B's order
     * @param batch messages a sample in both runs ({@code --batch K}; 1 for one a message)
     * @param calm the line saying what share of each side's windows was calm and what the centre rows were judged on
     *     ({@link CalmRows}); empty when either side's passes were not probed
     * @param calmTooFew whether both sides were probed but some centre row had too few forks with calm windows to be
     *     judged on them (judged on every sample instead): more pairs, measured later, may have them
     */
    public record BenchmarkDiff(
            String name,
            int forksA,
            int forksB,
            boolean paired,
            List<StageDiff> stages,
            int batch,
            String calm,
            boolean calmTooFew) {
        public BenchmarkDiff {
            stages = List.copyOf(stages);
            calm = calm == null ? "" : calm;
        }
    }

    /**
     * One series of a benchmark.
     *
     * @param stage series name
     * @param comparisons one per statistic, in the order asked for
     */
    public record StageDiff(String stage, List<Comparison> comparisons) {
        public StageDiff {
            comparisons = List.copyOf(comparisons);
        }
    }

    private static String samplesOf(int batch) {
        return batch == 1 ? "a message a sample" : "in batches of " + batch;
    }

    /**
     * Compares {@code a} (old) with {@code b} (new).
     *
     * @param only benchmarks to compare; empty for every benchmark in common
     * @throws DiffException when the runs have no benchmark in common, or a benchmark asked for is missing from either
     */
    public static RunDiff compare(
            StoredRun a, StoredRun b, VerdictRule rule, List<Statistic> statistics, List<String> only) {
        return compare(a, b, rule, statistics, only, false);
    }

    /**
     * Compares {@code a} (old) with {@code b} (new), each stage's tags ({@code stage[tag]}) too when asked.
     *
     * @param tags whether each tag series is compared as well, as more rows of the one family: every row added makes
     *     Holm's first step stricter for every other row, so they are compared only when asked
     *     ({@link #tagSeriesLeftOut()} names them otherwise)
     * @see #compare(StoredRun, StoredRun, VerdictRule, List, List)
     */
    public static RunDiff compare(
            StoredRun a, StoredRun b, VerdictRule rule, List<Statistic> statistics, List<String> only, boolean tags) {
        return compare(a, b, rule, statistics, only, tags, false);
    }

    /**
     * Compares {@code a} (old) with {@code b} (new), which may both be profiled alike when {@code profiledAlike}: an
     * {@code ab --prof}, whose two sides ran under the same profiler interleaved, compares like with like, and says so;
     * a profiled run is never a baseline for one measured without it.
     *
     * @see #compare(StoredRun, StoredRun, VerdictRule, List, List, boolean)
     */
    public static RunDiff compare(
            StoredRun a,
            StoredRun b,
            VerdictRule asked,
            List<Statistic> statistics,
            List<String> only,
            boolean tags,
            boolean profiledAlike) {
        // the two runs of an ab judged at each of its looks: alpha spread over them again, or this diff could call
        // what the ab that measured them could not
        VerdictRule rule = asked.withLooks(Math.max(asked.looks(), Pairing.looks(a, b)));
        String profileA = profile(a);
        boolean alike = profiledAlike && profileA != null && profileA.equals(profile(b));
        for (StoredRun side : List.of(a, b)) {
            // a profiled run's figures hold the profiler's interruptions: no baseline, and nothing to judge
            if (!alike && side.config() != null && side.config().hasNonNull("profile")) {
                throw new DiffException((side == a ? "A (" : "B (") + side.dir() + ") was profiled (--prof "
                        + side.config().get("profile").asText() + "): its figures are not a measurement; compare runs"
                        + " measured without --prof");
            }
        }
        List<String> warnings = new ArrayList<>();
        if (alike) {
            warnings.add("both sides profiled (--prof " + profileA + "): their figures carry the profiler's cost and"
                    + " its interruptions in the tail; a verdict under the profiler, not a measurement");
        }
        for (StoredRun side : List.of(a, b)) {
            // a stopped run holds fewer forks than asked for: its verdicts rest on what it has
            side.warnings().stream()
                    .filter(w -> Warning.STOPPED.matches(w))
                    .findFirst()
                    .ifPresent(w -> warnings.add((side == a ? "A (" : "B (") + side.dir() + "): " + w));
            // a run whose core the host shared holds the host's moments in its figures: named, not only counted
            side.warnings().stream()
                    .filter(w -> w.startsWith(CoreContention.SHARED_WARNING))
                    .findFirst()
                    .ifPresent(w -> warnings.add((side == a ? "A (" : "B (") + side.dir() + "): "
                            + w.substring(0, w.indexOf(':')) + ", so its figures hold the host's moments too (the"
                            + " warning in its summary.json)"));
        }
        for (String name : only) {
            if (a.benchmark(name).isEmpty() || b.benchmark(name).isEmpty()) {
                throw new DiffException("benchmark '" + name + "' is not in "
                        + (a.benchmark(name).isEmpty() ? "A (" + a.dir() + ")" : "B (" + b.dir() + ")") + "; A has "
                        + a.benchmarkNames() + ", B has " + b.benchmarkNames());
            }
        }
        List<String> common = b.benchmarkNames().stream()
                .filter(n -> a.benchmark(n).isPresent())
                .toList();
        if (common.isEmpty()) {
            throw new DiffException("A (" + a.dir() + ") and B (" + b.dir() + ") have no benchmark in common: A has "
                    + a.benchmarkNames() + ", B has " + b.benchmarkNames());
        }
        if (only.isEmpty()) {
            for (String name : a.benchmarkNames()) {
                if (b.benchmark(name).isEmpty()) {
                    warnings.add("benchmark " + name + " is only in A; not compared");
                }
            }
            for (String name : b.benchmarkNames()) {
                if (a.benchmark(name).isEmpty()) {
                    warnings.add("benchmark " + name + " is only in B; not compared");
                }
            }
        }
        List<String> compared =
                only.isEmpty() ? common : common.stream().filter(only::contains).toList();
        for (String name : compared) {
            int batchA = a.benchmark(name).orElseThrow().batch();
            int batchB = b.benchmark(name).orElseThrow().batch();
            if (batchA != batchB) {
                throw new DiffException("benchmark '" + name + "' was measured " + samplesOf(batchA) + " in A and "
                        + samplesOf(batchB) + " in B: a distribution of K-message means is not one of messages; measure"
                        + " both with the same --batch");
            }
        }
        // two runs measured apart in time may have met the host in different states: every stage moves with it
        for (String name : compared) {
            CoreLevels.of(a, b, name).flatMap(core -> core.warning(name)).ifPresent(warnings::add);
        }
        Family family = judge(
                compared.stream().map(n -> a.benchmark(n).orElseThrow()).toList(),
                compared.stream().map(n -> b.benchmark(n).orElseThrow()).toList(),
                Pairing.paired(a, b),
                rule,
                statistics,
                tags,
                "A (" + a.dir() + ")",
                "B (" + b.dir() + ")");
        warnings.addAll(family.warnings());
        List<BenchmarkDiff> diffs = family.benchmarks();
        List<String> uncompared = family.uncompared();
        warnings.addAll(0, EnvironmentComparison.warnings(a, b));
        if (a.dir().toAbsolutePath().normalize().equals(b.dir().toAbsolutePath().normalize())) {
            warnings.add(0, "A and B are the same run (" + a.dir() + "): nothing can differ");
        }
        addRunWarnings("A", a, warnings);
        addRunWarnings("B", b, warnings);
        return new RunDiff(a, b, rule, statistics, diffs, warnings, uncompared);
    }

    /**
     * The verdicts of one family of benchmarks (Holm over every row of every benchmark), as {@code diff} judges two
     * stored runs and {@code ab} judges each look of runs not yet stored: one implementation of the rows, their pairing
     * and the family.
     *
     * @param benchmarksA A's benchmarks, each beside B's of the same name in {@code benchmarksB}
     * @param paired whether fork i of A ran next to fork i of B from the same layout seed
     * @param labelA how a warning names side A, e.g. {@code A (results/abc/run)}
     * @return the benchmarks judged, what their data warn of, and those with no data on a side
     */
    public static Family judge(
            List<StoredRun.Benchmark> benchmarksA,
            List<StoredRun.Benchmark> benchmarksB,
            boolean paired,
            VerdictRule rule,
            List<Statistic> statistics,
            String labelA,
            String labelB) {
        return judge(benchmarksA, benchmarksB, paired, rule, statistics, false, labelA, labelB);
    }

    /**
     * {@link #judge(List, List, boolean, VerdictRule, List, String, String)}, each stage's tag series too when
     * {@code tags}, as more rows of the family.
     */
    public static Family judge(
            List<StoredRun.Benchmark> benchmarksA,
            List<StoredRun.Benchmark> benchmarksB,
            boolean paired,
            VerdictRule rule,
            List<Statistic> statistics,
            boolean tags,
            String labelA,
            String labelB) {
        List<PendingBenchmark> pending = new ArrayList<>();
        // every window weighed against the fastest of both sides' (CalmWindows): one reference for the family
        OptionalDouble calmReference = CalmRows.referenceNs(
                Stream.concat(benchmarksA.stream(), benchmarksB.stream()).toList());
        List<VerdictRule.Row> rows = new ArrayList<>();
        List<String> uncompared = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        for (int i = 0; i < benchmarksA.size(); i++) {
            StoredRun.Benchmark benchmarkA = benchmarksA.get(i);
            StoredRun.Benchmark benchmarkB = benchmarksB.get(i);
            String name = benchmarkB.name();
            if (benchmarkA.forks().isEmpty() || benchmarkB.forks().isEmpty()) {
                uncompared.add(name + ": every fork of "
                        + (benchmarkA.forks().isEmpty() && benchmarkB.forks().isEmpty()
                                ? "A and B"
                                : benchmarkA.forks().isEmpty() ? labelA : labelB)
                        + " failed, so it has no data");
                continue;
            }
            pending.add(collectBenchmark(
                    benchmarkA, benchmarkB, paired, rule, statistics, tags, calmReference, rows, warnings));
        }
        // a row judged on calm windows whose fewer forks cannot reach the level it faces stands on every sample
        double[] levels = rule.weights(rows, new double[rows.size()]);
        for (PendingBenchmark p : pending) {
            if (p.calm() == null) {
                continue;
            }
            for (int j = 0; j < p.calm().judged().size(); j++) {
                int at = p.calm().at().get(j);
                CalmRows.Judged calm = p.calm().judged().get(j);
                if (!CalmRows.reachable(calm, rule.lookAlpha() * levels[at])) {
                    p.calm().judged().set(j, calm.droppedAsUnreachable());
                    rows.set(at, calm.raw());
                }
            }
        }
        // every row of every benchmark is one family: Holm controls the chance of any false call in the whole diff
        List<Comparison> judged = rule.judgeAll(rows);
        long family = judged.stream().filter(c -> !Double.isNaN(c.pValue())).count();
        // the loosest level of Holm's first step: the heaviest row's share of the look's alpha
        double[] pValues = judged.stream().mapToDouble(Comparison::pValue).toArray();
        double[] weights = rule.weights(rows, pValues);
        double heaviest = 0;
        for (int i = 0; i < pValues.length; i++) {
            heaviest = Double.isNaN(pValues[i]) ? heaviest : Math.max(heaviest, weights[i]);
        }
        double loosest = rule.lookAlpha() * heaviest;
        for (PendingBenchmark p : pending) {
            // a row that ran as pairs may be judged as independent forks: the lower floor of the two decides
            double smallest = MannWhitney.smallestTwoSidedP(p.forksA(), p.forksB());
            if (family > 1 && smallest >= loosest && smallest < rule.lookAlpha()) {
                warnings.add(String.format(
                        Locale.ROOT,
                        "%s: %s give p >= %s at best; over the %d rows of this diff"
                                + " Holm needs p < %s for a first call, so this benchmark can have none: measure more forks (ab starts"
                                + " at %d a side)",
                        p.name(),
                        p.paired() ? p.forksA() + " pairs" : p.forksA() + " v " + p.forksB() + " forks",
                        VerdictRule.formatP(smallest),
                        family,
                        VerdictRule.formatP(loosest),
                        SequentialPlan.DEFAULT_MIN_FORKS));
            }
        }
        List<BenchmarkDiff> diffs = new ArrayList<>();
        int at = 0;
        for (PendingBenchmark p : pending) {
            List<StageDiff> stages = new ArrayList<>();
            for (String series : p.series()) {
                stages.add(new StageDiff(series, judged.subList(at, at + statistics.size())));
                at += statistics.size();
            }
            diffs.add(new BenchmarkDiff(
                    p.name(),
                    p.forksA(),
                    p.forksB(),
                    p.paired(),
                    stages,
                    p.batch(),
                    p.calm() == null ? "" : p.calm().line(),
                    p.calm() != null && p.calm().tooFew()));
        }
        return new Family(diffs, warnings, uncompared);
    }

    /**
     * One family's verdicts.
     *
     * @param benchmarks the benchmarks judged, in order
     * @param warnings what their data warn of (pairing, fork counts, series on one side only)
     * @param uncompared one line per benchmark with no data on a side
     */
    public record Family(List<BenchmarkDiff> benchmarks, List<String> warnings, List<String> uncompared) {}

    /** A benchmark whose rows wait for the family's verdicts; when paired, forksA = forksB = the pairs compared. */
    private record PendingBenchmark(
            String name, int forksA, int forksB, boolean paired, List<String> series, int batch, Calm calm) {}

    /**
     * A benchmark's centre rows judged on calm windows ({@link CalmRows}), until the family says which stand.
     *
     * @param at each judged series' row's index in the family's rows
     */
    private record Calm(
            List<StoredRun.Fork> forksA,
            List<StoredRun.Fork> forksB,
            double referenceNs,
            List<String> series,
            List<CalmRows.Judged> judged,
            List<Integer> at) {

        /** @return the line under the benchmark's header */
        String line() {
            return CalmRows.line(forksA, forksB, referenceNs, series, judged);
        }

        /** @return whether some centre row was judged on every sample for want of calm forks */
        boolean tooFew() {
            return judged.stream().anyMatch(j -> j.row().isEmpty());
        }
    }

    private static PendingBenchmark collectBenchmark(
            StoredRun.Benchmark a,
            StoredRun.Benchmark b,
            boolean runsPaired,
            VerdictRule rule,
            List<Statistic> statistics,
            boolean tags,
            OptionalDouble calmReference,
            List<VerdictRule.Row> rows,
            List<String> warnings) {
        String name = b.name();
        List<StoredRun.Fork> forksOfA = a.forks();
        List<StoredRun.Fork> forksOfB = b.forks();
        boolean paired = false;
        if (runsPaired) {
            List<StoredRun.Fork> alignedA = new ArrayList<>();
            List<StoredRun.Fork> alignedB = new ArrayList<>();
            List<Integer> unmatched = new ArrayList<>();
            List<Integer> seedsDiffer = new ArrayList<>();
            for (StoredRun.Fork fa : a.forks()) {
                Optional<StoredRun.Fork> fb =
                        b.forks().stream().filter(f -> f.fork() == fa.fork()).findFirst();
                if (fb.isEmpty()) {
                    unmatched.add(fa.fork());
                } else if (fb.get().layoutSeed() != fa.layoutSeed()) {
                    seedsDiffer.add(fa.fork());
                } else {
                    alignedA.add(fa);
                    alignedB.add(fb.get());
                }
            }
            b.forks().stream()
                    .map(StoredRun.Fork::fork)
                    .filter(n -> a.forks().stream().noneMatch(f -> f.fork() == n))
                    .forEach(unmatched::add);
            if (!seedsDiffer.isEmpty()) {
                warnings.add(
                        name + ": forks " + seedsDiffer + " of A and B ran from different layout seeds; the runs are"
                                + " compared as independent sets of forks (Mann-Whitney U), not as pairs");
            } else {
                paired = true;
                forksOfA = alignedA;
                forksOfB = alignedB;
                if (!unmatched.isEmpty()) {
                    boolean pooledApart = b.series().stream()
                            .filter(s -> a.summary(s).isPresent())
                            .allMatch(s -> poolable(alignedA, s) && poolable(alignedB, s));
                    warnings.add(
                            name + ": fork(s) " + unmatched + " failed on one side; their partners are left out of the"
                                    + " paired comparison (" + alignedA.size() + " pairs compared)"
                                    + (pooledApart
                                            ? ", and of the A and B columns, which pool the forks compared (from their histograms)"
                                            : ", but not of the A and B columns: the runs hold no histograms to pool the forks compared"));
                }
            }
        }
        int forksA = forksOfA.size();
        int forksB = forksOfB.size();
        if (forksA < VerdictRule.RECOMMENDED_FORKS || forksB < VerdictRule.RECOMMENDED_FORKS) {
            // a row that ran as pairs may be judged as independent forks: the lower floor of the two decides what is
            // reachable
            double smallest = MannWhitney.smallestTwoSidedP(forksA, forksB);
            String reach = smallest < rule.lookAlpha()
                    ? String.format(
                            Locale.ROOT,
                            "alpha %s is reachable, but only just",
                            VerdictRule.formatAlpha(rule.lookAlpha()))
                    : String.format(
                            Locale.ROOT,
                            "alpha %s cannot be reached, so every verdict is 'unreliable'; run at least %d forks a side",
                            VerdictRule.formatAlpha(rule.lookAlpha()),
                            MannWhitney.forksNeeded(rule.lookAlpha()));
            warnings.add(String.format(
                    Locale.ROOT,
                    "%s: %s (fewer than %d a side): the smallest two-sided p these fork counts can give is %s; %s",
                    name,
                    paired ? forksA + " pairs" : forksA + " v " + forksB + " forks",
                    VerdictRule.RECOMMENDED_FORKS,
                    paired
                            ? VerdictRule.formatP(SignedRank.smallestTwoSidedP(forksA)) + " as pairs, "
                                    + VerdictRule.formatP(smallest) + " as independent forks"
                            : VerdictRule.formatP(smallest),
                    reach));
        }
        List<String> compared = new ArrayList<>();
        List<String> judgedSeries = new ArrayList<>();
        List<CalmRows.Judged> judged = new ArrayList<>();
        List<Integer> judgedAt = new ArrayList<>();
        for (String series : b.series()) {
            if (!tags && TagDeclaration.isStageShare(series)) {
                continue; // asked for with --tags (tagSeriesLeftOut names them)
            }
            if (a.summary(series).isEmpty()) {
                warnings.add(name + ": series " + series + " is only in B; not compared");
                continue;
            }
            for (Statistic statistic : statistics) {
                Side sideA = side(a, forksOfA, series, statistic);
                Side sideB = side(b, forksOfB, series, statistic);
                // a fork without this series breaks the pairs' alignment: that row is compared unpaired
                VerdictRule.Row row = new VerdictRule.Row(
                        statistic,
                        sideA,
                        sideB,
                        paired
                                && sideA.forks() == sideB.forks()
                                && everyForkHas(forksOfA, series)
                                && everyForkHas(forksOfB, series));
                // tmean, when compared, is the centre statistic (Statistic.centreOf)
                if (statistic == Statistic.TMEAN
                        && calmReference.isPresent()
                        && everyForkHas(forksOfA, series)
                        && everyForkHas(forksOfB, series)) {
                    CalmRows.Judged calm = CalmRows.judge(row, series, forksOfA, forksOfB, calmReference.getAsDouble());
                    if (calm.probed()) {
                        judgedSeries.add(series);
                        judged.add(calm);
                        judgedAt.add(rows.size());
                    }
                    row = calm.chosen();
                }
                rows.add(row);
            }
            compared.add(series);
        }
        for (String series : a.series()) {
            if (b.summary(series).isEmpty()) {
                warnings.add(name + ": series " + series + " is only in A; not compared");
            }
        }
        Calm calm = judged.isEmpty()
                ? null
                : new Calm(forksOfA, forksOfB, calmReference.getAsDouble(), judgedSeries, judged, judgedAt);
        return new PendingBenchmark(name, forksA, forksB, paired, compared, a.batch(), calm);
    }

    private static boolean everyForkHas(List<StoredRun.Fork> forks, String series) {
        return forks.stream().allMatch(f -> f.summary(series).isPresent());
    }

    /**
     * @return one side of a statistic: the value over the samples of {@code forksCompared} pooled, the value of each of
     *     them, and whether any of them rests on too few samples - one data set
     */
    static Side side(
            StoredRun.Benchmark benchmark, List<StoredRun.Fork> forksCompared, String series, Statistic statistic) {
        List<StageSummary> forks = new ArrayList<>();
        for (StoredRun.Fork fork : forksCompared) {
            fork.summary(series).ifPresent(forks::add);
        }
        return Side.of(statistic, pooled(benchmark, forksCompared, series), forks);
    }

    /**
     * @return {@code series} over the samples of {@code forksCompared}: the benchmark's own summary when they are all
     *     of its forks, else merged from their histograms (integer ns); the benchmark's, every fork pooled, when the
     *     run holds no histograms
     */
    static StageSummary pooled(StoredRun.Benchmark benchmark, List<StoredRun.Fork> forksCompared, String series) {
        StageSummary all = benchmark.summary(series).orElseThrow();
        if (forksCompared.size() == benchmark.forks().size() || !poolable(forksCompared, series)) {
            return all;
        }
        return LatencyHistograms.summary(
                series,
                LatencyHistograms.merge(forksCompared.stream()
                        .map(f -> f.histograms().of(series).orElseThrow())
                        .toList()));
    }

    /** @return whether every one of {@code forks} holds its histogram of {@code series} */
    private static boolean poolable(List<StoredRun.Fork> forks, String series) {
        return !forks.isEmpty()
                && forks.stream().allMatch(f -> f.histograms().of(series).isPresent());
    }

    private static void addRunWarnings(String label, StoredRun run, List<String> warnings) {
        if (!run.warnings().isEmpty()) {
            warnings.add("run " + label + " recorded " + run.warnings().size() + " warning(s) of its own (see "
                    + run.dir().resolve(RunStore.SUMMARY) + ")");
        }
    }

    /**
     * @return "cannot compare spin: every fork of B (...) failed, so it has no data", one line for every benchmark that
     *     could not be compared; empty when all could
     */
    public Optional<String> cannotCompare() {
        return uncompared.isEmpty() ? Optional.empty() : Optional.of("cannot compare " + String.join("; ", uncompared));
    }

    /** @return how many rows this diff compares (the Holm family, with the unreliable ones) */
    /**
     * @return the tag series ({@code benchmark/stage[tag]}) both runs have and this diff did not compare, in run order:
     *     those a diff compares only when asked
     */
    public List<String> tagSeriesLeftOut() {
        List<String> out = new ArrayList<>();
        for (BenchmarkDiff benchmark : benchmarks) {
            StoredRun.Benchmark inA = a.benchmark(benchmark.name()).orElse(null);
            StoredRun.Benchmark inB = b.benchmark(benchmark.name()).orElse(null);
            if (inA == null || inB == null) {
                continue;
            }
            for (String series : inB.series()) {
                boolean compared =
                        benchmark.stages().stream().anyMatch(s -> s.stage().equals(series));
                if (!compared
                        && TagDeclaration.isStageShare(series)
                        && inA.summary(series).isPresent()) {
                    out.add(benchmark.name() + "/" + series);
                }
            }
        }
        return out;
    }

    public int rowCount() {
        return benchmarks.stream()
                .mapToInt(bd -> bd.stages().size() * statistics.size())
                .sum();
    }

    /** @return every comparison called slower, as "benchmark/stage statistic" */
    public List<String> regressions() {
        return called(Verdict.SLOWER);
    }

    /** @return every comparison called faster, as "benchmark/stage statistic" */
    public List<String> improvements() {
        return called(Verdict.FASTER);
    }

    /** @return how many comparisons got {@code verdict} */
    public long count(Verdict verdict) {
        return benchmarks.stream()
                .flatMap(bd -> bd.stages().stream())
                .flatMap(s -> s.comparisons().stream())
                .filter(c -> c.verdict() == verdict)
                .count();
    }

    private List<String> called(Verdict verdict) {
        List<String> out = new ArrayList<>();
        for (BenchmarkDiff bd : benchmarks) {
            for (StageDiff s : bd.stages()) {
                for (Comparison c : s.comparisons()) {
                    if (c.verdict() == verdict) {
                        out.add(bd.name() + "/" + s.stage() + " "
                                + c.statistic().label());
                    }
                }
            }
        }
        return out;
    }

    private static String profile(StoredRun run) {
        return run.config() != null && run.config().hasNonNull("profile")
                ? run.config().get("profile").asText()
                : null;
    }
}
