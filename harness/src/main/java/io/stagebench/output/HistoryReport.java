package io.stagebench.output;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.stagebench.diff.ChangePoints;
import io.stagebench.diff.Comparison;
import io.stagebench.diff.CoreLevels;
import io.stagebench.diff.History;
import io.stagebench.diff.VerdictRule;
import io.stagebench.io.TextWrap;
import io.stagebench.json.Json;
import io.stagebench.stats.TimeScale;
import io.stagebench.store.RunHistory;
import io.stagebench.text.Table;
import io.stagebench.text.Table.Column;
import io.stagebench.text.Table.Width;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Renders a {@link History}: what was selected (the machine, the configuration, how many commits had no run, every run
 * left out and why), then per series and statistic one row per commit - commit, date, forks, the median of the per-fork
 * values with the lowest and highest fork, the shift from the commit before and its verdict, the subject - with each
 * change point marked under the row where the new level starts, then every change point with the method and its
 * false-alarm rate; or the same as JSON ({@value #SCHEMA}).
 */
public final class HistoryReport {

    /** Schema of the JSON form. */
    public static final String SCHEMA = "stagebench.history/1";

    private static final DateTimeFormatter DATE =
            DateTimeFormatter.ofPattern("yyyy-MM-dd").withZone(ZoneOffset.UTC);
    private static final int SUBJECT_CHARS = 40;

    private final History history;

    public HistoryReport(History history) {
        this.history = history;
    }

    /** @return the method of the change points and its false-alarm rate, in one sentence */
    public String methodText() {
        return String.format(
                Locale.ROOT,
                "change points: binary segmentation; a segment's splits (at least %d commits a side),"
                        + " best separated first, are judged at alpha %s over the %d series shown, Bonferroni over the"
                        + " segment's splits, and the first called is one: called when both the verdict rule over the forks"
                        + " before and after (two-sided Mann-Whitney U, the Hodges-Lehmann shift beyond its own spread, |shift|"
                        + " >= %s%%) and a two-sided t test over the commits' own values call it. False alarms: at most %s in this report when nothing changed, whether"
                        + " forks vary alike within and between commits or whole runs move between commits.",
                ChangePoints.MIN_COMMITS,
                VerdictRule.formatAlpha(history.changeAlpha()),
                history.trends().size(),
                VerdictRule.formatAlpha(history.rule().thresholdPercent()),
                VerdictRule.formatAlpha(history.changeAlpha()));
    }

    /** @return the report text, every line within {@value TextWrap#WIDTH} characters */
    public String toText() {
        RunHistory.Selection selection = history.selection();
        StringBuilder out = new StringBuilder();
        List<RunHistory.CommitRuns> commits = selection.commits();
        out.append(String.format(
                Locale.ROOT,
                "history: %d commit(s) with runs, %s .. %s; %d commit(s) of the line without"
                        + " a run of this machine and configuration%n",
                commits.size(),
                commits.get(0).commit().shortHash(),
                commits.get(commits.size() - 1).commit().shortHash(),
                selection.commitsWithoutRuns()));
        out.append("machine: ").append(selection.machine().describe()).append(System.lineSeparator());
        out.append("configuration: ").append(configuration(selection)).append(System.lineSeparator());
        out.append(
                        "value: the median of the per-fork values of a commit (the forks of all its runs pooled), with the lowest"
                                + " and highest fork; change: the Hodges-Lehmann shift from the commit before, judged by diff's rule (alpha "
                                + VerdictRule.formatAlpha(history.rule().alpha())
                                + ", Holm over the rows of each pair of commits, |shift| >= "
                                + VerdictRule.formatAlpha(history.rule().thresholdPercent())
                                + "%): each pair of commits is a diff of its own,"
                                + " so over n pairs up to alpha x n verdicts may be false; the change points hold the whole report to "
                                + VerdictRule.formatAlpha(history.changeAlpha()))
                .append(System.lineSeparator());
        for (History.Trend trend : history.trends()) {
            out.append(System.lineSeparator());
            TimeScale scale = TimeScale.forMaxNs(trend.points().stream()
                    .mapToDouble(History.Point::highNs)
                    .max()
                    .orElse(0));
            out.append(trend.name())
                    .append(" (")
                    .append(scale.unit())
                    .append(")")
                    .append(System.lineSeparator());
            Table table = Table.withHeader(
                            Column.left("commit", Width.fixed(12)),
                            Column.left("date", Width.fixed(10)),
                            Column.right("forks", Width.fixed(5)),
                            Column.right("value", Width.fixed(8)),
                            Column.right("forks min..max", Width.fit(17)),
                            Column.right("change", Width.fixed(8)),
                            Column.left("verdict", Width.fixed(10)),
                            Column.left("subject"))
                    .indent(2);
            for (int i = 0; i < trend.points().size(); i++) {
                History.Point p = trend.points().get(i);
                Comparison c = p.previous();
                table.row(
                        p.commit().commit().shortHash(),
                        DATE.format(p.commit().commit().date()),
                        String.valueOf(p.side().forks()),
                        scale.format(p.centreNs()),
                        scale.format(p.lowNs()) + " .. " + scale.format(p.highNs()),
                        c == null ? "-" : String.format(Locale.ROOT, "%+.1f%%", c.shiftPercent()),
                        c == null ? "-" : c.verdict().label(),
                        subject(p.commit().commit().subject()));
            }
            List<String> lines = table.lines();
            for (int i = 0; i < lines.size(); i++) {
                out.append(lines.get(i)).append(System.lineSeparator());
                int point = i - 1;
                // the header is line 0: the change point is marked under the row of the commit that starts the new
                // level
                trend.changePointAt(point)
                        .ifPresent(cp -> out.append("  ^ change point from ")
                                .append(trend.points()
                                        .get(point - 1)
                                        .commit()
                                        .commit()
                                        .shortHash())
                                .append(": ")
                                .append(cp.describe(history.seriesAlpha()))
                                .append(System.lineSeparator())
                                .append(coreMoved(trend, point)
                                        .map(m -> "    " + m + System.lineSeparator())
                                        .orElse("")));
            }
        }
        out.append(System.lineSeparator());
        long found = history.trends().stream()
                .mapToLong(t -> t.changePoints().size())
                .sum();
        out.append(String.format(Locale.ROOT, "change points: %d%n", found));
        for (History.Trend trend : history.trends()) {
            for (ChangePoints.ChangePoint cp : trend.changePoints()) {
                History.Point p = trend.points().get(cp.index());
                out.append(String.format(
                        Locale.ROOT,
                        "  %s at %s '%s': %s%n",
                        trend.name(),
                        p.commit().commit().shortHash(),
                        p.commit().commit().subject(),
                        cp.describe(history.seriesAlpha())));
            }
        }
        out.append(methodText()).append(System.lineSeparator());
        if (!selection.leftOut().isEmpty()) {
            out.append("left out (")
                    .append(selection.leftOut().size())
                    .append("):")
                    .append(System.lineSeparator());
            selection.leftOut().forEach(l -> out.append("  ").append(l).append(System.lineSeparator()));
        }
        return TextWrap.wrapAll(out.toString());
    }

    /**
     * @return when the runs of the commit before a change point and of the commit that starts it met the measuring core
     *     in states {@value CoreLevels#APART_PERCENT} % or more apart, one line saying so: the host's part of the
     *     change can be as large as the code's ({@link CoreLevels})
     */
    private static Optional<String> coreMoved(History.Trend trend, int point) {
        History.Point before = trend.points().get(point - 1);
        History.Point after = trend.points().get(point);
        return CoreLevels.ofCommits(before.commit(), after.commit(), trend.benchmark())
                .filter(CoreLevels::apart)
                .map(core -> String.format(
                        Locale.ROOT,
                        "the measuring core's issue-bound loop ran %.3f ns an iteration in"
                                + " %s's runs and %.3f ns in %s's (%+.1f%%): the host shared the core unequally, and stages"
                                + " move more than the loop, so part of this change can be the host's (repeat both, or ab)",
                        core.aNs(),
                        before.commit().commit().shortHash(),
                        core.bNs(),
                        after.commit().commit().shortHash(),
                        core.changePercent()));
    }

    /** @return "5000 messages after 100000 messages of warm-up, back-to-back, parameters {}, JVM flags []" */
    static String configuration(RunHistory.Selection selection) {
        JsonNode c = selection.configuration();
        if (c == null) {
            return "not recorded";
        }
        long warmupMs = c.path("warmupMs").asLong();
        return String.format(
                Locale.ROOT,
                "%s messages after %s of warm-up, %s, parameters %s, JVM flags %s",
                c.path("messages").asText("?"),
                warmupMs > 0 ? warmupMs + " ms" : c.path("warmupMessages").asText("?") + " messages",
                c.path("mode").asText("?"),
                c.path("params").toString(),
                words(c.path("jvmFlags")));
    }

    /** @return an array's items separated by spaces, so a long list wraps: "[-Xms1g -Xbatch]" */
    private static String words(JsonNode array) {
        List<String> items = new ArrayList<>();
        array.forEach(item -> items.add(item.asText()));
        return "[" + String.join(" ", items) + "]";
    }

    private static String subject(String subject) {
        return subject.length() <= SUBJECT_CHARS ? subject : subject.substring(0, SUBJECT_CHARS - 3) + "...";
    }

    /** @return the report as JSON, schema {@value #SCHEMA}; latencies in ns, a figure that is not finite is null */
    public String toJson() {
        RunHistory.Selection selection = history.selection();
        ObjectNode root = Json.mapper().createObjectNode();
        root.put("schema", SCHEMA);
        ObjectNode machine = root.putObject("machine");
        machine.put("cpuModel", selection.machine().cpuModel());
        machine.put("kernel", selection.machine().kernel());
        machine.put("jvm", selection.machine().jvm());
        machine.put("binding", selection.machine().binding());
        machine.put("measuringCpu", selection.machine().measuringCpu());
        root.set("configuration", selection.configuration());
        root.put("commitsWithoutRuns", selection.commitsWithoutRuns());
        ArrayNode leftOut = root.putArray("leftOut");
        selection.leftOut().forEach(leftOut::add);
        ObjectNode rule = root.putObject("rule");
        rule.put("alpha", history.rule().alpha());
        rule.put("thresholdPercent", history.rule().thresholdPercent());
        rule.put("changeAlpha", history.changeAlpha());
        rule.put("seriesAlpha", history.seriesAlpha());
        rule.put("changePoints", methodText());
        ArrayNode series = root.putArray("series");
        for (History.Trend trend : history.trends()) {
            ObjectNode t = series.addObject();
            t.put("benchmark", trend.benchmark());
            t.put("series", trend.series());
            t.put("statistic", trend.statistic().label());
            ArrayNode points = t.putArray("commits");
            for (History.Point p : trend.points()) {
                ObjectNode n = points.addObject();
                n.put("commit", p.commit().commit().hash());
                n.put("date", p.commit().commit().date().toString());
                n.put("subject", p.commit().commit().subject());
                ArrayNode runs = n.putArray("runs");
                p.commit().runs().forEach(r -> runs.add(r.dir().toString()));
                n.put("forks", p.side().forks());
                number(n, "valueNs", p.centreNs());
                number(n, "lowNs", p.lowNs());
                number(n, "highNs", p.highNs());
                OptionalDouble core = CoreLevels.levelOf(p.commit(), trend.benchmark());
                if (core.isPresent()) {
                    n.put("coreLoopNs", core.getAsDouble());
                } else {
                    n.putNull("coreLoopNs");
                }
                ArrayNode forks = n.putArray("forksNs");
                for (double v : p.side().forksNs()) {
                    forks.add(v);
                }
                Comparison c = p.previous();
                if (c == null) {
                    n.putNull("shiftPercent");
                    n.putNull("verdict");
                    n.putNull("reason");
                } else {
                    number(n, "shiftPercent", c.shiftPercent());
                    n.put("verdict", c.verdict().label());
                    n.put("reason", c.reason());
                }
            }
            ArrayNode cps = t.putArray("changePoints");
            for (ChangePoints.ChangePoint cp : trend.changePoints()) {
                ObjectNode n = cps.addObject();
                History.Point p = trend.points().get(cp.index());
                n.put("commit", p.commit().commit().hash());
                n.put("subject", p.commit().commit().subject());
                n.put(
                        "previousCommit",
                        trend.points().get(cp.index() - 1).commit().commit().hash());
                number(n, "beforeNs", ChangePoints.median(cp.comparison().oldForksNs()));
                number(n, "afterNs", ChangePoints.median(cp.comparison().newForksNs()));
                number(n, "shiftPercent", cp.comparison().shiftPercent());
                number(n, "shiftLowNs", cp.comparison().shiftLowNs());
                number(n, "shiftHighNs", cp.comparison().shiftHighNs());
                number(n, "pValue", cp.comparison().pValue());
                n.put("level", history.seriesAlpha() / cp.candidates());
                number(n, "commitPValue", cp.commitP());
                n.put("verdict", cp.comparison().verdict().label());
            }
        }
        return Json.write(root);
    }

    private static void number(ObjectNode node, String field, double value) {
        if (Double.isFinite(value)) {
            node.put(field, value);
        } else {
            node.putNull(field);
        }
    }
}
