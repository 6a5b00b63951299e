package io.stagebench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.stagebench.diff.RunDiff;
import io.stagebench.diff.Statistic;
import io.stagebench.diff.SummaryFixture;
import io.stagebench.diff.VerdictRule;
import io.stagebench.json.Json;
import io.stagebench.store.ResultReader;
import io.stagebench.store.RunFixture;
import io.stagebench.store.RunStore;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DiffCommandTest {

    @TempDir
    Path results;

    @TempDir
    Path fakeRoot;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int diff(String... args) {
        String[] all = new String[args.length + 3];
        all[0] = "diff";
        System.arraycopy(args, 0, all, 1, args.length);
        all[args.length + 1] = "--results";
        all[args.length + 2] = results.toString();
        return Main.run(all, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    private static Map<String, double[]> pipeline(double decideNs) {
        Map<String, double[]> stages = new LinkedHashMap<>();
        stages.put("parse", SummaryFixture.forks(40, 0.5));
        stages.put("decide", SummaryFixture.forks(decideNs, 0.5));
        return stages;
    }

    private Path store(String name, double decideNs) {
        return SummaryFixture.run().benchmark("pipeline", pipeline(decideNs)).writeTo(results.resolve(name));
    }

    private void assertOneLineError(int code, String expected) {
        assertEquals(2, code, err.toString());
        assertTrue(err.toString().startsWith("stagebench diff: "), err.toString());
        assertTrue(err.toString().contains(expected), err.toString());
        assertEquals(1, err.toString().strip().lines().count(), err.toString());
    }

    @Test
    void shouldExit0AndSayNoChangeForTheSameFigures() {
        Path a = store("a", 100);
        Path b = store("b", 100);

        int code = diff(a.toString(), b.toString(), "--fail-on-regression");

        assertEquals(0, code, err.toString());
        assertTrue(out.toString().contains("verdicts: 0 slower, 0 faster, 10 no change, 0 unreliable"), out.toString());
    }

    @Test
    void shouldWriteTheComparisonPageAskedForBesideTheTable() throws Exception {
        Path a = store("a", 100);
        Path b = store("b", 110);
        Path page = results.resolve("diff.html");

        int code = diff(a.toString(), b.toString(), "--html", page.toString());

        assertEquals(0, code, err.toString());
        assertTrue(err.toString().contains("comparison: " + page), err.toString());
        String html = Files.readString(page);
        assertTrue(html.contains("<h2 id=\"b-pipeline\">pipeline</h2>"), html);
        assertTrue(html.contains("slower"), "the verdict table");
        assertTrue(out.toString().contains("verdicts: 5 slower"), out.toString());
    }

    @Test
    void shouldOpenTheComparisonPageWithTheCalledStagesAndColourTheVerdicts() throws Exception {
        Path a = store("a", 100);
        Path b = store("b", 110);
        Path page = results.resolve("diff.html");

        diff(a.toString(), b.toString(), "--html", page.toString());

        String html = Files.readString(page);
        int called = html.indexOf("<section id=\"called\">");
        assertTrue(called > 0 && called < html.indexOf("<table"), "the called stages come before the tables");
        assertTrue(html.substring(called, html.indexOf("</section>", called)).contains("pipeline / decide"), html);
        assertTrue(
                !html.substring(called, html.indexOf("</section>", called)).contains("pipeline / parse"),
                "parse did not change");
        assertTrue(
                html.contains("<td class=\"slower\">slower</td>")
                        && html.contains("<td class=\"nochange\">no change</td>"),
                "verdict cells carry their colour");
    }

    @Test
    void shouldKeepTheVariantsOfASweepApartRowByRow() {
        Path a = SummaryFixture.run()
                .benchmark("spin[ticks=500]", Map.of("spin", SummaryFixture.forks(200, 0.5)))
                .benchmark("spin[ticks=1000]", Map.of("spin", SummaryFixture.forks(400, 0.5)))
                .writeTo(results.resolve("a"));
        Path b = SummaryFixture.run()
                .benchmark("spin[ticks=500]", Map.of("spin", SummaryFixture.forks(200, 0.5)))
                .benchmark("spin[ticks=1000]", Map.of("spin", SummaryFixture.forks(440, 0.5)))
                .writeTo(results.resolve("b"));

        int code = diff(a.toString(), b.toString(), "--stat", "p50");

        assertEquals(0, code, err.toString());
        String table = out.toString();
        assertTrue(table.contains("spin[ticks=500]") && table.contains("spin[ticks=1000]"), table);
        String five = table.substring(table.indexOf("spin[ticks=500]  ("), table.indexOf("spin[ticks=1000]  ("));
        String thousand = table.substring(table.indexOf("spin[ticks=1000]  ("));
        assertTrue(
                five.contains("no change") && !five.contains("slower"),
                "the 500-tick variant did not change: " + table);
        assertTrue(thousand.lines().anyMatch(l -> l.startsWith("  spin ") && l.contains("slower")), table);
    }

    @Test
    void shouldExit1ForARegressionOnlyWhenAskedTo() {
        Path a = store("a", 100);
        Path b = store("b", 110);

        assertEquals(0, diff(a.toString(), b.toString()), err.toString());
        assertEquals(1, diff(a.toString(), b.toString(), "--fail-on-regression"), err.toString());
        assertTrue(out.toString().contains("pipeline/decide p50"), out.toString());
    }

    @Test
    void shouldNotFailForAnImprovement() {
        Path a = store("a", 110);
        Path b = store("b", 100);

        assertEquals(0, diff(a.toString(), b.toString(), "--fail-on-regression"), err.toString());
        assertTrue(out.toString().contains("faster"), out.toString());
    }

    @Test
    void shouldFailTheGateWithCannotCompareWhenEveryForkOfBFailed() throws Exception {
        Path a = RunFixture.writeRun(results, fakeRoot, RunFixture.COMMIT, false, RunFixture.START, 3, List.of());
        Path b = RunFixture.writeFailedRun(
                results, fakeRoot, "fedcba9876543210fedcba9876543210fedcba98", RunFixture.START.plusSeconds(60));

        assertOneLineError(
                diff(a.toString(), b.toString(), "--fail-on-regression"),
                "stagebench diff: cannot compare pipe: every fork of B (" + b + ") failed, so it has no data");
        assertTrue(out.toString().contains("*** NOT COMPARED: pipe: every fork of B"), out.toString());
    }

    @Test
    void shouldRefuseARunWithAGarbageLogAsReportDoesNamingTheFile() throws Exception {
        Path a = RunFixture.writeRun(results, fakeRoot, RunFixture.COMMIT, false, RunFixture.START, 3, List.of());
        Path b = RunFixture.writeRun(
                results,
                fakeRoot,
                "fedcba9876543210fedcba9876543210fedcba98",
                false,
                RunFixture.START.plusSeconds(60),
                3,
                List.of());
        Path hlog = b.resolve(RunStore.hlogPath("pipe", "book"));
        Files.writeString(hlog, "garbage\n");

        assertOneLineError(diff(a.toString(), b.toString()), "stagebench diff: " + hlog + ": ");
        assertEquals(
                2,
                Main.run(
                        new String[] {"report", b.toString(), "--results", results.toString()},
                        new PrintWriter(new StringWriter(), true),
                        new PrintWriter(new StringWriter(), true)));
    }

    @Test
    void shouldNotPassWithoutTheGateEitherWhenASideHasNoData() throws Exception {
        Path a = RunFixture.writeFailedRun(results, fakeRoot, RunFixture.COMMIT, RunFixture.START);
        Path b = RunFixture.writeRun(
                results,
                fakeRoot,
                "fedcba9876543210fedcba9876543210fedcba98",
                false,
                RunFixture.START.plusSeconds(60),
                3,
                List.of());

        assertOneLineError(
                diff(a.toString(), b.toString(), "--json"), "cannot compare pipe: every fork of A (" + a + ")");
        assertEquals(1, Json.mapper().readTree(out.toString()).get("uncompared").size(), out.toString());
    }

    @Test
    void shouldPrintJsonForMachines() throws Exception {
        Path a = store("a", 100);
        Path b = store("b", 110);

        assertEquals(0, diff(a.toString(), b.toString(), "--json", "--stat", "p50"));

        JsonNode root = Json.mapper().readTree(out.toString());
        assertEquals("stagebench.diff/1", root.get("schema").asText());
        JsonNode decide = root.at("/benchmarks/0/stages/1");
        assertEquals("decide", decide.get("stage").asText());
        assertEquals("slower", decide.at("/statistics/0/verdict").asText());
        assertEquals(9, decide.at("/statistics/0/newForksNs").size());
        assertEquals("p50", decide.at("/statistics/0/statistic").asText());
        assertTrue(decide.at("/statistics/0/pAdjusted").asDouble()
                >= decide.at("/statistics/0/pValue").asDouble());
        assertEquals("pipeline/decide p50", root.at("/regressions/0").asText());
    }

    @Test
    void shouldExit2NamingTheFileAndSchemaItCannotRead() throws Exception {
        Path a = store("a", 100);
        Path b = store("b", 100);
        Path summary = b.resolve(RunStore.SUMMARY);
        Files.writeString(summary, Files.readString(summary).replace(RunStore.SCHEMA, "stagebench.run/2"));

        assertOneLineError(diff(a.toString(), b.toString()), summary + ": schema 'stagebench.run/2' is not supported");
    }

    @Test
    void shouldExit2NamingAForkResultTheSummaryNamesThatWasDeleted() throws Exception {
        Path a = store("a", 100);
        Path b = store("b", 100);
        Path fork = b.resolve(RunStore.forkResultPath("pipeline", 3));
        Files.delete(fork);

        assertOneLineError(diff(a.toString(), b.toString()), fork + ": missing (named in summary.json)");
    }

    @Test
    void shouldNotCallTheEnvironmentUnknownBetweenTwoCompleteRuns() {
        Path a = store("a", 100);
        Path b = store("b", 100);

        assertEquals(0, diff(a.toString(), b.toString()), err.toString());
        assertFalse(out.toString().contains("older stagebench"), out.toString());
        assertFalse(out.toString().contains("records no environment"), out.toString());
    }

    @Test
    void shouldExit2ForRunsOfDifferentBenchmarks() {
        Path a = store("a", 100);
        Path b = SummaryFixture.run()
                .benchmark("spin", Map.of("spin", SummaryFixture.forks(10, 1)))
                .writeTo(results.resolve("b"));

        assertOneLineError(
                diff(a.toString(), b.toString()), "have no benchmark in common: A has [pipeline], B has [spin]");
    }

    @Test
    void shouldExit2ForAnUnknownCommit() {
        Path b = store("b", 100);

        assertOneLineError(diff("no-such-commit-anywhere", b.toString()), "unknown commit 'no-such-commit-anywhere'");
    }

    @Test
    void shouldExit2NamingWhereItLookedForACommitWithoutResults() {
        Path b = store("b", 100);

        assertOneLineError(diff("HEAD", b.toString()), "no stored results for commit ");
        assertTrue(err.toString().contains("looked in " + results), err.toString());
        assertTrue(err.toString().contains("-dirty/"), err.toString());
    }

    @Test
    void shouldExit2ForAThresholdItCannotParse() {
        assertEquals(2, diff("a", "b", "--threshold", "lots"));
        assertTrue(err.toString().contains("--threshold: cannot parse 'lots'"), err.toString());
    }

    @Test
    void shouldAcceptAThresholdWithAPercentSign() {
        assertEquals(2.5, DiffCommand.parseThreshold("2.5%"));
        assertEquals(2.0, DiffCommand.parseThreshold("2"));
    }

    /**
     * Five benchmarks of one stage each, five forks a side: 25 rows, as two default runs of the reference suite give.
     */
    private Path storeFive(String name, double encodeNs) {
        SummaryFixture run = SummaryFixture.run();
        for (String benchmark : List.of("parse", "book", "decide", "encode", "handoff")) {
            double centre = benchmark.equals("encode") ? encodeNs : 50;
            run.benchmark(
                    benchmark,
                    Map.of(benchmark, new double[] {centre - 0.4, centre - 0.2, centre, centre + 0.2, centre + 0.4}));
        }
        return run.writeTo(results.resolve(name));
    }

    @Test
    void shouldNotPassAGateOverFiveForksASideThatCanCallNothing() {
        Path a = storeFive("a", 50);
        Path b = storeFive("b", 55);

        int code = diff(a.toString(), b.toString(), "--fail-on-regression");

        assertEquals(3, code, err.toString());
        String first = out.toString().lines().findFirst().orElseThrow();
        assertTrue(
                first.startsWith("gate: the smallest tmean change this gate can call is none in parse, book, decide,"),
                out.toString());
        String unwrapped = out.toString().replace(System.lineSeparator() + "    ", " ");
        assertTrue(
                unwrapped.contains("gate: CANNOT JUDGE (exit 3): nothing slower, but 5 of 5 tmean rows cannot rule"
                        + " out a 5% slowdown: no change can be called at these fork counts: parse, book, decide, encode,"
                        + " handoff; fix: more forks a side"),
                out.toString());
        String last = err.toString().strip().lines().reduce((x, y) -> y).orElseThrow();
        assertTrue(
                last.startsWith("gate: CANNOT JUDGE (exit 3): ") && last.contains("ab BASE --fail-on-regression"),
                last);
    }

    @Test
    void shouldSayWhatTheGateCanCallFirstAndPassWhenItCould() {
        Path a = store("a", 100);
        Path b = store("b", 100);

        assertEquals(
                0, diff(a.toString(), b.toString(), "--fail-on-regression", "--max-regression", "5%"), err.toString());

        List<String> lines = out.toString().lines().toList();
        assertTrue(lines.get(0).startsWith("gate: the smallest tmean change this gate can call is "), out.toString());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("gate: PASS (exit 0): nothing slower")), out.toString());
        assertEquals("", err.toString());
    }

    @Test
    void shouldRefuseAMaximumRegressionWithoutTheGate() {
        assertOneLineError(
                diff("a", "b", "--max-regression", "5"),
                "--max-regression sets what --fail-on-regression" + " promises to catch; give both");
    }

    @Test
    void shouldRefuseAMaximumRegressionThatIsNotAPositivePercentage() {
        assertOneLineError(
                diff("a", "b", "--fail-on-regression", "--max-regression", "0"),
                "--max-regression must be a positive percentage, got 0.0");
    }

    @Test
    void shouldWriteTheMarkdownWithTheGatesOutcomeFirst() throws Exception {
        Path a = store("a", 100);
        Path b = store("b", 110);
        Path markdown = results.resolve("gate.md");

        assertEquals(1, diff(a.toString(), b.toString(), "--fail-on-regression", "--markdown", markdown.toString()));

        String md = Files.readString(markdown);
        assertTrue(md.startsWith("**stagebench gate: FAIL** - "), md);
        assertTrue(md.contains("pipeline/decide tmean"), md);
        assertTrue(err.toString().contains("markdown: " + markdown), err.toString());
    }

    @Test
    void shouldAppendTheMarkdownToTheJobSummaryUnderGitHubActions() throws Exception {
        Path a = store("a", 100);
        Path b = store("b", 100);
        Path summary = Files.writeString(results.resolve("step-summary.md"), "earlier step\n");
        RunDiff diff = RunDiff.compare(
                ResultReader.readSummary(a),
                ResultReader.readSummary(b),
                VerdictRule.defaults(),
                List.of(Statistic.values()),
                List.of());
        Map<String, String> actions = Map.of(
                "GITHUB_STEP_SUMMARY",
                summary.toString(),
                "GITHUB_SERVER_URL",
                "https://github.com",
                "GITHUB_REPOSITORY",
                "team/project",
                "GITHUB_RUN_ID",
                "42");

        int code = DiffCommand.print(
                diff,
                Optional.empty(),
                null,
                false,
                null,
                actions,
                new PrintWriter(out, true),
                new PrintWriter(err, true));

        assertEquals(0, code);
        String md = Files.readString(summary);
        assertTrue(md.startsWith("earlier step\n**stagebench diff: 0 slower, 0 faster"), md);
        assertTrue(md.contains("([download](https://github.com/team/project/actions/runs/42))"), md);
    }

    @Test
    void shouldPutTheGatesDecisionInTheJson() throws Exception {
        Path a = store("a", 100);
        Path b = store("b", 110);

        assertEquals(1, diff(a.toString(), b.toString(), "--fail-on-regression", "--json"));

        JsonNode gate = Json.mapper().readTree(out.toString()).get("gate");
        assertEquals("FAIL", gate.get("outcome").asText());
        assertEquals(1, gate.get("exitCode").asInt());
        assertEquals(5.0, gate.get("maxRegressionPercent").asDouble());
        assertEquals("pipeline/decide", gate.get("rows").get(1).get("series").asText());
        assertTrue(gate.get("summary").get(0).asText().startsWith("gate: the smallest tmean change"), gate.toString());
    }
}
