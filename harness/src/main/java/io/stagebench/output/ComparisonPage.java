package io.stagebench.output;

import io.stagebench.diff.Comparison;
import io.stagebench.diff.RunDiff;
import io.stagebench.diff.Verdict;
import io.stagebench.io.AtomicFiles;
import io.stagebench.store.HistogramFiles;
import io.stagebench.store.ResultReader;
import io.stagebench.store.StoreException;
import io.stagebench.store.StoredRun;
import io.stagebench.warning.Warning;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One self-contained HTML page comparing two stored runs, A (old) and B (new), as {@code diff A B --html FILE} writes
 * it: the verdict line and the rule; first the A-vs-B chart of every stage with a row called slower or faster, so the
 * first screen shows what changed; then per benchmark the verdict table (the same cells as the text diff, the verdicts
 * coloured) and per stage one chart with both runs' merged distributions by percentile, A and B overlaid. A run whose
 * histogram logs cannot be read is compared from its summary alone: its charts are left out and the page says why.
 */
public final class ComparisonPage {

    static final int WIDTH = 900;
    static final int HEIGHT = 400;

    private ComparisonPage() {}

    /**
     * Writes the page atomically.
     *
     * @return {@code output}
     */
    public static Path write(RunDiff diff, Path output) throws IOException {
        AtomicFiles.writeString(output, render(diff, Instant.now()));
        return output;
    }

    /** @return the page's HTML */
    public static String render(RunDiff diff, Instant generated) {
        DiffReport report = new DiffReport(diff);
        List<String> problems = new ArrayList<>();
        Map<String, Map<String, HistogramFiles.Log>> logsA = logs(diff.a(), "A", problems);
        Map<String, Map<String, HistogramFiles.Log>> logsB = logs(diff.b(), "B", problems);
        StringBuilder html = new StringBuilder(64 * 1024);
        String title = "stagebench diff " + diff.a().label() + " .. " + diff.b().label();
        html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>")
                .append(HtmlReport.esc(title))
                .append("</title>\n<style>\n")
                .append(HtmlReport.CSS)
                .append(VERDICT_CSS)
                .append("</style>\n</head>\n<body>\n<h1>")
                .append(HtmlReport.esc(title))
                .append("</h1>\n");
        html.append("<p class=\"meta\">A (old) <code>")
                .append(HtmlReport.esc(DiffReport.describe(diff.a())))
                .append("</code><br>B (new) <code>")
                .append(HtmlReport.esc(DiffReport.describe(diff.b())))
                .append("</code></p>\n<p><b>")
                .append(HtmlReport.esc(report.verdictLine()))
                .append("</b></p>\n")
                .append("<p class=\"meta\">")
                .append(HtmlReport.esc(report.ruleText()))
                .append("</p>\n");
        appendCalled(html, diff, logsA, logsB);
        List<String> warnings = new ArrayList<>(diff.warnings());
        diff.uncompared().forEach(u -> warnings.add("not compared: " + u));
        warnings.addAll(problems);
        for (RunDiff.BenchmarkDiff benchmark : diff.benchmarks()) {
            appendBenchmark(
                    html,
                    benchmark,
                    logsA.getOrDefault(benchmark.name(), Map.of()),
                    logsB.getOrDefault(benchmark.name(), Map.of()));
        }
        html.append("<section id=\"warnings\">\n<h2>Warnings (")
                .append(warnings.size())
                .append(")</h2>\n");
        if (!warnings.isEmpty()) {
            html.append("<ul class=\"warnings\">\n");
            warnings.forEach(w ->
                    html.append("<li>").append(HtmlReport.esc(Warning.line(w))).append("</li>\n"));
            html.append("</ul>\n");
        }
        html.append(
                        "</section>\n<footer>Charts: each run's forks merged, from its stored HdrHistogram logs (integer ns,"
                                + " 3 significant digits). Generated ")
                .append(HtmlReport.esc(generated.toString()))
                .append(".</footer>\n");
        html.append("</body>\n</html>\n");
        return html.toString();
    }

    private static void appendBenchmark(
            StringBuilder html,
            RunDiff.BenchmarkDiff benchmark,
            Map<String, HistogramFiles.Log> logsA,
            Map<String, HistogramFiles.Log> logsB) {
        html.append("<h2 id=\"b-")
                .append(HtmlReport.esc(benchmark.name()))
                .append("\">")
                .append(HtmlReport.esc(benchmark.name()))
                .append("</h2>\n<p class=\"meta\">")
                .append(benchmark.forksA())
                .append(" v ")
                .append(benchmark.forksB())
                .append(" forks</p>\n<table class=\"pct\">\n<tr>");
        DiffReport.headers()
                .forEach(h -> html.append("<th>").append(HtmlReport.esc(h)).append("</th>"));
        html.append("<th>deciding condition</th></tr>\n");
        for (RunDiff.StageDiff stage : benchmark.stages()) {
            for (Comparison c : stage.comparisons()) {
                html.append("<tr>");
                List<String> cells = DiffReport.cells(stage.stage(), c);
                for (int i = 0; i < cells.size(); i++) {
                    // the last cell is the verdict: coloured, so a called row stands out of the table
                    html.append(i == cells.size() - 1 ? "<td class=\"" + verdictClass(c.verdict()) + "\">" : "<td>")
                            .append(HtmlReport.esc(cells.get(i)))
                            .append("</td>");
                }
                html.append("<td>").append(HtmlReport.esc(c.reason())).append("</td></tr>\n");
            }
        }
        html.append("</table>\n<div class=\"grid\">\n");
        for (RunDiff.StageDiff stage : benchmark.stages()) {
            HistogramFiles.Log a = logsA.get(stage.stage());
            HistogramFiles.Log b = logsB.get(stage.stage());
            if (a == null || b == null) {
                continue;
            }
            byte[] png = Charts.overlay(
                    benchmark.name() + " / " + stage.stage() + ": A and B by percentile",
                    List.of(new Charts.Line("A (old)", a.merged()), new Charts.Line("B (new)", b.merged())),
                    WIDTH,
                    HEIGHT);
            html.append("<img alt=\"A and B by percentile of ")
                    .append(HtmlReport.esc(benchmark.name() + "/" + stage.stage()))
                    .append("\" width=\"")
                    .append(WIDTH)
                    .append("\" height=\"")
                    .append(HEIGHT)
                    .append("\" src=\"")
                    .append(Charts.dataUri(png))
                    .append("\">\n");
        }
        html.append("</div>\n");
    }

    /** Verdict colours: slower red, faster green, no change grey, unreliable amber. */
    static final String VERDICT_CSS = ".slower{color:#b00020;font-weight:bold}.faster{color:#1b7f3b;font-weight:bold}"
            + ".nochange{color:#666}.unreliable{color:#a15c00}\n";

    static String verdictClass(Verdict verdict) {
        return switch (verdict) {
            case SLOWER -> "slower";
            case FASTER -> "faster";
            case NO_CHANGE -> "nochange";
            case UNRELIABLE -> "unreliable";
        };
    }

    /** The A-vs-B chart of every stage with a row called slower or faster, before the tables. */
    private static void appendCalled(
            StringBuilder html,
            RunDiff diff,
            Map<String, Map<String, HistogramFiles.Log>> logsA,
            Map<String, Map<String, HistogramFiles.Log>> logsB) {
        StringBuilder called = new StringBuilder();
        for (RunDiff.BenchmarkDiff benchmark : diff.benchmarks()) {
            for (RunDiff.StageDiff stage : benchmark.stages()) {
                List<String> calls = stage.comparisons().stream()
                        .filter(c -> c.verdict() == Verdict.SLOWER || c.verdict() == Verdict.FASTER)
                        .map(c -> c.statistic().label() + " " + c.verdict().label())
                        .toList();
                HistogramFiles.Log a =
                        logsA.getOrDefault(benchmark.name(), Map.of()).get(stage.stage());
                HistogramFiles.Log b =
                        logsB.getOrDefault(benchmark.name(), Map.of()).get(stage.stage());
                if (calls.isEmpty()) {
                    continue;
                }
                String name = benchmark.name() + " / " + stage.stage();
                called.append("<figure><figcaption><a href=\"#b-")
                        .append(HtmlReport.esc(benchmark.name()))
                        .append("\">")
                        .append(HtmlReport.esc(name))
                        .append("</a>: ");
                for (int i = 0; i < calls.size(); i++) {
                    String call = calls.get(i);
                    called.append(i == 0 ? "" : ", ")
                            .append("<span class=\"")
                            .append(call.endsWith("slower") ? "slower" : "faster")
                            .append("\">")
                            .append(HtmlReport.esc(call))
                            .append("</span>");
                }
                called.append("</figcaption>\n");
                if (a != null && b != null) {
                    byte[] png = Charts.overlay(
                            name + ": A and B by percentile",
                            List.of(new Charts.Line("A (old)", a.merged()), new Charts.Line("B (new)", b.merged())),
                            WIDTH,
                            HEIGHT);
                    called.append("<img alt=\"called: A and B by percentile of ")
                            .append(HtmlReport.esc(name))
                            .append("\" width=\"")
                            .append(WIDTH)
                            .append("\" height=\"")
                            .append(HEIGHT)
                            .append("\" src=\"")
                            .append(Charts.dataUri(png))
                            .append("\">\n");
                }
                called.append("</figure>\n");
            }
        }
        if (!called.isEmpty()) {
            html.append("<section id=\"called\">\n<h2>Called</h2>\n")
                    .append(called)
                    .append("</section>\n");
        }
    }

    private static Map<String, Map<String, HistogramFiles.Log>> logs(
            StoredRun run, String side, List<String> problems) {
        try {
            return ResultReader.load(run.dir()).logs();
        } catch (StoreException e) {
            problems.add(side + ": charts left out, its histogram logs cannot be read (" + e.getMessage() + ")");
            return Map.of();
        }
    }
}
