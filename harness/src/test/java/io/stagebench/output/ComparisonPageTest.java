package io.stagebench.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.diff.RunDiff;
import io.stagebench.diff.Statistic;
import io.stagebench.diff.VerdictRule;
import io.stagebench.store.ResultReader;
import io.stagebench.store.RunFixture;
import io.stagebench.testing.StartsProcesses;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class ComparisonPageTest {

    @TempDir
    Path results;

    @TempDir
    Path fakeRoot;

    private Path page() throws Exception {
        Path a = RunFixture.writeRun(
                results,
                fakeRoot,
                "fedcba9876543210fedcba9876543210fedcba98",
                false,
                RunFixture.START.minusSeconds(3_600),
                7,
                List.of());
        Path b = RunFixture.writeRun(results, fakeRoot, RunFixture.COMMIT, false, RunFixture.START, 42, List.of());
        RunDiff diff = RunDiff.compare(
                ResultReader.readSummary(a),
                ResultReader.readSummary(b),
                VerdictRule.defaults(),
                List.of(Statistic.P50, Statistic.P99),
                List.of());
        return ComparisonPage.write(diff, results.resolve("diff.html"));
    }

    @Test
    void shouldOverlayBothRunsPerStageAndListEveryVerdict() throws Exception {
        String html = Files.readString(page());

        assertEquals(
                3,
                Pattern.compile("alt=\"A and B by percentile of pipe/")
                        .matcher(html)
                        .results()
                        .count(),
                "one chart per stage: parse, book, total");
        assertTrue(html.contains("verdicts: "), html);
        assertEquals(
                6, Pattern.compile("<td>(p50|p99)</td>").matcher(html).results().count(), "3 stages x 2 statistics");
        assertTrue(
                html.contains("<th>unit</th>") && html.contains("<td>ns</td>"),
                "each row names the unit of its values");
        assertTrue(
                !html.contains("<script") && !html.contains("http://") && !html.contains("https://"), "self-contained");
    }

    @StartsProcesses
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldRenderInHeadlessChromium() throws Exception {
        HeadlessChromium.screenshot(page(), "comparison-first-screen.png", 1400, 900);
    }
}
