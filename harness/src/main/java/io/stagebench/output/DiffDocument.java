package io.stagebench.output;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.stagebench.diff.Comparison;
import io.stagebench.diff.Gate;
import io.stagebench.diff.MannWhitney;
import io.stagebench.diff.RunDiff;
import io.stagebench.diff.SignedRank;
import io.stagebench.diff.Statistic;
import io.stagebench.diff.VerdictRule;
import io.stagebench.store.StoredRun;
import java.util.List;

/**
 * What {@code stagebench diff --json} prints, schema {@value DiffReport#SCHEMA}, in the order written. Latencies are
 * nanoseconds; a figure that is not finite is null.
 *
 * @param schema {@value DiffReport#SCHEMA}
 * @param a the old run
 * @param b the new run
 * @param rule the rule the verdicts follow
 * @param benchmarks per benchmark in common, in B's order
 * @param regressions the rows called slower, as "benchmark/series statistic"
 * @param improvements the rows called faster
 * @param warnings every warning, without the {@code *** WARNING:} prefix
 * @param uncompared one line per benchmark in common that has no data on a side
 * @param tagsNotCompared the tag series both runs have that were not compared ({@code --tags} compares them), as
 *     "benchmark/stage[tag]"
 * @param gate the gate's decision with {@code --fail-on-regression}; null without
 */
public record DiffDocument(
        String schema,
        Run a,
        Run b,
        Rule rule,
        List<Benchmark> benchmarks,
        List<String> regressions,
        List<String> improvements,
        List<String> warnings,
        List<String> uncompared,
        List<String> tagsNotCompared,
        GateDocument gate) {

    /** @return {@code diff} and the gate's {@code decision} as they are written */
    public static DiffDocument of(RunDiff diff, Gate.Decision decision) {
        DiffDocument document = of(diff);
        return new DiffDocument(
                document.schema(),
                document.a(),
                document.b(),
                document.rule(),
                document.benchmarks(),
                document.regressions(),
                document.improvements(),
                document.warnings(),
                document.uncompared(),
                document.tagsNotCompared(),
                GateDocument.of(decision));
    }

    /**
     * The gate's decision.
     *
     * @param outcome "PASS", "FAIL", "CANNOT JUDGE" or "CANNOT COMPARE"
     * @param exitCode the command's exit code for it
     * @param maxRegressionPercent the slowdown of a gated row the gate promises to catch
     * @param statistic the gated statistic
     * @param summary its first two lines: what it can call, and its outcome
     * @param rows every gated row
     */
    public record GateDocument(
            String outcome,
            int exitCode,
            double maxRegressionPercent,
            String statistic,
            List<String> summary,
            List<GateRow> rows) {

        static GateDocument of(Gate.Decision decision) {
            return new GateDocument(
                    decision.outcome().label(),
                    decision.outcome().exitCode(),
                    decision.gate().maxRegressionPercent(),
                    decision.centre().label(),
                    List.of(decision.reachLine(), decision.outcomeLine()),
                    decision.rows().stream().map(GateRow::of).toList());
        }
    }

    /**
     * One gated row.
     *
     * @param series "encode", or "pipeline/decide" for a series of another name than its benchmark
     * @param verdict the row's verdict
     * @param detectablePercent the smallest change it could have called (null: none)
     * @param upperPercent the upper end of its shift's 95 % interval, in % of A (null: none)
     * @param problem why it keeps the gate from passing; null when it does not
     */
    public record GateRow(
            String series, String verdict, Double detectablePercent, Double upperPercent, String problem) {

        static GateRow of(Gate.Row row) {
            return new GateRow(
                    row.name(),
                    row.comparison().verdict().label(),
                    Row.finite(row.comparison().detectablePercent()),
                    Row.finite(row.upperPercent()),
                    row.problem() == null ? null : row.name() + " " + row.problem());
        }
    }

    /** @return {@code diff} as it is written */
    public static DiffDocument of(RunDiff diff) {
        VerdictRule rule = diff.rule();
        Rule written = new Rule(
                rule.alpha(),
                rule.thresholdPercent(),
                diff.statistics().stream().map(Statistic::label).toList(),
                rule.looks(),
                rule.lookAlpha(),
                "two-sided Wilcoxon signed-rank over pair differences when A and B ran as"
                        + " pairs (exact), else Mann-Whitney U over per-fork values (exact unless tied); each benchmark says which",
                "Holm's weighted procedure over all " + diff.rowCount() + " rows" + DiffReport.weighting(diff, "; "),
                "Hodges-Lehmann, " + VerdictRule.INTERVAL_CONFIDENCE + " confidence interval",
                "width of the shift's distribution-free " + VerdictRule.SPREAD_CONFIDENCE + " interval",
                "smallest shift of B's values that every condition calls, at Holm's first step for the row:"
                        + " alpha / looks x the row's weight",
                rule.centreShare());
        return new DiffDocument(
                DiffReport.SCHEMA,
                Run.of(diff.a()),
                Run.of(diff.b()),
                written,
                diff.benchmarks().stream().map(Benchmark::of).toList(),
                diff.regressions(),
                diff.improvements(),
                diff.warnings(),
                diff.uncompared(),
                diff.tagSeriesLeftOut(),
                null);
    }

    /**
     * One side of the diff.
     *
     * @param dir its run folder
     * @param schema its summary's schema
     * @param commit its full commit hash
     * @param dirty whether its tree was dirty
     * @param branch its branch, "" when detached
     */
    public record Run(String dir, String schema, String commit, boolean dirty, String branch) {

        static Run of(StoredRun run) {
            return new Run(run.dir().toString(), run.schema(), run.commit(), run.dirty(), run.branch());
        }
    }

    /**
     * The rule the verdicts follow.
     *
     * @param alpha significance level over the looks
     * @param thresholdPercent smallest |shift| called, in % of A
     * @param statistics the statistics compared, by label
     * @param looks sequential looks the alpha is spread over
     * @param lookAlpha the alpha of this look
     * @param test the tests used
     * @param multipleComparisons how p is adjusted over the rows
     * @param shift the shift estimate
     * @param spread the shift's spread
     * @param detect what "detect" means
     * @param centreShare the share of alpha the centre rows hold between them when other rows are compared too
     */
    public record Rule(
            double alpha,
            double thresholdPercent,
            List<String> statistics,
            int looks,
            double lookAlpha,
            String test,
            String multipleComparisons,
            String shift,
            String spread,
            String detect,
            double centreShare) {}

    /**
     * One benchmark compared.
     *
     * @param name benchmark name
     * @param forksA A's forks
     * @param forksB B's forks
     * @param paired whether A's and B's forks ran as pairs
     * @param batch messages a sample on both sides
     * @param test how its rows are tested
     * @param smallestPossibleP the smallest p any of its rows can reach
     * @param stages per series
     * @param calm the calm share of each side's windows and what its centre rows were judged on; not written when its
     *     passes were not probed
     */
    public record Benchmark(
            String name,
            int forksA,
            int forksB,
            boolean paired,
            int batch,
            String test,
            double smallestPossibleP,
            List<Stage> stages,
            @JsonInclude(JsonInclude.Include.NON_EMPTY) String calm) {

        static Benchmark of(RunDiff.BenchmarkDiff benchmark) {
            return new Benchmark(
                    benchmark.name(),
                    benchmark.forksA(),
                    benchmark.forksB(),
                    benchmark.paired(),
                    benchmark.batch(),
                    benchmark.paired()
                            ? "ran as pairs: each row's test says whether it was judged on"
                                    + " the pair differences (Wilcoxon signed-rank, exact) or as independent forks (Mann-Whitney U)"
                            : "Mann-Whitney U over per-fork values, exact unless tied",
                    smallestP(benchmark),
                    benchmark.stages().stream()
                            .map(s -> new Stage(
                                    s.stage(),
                                    s.comparisons().stream().map(Row::of).toList()))
                            .toList(),
                    benchmark.calm());
        }

        /**
         * @return the smallest p any row of the benchmark can reach: as pairs when it ran as pairs (the larger floor)
         */
        private static double smallestP(RunDiff.BenchmarkDiff benchmark) {
            return benchmark.paired()
                    ? SignedRank.smallestTwoSidedP(benchmark.forksA())
                    : MannWhitney.smallestTwoSidedP(benchmark.forksA(), benchmark.forksB());
        }
    }

    /**
     * One series compared.
     *
     * @param stage the series
     * @param statistics one row per statistic
     */
    public record Stage(String stage, List<Row> statistics) {}

    /**
     * One statistic of one series compared (see {@link Comparison}).
     *
     * @param statistic its label
     * @param oldNs A's value
     * @param newNs B's value
     * @param changePercent (B - A) / A in %
     * @param oldForksNs A's per-fork values
     * @param newForksNs B's per-fork values
     * @param spreadOldNs A's fork-to-fork spread
     * @param spreadNewNs B's fork-to-fork spread
     * @param shiftNs the Hodges-Lehmann shift B - A
     * @param shiftPercent the shift in % of A
     * @param shiftLowNs its interval's lower bound
     * @param shiftHighNs its interval's upper bound
     * @param shiftSpreadNs its own spread
     * @param test the test the row was judged by
     * @param judgedPaired whether it was judged on the pair differences
     * @param pValue two-sided p
     * @param pAdjusted Holm-adjusted p
     * @param detectablePercent the smallest change the row would have called, in %
     * @param pExact whether p is exact; null without a test
     * @param verdict the verdict's label
     * @param reason the condition that decided it
     */
    public record Row(
            String statistic,
            Double oldNs,
            Double newNs,
            Double changePercent,
            double[] oldForksNs,
            double[] newForksNs,
            Double spreadOldNs,
            Double spreadNewNs,
            Double shiftNs,
            Double shiftPercent,
            Double shiftLowNs,
            Double shiftHighNs,
            Double shiftSpreadNs,
            String test,
            boolean judgedPaired,
            Double pValue,
            Double pAdjusted,
            Double detectablePercent,
            Boolean pExact,
            String verdict,
            String reason) {

        static Row of(Comparison c) {
            return new Row(
                    c.statistic().label(),
                    finite(c.oldNs()),
                    finite(c.newNs()),
                    finite(c.changePercent()),
                    c.oldForksNs(),
                    c.newForksNs(),
                    finite(c.spreadOldNs()),
                    finite(c.spreadNewNs()),
                    finite(c.shiftNs()),
                    finite(c.shiftPercent()),
                    finite(c.shiftLowNs()),
                    finite(c.shiftHighNs()),
                    finite(c.shiftSpreadNs()),
                    c.test(),
                    c.paired(),
                    finite(c.pValue()),
                    finite(c.pAdjusted()),
                    finite(c.detectablePercent()),
                    Double.isNaN(c.pValue()) ? null : c.pExact(),
                    c.verdict().label(),
                    c.reason());
        }

        private static Double finite(double value) {
            return Double.isFinite(value) ? value : null;
        }
    }
}
