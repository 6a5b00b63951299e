package io.stagebench.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.diff.Gate;
import io.stagebench.diff.RunDiff;
import io.stagebench.diff.Statistic;
import io.stagebench.diff.SummaryFixture;
import io.stagebench.diff.VerdictRule;
import io.stagebench.store.ResultReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.commonmark.Extension;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DiffMarkdownTest {

    private static final List<Extension> GFM = List.of(TablesExtension.create());

    @TempDir
    Path results;

    private RunDiff diff(String benchmark, double decideA, double decideB) throws IOException {
        return RunDiff.compare(
                ResultReader.readSummary(write("a", benchmark, decideA)),
                ResultReader.readSummary(write("b", benchmark, decideB)),
                VerdictRule.defaults(),
                List.of(Statistic.values()),
                List.of());
    }

    private Path write(String name, String benchmark, double decideNs) {
        Map<String, double[]> stages = new LinkedHashMap<>();
        stages.put("parse", SummaryFixture.forks(40, 0.2));
        stages.put("decide", SummaryFixture.forks(decideNs, 0.5));
        return SummaryFixture.run().benchmark(benchmark, stages).writeTo(results.resolve(name));
    }

    /** @return the Markdown as GitHub renders it: CommonMark with its tables */
    private static String html(String markdown) {
        return HtmlRenderer.builder()
                .extensions(GFM)
                .build()
                .render(Parser.builder().extensions(GFM).build().parse(markdown));
    }

    @Test
    void shouldOpenWithTheGatesOutcomeAndRenderTheRowsAsATable() throws IOException {
        RunDiff diff = diff("pipeline", 100, 110);
        Gate.Decision decision = new Gate(5).decide(diff);

        String markdown = DiffMarkdown.render(diff, decision, null);
        String html = html(markdown);

        String first = markdown.lines().findFirst().orElseThrow();
        assertTrue(first.startsWith("**stagebench gate: FAIL** - ") && first.contains("pipeline/decide tmean"), first);
        assertTrue(html.startsWith("<p><strong>stagebench gate: FAIL</strong>"), html);
        assertTrue(html.contains("<th>detect</th>") && html.contains("<th>deciding condition</th>"), html);
        // the summary table: both tmean rows and every row called; all of them in the folded table
        String summary = html.substring(html.indexOf("<table>"), html.indexOf("</table>"));
        long calledBesideTmean = decision.slower().stream()
                .filter(row -> !row.endsWith(" tmean"))
                .count();
        assertEquals(2 + calledBesideTmean, count(summary, "<tr>") - 1, summary);
        assertTrue(summary.contains("<td><strong>slower</strong></td>"), summary);
        String folded = html.substring(html.indexOf("<details>"));
        assertEquals(diff.rowCount(), count(folded, "<tr>") - 1, folded);
        assertTrue(markdown.contains("gate: the smallest tmean change this gate can call is "), markdown);
    }

    @Test
    void shouldOpenWithTheVerdictsWithoutAGate() throws IOException {
        String markdown = DiffMarkdown.render(diff("pipeline", 100, 100), null, "https://ci.example/runs/7");

        assertTrue(
                markdown.startsWith("**stagebench diff: 0 slower, 0 faster, 10 no change, 0 unreliable**"), markdown);
        assertTrue(html(markdown).contains("<a href=\"https://ci.example/runs/7\">download</a>"), markdown);
        assertFalse(markdown.contains("gate:"), markdown);
    }

    @Test
    void shouldKeepMarkupAndPipesInsideTheirCell() {
        String hostile = "p|<script>alert(1)</script> *x* `y`";
        String html = html("| a | b |\n|---|---|\n| " + DiffMarkdown.esc(hostile) + " | 2 |\n");

        assertFalse(html.contains("<script>") || html.contains("<em>") || html.contains("<code>"), html);
        String row = html.substring(html.indexOf("<tbody>"), html.indexOf("</tbody>"));
        assertEquals(2, count(row, "<td>"), "the pipe did not split the cell: " + row);
        assertTrue(row.contains("<td>p|&lt;script&gt;alert(1)&lt;/script&gt; *x* `y`</td>"), row);
    }

    private static int count(String text, String what) {
        int n = 0;
        for (int at = text.indexOf(what); at >= 0; at = text.indexOf(what, at + what.length())) {
            n++;
        }
        return n;
    }
}
