package io.stagebench.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.config.RunConfig;
import io.stagebench.store.ResultReader;
import io.stagebench.store.RunFixture;
import io.stagebench.store.RunId;
import io.stagebench.store.RunStore;
import io.stagebench.testing.StartsProcesses;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class HtmlReportTest {

    private static final String OTHER_COMMIT = "fedcba9876543210fedcba9876543210fedcba98";
    private static final String QUICK_COMMIT = "abcabcabcabcabcabcabcabcabcabcabcabcabca";

    @TempDir
    static Path results;

    @TempDir
    static Path fakeRoot;

    private static Path runDir;
    private static String html;

    /** Two commits' runs, the report of the later one rendered once for every test. */
    @BeforeAll
    static void writeTwoCommitsAndRender() throws IOException {
        RunFixture.writeRun(
                results,
                fakeRoot,
                OTHER_COMMIT,
                false,
                RunFixture.START.minusSeconds(86_400),
                7,
                List.of("an older run's warning"));
        // a smoke run of another configuration (1 fork): not part of the history
        Path quick =
                results.resolve(QUICK_COMMIT.substring(0, 12)).resolve(RunId.of(RunFixture.START.minusSeconds(3_600)));
        Files.createDirectories(quick);
        RunConfig quickConfig = RunFixture.config(quick);
        RunFixture.store(
                quick,
                quickConfig.withForks(1),
                List.of(RunFixture.pipeline(1, 3_000, 5)),
                List.of(),
                RunFixture.environment(fakeRoot, RunFixture.START.minusSeconds(3_600), QUICK_COMMIT, false));
        runDir = RunFixture.writeRun(
                results,
                fakeRoot,
                RunFixture.COMMIT,
                true,
                RunFixture.START,
                42,
                List.of(
                        "pipe: too few samples for p99.9, p99.99 (fewer than 100 beyond): marked * and unreliable",
                        "pipe: probe >20% of p50: a <warning> with \"markup\" & more"));
        Path report = HtmlReport.write(runDir, results, runDir.resolve(RunStore.REPORT));
        html = Files.readString(report);
    }

    @Test
    void shouldBeSelfContained() {
        assertFalse(html.contains("http://"), "no network reference");
        assertFalse(html.contains("https://"), "no network reference");
        assertFalse(html.contains("<script"), "no script");
        assertFalse(html.contains("<link"), "no external stylesheet");
        Matcher src = Pattern.compile("src=\"([^\"]*)\"").matcher(html);
        int images = 0;
        while (src.find()) {
            assertTrue(src.group(1).startsWith("data:image/png;base64,"), src.group(1));
            images++;
        }
        // three series: a percentile chart and a history chart each, and the overview
        assertEquals(7, images);
    }

    @Test
    void shouldShowEveryWarningOfTheRunAndItsForks() {
        ResultReader.LoadedRun loaded = ResultReader.load(runDir);

        List<String> warnings = HtmlReport.warnings(loaded, ResultReader.scan(results));

        assertTrue(warnings.size() >= 2);
        for (String w : warnings) {
            assertTrue(html.contains("*** WARNING: " + HtmlReport.esc(w)), w);
        }
        assertTrue(html.contains("a &lt;warning&gt; with &quot;markup&quot; &amp; more"));
        assertFalse(html.contains("an older run's warning"), "another run's warnings are not this run's");
    }

    @Test
    void shouldMarkUnreliablePercentilesAndListEveryFork() {
        assertTrue(html.contains("<td class=\"unreliable\">"), "p99.9 of 9 000 samples is unreliable");
        assertTrue(html.contains("fewer than 100 samples beyond this percentile: unreliable"));
        for (int fork = 1; fork <= 3; fork++) {
            assertTrue(html.contains("<td>fork " + fork + "</td>"), "fork " + fork);
        }
    }

    @Test
    void shouldShowTheEnvironmentAndTheHistoryOfBothCommits() {
        assertTrue(html.contains("Fixture CPU @ 2.60GHz"));
        assertTrue(html.contains("<th>governor</th><td>powersave</td>"));
        assertTrue(html.contains("<th>ruler.overheadTicksMin</th><td>40</td>"));
        assertTrue(html.contains("with uncommitted changes"));
        int history = html.indexOf("id=\"history\"");
        int older = html.indexOf("fedcba987654", history);
        int current = html.indexOf("0123456789ab-dirty", history);
        assertTrue(older > 0 && current > older, "history ordered by start time, oldest first");
    }

    @Test
    void shouldOpenWithTheSummaryAndTheOverlayChartBeforeTheWarnings() {
        int summary = html.indexOf("id=\"summary\"");
        int overlay = html.indexOf("alt=\"latency by percentile of every series\"");
        int warnings = html.indexOf("id=\"warnings\"");
        int details = html.indexOf("id=\"benchmarks\"");

        assertTrue(
                summary > 0 && summary < overlay && overlay < warnings && warnings < details,
                "summary, chart, warnings");
        assertTrue(html.substring(summary, overlay).contains("<th>p50 ns</th>"), "columns carry their unit");
    }

    @Test
    void shouldKeepRunsOfAnotherConfigurationOutOfTheHistory() {
        int history = html.indexOf("id=\"history\"");

        assertFalse(html.substring(history).contains("abcabcabcabc"), "the 1-fork run is another configuration");
        assertTrue(html.substring(history).contains("1 run(s) of other configurations left out"));
    }

    @Test
    void shouldLabelTheLogPercentileAxisInNines() {
        assertEquals("0%", Charts.percentileLabel(0));
        assertEquals("90%", Charts.percentileLabel(1));
        assertEquals("99%", Charts.percentileLabel(2));
        assertEquals("99.9%", Charts.percentileLabel(3));
        assertEquals("99.99%", Charts.percentileLabel(4));
        assertEquals("", Charts.percentileLabel(2.5));
    }

    /**
     * The first screen of the report as a reader sees it (docs/results.md, "stagebench report", has the manual
     * command).
     */
    @StartsProcesses
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldRenderInHeadlessChromium() throws Exception {
        HeadlessChromium.screenshot(runDir.resolve(RunStore.REPORT), "report-first-screen.png", 1400, 900);
    }
}
