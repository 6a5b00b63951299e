package io.stagebench.session;

import io.stagebench.diff.Comparison;
import io.stagebench.diff.RunDiff;
import io.stagebench.diff.SequentialPlan;
import io.stagebench.diff.Statistic;
import io.stagebench.diff.Verdict;
import io.stagebench.diff.VerdictRule;
import io.stagebench.host.InterleavedRunner;
import io.stagebench.store.StoredRun;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Drives an interleaved A/B by a {@link SequentialPlan}: the first look's fork pairs for every benchmark, then more
 * pairs only for the benchmarks whose centre statistic is not decided, judging all benchmarks' rows together (one Holm
 * family) after each look, until every benchmark is decided, has its maximum forks, the plan's looks are spent, or the
 * measuring budget is: a further look is sized to the time the budget has left (at the pace of the looks so far), so
 * that it fits, and none is started when not even {@value SequentialPlan#MIN_STEP_PAIRS} pairs would. Every look prints
 * what it decided and why the next one is or is not taken.
 */
final class SequentialAb {

    private final InterleavedRunner runner;
    private final SequentialPlan plan;
    private final VerdictRule rule;
    private final List<Statistic> statistics;
    private final boolean tags;
    private final PrintWriter progress;
    private final LongSupplier nanoTime;

    SequentialAb(
            InterleavedRunner runner,
            SequentialPlan plan,
            VerdictRule rule,
            List<Statistic> statistics,
            boolean tags,
            PrintWriter progress,
            LongSupplier nanoTime) {
        this.runner = runner;
        this.plan = plan;
        this.rule = rule.withLooks(plan.looks());
        this.statistics = List.copyOf(statistics);
        this.tags = tags;
        this.progress = progress;
        this.nanoTime = nanoTime;
    }

    /** @return the rule the final diff must use: alpha spent over the plan's looks */
    VerdictRule rule() {
        return rule;
    }

    /**
     * Runs looks until done.
     *
     * @return one line per look, also printed as progress
     */
    List<String> run(List<String> benchmarks) throws IOException {
        long startNs = nanoTime.getAsLong();
        List<String> pending = new ArrayList<>(benchmarks);
        List<String> looks = new ArrayList<>();
        Map<String, Integer> steps = new LinkedHashMap<>();
        int look = 0;
        while (!pending.isEmpty()) {
            look++;
            for (String name : pending) {
                runner.runPairs(name, steps.getOrDefault(name, plan.nextPairs(runner.pairsRun(name))));
            }
            Map<String, List<Comparison>> centre = new LinkedHashMap<>();
            List<String> calmTooFew = new ArrayList<>();
            judgeCentre(runner.outcomes(), centre, calmTooFew);
            List<String> next = new ArrayList<>();
            StringBuilder line =
                    new StringBuilder(String.format(Locale.ROOT, "[ab] look %d of at most %d:", look, plan.looks()));
            for (String name : pending) {
                List<Comparison> rows = centre.getOrDefault(name, List.of());
                // a benchmark none of whose centre rows is called, judged on every sample for want of calm windows,
                // takes more pairs while the plan allows: measured later, they may meet the core alone
                boolean shortOfCalm = calmTooFew.contains(name) && !anyCalled(rows);
                boolean decided = plan.decided(rows) && !shortOfCalm;
                boolean full = runner.pairsRun(name) >= plan.maxForks();
                line.append(' ')
                        .append(name)
                        .append(' ')
                        .append(runner.pairsRun(name))
                        .append('v')
                        .append(runner.pairsRun(name))
                        .append(' ')
                        .append(state(rows, decided, shortOfCalm));
                if (!decided && !full && !rows.isEmpty()) {
                    next.add(name);
                }
            }
            long elapsedNs = nanoTime.getAsLong() - startNs;
            steps.clear();
            if (!next.isEmpty() && look >= plan.looks()) {
                line.append("; the plan's last look: stopping");
                next.clear();
            } else if (!next.isEmpty()) {
                // the next look is sized to what the budget has left, so that it still fits
                int pairsSoFar = benchmarks.stream().mapToInt(runner::pairsRun).sum();
                double perPairNs = elapsedNs / (double) Math.max(1, pairsSoFar);
                double leftNs = plan.budget().toNanos() - elapsedNs;
                int fits = (int) Math.floor(leftNs / (perPairNs * next.size()));
                int step = Math.min(plan.nextPairs(runner.pairsRun(next.get(0))), fits);
                if (step < SequentialPlan.MIN_STEP_PAIRS) {
                    line.append(String.format(
                            Locale.ROOT,
                            "; budget %ds: %.0fs left, a look of %d more pair(s) for %d"
                                    + " benchmark(s) needs ~%.0fs: stopping",
                            plan.budget().toSeconds(),
                            Math.max(0, leftNs) / 1e9,
                            SequentialPlan.MIN_STEP_PAIRS,
                            next.size(),
                            perPairNs * SequentialPlan.MIN_STEP_PAIRS * next.size() / 1e9));
                    next.clear();
                } else {
                    for (String name : next) {
                        steps.put(name, Math.min(step, plan.nextPairs(runner.pairsRun(name))));
                    }
                    line.append(String.format(
                            Locale.ROOT,
                            "; next: %d more pair(s) for %s (~%.0fs of %.0fs left)",
                            step,
                            String.join(", ", next),
                            perPairNs * step * next.size() / 1e9,
                            leftNs / 1e9));
                }
            }
            looks.add(line.toString());
            progress.println(line);
            progress.flush();
            pending = next;
        }
        return looks;
    }

    /**
     * @param shortOfCalm whether the rows were judged on every sample for want of forks with calm windows
     * @return the look's word for a benchmark's centre rows, as the table will call them: slower, faster, unreliable or
     *     no change; saying so when short of calm windows
     */
    static String state(List<Comparison> rows, boolean decided, boolean shortOfCalm) {
        if (rows.isEmpty()) {
            return "(no data)";
        }
        double worst = 0;
        for (Comparison c : rows) {
            if (c.verdict() == Verdict.SLOWER || c.verdict() == Verdict.FASTER) {
                continue;
            }
            worst = Math.max(worst, c.detectablePercent());
        }
        String called = rows.stream().anyMatch(c -> c.verdict() == Verdict.SLOWER)
                ? "slower"
                : rows.stream().anyMatch(c -> c.verdict() == Verdict.FASTER)
                        ? "faster"
                        : rows.stream().anyMatch(c -> c.verdict() == Verdict.UNRELIABLE) ? "unreliable" : "no change";
        String detect = Double.isInfinite(worst)
                ? "could detect nothing yet"
                : String.format(Locale.ROOT, "could detect %.1f%%", worst);
        return "(" + called + (worst > 0 ? ", " + detect : "") + (shortOfCalm ? ", too few calm windows" : "")
                + (decided ? ", decided)" : ")");
    }

    private static boolean anyCalled(List<Comparison> rows) {
        return rows.stream().anyMatch(c -> c.verdict() == Verdict.SLOWER || c.verdict() == Verdict.FASTER);
    }

    /**
     * Judges every row of every benchmark as one family, by the rule and the code {@code diff} uses on stored runs
     * ({@link RunDiff#judge}); puts the centre statistic's rows per benchmark into {@code out}, and the benchmarks
     * whose centre rows had too few forks with calm windows into {@code calmTooFew}.
     */
    private void judgeCentre(
            InterleavedRunner.Sides outcomes, Map<String, List<Comparison>> out, List<String> calmTooFew) {
        List<StoredRun.Benchmark> a =
                outcomes.a().stream().map(StoredRun.Benchmark::of).toList();
        List<StoredRun.Benchmark> b =
                outcomes.b().stream().map(StoredRun.Benchmark::of).toList();
        // fork i of A and fork i of B ran next to each other from the same layout seed: compared as pairs
        RunDiff.Family family = RunDiff.judge(a, b, true, rule, statistics, tags, "A", "B");
        Statistic centre = Statistic.centreOf(statistics);
        for (RunDiff.BenchmarkDiff benchmark : family.benchmarks()) {
            if (benchmark.calmTooFew()) {
                calmTooFew.add(benchmark.name());
            }
            for (RunDiff.StageDiff stage : benchmark.stages()) {
                for (Comparison c : stage.comparisons()) {
                    if (c.statistic() == centre) {
                        out.computeIfAbsent(benchmark.name(), k -> new ArrayList<>())
                                .add(c);
                    }
                }
            }
        }
    }
}
