package io.stagebench.output;

import io.stagebench.diff.ChangePoints;
import io.stagebench.diff.Comparison;
import io.stagebench.diff.History;
import io.stagebench.io.AtomicFiles;
import io.stagebench.store.RunStore;
import io.stagebench.store.StoredRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The trend page {@code history --html FILE} writes, self-contained like {@code report.html}: what was selected and
 * left out, the change-point method with its false-alarm rate, then per series one chart - commits numbered along the x
 * axis, each fork's value of each commit as a point, the commits' values as a line, each change point a dashed line
 * named by its commit and subject - and a table of the commits with the verdict against the one before and links to
 * each run's own report.
 */
public final class TrendPage {

    static final int WIDTH = 1100;
    static final int HEIGHT = 420;

    private TrendPage() {}

    /**
     * Writes the page atomically.
     *
     * @return {@code output}
     */
    public static Path write(History history, Path output) throws IOException {
        Path folder = output.toAbsolutePath().getParent();
        AtomicFiles.writeString(output, render(history, folder, Instant.now()));
        return output;
    }

    /**
     * @param folder where the page is, so its links to the runs' reports are relative to it (null: absolute)
     * @return the page's HTML
     */
    public static String render(History history, Path folder, Instant generated) {
        HistoryReport report = new HistoryReport(history);
        StringBuilder html = new StringBuilder(64 * 1024);
        String title = "stagebench history";
        html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>")
                .append(title)
                .append("</title>\n<style>\n")
                .append(HtmlReport.CSS)
                .append("</style>\n</head>\n<body>\n<h1>")
                .append(title)
                .append("</h1>\n<p class=\"meta\">machine: ")
                .append(HtmlReport.esc(history.selection().machine().describe()))
                .append("<br>")
                .append(HtmlReport.esc(history.selection().commits().size() + " commit(s) with runs, "
                        + history.selection().commitsWithoutRuns() + " of the line without a run of this machine and"
                        + " configuration"))
                .append("</p>\n<p class=\"meta\">")
                .append(HtmlReport.esc(report.methodText()))
                .append("</p>\n");
        if (!history.selection().leftOut().isEmpty()) {
            html.append("<h2>Left out (")
                    .append(history.selection().leftOut().size())
                    .append(")</h2>\n<ul class=\"warnings\">\n");
            history.selection()
                    .leftOut()
                    .forEach(l -> html.append("<li>").append(HtmlReport.esc(l)).append("</li>\n"));
            html.append("</ul>\n");
        }
        for (History.Trend trend : history.trends()) {
            appendTrend(html, trend, history.seriesAlpha(), folder);
        }
        html.append(
                        "<footer>Values in ns: a commit's value is the median of its forks' values (the forks of all its runs on"
                                + " this machine and configuration pooled). Generated ")
                .append(HtmlReport.esc(generated.toString()))
                .append(".</footer>\n</body>\n</html>\n");
        return html.toString();
    }

    private static void appendTrend(StringBuilder html, History.Trend trend, double seriesAlpha, Path folder) {
        html.append("<h2 id=\"")
                .append(HtmlReport.esc(trend.benchmark() + "-" + trend.series() + "-" + trend.statistic()))
                .append("\">")
                .append(HtmlReport.esc(trend.name()))
                .append("</h2>\n");
        List<String> labels = new ArrayList<>();
        List<double[]> forks = new ArrayList<>();
        double[] values = new double[trend.points().size()];
        for (int i = 0; i < values.length; i++) {
            History.Point p = trend.points().get(i);
            labels.add(p.commit().commit().hash().substring(0, 8));
            forks.add(p.side().forksNs());
            values[i] = p.centreNs();
        }
        List<Charts.Mark> marks = new ArrayList<>();
        for (ChangePoints.ChangePoint cp : trend.changePoints()) {
            History.Point p = trend.points().get(cp.index());
            marks.add(new Charts.Mark(
                    cp.index(),
                    "change point: " + p.commit().commit().shortHash() + " "
                            + p.commit().commit().subject()
                            + String.format(
                                    Locale.ROOT, " (%+.1f%%)", cp.comparison().shiftPercent())));
        }
        byte[] png = Charts.trend(trend.name() + " by commit", labels, forks, values, marks, WIDTH, HEIGHT);
        html.append("<img alt=\"")
                .append(HtmlReport.esc(trend.name()))
                .append(" by commit\" width=\"")
                .append(WIDTH)
                .append("\" height=\"")
                .append(HEIGHT)
                .append("\" src=\"")
                .append(Charts.dataUri(png))
                .append("\">\n");
        if (trend.changePoints().isEmpty()) {
            html.append("<p>No change point.</p>\n");
        } else {
            html.append("<ul>\n");
            for (ChangePoints.ChangePoint cp : trend.changePoints()) {
                History.Point p = trend.points().get(cp.index());
                html.append("<li><b>change point at <code>")
                        .append(HtmlReport.esc(p.commit().commit().shortHash()))
                        .append("</code></b> ")
                        .append(HtmlReport.esc(p.commit().commit().subject()))
                        .append(": ")
                        .append(HtmlReport.esc(cp.describe(seriesAlpha)))
                        .append("</li>\n");
            }
            html.append("</ul>\n");
        }
        html.append("<table class=\"pct\">\n<tr><th>#</th><th>commit</th><th>date</th><th>forks</th><th>value ns</th>"
                + "<th>forks min .. max ns</th><th>change</th><th>verdict</th><th>subject</th><th>reports</th></tr>\n");
        for (int i = 0; i < trend.points().size(); i++) {
            History.Point p = trend.points().get(i);
            Comparison c = p.previous();
            boolean changed = trend.changePointAt(i).isPresent();
            html.append(changed ? "<tr class=\"merged\">" : "<tr>")
                    .append("<td>")
                    .append(i + 1)
                    .append("</td><td><code>")
                    .append(HtmlReport.esc(p.commit().commit().shortHash()))
                    .append("</code></td><td>")
                    .append(HtmlReport.esc(p.commit().commit().date().toString().substring(0, 10)))
                    .append("</td><td>")
                    .append(p.side().forks())
                    .append("</td><td>")
                    .append(String.format(Locale.ROOT, "%,.1f", p.centreNs()))
                    .append("</td><td>")
                    .append(String.format(Locale.ROOT, "%,.1f .. %,.1f", p.lowNs(), p.highNs()))
                    .append("</td><td>")
                    .append(c == null ? "-" : String.format(Locale.ROOT, "%+.1f%%", c.shiftPercent()))
                    .append("</td><td>")
                    .append(c == null ? "-" : HtmlReport.esc(c.verdict().label()))
                    .append("</td><td>")
                    .append(HtmlReport.esc(p.commit().commit().subject()))
                    .append("</td><td>");
            List<String> links = new ArrayList<>();
            for (StoredRun run : p.commit().runs()) {
                Path target = run.dir().resolve(RunStore.REPORT);
                if (!Files.isRegularFile(target)) {
                    target = run.dir().resolve(RunStore.SUMMARY);
                }
                links.add("<a href=\"" + HtmlReport.esc(link(folder, target)) + "\">" + HtmlReport.esc(run.runId())
                        + "</a>");
            }
            html.append(String.join(" ", links)).append("</td></tr>\n");
        }
        html.append("</table>\n");
    }

    private static String link(Path folder, Path target) {
        Path absolute = target.toAbsolutePath().normalize();
        if (folder == null) {
            return absolute.toUri().toString();
        }
        try {
            return folder.toAbsolutePath()
                    .normalize()
                    .relativize(absolute)
                    .toString()
                    .replace('\\', '/');
        } catch (IllegalArgumentException e) {
            return absolute.toUri().toString();
        }
    }
}
