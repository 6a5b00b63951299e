package io.stagebench.cli;

import io.stagebench.diff.Comparison;
import io.stagebench.diff.SequentialPlan;
import io.stagebench.diff.Side;
import io.stagebench.diff.Statistic;
import io.stagebench.diff.Verdict;
import io.stagebench.diff.VerdictRule;
import io.stagebench.runner.BenchmarkOutcome;
import io.stagebench.runner.InterleavedRunner;
import io.stagebench.stats.Distribution;
import io.stagebench.stats.StageSummary;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Drives an interleaved A/B by a {@link SequentialPlan}: the first look's fork pairs for every
 * benchmark, then more pairs only for the benchmarks whose centre statistic is not decided,
 * judging all benchmarks' rows together (one Holm family) after each look, until every
 * benchmark is decided, has its maximum forks, or the measuring budget would be passed.
 */
final class SequentialAb {

    private final InterleavedRunner runner;
    private final SequentialPlan plan;
    private final VerdictRule rule;
    private final List<Statistic> statistics;
    private final PrintWriter progress;
    private final LongSupplier nanoTime;

    SequentialAb(InterleavedRunner runner, SequentialPlan plan, VerdictRule rule, List<Statistic> statistics,
                 PrintWriter progress, LongSupplier nanoTime) {
        this.runner = runner;
        this.plan = plan;
        this.rule = rule.withLooks(plan.looks());
        this.statistics = List.copyOf(statistics);
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
        int look = 0;
        while (!pending.isEmpty()) {
            look++;
            for (String name : pending) {
                runner.runPairs(name, plan.nextPairs(runner.pairsRun(name)));
            }
            Map<String, List<Comparison>> centre = judgeCentre(runner.outcomes());
            List<String> next = new ArrayList<>();
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "[ab] look %d of at most %d:", look, plan.looks()));
            for (String name : pending) {
                List<Comparison> rows = centre.getOrDefault(name, List.of());
                boolean decided = plan.decided(rows);
                boolean full = runner.pairsRun(name) >= plan.maxForks();
                line.append(' ').append(name).append(' ').append(runner.pairsRun(name)).append('v')
                        .append(runner.pairsRun(name)).append(' ').append(state(rows, decided));
                if (!decided && !full && !rows.isEmpty()) {
                    next.add(name);
                }
            }
            long elapsedNs = nanoTime.getAsLong() - startNs;
            if (!next.isEmpty()) {
                int pairsSoFar = benchmarks.stream().mapToInt(runner::pairsRun).sum();
                double perPairNs = elapsedNs / (double) Math.max(1, pairsSoFar);
                long stepPairs = next.stream().mapToLong(n -> plan.nextPairs(runner.pairsRun(n))).sum();
                if (elapsedNs + perPairNs * stepPairs > plan.budget().toNanos()) {
                    line.append(String.format(Locale.ROOT, "; budget %ds reached (next look ~%.0fs more): stopping",
                            plan.budget().toSeconds(), perPairNs * stepPairs / 1e9));
                    next.clear();
                }
            }
            looks.add(line.toString());
            progress.println(line);
            progress.flush();
            pending = next;
        }
        return looks;
    }

    private static String state(List<Comparison> rows, boolean decided) {
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
        String called = rows.stream().anyMatch(c -> c.verdict() == Verdict.SLOWER) ? "slower"
                : rows.stream().anyMatch(c -> c.verdict() == Verdict.FASTER) ? "faster" : "no change";
        String detect = Double.isInfinite(worst) ? "could detect nothing yet"
                : String.format(Locale.ROOT, "could detect %.1f%%", worst);
        return "(" + called + (worst > 0 ? ", " + detect : "") + (decided ? ", decided)" : ")");
    }

    /** Judges every row of every benchmark as one family; returns the centre statistic's rows per benchmark. */
    private Map<String, List<Comparison>> judgeCentre(InterleavedRunner.Outcomes outcomes) {
        List<VerdictRule.Row> rows = new ArrayList<>();
        List<String> rowBenchmark = new ArrayList<>();
        for (int i = 0; i < outcomes.a().size(); i++) {
            BenchmarkOutcome a = outcomes.a().get(i);
            BenchmarkOutcome b = outcomes.b().get(i);
            if (a.forks().isEmpty() || b.forks().isEmpty()) {
                continue;
            }
            Map<String, StageSummary> pooledA = pooled(a);
            for (StageSummary pooledB : b.summaries()) {
                String series = pooledB.stage();
                if (!pooledA.containsKey(series)) {
                    continue;
                }
                for (Statistic statistic : statistics) {
                    rows.add(new VerdictRule.Row(statistic, Side.of(statistic, pooledA.get(series), perFork(a, series)),
                            Side.of(statistic, pooledB, perFork(b, series))));
                    rowBenchmark.add(b.descriptor().name());
                }
            }
        }
        List<Comparison> judged = rule.judgeAll(rows);
        Statistic centre = statistics.contains(Statistic.TMEAN) ? Statistic.TMEAN : statistics.get(0);
        Map<String, List<Comparison>> out = new LinkedHashMap<>();
        for (int i = 0; i < judged.size(); i++) {
            if (judged.get(i).statistic() == centre) {
                out.computeIfAbsent(rowBenchmark.get(i), k -> new ArrayList<>()).add(judged.get(i));
            }
        }
        return out;
    }

    private static Map<String, StageSummary> pooled(BenchmarkOutcome outcome) {
        Map<String, StageSummary> out = new LinkedHashMap<>();
        outcome.summaries().forEach(s -> out.put(s.stage(), s));
        return out;
    }

    /** Each fork's summary as this launcher computes it from the fork's raw stamps (whichever build wrote them). */
    private static List<StageSummary> perFork(BenchmarkOutcome outcome, String series) {
        List<StageSummary> out = new ArrayList<>();
        for (Distribution fork : outcome.perFork().getOrDefault(series, List.of())) {
            out.add(StageSummary.of(series, fork));
        }
        return out;
    }
}
