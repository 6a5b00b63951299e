package io.stagebench.output;

import io.stagebench.diff.Comparison;
import io.stagebench.diff.CoreLevels;
import io.stagebench.diff.Gate;
import io.stagebench.diff.RunDiff;
import io.stagebench.diff.Statistic;
import io.stagebench.diff.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A {@link RunDiff} as GitHub-flavoured Markdown, short enough for a pull request's comment or a job's summary: the
 * verdict (or the gate's outcome) on the first line, what the gate can catch, one table of the centre rows and of every
 * row called, each with its {@code detect} and deciding condition, the measuring core's state, the warnings and the two
 * runs; every row of the diff in a folded section below.
 */
public final class DiffMarkdown {

    private static final List<String> SUMMARY_HEADERS = List.of(
            "benchmark",
            "series",
            "stat",
            "A",
            "B",
            "shift (95% CI)",
            "Holm p",
            "detect",
            "verdict",
            "deciding condition");

    private DiffMarkdown() {}

    /**
     * @param gate the gate's decision when the command gates ({@code --fail-on-regression}), else null
     * @param runLink where the runs can be downloaded (a CI run's page), or null
     * @return the Markdown
     */
    public static String render(RunDiff diff, Gate.Decision gate, String runLink) {
        DiffReport report = new DiffReport(diff);
        StringBuilder md = new StringBuilder(8 * 1024);
        md.append(firstLine(diff, report, gate)).append("\n\n");
        if (gate != null) {
            md.append(esc(gate.reachLine())).append("\n\n");
        }
        Statistic centre = Statistic.centreOf(diff.statistics());
        List<List<String>> rows = new ArrayList<>();
        for (RunDiff.BenchmarkDiff benchmark : diff.benchmarks()) {
            for (RunDiff.StageDiff stage : benchmark.stages()) {
                for (Comparison c : stage.comparisons()) {
                    boolean called = c.verdict() == Verdict.SLOWER || c.verdict() == Verdict.FASTER;
                    if (c.statistic() == centre || called) {
                        rows.add(summaryCells(benchmark.name(), stage.stage(), c));
                    }
                }
            }
        }
        table(md, SUMMARY_HEADERS, rows);
        md.append('\n').append(esc(report.verdictLine())).append("\n\n");
        md.append("<sub>").append(esc(report.ruleText())).append("</sub>\n\n");
        List<String> cores = new ArrayList<>();
        for (RunDiff.BenchmarkDiff benchmark : diff.benchmarks()) {
            coreLevels(diff, benchmark.name()).ifPresent(core -> cores.add(benchmark.name() + ": " + core.text()));
            if (!benchmark.calm().isEmpty()) {
                cores.add(benchmark.name() + ": " + benchmark.calm());
            }
        }
        if (!cores.isEmpty()) {
            md.append("**Measuring core**\n\n");
            cores.forEach(line -> md.append("- ").append(esc(line)).append('\n'));
            md.append('\n');
        }
        List<String> warnings = new ArrayList<>(diff.warnings());
        diff.uncompared().forEach(u -> warnings.add("NOT COMPARED: " + u));
        if (!warnings.isEmpty()) {
            md.append("**Warnings**\n\n");
            warnings.forEach(w -> md.append("- ").append(esc(w)).append('\n'));
            md.append('\n');
        }
        md.append("**Runs**: A (old) `")
                .append(code(DiffReport.describe(diff.a())))
                .append("`, B (new) `")
                .append(code(DiffReport.describe(diff.b())))
                .append('`');
        if (runLink != null && !runLink.isBlank()) {
            md.append(" ([download](")
                    .append(runLink.replace(")", "%29").replace(" ", "%20"))
                    .append("))");
        }
        md.append("\n\n<details><summary>Every row (").append(diff.rowCount()).append(")</summary>\n\n");
        List<String> headers = new ArrayList<>(List.of("benchmark"));
        headers.addAll(DiffReport.headers());
        headers.add("deciding condition");
        List<List<String>> all = new ArrayList<>();
        for (RunDiff.BenchmarkDiff benchmark : diff.benchmarks()) {
            for (RunDiff.StageDiff stage : benchmark.stages()) {
                for (Comparison c : stage.comparisons()) {
                    List<String> cells = new ArrayList<>(List.of(benchmark.name()));
                    cells.addAll(DiffReport.cells(stage.stage(), c));
                    cells.add(c.reason());
                    all.add(cells);
                }
            }
        }
        table(md, headers, all);
        md.append("\n</details>\n");
        return md.toString();
    }

    /** @return the verdict in one bold line: the gate's outcome when gating, else the diff's verdict counts */
    private static String firstLine(RunDiff diff, DiffReport report, Gate.Decision gate) {
        if (gate != null) {
            return "**stagebench gate: " + gate.outcome().label() + "** - "
                    + esc(gate.outcomeLine().substring(gate.outcomeLine().indexOf("): ") + 3));
        }
        String cannot = diff.cannotCompare().map(line -> " - " + line).orElse("");
        return "**stagebench diff: " + esc(report.verdictLine().replaceFirst("^verdicts: ", "")) + "**" + esc(cannot);
    }

    private static List<String> summaryCells(String benchmark, String series, Comparison c) {
        List<String> text = DiffReport.cells(series, c);
        // DiffReport's cells: series, stat, unit, A, B, change, shift, spread, test, Holm p, detect, verdict
        String unit = " " + text.get(2);
        return List.of(
                benchmark,
                series,
                text.get(1),
                text.get(3) + unit,
                text.get(4) + unit,
                text.get(6),
                text.get(9),
                text.get(10),
                verdictCell(c),
                c.reason());
    }

    private static String verdictCell(Comparison c) {
        return switch (c.verdict()) {
            case SLOWER, FASTER -> "**" + c.verdict().label() + "**";
            default -> c.verdict().label();
        };
    }

    private static void table(StringBuilder md, List<String> headers, List<List<String>> rows) {
        md.append('|');
        headers.forEach(h -> md.append(' ').append(esc(h)).append(" |"));
        md.append("\n|");
        headers.forEach(h -> md.append("---|"));
        md.append('\n');
        for (List<String> row : rows) {
            md.append('|');
            for (String cell : row) {
                // a cell that is already Markdown (the bold verdict) keeps its asterisks
                md.append(' ')
                        .append(cell.startsWith("**") && cell.endsWith("**") ? cell : esc(cell))
                        .append(" |");
            }
            md.append('\n');
        }
    }

    /** @return {@code text} safe in a Markdown paragraph or table cell: no HTML, no column breaks, no emphasis */
    static String esc(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (char ch : text.toCharArray()) {
            switch (ch) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '|', '*', '_', '`', '[', ']', '\\' -> out.append('\\').append(ch);
                case '\n', '\r' -> out.append(' ');
                default -> out.append(ch);
            }
        }
        return out.toString();
    }

    /** @return {@code text} for inside a code span: backticks and line breaks removed */
    private static String code(String text) {
        return text.replace('`', '\'').replace('\n', ' ').replace('\r', ' ');
    }

    private static Optional<CoreLevels> coreLevels(RunDiff diff, String benchmark) {
        if (diff.a().benchmark(benchmark).isEmpty()
                || diff.b().benchmark(benchmark).isEmpty()) {
            return Optional.empty();
        }
        return CoreLevels.of(diff.a(), diff.b(), benchmark);
    }
}
