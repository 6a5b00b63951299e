package io.stagebench.output;

import io.stagebench.io.AtomicFiles;
import io.stagebench.stats.CoordinatedOmission;
import io.stagebench.stats.Distribution;
import io.stagebench.stats.LatencyHistograms;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The page of {@code demo co}: its three views of one stalled paced run on one chart by percentile - latency from the
 * intended send time, the closed loop's service time, and the service time HdrHistogram corrects - above the same table
 * the command prints, self-contained like {@code report.html}, which it links to.
 */
public final class CoordinatedOmissionPage {

    /** File name in the run folder. */
    public static final String FILE = "coordinated-omission.html";

    static final int WIDTH = 1200;
    static final int HEIGHT = 480;

    private CoordinatedOmissionPage() {}

    /**
     * Writes the page atomically.
     *
     * @param responseNs per message, latency from the intended send time
     * @param serviceNs per message, service time from the actual start
     * @return {@code output}
     */
    public static Path write(
            CoordinatedOmission.Comparison comparison,
            double[] responseNs,
            double[] serviceNs,
            String scenario,
            Path output)
            throws IOException {
        List<Charts.Line> lines = List.of(
                new Charts.Line(
                        comparison.paced().name() + ": " + comparison.paced().title(),
                        LatencyHistograms.of(Distribution.of(responseNs))),
                new Charts.Line(
                        comparison.naive().name() + ": " + comparison.naive().title(),
                        LatencyHistograms.of(Distribution.of(serviceNs))),
                new Charts.Line(
                        comparison.corrected().name() + ": recordValueWithExpectedInterval",
                        CoordinatedOmission.corrected(serviceNs, comparison.expectedIntervalNs())));
        byte[] png = Charts.overlay("coordinated omission: three views of one run", lines, WIDTH, HEIGHT);
        String title = "stagebench demo co";
        String html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" + title
                + "</title>\n<style>\n" + HtmlReport.CSS + "</style>\n</head>\n<body>\n<h1>" + title + "</h1>\n"
                + "<p class=\"meta\">" + HtmlReport.esc(scenario) + "</p>\n"
                + "<img alt=\"three views by percentile\" width=\"" + WIDTH + "\" height=\"" + HEIGHT + "\" src=\""
                + Charts.dataUri(png) + "\">\n<pre>" + HtmlReport.esc(CoordinatedOmissionText.render(comparison))
                + "</pre>\n"
                + String.format(
                        Locale.ROOT,
                        "<p>The run's own report, with every warning and the environment: <a href=\"%s\">%s</a>.</p>%n",
                        "report.html",
                        "report.html")
                + "</body>\n</html>\n";
        AtomicFiles.writeString(output, html);
        return output;
    }
}
