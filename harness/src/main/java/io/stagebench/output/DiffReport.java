package io.stagebench.output;

import io.stagebench.diff.Comparison;
import io.stagebench.diff.CoreLevels;
import io.stagebench.diff.MannWhitney;
import io.stagebench.diff.RunDiff;
import io.stagebench.diff.SignedRank;
import io.stagebench.diff.Statistic;
import io.stagebench.diff.Verdict;
import io.stagebench.diff.VerdictRule;
import io.stagebench.io.TextWrap;
import io.stagebench.json.Json;
import io.stagebench.stats.TimeScale;
import io.stagebench.store.StoredRun;
import io.stagebench.text.Table;
import io.stagebench.text.Table.Column;
import io.stagebench.text.Table.Width;
import io.stagebench.warning.Warning;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Renders a {@link RunDiff}: a table per benchmark (old, new, change, the shift with its interval and its own spread,
 * each row in the unit its values read best in, the p-value and the verdict, its deciding condition numbered under the
 * table), a summary line, and every warning as a {@code *** WARNING:} line, every line within {@value TextWrap#WIDTH}
 * characters; or the same as JSON ({@value #SCHEMA}) for machines.
 */
public final class DiffReport {

    /** Schema of the JSON form. */
    public static final String SCHEMA = "stagebench.diff/1";

    /** The verdict table's columns; the series fits its longest name, the rest are fixed. */
    private static final List<Column> COLUMNS = List.of(
            Column.left("series", Width.fit(8)),
            Column.left("stat", Width.fixed(6)),
            Column.left("unit", Width.fixed(4)),
            Column.right("A", Width.fixed(7)),
            Column.right("B", Width.fixed(7)),
            Column.right("change", Width.fixed(8)),
            Column.left("shift (95% CI)", Width.fixed(21)).withGap(2),
            Column.right("spread", Width.fixed(7)),
            Column.left("test", Width.fixed(5)),
            Column.right("Holm p", Width.fixed(7)),
            Column.right("detect", Width.fixed(7)),
            Column.left("verdict").withGap(2));

    private final RunDiff diff;

    public DiffReport(RunDiff diff) {
        this.diff = diff;
    }

    /** @return the report text */
    public String toText() {
        StringBuilder out = new StringBuilder();
        line(out, "A (old)  %s", describe(diff.a()));
        line(out, "B (new)  %s", describe(diff.b()));
        line(out, "rule     %s", ruleText());
        for (RunDiff.BenchmarkDiff benchmark : diff.benchmarks()) {
            out.append(System.lineSeparator());
            line(out, "%s  (%s)", benchmark.name(), sample(benchmark));
            coreLevels(benchmark.name()).ifPresent(core -> line(out, "  %s", core.text()));
            if (!benchmark.calm().isEmpty()) {
                line(out, "  %s", benchmark.calm());
            }
            Table table = Table.withHeader(COLUMNS.toArray(Column[]::new)).indent(2);
            // the deciding conditions, long and repeated, are numbered under the table
            List<String> reasons = new ArrayList<>();
            for (RunDiff.StageDiff stage : benchmark.stages()) {
                for (Comparison c : stage.comparisons()) {
                    String reason = "";
                    if (!c.reason().isEmpty()) {
                        if (!reasons.contains(c.reason())) {
                            reasons.add(c.reason());
                        }
                        reason = " [" + (reasons.indexOf(c.reason()) + 1) + "]";
                    }
                    List<String> cells = new ArrayList<>(cells(stage.stage(), c));
                    cells.set(cells.size() - 1, cells.get(cells.size() - 1) + reason);
                    table.row(cells);
                }
            }
            table.appendTo(out);
            for (int i = 0; i < reasons.size(); i++) {
                line(out, "  [%d] %s", i + 1, reasons.get(i));
            }
        }
        out.append(System.lineSeparator());
        line(out, "%s", verdictLine());
        List<String> tagsLeftOut = diff.tagSeriesLeftOut();
        if (!tagsLeftOut.isEmpty()) {
            line(
                    out,
                    "tags: %d tag series not compared (%s); --tags compares them too, as more rows of this family (each"
                            + " row added makes every call stricter)",
                    tagsLeftOut.size(),
                    abbreviated(tagsLeftOut));
        }
        if (!diff.warnings().isEmpty() || !diff.uncompared().isEmpty()) {
            out.append(System.lineSeparator());
            diff.warnings().forEach(w -> out.append(Warning.line(w)).append(System.lineSeparator()));
            diff.uncompared()
                    .forEach(u -> out.append("*** NOT COMPARED: ").append(u).append(System.lineSeparator()));
        }
        return TextWrap.wrapAll(out.toString());
    }

    private static String abbreviated(List<String> names) {
        return names.size() <= 4
                ? String.join(", ", names)
                : String.join(", ", names.subList(0, 3)) + ", ... " + names.get(names.size() - 1);
    }

    /**
     * @return the unit one row's values (old, new, spreads) read best in: its own, not its benchmark's - a 70 ns tmean
     *     reads {@code 70.3} in ns beside a 4 ms max in ms, rather than {@code 0.07} in the unit the max needs
     */
    public static TimeScale scale(Comparison c) {
        double largestNs = 0;
        for (double v : new double[] {c.oldNs(), c.newNs(), c.shiftSpreadNs()}) {
            largestNs = Double.isFinite(v) ? Math.max(largestNs, Math.abs(v)) : largestNs;
        }
        return TimeScale.forValueNs(largestNs);
    }

    /**
     * @return the verdict table's column headers; each row names the unit of its values ({@link #scale(Comparison)})
     */
    public static List<String> headers() {
        return COLUMNS.stream().map(Column::header).toList();
    }

    /** @return one row of the verdict table, as the text and the HTML comparison show it, in the row's own unit */
    public static List<String> cells(String stage, Comparison c) {
        TimeScale scale = scale(c);
        return List.of(
                stage,
                c.statistic().label(),
                scale.unit(),
                ns(c.oldNs(), scale),
                ns(c.newNs(), scale),
                percent(c.changePercent()),
                shift(c),
                Double.isFinite(c.shiftSpreadNs()) ? ns(c.shiftSpreadNs(), scale) : "-",
                c.paired() ? "pairs" : "forks",
                p(c),
                detectable(c.detectablePercent()),
                c.verdict().label());
    }

    /** @return the rule the verdicts follow, in one paragraph */
    public String ruleText() {
        VerdictRule rule = diff.rule();
        return String.format(
                Locale.ROOT,
                "faster/slower only when: the two-sided p (test 'pairs': Wilcoxon signed-rank"
                        + " over the pair differences, where A's and B's forks ran as pairs that share at least half of the"
                        + " fork-to-fork variance; 'forks': Mann-Whitney U over the per-fork values),"
                        + " Holm-adjusted over all %d rows of this diff%s, is < %s%s; the Hodges-Lehmann shift B - A exceeds its own"
                        + " spread (the width of its 50%% interval: how much the shift varies between repeats of this comparison);"
                        + " and |shift| >= %s%% of A. 'detect': the smallest change this row would have called, at the strictest"
                        + " level it faces (Holm's first step).",
                diff.rowCount(),
                weighting(diff, " ("),
                VerdictRule.formatAlpha(rule.lookAlpha()),
                rule.looks() > 1
                        ? " (alpha " + VerdictRule.formatAlpha(rule.alpha()) + " spread over " + rule.looks()
                                + " looks)"
                        : "",
                VerdictRule.formatAlpha(rule.thresholdPercent()));
    }

    /**
     * @return how the rows are weighted, after {@code lead} ("; " or " ("): "the tmean rows hold 50% of alpha between
     *     them, the other rows the rest", closed by ")" after " ("; empty when one statistic is compared, every row
     *     weighing alike
     */
    static String weighting(RunDiff diff, String lead) {
        List<Statistic> statistics = diff.statistics();
        if (statistics.size() < 2) {
            return "";
        }
        Statistic centre = Statistic.centreOf(statistics);
        return lead
                + String.format(
                        Locale.ROOT,
                        "the %s rows hold %.0f%% of alpha between them, the other rows the rest",
                        centre.label(),
                        100 * diff.rule().centreShare())
                + (lead.endsWith("(") ? ")" : "");
    }

    /** @return "verdicts: 1 slower (pipeline/decide p50), 0 faster, 1 no change, 0 unreliable" */
    public String verdictLine() {
        List<String> slower = diff.regressions();
        List<String> faster = diff.improvements();
        return String.format(
                Locale.ROOT,
                "verdicts: %d slower%s, %d faster%s, %d no change, %d unreliable",
                slower.size(),
                names(slower),
                faster.size(),
                names(faster),
                diff.count(Verdict.NO_CHANGE),
                diff.count(Verdict.UNRELIABLE));
    }

    /** @return the JSON form, a {@link DiffDocument} */
    public String toJson() {
        return Json.write(DiffDocument.of(diff));
    }

    /** @return "0123456789ab (main) results/0123456789ab/20250304-101530" */
    public static String describe(StoredRun run) {
        return run.label() + (run.branch().isEmpty() ? "" : " (" + run.branch() + ")") + "  " + run.dir();
    }

    /**
     * @return "13 pairs: smallest possible p 0.0002 as pairs, <0.0001 as forks" or "15 v 14 forks: smallest possible p
     *     <0.0001", with "; BATCHED, each sample the mean of 16 messages" for a batched benchmark
     */
    private static String sample(RunDiff.BenchmarkDiff benchmark) {
        String forks = VerdictRule.formatP(MannWhitney.smallestTwoSidedP(benchmark.forksA(), benchmark.forksB()));
        String batched =
                benchmark.batch() > 1 ? "; BATCHED, each sample the mean of " + benchmark.batch() + " messages" : "";
        return (benchmark.paired()
                        ? benchmark.forksA() + " pairs: smallest possible p "
                                + VerdictRule.formatP(SignedRank.smallestTwoSidedP(benchmark.forksA())) + " as pairs, "
                                + forks + " as forks"
                        : benchmark.forksA() + " v " + benchmark.forksB() + " forks: smallest possible p " + forks)
                + batched;
    }

    private static String names(List<String> called) {
        return called.isEmpty() ? "" : " (" + String.join(", ", called) + ")";
    }

    private static String ns(double value) {
        return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%.1f", value);
    }

    private static String ns(double value, TimeScale scale) {
        return Double.isNaN(value) ? "-" : scale.format(value);
    }

    private static String percent(double value) {
        if (Double.isNaN(value)) {
            return "-";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "+inf" : "-inf";
        }
        return String.format(Locale.ROOT, "%+.1f%%", value);
    }

    private static String p(Comparison c) {
        if (Double.isNaN(c.pAdjusted())) {
            return "-";
        }
        return (c.pExact() ? "" : "~") + VerdictRule.formatP(c.pAdjusted());
    }

    /** @return "+10.1% [+9.5, +10.8]": the shift and its interval, in % of A's per-fork median */
    private static String shift(Comparison c) {
        if (Double.isNaN(c.shiftPercent())) {
            return "-";
        }
        if (!Double.isFinite(c.shiftLowNs()) || !Double.isFinite(c.shiftHighNs())) {
            // too few forks for a distribution-free interval (1 v 1): the point shift alone
            return percent(c.shiftPercent()) + " [no interval]";
        }
        double centre = c.shiftNs() / (c.shiftPercent() / 100);
        if (!(Double.isFinite(centre)) || c.shiftPercent() == 0) {
            return percent(c.shiftPercent()) + " [" + ns(c.shiftLowNs()) + ", " + ns(c.shiftHighNs()) + " ns]";
        }
        return percent(c.shiftPercent()) + " [" + bound(c.shiftLowNs() / centre * 100) + ", "
                + bound(c.shiftHighNs() / centre * 100) + "]";
    }

    private static String bound(double percent) {
        if (Double.isInfinite(percent)) {
            return percent > 0 ? "+inf" : "-inf";
        }
        return String.format(Locale.ROOT, "%+.1f", percent);
    }

    /** @return "2.0%", "inf" (nothing could be called) or "-" (no test) */
    private static String detectable(double percent) {
        if (Double.isNaN(percent)) {
            return "-";
        }
        return Double.isInfinite(percent) ? "inf" : String.format(Locale.ROOT, "%.1f%%", percent);
    }

    /** @return the measuring core's state while both sides measured the benchmark, when both timed it */
    private Optional<CoreLevels> coreLevels(String benchmark) {
        return diff.a().benchmark(benchmark).isEmpty()
                        || diff.b().benchmark(benchmark).isEmpty()
                ? Optional.empty()
                : CoreLevels.of(diff.a(), diff.b(), benchmark);
    }

    private static void line(StringBuilder out, String format, Object... args) {
        out.append(String.format(Locale.ROOT, format, args)).append(System.lineSeparator());
    }
}
