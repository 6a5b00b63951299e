package io.stagebench.output;

import com.fasterxml.jackson.databind.JsonNode;
import io.stagebench.api.TagDeclaration;
import io.stagebench.io.AtomicFiles;
import io.stagebench.result.LayoutSensitivity;
import io.stagebench.result.MarkCost;
import io.stagebench.result.ProfileSummary;
import io.stagebench.result.TailExemplars;
import io.stagebench.stats.StageSummary;
import io.stagebench.stats.TimeScale;
import io.stagebench.store.HistogramFiles;
import io.stagebench.store.ResultReader;
import io.stagebench.store.RunConfiguration;
import io.stagebench.store.RunStore;
import io.stagebench.store.StoredRun;
import io.stagebench.warning.Warning;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One self-contained HTML file describing a stored run: no scripts, no fonts, no stylesheet or image fetched from
 * anywhere - the charts are PNG data URIs - so it opens the same from a CI artifact, an e-mail or a laptop without
 * network.
 *
 * <p>Sections, in order: what was run (commit, mode, forks, messages); the summary - one table of every benchmark and
 * series (each column in the unit its values read best in) and one chart overlaying all their distributions by
 * percentile; every warning, grouped as the run printed them; per benchmark and series a latency-by-percentile chart
 * (each fork its own line) and the exact percentile table, merged and per fork, with unreliable percentiles marked; the
 * history of p50 and p99 of each series across the runs stored beside it with the same configuration (forks, messages,
 * warm-up, mode, rate, stall, parameters, JVM flags), oldest first; the environment.
 */
public final class HtmlReport {

    static final int PERCENTILE_WIDTH = 900;
    static final int PERCENTILE_HEIGHT = 460;
    static final int HISTORY_WIDTH = 640;
    static final int HISTORY_HEIGHT = 320;
    static final int OVERVIEW_WIDTH = 1200;
    static final int OVERVIEW_HEIGHT = 430;

    /** The configuration fields that must match for a stored run to be part of a run's history. */
    static final List<String> SAME_CONFIGURATION = RunConfiguration.SAME_CONFIGURATION;

    private static final DateTimeFormatter LABEL_TIME =
            DateTimeFormatter.ofPattern("MMdd-HHmm").withZone(ZoneOffset.UTC);
    private static final String[] COLUMNS = {"p50", "p90", "p99", "p99.9", "p99.99", "max"};

    private HtmlReport() {}

    /**
     * Loads a run, scans the runs stored beside it and writes the report atomically.
     *
     * @param runDir the run folder
     * @param resultsRoot where to look for the history ({@code <root>/<commit>/<run-id>})
     * @param output the HTML file to write
     * @return {@code output}
     * @throws io.stagebench.store.StoreException when the run's files are missing or corrupt
     */
    public static Path write(Path runDir, Path resultsRoot, Path output) throws IOException {
        ResultReader.LoadedRun run = ResultReader.load(runDir);
        ResultReader.Scan history = ResultReader.scan(resultsRoot);
        AtomicFiles.writeString(output, render(run, history, Instant.now()));
        return output;
    }

    /** @return every warning the report shows: the run's own, then what the report itself found */
    public static List<String> warnings(ResultReader.LoadedRun loaded, ResultReader.Scan history) {
        List<String> warnings = new ArrayList<>(loaded.run().warnings());
        for (StoredRun.Benchmark b : loaded.run().benchmarks()) {
            for (StageSummary s : b.summaries()) {
                if (!loaded.logs().getOrDefault(b.name(), Map.of()).containsKey(s.stage())) {
                    warnings.add(b.name() + "/" + s.stage() + ": no histogram log stored; percentile chart omitted");
                }
            }
        }
        history.problems().forEach(p -> warnings.add("history: skipped an unreadable run: " + p));
        return warnings;
    }

    /**
     * The run's console report with every detail ({@link RunStore#REPORT_TEXT}: the spread of each series over forks,
     * setups and windows, the calibration, the address layout, each readiness check), when the run stored it.
     */
    private static void appendConsoleReport(StringBuilder html, Path runDir) {
        Path text = runDir.resolve(RunStore.REPORT_TEXT);
        if (!Files.isRegularFile(text)) {
            return;
        }
        try {
            html.append("<section id=\"details\">\n<h2>Details</h2>\n<p class=\"meta\">The console report with every"
                            + " detail, as <code>run --verbose</code> prints it.</p>\n<pre>")
                    .append(esc(Files.readString(text, StandardCharsets.UTF_8)))
                    .append("</pre>\n</section>\n");
        } catch (IOException e) {
            html.append("<section id=\"details\">\n<h2>Details</h2>\n<p>")
                    .append(esc(RunStore.REPORT_TEXT))
                    .append(" could not be read: ")
                    .append(esc(e.getMessage()))
                    .append("</p>\n</section>\n");
        }
    }

    /** @return the report's HTML */
    public static String render(ResultReader.LoadedRun loaded, ResultReader.Scan history, Instant generated) {
        StoredRun run = loaded.run();
        StringBuilder html = new StringBuilder(64 * 1024);
        String title = "stagebench " + run.label() + " " + run.runId();
        html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>")
                .append(esc(title))
                .append("</title>\n<style>\n")
                .append(CSS)
                .append("</style>\n</head>\n<body>\n");
        html.append("<h1>").append(esc(title)).append("</h1>\n");
        html.append("<p class=\"meta\">commit <code>")
                .append(esc(run.commit()))
                .append("</code>")
                .append(run.dirty() ? " <b>with uncommitted changes</b>" : "")
                .append(run.branch().isEmpty() ? "" : " on branch <code>" + esc(run.branch()) + "</code>")
                .append(" &middot; started ")
                .append(esc(run.startTime().toString()))
                .append(" &middot; ")
                .append(esc(configLine(run.config())))
                .append("</p>\n");

        appendSummary(html, run, loaded.logs());

        List<String> warnings = warnings(loaded, history);
        html.append("<section id=\"warnings\">\n<h2>Warnings (")
                .append(warnings.size())
                .append(")</h2>\n");
        if (warnings.isEmpty()) {
            html.append("<p>None.</p>\n");
        } else {
            html.append("<ul class=\"warnings\">\n");
            warnings.forEach(
                    w -> html.append("<li>").append(esc(Warning.line(w))).append("</li>\n"));
            html.append("</ul>\n");
        }
        html.append("</section>\n");

        html.append("<section id=\"benchmarks\">\n");
        for (StoredRun.Benchmark b : run.benchmarks()) {
            appendBenchmark(html, b, loaded.logs().getOrDefault(b.name(), Map.of()));
            appendProfile(html, run, b);
            appendTail(html, b);
        }
        html.append("</section>\n");

        appendHistory(html, run, history);
        appendConsoleReport(html, run.dir());

        html.append("<section id=\"environment\">\n<h2>Environment</h2>\n");
        if (run.environment() == null) {
            html.append("<p>This run's summary records no environment (written before environment capture).</p>\n");
        } else {
            html.append("<table class=\"env\">\n");
            flatten("", run.environment(), html);
            html.append("</table>\n");
        }
        html.append("</section>\n");
        html.append("<footer>Latencies in ns after subtracting each fork's minimum probe overhead. Tables: exact"
                        + " nearest-rank percentiles of the raw samples, forks merged by pooling samples (never by averaging"
                        + " percentiles); * marks a percentile with fewer than 100 samples beyond it (unreliable). Charts:"
                        + " from the stored HdrHistogram logs (integer ns, 3 significant digits). Generated ")
                .append(esc(generated.toString()))
                .append(" from ")
                .append(esc(run.dir().toString()))
                .append(".</footer>\n");
        html.append("</body>\n</html>\n");
        return html.toString();
    }

    /** One table of every series, then one chart overlaying all their merged distributions. */
    private static void appendSummary(
            StringBuilder html, StoredRun run, Map<String, Map<String, HistogramFiles.Log>> logs) {
        html.append("<section id=\"summary\">\n<h2>Summary</h2>\n");
        List<TimeScale> scales = new ArrayList<>();
        for (String c : COLUMNS) {
            scales.add(TimeScale.forMaxNs(run.benchmarks().stream()
                    .flatMap(b -> b.summaries().stream())
                    .mapToDouble(s -> s.valueOf(c))
                    .max()
                    .orElse(0)));
        }
        html.append("<table class=\"pct summary\">\n<tr><th>benchmark</th><th>series</th>");
        for (int i = 0; i < COLUMNS.length; i++) {
            html.append("<th>")
                    .append(COLUMNS[i])
                    .append(" ")
                    .append(scales.get(i).unit())
                    .append("</th>");
        }
        html.append("<th>count</th><th>forks</th></tr>\n");
        List<Charts.Line> lines = new ArrayList<>();
        for (StoredRun.Benchmark b : run.benchmarks()) {
            for (StageSummary s : b.summaries()) {
                html.append("<tr><td><a href=\"#b-")
                        .append(esc(b.name()))
                        .append("\">")
                        .append(esc(b.name()))
                        .append("</a></td><td>")
                        .append(esc(s.stage()))
                        .append("</td>");
                for (int i = 0; i < COLUMNS.length; i++) {
                    boolean unreliable = s.unreliable().contains(COLUMNS[i]);
                    html.append(unreliable ? "<td class=\"unreliable\">" : "<td>")
                            .append(scales.get(i).format(s.valueOf(COLUMNS[i])))
                            .append(unreliable ? "*" : "")
                            .append("</td>");
                }
                html.append("<td>")
                        .append(String.format(Locale.ROOT, "%,d", s.count()))
                        .append("</td><td>")
                        .append(b.forksSucceeded())
                        .append("</td></tr>\n");
                HistogramFiles.Log log = logs.getOrDefault(b.name(), Map.of()).get(s.stage());
                if (log != null && TagDeclaration.stageOf(s.stage()).isEmpty()) { // tags: under their stage
                    lines.add(new Charts.Line(
                            s.stage().equals(b.name()) ? b.name() : b.name() + " / " + s.stage(), log.merged()));
                }
            }
        }
        html.append("</table>\n");
        if (!lines.isEmpty()) {
            byte[] png = Charts.overlay(
                    "every series, all forks merged: latency by percentile", lines, OVERVIEW_WIDTH, OVERVIEW_HEIGHT);
            html.append("<img alt=\"latency by percentile of every series\" width=\"")
                    .append(OVERVIEW_WIDTH)
                    .append("\" height=\"")
                    .append(OVERVIEW_HEIGHT)
                    .append("\" src=\"")
                    .append(Charts.dataUri(png))
                    .append("\">\n");
        }
        html.append("</section>\n");
    }

    /** @return the runs of {@code history} measured with {@code run}'s configuration, each with a label of its own */
    static Map<String, StoredRun> sameConfiguration(StoredRun run, ResultReader.Scan history) {
        String key = configurationKey(run.config());
        Map<String, StoredRun> labelled = new LinkedHashMap<>();
        for (StoredRun past : history.runs()) {
            if (!configurationKey(past.config()).equals(key)) {
                continue;
            }
            String commit = past.commit().length() > 8 ? past.commit().substring(0, 8) : past.commit();
            String label = commit + (past.dirty() ? "+" : "") + " " + LABEL_TIME.format(past.startTime());
            labelled.put(labelled.containsKey(label) ? label + " " + past.runId() : label, past);
        }
        return labelled;
    }

    private static String configurationKey(JsonNode config) {
        return RunConfiguration.key(config, SAME_CONFIGURATION);
    }

    /** One line per series whose centre moves across layout seeds beyond forks of one seed (see LayoutSensitivity). */
    private static void appendLayoutSensitivity(StringBuilder html, StoredRun.Benchmark b) {
        long[] seeds = b.forks().stream().mapToLong(StoredRun.Fork::layoutSeed).toArray();
        if (seeds.length == 0 || Arrays.stream(seeds).anyMatch(s -> s < 0)) {
            return;
        }
        for (String series : b.series()) {
            double[] tmeans = b.forks().stream()
                    .mapToDouble(f -> f.summaries().stream()
                            .filter(s -> s.stage().equals(series))
                            .findFirst()
                            .map(StageSummary::tmeanNs)
                            .orElse(Double.NaN))
                    .toArray();
            LayoutSensitivity.of(series, seeds, tmeans)
                    .ifPresent(l -> html.append("<p class=\"meta\">")
                            .append(esc(String.format(
                                    Locale.ROOT,
                                    "%s: tmean %.1f..%.1f ns across %d layout seeds (%.0f%% of the"
                                            + " median; p %.2g that seeds differ only as forks of one seed do): ",
                                    series,
                                    l.minCentreNs(),
                                    l.maxCentreNs(),
                                    l.layouts(),
                                    100 * l.range(),
                                    l.p())))
                            .append(l.sensitive() ? "<strong>layout-sensitive</strong>" : "not layout-sensitive")
                            .append("</p>\n"));
        }
    }

    /**
     * Under a benchmark: each series' tail shown ({@link TailExemplars}), what it coincided with beside every message,
     * and its slowest messages, one row each.
     */
    private static void appendTail(StringBuilder html, StoredRun.Benchmark b) {
        for (TailExemplars t : b.tail()) {
            if (t.beyond() == 0) {
                continue;
            }
            html.append("<p class=\"meta\">")
                    .append(esc(t.series()))
                    .append(" above p99.9 (")
                    .append(esc(TailLines.time(t.thresholdNs())))
                    .append("): ")
                    .append(String.format(Locale.ROOT, "%,d", t.beyond()))
                    .append(" messages; in passes that waited in the run queue ")
                    .append(TailLines.percent(t.tail().runQueueWait()))
                    .append(" (all messages ")
                    .append(TailLines.percent(t.all().runQueueWait()))
                    .append("), switched out ")
                    .append(TailLines.percent(t.tail().involuntarySwitch()))
                    .append(" (")
                    .append(TailLines.percent(t.all().involuntarySwitch()))
                    .append("), on a shared core ")
                    .append(TailLines.percent(t.tail().sharedCore()))
                    .append(" (")
                    .append(TailLines.percent(t.all().sharedCore()))
                    .append("); in bursts ")
                    .append(TailLines.percent(t.tail().burst()))
                    .append("</p>\n<table class=\"pct\">\n<tr><th>time</th><th>seq</th><th>tag</th><th>fork</th>"
                            + "<th>replica</th><th>into its pass</th><th>its pass's run-queue wait</th>"
                            + "<th>involuntary switches</th><th>shared core</th><th>burst</th></tr>\n");
            for (TailExemplars.Exemplar e : t.slowest()) {
                html.append(String.format(
                        Locale.ROOT,
                        "<tr><td>%s</td><td>%d</td><td>%s</td><td>%d</td><td>%d</td><td>%.2f ms</td><td>%s</td>"
                                + "<td>%s</td><td>%s</td><td>%s</td></tr>%n",
                        esc(TailLines.time(e.ns())),
                        e.seq(),
                        e.tag() == null ? "" : esc(e.tag()),
                        e.fork(),
                        e.replica(),
                        e.atMs(),
                        e.runQueueWaitNs() < 0 ? "-" : esc(TailLines.time(e.runQueueWaitNs())),
                        e.involuntarySwitches() < 0 ? "-" : Long.toString(e.involuntarySwitches()),
                        e.sharedCore() ? "yes" : "no",
                        e.burst() ? "yes" : "no"));
            }
            html.append("</table>\n");
        }
    }

    /** Under a profiled run's benchmark ({@code --prof}): its forks' flame graphs, and the frames that spent most. */
    private static void appendProfile(StringBuilder html, StoredRun run, StoredRun.Benchmark b) {
        JsonNode event = run.config() == null ? null : run.config().get("profile");
        if (event == null || event.isNull()) {
            return;
        }
        ProfileSummary profile;
        try {
            profile = ProfileSummary.read(run.dir(), b.name(), ProfileSummary.TOP_FRAMES);
        } catch (IOException | RuntimeException e) {
            html.append("<p class=\"meta\">profile unreadable: ")
                    .append(esc(e.toString()))
                    .append("</p>\n");
            return;
        }
        html.append("<p class=\"meta\">profile (").append(esc(event.asText())).append(", measured passes only): ");
        for (String flame : profile.flameGraphs()) {
            html.append("<a href=\"")
                    .append(esc(flame))
                    .append("\">")
                    .append(esc(flame))
                    .append("</a> ");
        }
        html.append("</p>\n");
        List<String> lines = ProfileLines.render(event.asText(), List.of(profile));
        for (String line : lines.subList(1, profile.flameGraphs().isEmpty() ? lines.size() : lines.size() - 1)) {
            html.append("<p class=\"meta\">").append(esc(line.strip())).append("</p>\n");
        }
    }

    private static void appendBenchmark(
            StringBuilder html, StoredRun.Benchmark b, Map<String, HistogramFiles.Log> logs) {
        html.append("<h2 id=\"b-")
                .append(esc(b.name()))
                .append("\">")
                .append(esc(b.name()))
                .append("</h2>\n");
        html.append("<p class=\"meta\">stages ")
                .append(esc(String.join(" → ", b.stages())))
                .append(" &middot; ")
                .append(b.forksSucceeded())
                .append(" fork(s) succeeded")
                .append(b.failures().isEmpty() ? "" : ", " + b.failures().size() + " failed")
                .append("</p>\n");
        if (b.batch() > 1) {
            html.append("<p class=\"meta\"><strong>BATCHED</strong>, ")
                    .append(esc(String.format(
                            Locale.ROOT,
                            "%d messages a sample: each sample is the mean of %d consecutive messages between one begin and one end"
                                    + " read, so its percentiles are of %d-message means, not of messages (per-message tails need"
                                    + " an unbatched run)",
                            b.batch(),
                            b.batch(),
                            b.batch())))
                    .append("</p>\n");
        }
        MarkCost.of(b.stages().size(), b.summaries())
                .ifPresent(cost -> html.append("<p class=\"meta\">")
                        .append(esc(String.format(
                                Locale.ROOT,
                                "unmarked = the same messages timed by begin and end reads only;"
                                        + " the %d inner marks add %+.1f ns at p50, %+.1f ns in tmean (%+.1f ns per mark) beyond the"
                                        + " probe overhead subtracted",
                                cost.innerMarks(),
                                cost.p50Ns(),
                                cost.tmeanNs(),
                                cost.perMarkTmeanNs())))
                        .append("</p>\n"));
        appendLayoutSensitivity(html, b);
        for (StageSummary merged : b.summaries()) {
            String series = merged.stage();
            if (TagDeclaration.stageOf(series).isPresent()) {
                continue; // in its stage's tag table, below the stage
            }
            html.append("<div class=\"series\">\n<h3>")
                    .append(esc(b.name()))
                    .append(" / ")
                    .append(esc(series))
                    .append("</h3>\n");
            HistogramFiles.Log log = logs.get(series);
            if (log != null) {
                List<Charts.Line> forks = new ArrayList<>();
                for (int i = 0; i < log.forks().size(); i++) {
                    int fork = log.forkOf(i);
                    forks.add(new Charts.Line(
                            fork > 0 ? "fork " + fork : "interval " + (i + 1),
                            log.forks().get(i)));
                }
                byte[] png = Charts.percentiles(
                        b.name() + " / " + series + ": latency by percentile",
                        forks,
                        new Charts.Line("all forks", log.merged()),
                        PERCENTILE_WIDTH,
                        PERCENTILE_HEIGHT);
                appendPercentileChart(html, "latency by percentile of " + b.name() + "/" + series, png);
            }
            appendTableHead(html, "ns");
            appendRow(html, "all forks", merged, true);
            for (StoredRun.Fork fork : b.forks()) {
                fork.summary(series).ifPresent(s -> appendRow(html, "fork " + fork.fork(), s, false));
            }
            html.append("</table>\n");
            boolean anyUnreliable = !merged.unreliable().isEmpty()
                    || b.forks().stream()
                            .anyMatch(f -> f.summary(series)
                                    .map(s -> !s.unreliable().isEmpty())
                                    .orElse(false));
            if (anyUnreliable) {
                html.append("<p class=\"note\">* fewer than 100 samples beyond this percentile: unreliable</p>\n");
            }
            html.append("</div>\n");
            appendTags(html, b, merged, logs);
        }
    }

    /**
     * A stage's tags ({@code stage[tag]} series): one chart of every tag's distribution and a table of each tag's share
     * of the stage's messages and its percentiles, most messages first.
     */
    private static void appendTags(
            StringBuilder html, StoredRun.Benchmark b, StageSummary stage, Map<String, HistogramFiles.Log> logs) {
        List<StageSummary> tags = b.summaries().stream()
                .filter(t -> TagDeclaration.isTagOf(t.stage(), stage.stage()))
                .sorted(Comparator.comparingLong(StageSummary::count).reversed())
                .toList();
        if (tags.isEmpty()) {
            return;
        }
        html.append("<div class=\"series\">\n<h3>")
                .append(esc(b.name()))
                .append(" / ")
                .append(esc(stage.stage()))
                .append(" by tag</h3>\n");
        List<Charts.Line> lines = new ArrayList<>();
        for (StageSummary tag : tags) {
            HistogramFiles.Log log = logs.get(tag.stage());
            if (log != null) {
                lines.add(new Charts.Line(TagDeclaration.tagOf(tag.stage()).orElseThrow(), log.merged()));
            }
        }
        if (!lines.isEmpty()) {
            byte[] png = Charts.overlay(
                    b.name() + " / " + stage.stage() + " by tag: latency by percentile",
                    lines,
                    PERCENTILE_WIDTH,
                    PERCENTILE_HEIGHT);
            appendPercentileChart(html, "latency by percentile of each tag of " + b.name() + "/" + stage.stage(), png);
        }
        appendTableHead(html, "tag (share)");
        for (StageSummary tag : tags) {
            appendRow(
                    html,
                    String.format(
                            Locale.ROOT,
                            "%s (%.1f%%)",
                            TagDeclaration.tagOf(tag.stage()).orElseThrow(),
                            stage.count() == 0 ? 0.0 : 100.0 * tag.count() / stage.count()),
                    tag,
                    false);
        }
        html.append("</table>\n</div>\n");
    }

    private static void appendPercentileChart(StringBuilder html, String alt, byte[] png) {
        html.append("<img alt=\"")
                .append(esc(alt))
                .append("\" width=\"")
                .append(PERCENTILE_WIDTH)
                .append("\" height=\"")
                .append(PERCENTILE_HEIGHT)
                .append("\" src=\"")
                .append(Charts.dataUri(png))
                .append("\">\n");
    }

    /** Opens a percentile table: {@code first}, the percentile columns, count. */
    private static void appendTableHead(StringBuilder html, String first) {
        html.append("<table class=\"pct\">\n<tr><th>").append(esc(first)).append("</th>");
        for (String c : COLUMNS) {
            html.append("<th>").append(c).append("</th>");
        }
        html.append("<th>count</th></tr>\n");
    }

    private static void appendRow(StringBuilder html, String label, StageSummary s, boolean merged) {
        html.append(merged ? "<tr class=\"merged\">" : "<tr>")
                .append("<td>")
                .append(esc(label))
                .append("</td>");
        for (String c : COLUMNS) {
            boolean unreliable = s.unreliable().contains(c);
            html.append(unreliable ? "<td class=\"unreliable\">" : "<td>")
                    .append(String.format(Locale.ROOT, "%,.1f", s.valueOf(c)))
                    .append(unreliable ? "*" : "")
                    .append("</td>");
        }
        html.append("<td>").append(String.format(Locale.ROOT, "%,d", s.count())).append("</td></tr>\n");
    }

    private static void appendHistory(StringBuilder html, StoredRun run, ResultReader.Scan history) {
        Map<String, StoredRun> same = sameConfiguration(run, history);
        html.append("<section id=\"history\">\n<h2>History</h2>\n<p class=\"meta\">p50 and p99 of each series in the ")
                .append(same.size())
                .append(" complete run(s) stored beside this one with its configuration (")
                .append(esc(String.join(", ", SAME_CONFIGURATION)))
                .append("), ordered by start time; ")
                .append(history.runs().size() - same.size())
                .append(" run(s) of other configurations left out"
                        + " (labels: commit and UTC start MMdd-HHmm).</p>\n<div class=\"grid\">\n");
        for (StoredRun.Benchmark b : run.benchmarks()) {
            for (StageSummary merged : b.summaries()) {
                if (TagDeclaration.stageOf(merged.stage()).isPresent()) {
                    continue; // a history per stage, not per tag
                }
                List<String> labels = new ArrayList<>();
                List<Double> p50 = new ArrayList<>();
                List<Double> p99 = new ArrayList<>();
                same.forEach((label, past) -> past.benchmark(b.name())
                        .flatMap(pb -> pb.summary(merged.stage()))
                        .ifPresent(s -> {
                            labels.add(label);
                            p50.add(s.p50Ns());
                            p99.add(s.p99Ns());
                        }));
                if (labels.isEmpty()) {
                    continue;
                }
                byte[] png = Charts.history(
                        b.name() + " / " + merged.stage() + ": p50 and p99 by run",
                        labels,
                        p50.stream().mapToDouble(Double::doubleValue).toArray(),
                        p99.stream().mapToDouble(Double::doubleValue).toArray(),
                        HISTORY_WIDTH,
                        HISTORY_HEIGHT);
                html.append("<img alt=\"history of ")
                        .append(esc(b.name() + "/" + merged.stage()))
                        .append("\" width=\"")
                        .append(HISTORY_WIDTH)
                        .append("\" height=\"")
                        .append(HISTORY_HEIGHT)
                        .append("\" src=\"")
                        .append(Charts.dataUri(png))
                        .append("\">\n");
            }
        }
        html.append("</div>\n<table class=\"runs\">\n<tr><th>start (UTC)</th><th>commit</th><th>run</th></tr>\n");
        for (StoredRun past : same.values()) {
            boolean current = past.dir()
                    .toAbsolutePath()
                    .normalize()
                    .equals(run.dir().toAbsolutePath().normalize());
            html.append(current ? "<tr class=\"merged\">" : "<tr>")
                    .append("<td>")
                    .append(esc(past.startTime().toString()))
                    .append("</td><td><code>")
                    .append(esc(past.label()))
                    .append("</code></td><td>")
                    .append(esc(past.runId()))
                    .append(current ? " (this run)" : "")
                    .append("</td></tr>\n");
        }
        html.append("</table>\n</section>\n");
    }

    private static String configLine(JsonNode config) {
        if (config == null || config.isMissingNode() || !config.isObject()) {
            return "configuration not recorded";
        }
        String mode = config.path("mode").asText("?");
        StringBuilder line = new StringBuilder("mode ").append(mode);
        if ("paced".equals(mode)) {
            line.append(String.format(
                    Locale.ROOT,
                    " at %,.0f/s (latency from intended arrival)",
                    config.path("rateHz").asDouble()));
        } else {
            line.append(" (service time)");
        }
        line.append(" · ")
                .append(config.path("forks").asInt())
                .append(" fork(s) × ")
                .append(String.format(
                        Locale.ROOT, "%,d", config.path("messages").asLong()))
                .append(" messages");
        long warmupMs = config.path("warmupMs").asLong();
        line.append(" after ")
                .append(
                        warmupMs > 0
                                ? warmupMs + " ms"
                                : String.format(
                                        Locale.ROOT,
                                        "%,d messages",
                                        config.path("warmupMessages").asLong()))
                .append(" of warm-up");
        return line.toString();
    }

    private static void flatten(String prefix, JsonNode node, StringBuilder html) {
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                flatten(prefix.isEmpty() ? e.getKey() : prefix + "." + e.getKey(), e.getValue(), html);
            }
            return;
        }
        String value;
        if (node.isArray()) {
            List<String> items = new ArrayList<>();
            node.forEach(item -> items.add(item.isValueNode() ? item.asText() : item.toString()));
            value = String.join(" ", items);
        } else if (node.isNull()) {
            value = "-";
        } else {
            value = node.asText();
        }
        html.append("<tr><th>")
                .append(esc(prefix))
                .append("</th><td>")
                .append(esc(value))
                .append("</td></tr>\n");
    }

    /** @return {@code text} safe inside HTML text and double-quoted attributes */
    static String esc(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    static final String CSS = """
            body { font-family: sans-serif; margin: 1.5em auto; max-width: 1320px; color: #222; }
            h1 { font-size: 1.5em; margin-bottom: 0.2em; }
            h2 { border-bottom: 1px solid #ccc; margin-top: 1.6em; }
            h3 { margin-bottom: 0.3em; }
            .meta { color: #555; }
            code { background: #f3f3f3; padding: 0 0.2em; }
            ul.warnings { background: #fff4e5; border-left: 4px solid #e08a00; padding: 0.6em 0.6em 0.6em 2em; }
            ul.warnings li { font-family: monospace; margin: 0.2em 0; }
            table { border-collapse: collapse; margin: 0.4em 0 0.8em; }
            th, td { border: 1px solid #ddd; padding: 0.2em 0.6em; }
            table.pct td { text-align: right; font-family: monospace; }
            table.pct td:first-child, table.summary td:nth-child(2) { text-align: left; font-family: sans-serif; }
            tr.merged td { font-weight: bold; background: #f6f6f6; }
            td.unreliable { color: #a00; font-style: italic; }
            table.env th { text-align: left; font-weight: normal; color: #555; }
            table.env td { font-family: monospace; }
            .grid { display: flex; flex-wrap: wrap; gap: 8px; }
            .note { color: #a00; font-size: 0.9em; }
            img { max-width: 100%; height: auto; border: 1px solid #eee; }
            footer { margin-top: 2em; color: #666; font-size: 0.85em; }
            """;
}
