package io.stagebench.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.stagebench.config.ProfileEvent;
import io.stagebench.host.Runner;
import io.stagebench.json.Json;
import io.stagebench.output.DiffReport;
import io.stagebench.result.CoreContention;
import io.stagebench.stats.StageSummary;
import io.stagebench.store.ResultReader;
import io.stagebench.store.StoredRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunDiffTest {

    @TempDir
    Path dir;

    private static final List<Statistic> ALL = List.of(Statistic.values());

    private static Map<String, double[]> stages(double parse, double decide, double jitter) {
        Map<String, double[]> stages = new LinkedHashMap<>();
        stages.put("parse", SummaryFixture.forks(parse, jitter));
        stages.put("decide", SummaryFixture.forks(decide, jitter));
        return stages;
    }

    private StoredRun run(String name, SummaryFixture fixture) {
        return ResultReader.readSummary(fixture.writeTo(dir.resolve(name)));
    }

    /** @return the warnings of a diff of two runs of the same figures, B stored with {@code warning} as its one */
    private List<String> diffWarningsWhenBStored(String warning) {
        StoredRun a = run("a", SummaryFixture.run().benchmark("pipeline", stages(40, 100, 0.6)));
        StoredRun b = withWarnings(run("b", SummaryFixture.run().benchmark("pipeline", stages(40, 100, 0.6))), warning);
        return RunDiff.compare(a, b, VerdictRule.defaults(), ALL, List.of()).warnings();
    }

    /** @return {@code run} as if it had been stored with {@code warning} as its one warning */
    private static StoredRun withWarnings(StoredRun run, String warning) {
        return new StoredRun(
                run.dir(),
                run.schema(),
                run.commit(),
                run.dirty(),
                run.branch(),
                run.runId(),
                run.startTime(),
                run.config(),
                run.environment(),
                List.of(warning),
                run.benchmarks(),
                run.pairing());
    }

    private static Verdict verdict(RunDiff diff, String stage, Statistic statistic) {
        return diff.benchmarks().get(0).stages().stream()
                .filter(s -> s.stage().equals(stage))
                .findFirst()
                .orElseThrow()
                .comparisons()
                .stream()
                .filter(c -> c.statistic() == statistic)
                .findFirst()
                .orElseThrow()
                .verdict();
    }

    @Test
    void shouldRefuseAProfiledRunOnEitherSideNamingIt() {
        StoredRun measured = run("a", SummaryFixture.run().benchmark("pipeline", stages(40, 100, 0.6)));
        StoredRun profiled =
                run("b", SummaryFixture.run().profiled(ProfileEvent.CPU).benchmark("pipeline", stages(40, 100, 0.6)));

        DiffException e = assertThrows(
                DiffException.class, () -> RunDiff.compare(measured, profiled, VerdictRule.defaults(), ALL, List.of()));
        assertTrue(e.getMessage().startsWith("B ("), e.getMessage());
        assertTrue(e.getMessage().contains("was profiled (--prof cpu): its figures are not a measurement"));
        assertThrows(
                DiffException.class, () -> RunDiff.compare(profiled, measured, VerdictRule.defaults(), ALL, List.of()));
    }

    @Test
    void shouldCompareTwoSidesProfiledAlikeOnlyWhenAskedAndSaySo() {
        StoredRun measured = run("a", SummaryFixture.run().benchmark("pipeline", stages(40, 100, 0.6)));
        StoredRun cpuA =
                run("b", SummaryFixture.run().profiled(ProfileEvent.CPU).benchmark("pipeline", stages(40, 100, 0.6)));
        StoredRun cpuB =
                run("c", SummaryFixture.run().profiled(ProfileEvent.CPU).benchmark("pipeline", stages(40, 110, 0.6)));
        StoredRun wall =
                run("d", SummaryFixture.run().profiled(ProfileEvent.WALL).benchmark("pipeline", stages(40, 100, 0.6)));

        RunDiff diff = RunDiff.compare(cpuA, cpuB, VerdictRule.defaults(), ALL, List.of(), false, true);

        assertTrue(
                diff.warnings().get(0).startsWith("both sides profiled (--prof cpu)"),
                diff.warnings().toString());
        assertThrows(
                DiffException.class,
                () -> RunDiff.compare(cpuA, cpuB, VerdictRule.defaults(), ALL, List.of()),
                "diff of two profiled runs: never a baseline");
        assertThrows(
                DiffException.class,
                () -> RunDiff.compare(measured, cpuB, VerdictRule.defaults(), ALL, List.of(), false, true),
                "one side measured without the profiler");
        assertThrows(
                DiffException.class,
                () -> RunDiff.compare(wall, cpuB, VerdictRule.defaults(), ALL, List.of(), false, true),
                "two events");
    }

    @Test
    void shouldCallTheSlowedStageSlowerAndTheOtherNoChange() {
        StoredRun a = run("a", SummaryFixture.run().benchmark("pipeline", stages(40, 100, 0.6)));
        StoredRun b = run("b", SummaryFixture.run().benchmark("pipeline", stages(40.1, 110, 0.6)));

        RunDiff diff = RunDiff.compare(a, b, VerdictRule.defaults(), ALL, List.of());

        assertEquals(Verdict.SLOWER, verdict(diff, "decide", Statistic.P50));
        assertEquals(Verdict.SLOWER, verdict(diff, "decide", Statistic.P99));
        assertEquals(Verdict.NO_CHANGE, verdict(diff, "parse", Statistic.P50));
        assertEquals(
                List.of(
                        "pipeline/decide tmean",
                        "pipeline/decide p50",
                        "pipeline/decide p99",
                        "pipeline/decide p99.9",
                        "pipeline/decide max"),
                diff.regressions());
    }

    /**
     * Per-fork p50s spread over 70..130 ns by what each fork drew (its layout, the host), and the same plus
     * {@code shiftNs}.
     */
    private static Map<String, double[]> spreadForks(double shiftNs) {
        double[] forks = new double[14];
        for (int i = 0; i < forks.length; i++) {
            forks[i] = 100 + 30 * Math.sin(i * 2.1) + shiftNs;
        }
        return Map.of("encode", forks);
    }

    /** Records in both runs' summary.json that their forks ran as pairs, as ab writes it. */
    private static void pair(Path a, Path b) throws Exception {
        pair(a, b, 1);
    }

    /** As {@link #pair(Path, Path)}, by an ab whose plan could judge the pairs {@code looks} times. */
    private static void pair(Path a, Path b, int looks) throws Exception {
        for (Path[] sides : new Path[][] {{a, b}, {b, a}}) {
            Path summary = sides[0].resolve("summary.json");
            ObjectNode root = (ObjectNode) Json.mapper().readTree(summary.toFile());
            root.set(
                    "pairing",
                    Json.mapper()
                            .valueToTree(io.stagebench.store.Pairing.of(
                                    sides[0] == a ? "A" : "B", sides[1], true, true, looks)));
            Files.writeString(summary, Json.write(root));
        }
    }

    @Test
    void shouldSpendAlphaOverTheLooksOfTheAbThatMeasuredThePairs() throws Exception {
        Path a = SummaryFixture.run().benchmark("encode", spreadForks(0)).writeTo(dir.resolve("a"));
        // each pair's B apart from its A by up to 4 ns either way: the detectable change is the test's, not the
        // threshold
        double[] forksB = spreadForks(0).get("encode").clone();
        for (int i = 0; i < forksB.length; i++) {
            forksB[i] += 4 * Math.cos(i * 1.7);
        }
        Path b = SummaryFixture.run()
                .benchmark("encode", Map.of("encode", forksB))
                .writeTo(dir.resolve("b"));
        pair(a, b, 1);
        RunDiff once = RunDiff.compare(
                ResultReader.readSummary(a), ResultReader.readSummary(b), VerdictRule.defaults(), ALL, List.of());
        pair(a, b, 2);
        RunDiff twice = RunDiff.compare(
                ResultReader.readSummary(a), ResultReader.readSummary(b), VerdictRule.defaults(), ALL, List.of());

        assertEquals(1, once.rule().looks());
        assertEquals(2, twice.rule().looks(), "the ab's two looks, not the one a diff would take");
        Comparison p50Once =
                once.benchmarks().get(0).stages().get(0).comparisons().get(1);
        Comparison p50Twice =
                twice.benchmarks().get(0).stages().get(0).comparisons().get(1);
        assertEquals(Statistic.P50, p50Twice.statistic());
        assertTrue(
                p50Twice.detectablePercent() > p50Once.detectablePercent(),
                p50Twice.detectablePercent() + " v " + p50Once.detectablePercent());
        assertTrue(new DiffReport(twice).toText().contains("spread over 2 looks"), new DiffReport(twice).toText());
    }

    @Test
    void shouldReadAPairingStoredWithoutItsLooksAsOneLook() throws Exception {
        Path a = SummaryFixture.run().benchmark("encode", spreadForks(0)).writeTo(dir.resolve("a"));
        Path b = SummaryFixture.run().benchmark("encode", spreadForks(4)).writeTo(dir.resolve("b"));
        pair(a, b, 3);
        for (Path side : List.of(a, b)) {
            Path summary = side.resolve("summary.json");
            ObjectNode root = (ObjectNode) Json.mapper().readTree(summary.toFile());
            ((ObjectNode) root.get("pairing")).remove("looks");
            Files.writeString(summary, Json.write(root));
        }

        RunDiff diff = RunDiff.compare(
                ResultReader.readSummary(a), ResultReader.readSummary(b), VerdictRule.defaults(), ALL, List.of());

        assertTrue(diff.benchmarks().get(0).paired());
        assertEquals(1, diff.rule().looks());
    }

    @Test
    void shouldJudgeTwoStoredSidesOfAnAbOnTheirPairsAndOtherRunsAsIndependentForks() throws Exception {
        Path a = SummaryFixture.run().benchmark("encode", spreadForks(0)).writeTo(dir.resolve("a"));
        Path b = SummaryFixture.run().benchmark("encode", spreadForks(4)).writeTo(dir.resolve("b"));

        RunDiff unpaired = RunDiff.compare(
                ResultReader.readSummary(a), ResultReader.readSummary(b), VerdictRule.defaults(), ALL, List.of());
        pair(a, b);
        RunDiff paired = RunDiff.compare(
                ResultReader.readSummary(a), ResultReader.readSummary(b), VerdictRule.defaults(), ALL, List.of());

        assertFalse(unpaired.benchmarks().get(0).paired());
        assertEquals(Verdict.NO_CHANGE, verdict(unpaired, "encode", Statistic.P50));
        assertTrue(paired.benchmarks().get(0).paired());
        assertEquals(Verdict.SLOWER, verdict(paired, "encode", Statistic.P50));
        assertEquals(
                2.0 / 16384,
                paired.benchmarks().get(0).stages().get(0).comparisons().get(1).pValue(),
                1e-12);
        String text = new DiffReport(paired).toText();
        assertTrue(text.contains("encode  (14 pairs: smallest possible p 0.0001 as pairs, <0.0001 as forks)"), text);
        assertTrue(
                text.lines().anyMatch(l -> l.matches("\\s+encode\\s+p50\\s+ns .* pairs\\s+0\\.\\d+\\s+.*slower.*")),
                text);
        String json = new DiffReport(paired).toJson();
        assertTrue(
                json.contains("\"paired\" : true")
                        && json.contains("\"test\" : \"signed-rank, 14 pairs (pairs share 100%)\""),
                json);
    }

    @Test
    void shouldLeaveAFailedForksPartnerOutOfThePairedComparison() throws Exception {
        Path a = SummaryFixture.run().benchmark("encode", spreadForks(0)).writeTo(dir.resolve("a"));
        Path b = SummaryFixture.run()
                .failed(3)
                .benchmark("encode", spreadForks(4))
                .writeTo(dir.resolve("b"));
        pair(a, b);

        RunDiff diff = RunDiff.compare(
                ResultReader.readSummary(a), ResultReader.readSummary(b), VerdictRule.defaults(), ALL, List.of());

        assertEquals(13, diff.benchmarks().get(0).forksA());
        assertEquals(13, diff.benchmarks().get(0).forksB());
        assertTrue(
                diff.warnings().stream()
                        .anyMatch(w -> w.startsWith("encode: fork(s) [3] failed on one side; their"
                                + " partners are left out of the paired comparison (13 pairs compared)")),
                diff.warnings().toString());
        assertEquals(Verdict.SLOWER, verdict(diff, "encode", Statistic.P50));
    }

    @Test
    void shouldPoolTheAAndBColumnsOverTheForksComparedWhenAForkFailedOnOneSide() throws Exception {
        Map<String, double[]> withSlowFork = new HashMap<>(spreadForks(0));
        withSlowFork.get("encode")[2] = 1_000;
        Path a = SummaryFixture.run().benchmark("encode", withSlowFork).writeTo(dir.resolve("a"));
        Path b = SummaryFixture.run()
                .failed(3)
                .benchmark("encode", spreadForks(4))
                .writeTo(dir.resolve("b"));
        Path aWithoutFork3 =
                SummaryFixture.run().failed(3).benchmark("encode", withSlowFork).writeTo(dir.resolve("a13"));
        pair(a, b);

        RunDiff diff = RunDiff.compare(
                ResultReader.readSummary(a), ResultReader.readSummary(b), VerdictRule.defaults(), ALL, List.of());

        StageSummary comparedForksOfA = ResultReader.readSummary(aWithoutFork3)
                .benchmark("encode")
                .orElseThrow()
                .summary("encode")
                .orElseThrow();
        for (Statistic statistic : List.of(Statistic.TMEAN, Statistic.P50, Statistic.P99)) {
            Comparison row =
                    diff.benchmarks().get(0).stages().get(0).comparisons().get(statistic.ordinal());
            assertEquals(
                    statistic.valueNs(comparedForksOfA),
                    row.oldNs(),
                    0.5,
                    statistic + ": A pools the 13 forks compared,"
                            + " not the failed fork's partner (to the ns its histogram keeps)");
            assertTrue(
                    row.changePercent() > 0 == row.shiftPercent() > 0,
                    statistic + ": " + row.changePercent() + " beside " + row.shiftPercent());
        }
        assertTrue(
                diff.warnings().stream()
                        .anyMatch(w -> w.endsWith("and of the A and B columns, which pool the forks"
                                + " compared (from their histograms)")),
                diff.warnings().toString());
    }

    @Test
    void shouldRefuseToCompareABatchedBenchmarkWithAnUnbatchedOne() throws Exception {
        Path a =
                SummaryFixture.run().benchmark("pipeline", stages(40, 100, 0.6)).writeTo(dir.resolve("a"));
        Path b =
                SummaryFixture.run().benchmark("pipeline", stages(40, 100, 0.6)).writeTo(dir.resolve("b"));
        Path summary = b.resolve("summary.json");
        ObjectNode root = (ObjectNode) Json.mapper().readTree(summary.toFile());
        ((ObjectNode) root.get("benchmarks").get(0)).put("batch", 16);
        Files.writeString(summary, Json.write(root));

        DiffException e = assertThrows(
                DiffException.class,
                () -> RunDiff.compare(
                        ResultReader.readSummary(a),
                        ResultReader.readSummary(b),
                        VerdictRule.defaults(),
                        ALL,
                        List.of()));

        assertEquals(
                "benchmark 'pipeline' was measured a message a sample in A and in batches of 16 in B: a distribution"
                        + " of K-message means is not one of messages; measure both with the same --batch",
                e.getMessage());
    }

    @Test
    void shouldSayInTheTableAndTheJsonThatBothSidesWereBatched() throws Exception {
        Path a =
                SummaryFixture.run().benchmark("pipeline", stages(40, 100, 0.6)).writeTo(dir.resolve("a"));
        Path b =
                SummaryFixture.run().benchmark("pipeline", stages(40, 100, 0.6)).writeTo(dir.resolve("b"));
        for (Path side : List.of(a, b)) {
            Path summary = side.resolve("summary.json");
            ObjectNode root = (ObjectNode) Json.mapper().readTree(summary.toFile());
            ((ObjectNode) root.get("benchmarks").get(0)).put("batch", 16);
            Files.writeString(summary, Json.write(root));
        }

        DiffReport report = new DiffReport(RunDiff.compare(
                ResultReader.readSummary(a), ResultReader.readSummary(b), VerdictRule.defaults(), ALL, List.of()));

        assertTrue(report.toText().contains("; BATCHED, each sample the mean of 16 messages)"), report.toText());
        assertTrue(report.toJson().contains("\"batch\" : 16"), report.toJson());
    }

    @Test
    void shouldWriteTheDiffJsonKeysInTheirOrderWithNullForFiguresThatAreNotFinite() throws Exception {
        StoredRun a = run("a", SummaryFixture.run().benchmark("pipeline", Map.of("decide", new double[] {100})));
        StoredRun b = run("b", SummaryFixture.run().benchmark("pipeline", Map.of("decide", new double[] {110})));

        JsonNode json = Json.mapper()
                .readTree(new DiffReport(RunDiff.compare(a, b, VerdictRule.defaults(), ALL, List.of())).toJson());

        assertEquals(
                List.of(
                        "schema",
                        "a",
                        "b",
                        "rule",
                        "benchmarks",
                        "regressions",
                        "improvements",
                        "warnings",
                        "uncompared",
                        "tagsNotCompared",
                        "gate"),
                keys(json));
        assertTrue(json.get("gate").isNull(), "no gate without --fail-on-regression");
        assertEquals(List.of("dir", "schema", "commit", "dirty", "branch"), keys(json.get("a")));
        assertEquals(
                List.of(
                        "alpha",
                        "thresholdPercent",
                        "statistics",
                        "looks",
                        "lookAlpha",
                        "test",
                        "multipleComparisons",
                        "shift",
                        "spread",
                        "detect",
                        "centreShare"),
                keys(json.get("rule")));
        JsonNode benchmark = json.get("benchmarks").get(0);
        assertEquals(
                List.of("name", "forksA", "forksB", "paired", "batch", "test", "smallestPossibleP", "stages"),
                keys(benchmark));
        assertEquals(
                List.of("stage", "statistics"), keys(benchmark.get("stages").get(0)));
        JsonNode row = benchmark.at("/stages/0/statistics/0");
        assertEquals(
                List.of(
                        "statistic",
                        "oldNs",
                        "newNs",
                        "changePercent",
                        "oldForksNs",
                        "newForksNs",
                        "spreadOldNs",
                        "spreadNewNs",
                        "shiftNs",
                        "shiftPercent",
                        "shiftLowNs",
                        "shiftHighNs",
                        "shiftSpreadNs",
                        "test",
                        "judgedPaired",
                        "pValue",
                        "pAdjusted",
                        "detectablePercent",
                        "pExact",
                        "verdict",
                        "reason"),
                keys(row));
        assertTrue(row.get("shiftLowNs").isNull(), row.toString());
        assertEquals(1, row.get("oldForksNs").size());
    }

    private static List<String> keys(JsonNode node) {
        return node.propertyStream().map(Map.Entry::getKey).toList();
    }

    @Test
    void shouldCallNothingForTheSameFiguresAgainstThemselves() {
        StoredRun a = run("a", SummaryFixture.run().benchmark("pipeline", stages(40, 100, 0.6)));
        StoredRun b = run("b", SummaryFixture.run().benchmark("pipeline", stages(40, 100, 0.6)));

        RunDiff diff = RunDiff.compare(a, b, VerdictRule.defaults(), ALL, List.of());

        assertEquals(10, diff.count(Verdict.NO_CHANGE));
        assertTrue(diff.regressions().isEmpty());
        assertTrue(diff.warnings().isEmpty(), diff.warnings().toString());
    }

    @Test
    void shouldWarnWhenBothSidesAreTheSameRun() {
        StoredRun a = run("a", SummaryFixture.run().benchmark("pipeline", stages(40, 100, 0.6)));

        RunDiff diff = RunDiff.compare(a, a, VerdictRule.defaults(), ALL, List.of());

        assertEquals(
                List.of("A and B are the same run (" + dir.resolve("a") + "): nothing can differ"), diff.warnings());
    }

    @Test
    void shouldWarnThatASideWasStoppedBeforeItsLastFork() {
        String stopped = Runner.STOPPED_WARNING + " after 8 of 100000 forks: it holds what those forks measured, fewer"
                + " than asked for";

        List<String> warnings = diffWarningsWhenBStored(stopped);

        assertEquals("B (" + dir.resolve("b") + "): " + stopped, warnings.get(0), warnings.toString());
    }

    @Test
    void shouldNameASideWhoseMeasuringCoreTheHostShared() {
        String shared = CoreContention.SHARED_WARNING + "9 of 50 replicas: an issue-bound loop ran up to 33% over its"
                + " fastest (another guest on the core's other hardware thread); ...";

        List<String> warnings = diffWarningsWhenBStored(shared);

        assertEquals(
                "B (" + dir.resolve("b") + "): the measuring core was shared in 9 of 50 replicas, so its figures hold"
                        + " the host's moments too (the warning in its summary.json)",
                warnings.get(0),
                warnings.toString());
    }

    @Test
    void shouldSayUnreliableForStatisticsWithTooFewSamples() {
        StoredRun a = run("a", SummaryFixture.run().messages(50_000).benchmark("pipeline", stages(40, 100, 0.6)));
        StoredRun b = run("b", SummaryFixture.run().benchmark("pipeline", stages(40, 110, 0.6)));

        RunDiff diff = RunDiff.compare(a, b, VerdictRule.defaults(), ALL, List.of());

        assertEquals(Verdict.UNRELIABLE, verdict(diff, "decide", Statistic.P999));
        assertEquals(Verdict.SLOWER, verdict(diff, "decide", Statistic.P50));
    }

    @Test
    void shouldWarnWhichSignificanceFewForksCanReach() {
        StoredRun a = run("a", SummaryFixture.run().benchmark("spin", Map.of("spin", new double[] {10, 11, 12})));
        StoredRun b = run("b", SummaryFixture.run().benchmark("spin", Map.of("spin", new double[] {20, 21, 22})));

        RunDiff diff = RunDiff.compare(a, b, VerdictRule.defaults(), ALL, List.of());

        assertEquals(Verdict.UNRELIABLE, verdict(diff, "spin", Statistic.P50));
        assertEquals(
                List.of(
                        "spin: 3 v 3 forks (fewer than 5 a side): the smallest two-sided p these fork counts can give"
                                + " is 0.100; alpha 0.05 cannot be reached, so every verdict is 'unreliable'; run at least 4 forks a side"),
                diff.warnings());
    }

    @Test
    void shouldFailForRunsWithNoBenchmarkInCommon() {
        StoredRun a = run("a", SummaryFixture.run().benchmark("spin", Map.of("spin", new double[] {1, 2})));
        StoredRun b = run("b", SummaryFixture.run().benchmark("empty", Map.of("empty", new double[] {1, 2})));

        DiffException e =
                assertThrows(DiffException.class, () -> RunDiff.compare(a, b, VerdictRule.defaults(), ALL, List.of()));

        assertEquals(
                "A (" + dir.resolve("a") + ") and B (" + dir.resolve("b") + ") have no benchmark in common:"
                        + " A has [spin], B has [empty]",
                e.getMessage());
    }

    @Test
    void shouldWarnAboutBenchmarksOnOneSideAndCompareTheRest() {
        StoredRun a = run(
                "a",
                SummaryFixture.run()
                        .benchmark("spin", Map.of("spin", SummaryFixture.forks(10, 0.1)))
                        .benchmark("empty", Map.of("empty", SummaryFixture.forks(1, 0.1))));
        StoredRun b = run("b", SummaryFixture.run().benchmark("spin", Map.of("spin", SummaryFixture.forks(10, 0.1))));

        RunDiff diff = RunDiff.compare(a, b, VerdictRule.defaults(), List.of(Statistic.P50), List.of());

        assertEquals(1, diff.benchmarks().size());
        assertEquals(List.of("benchmark empty is only in A; not compared"), diff.warnings());
    }

    @Test
    void shouldPrintOneForkRunsWithoutInfiniteIntervalsOrWrappedRows() {
        Map<String, double[]> one = new LinkedHashMap<>();
        one.put("parse", new double[] {40.0});
        one.put("decide", new double[] {100.0});
        StoredRun a = run("a", SummaryFixture.run().benchmark("pipeline", one));

        String text = new DiffReport(RunDiff.compare(a, a, VerdictRule.defaults(), ALL, List.of())).toText();

        assertFalse(text.contains("Infinity"), text);
        assertTrue(text.lines().allMatch(l -> l.length() <= 120), text);
        assertTrue(
                text.lines()
                        .anyMatch(l ->
                                l.matches("\\s+parse\\s+tmean\\s+ns\\s+.*\\+0\\.0% \\[no interval\\].*unreliable.*")),
                text);
        // every row on one line, its verdict at its end
        assertEquals(
                10,
                text.lines()
                        .filter(l -> l.matches("  (parse|decide) .*unreliable \\[1\\]"))
                        .count(),
                text);
    }

    @Test
    void shouldPrintEachRowInItsOwnUnit() {
        double[] forks = {70.1, 70.3, 70.2};
        Comparison tmean = new Comparison(
                Statistic.TMEAN,
                70.3,
                70.5,
                0.3,
                forks,
                forks,
                0.2,
                0.2,
                0.2,
                0.3,
                -0.1,
                0.5,
                0.2,
                true,
                "signed-rank, 3 pairs",
                0.5,
                1,
                true,
                2.0,
                Verdict.NO_CHANGE,
                "");
        double[] maxForks = {4_100_000, 4_200_000, 4_000_000};
        Comparison max = new Comparison(
                Statistic.MAX,
                4_200_000,
                4_300_000,
                2.4,
                maxForks,
                maxForks,
                90_000,
                95_000,
                100_000,
                2.4,
                -50_000,
                250_000,
                95_000,
                true,
                "signed-rank, 3 pairs",
                0.5,
                1,
                true,
                9.0,
                Verdict.NO_CHANGE,
                "");

        List<String> tmeanRow = DiffReport.cells("encode", tmean);
        List<String> maxRow = DiffReport.cells("encode", max);

        assertEquals(List.of("encode", "tmean", "ns", "70.3", "70.5"), tmeanRow.subList(0, 5));
        assertEquals(List.of("ns", "0.2"), List.of(tmeanRow.get(2), tmeanRow.get(7)));
        assertEquals("spread", DiffReport.headers().get(7));
        assertEquals(List.of("encode", "max", "ms", "4.20", "4.30"), maxRow.subList(0, 5));
        assertEquals("unit", DiffReport.headers().get(2));
    }

    @Test
    void shouldRenderTheTableAndTheWarnings() {
        StoredRun a = run("a", SummaryFixture.run().benchmark("pipeline", stages(40, 100, 0.6)));
        StoredRun b = run("b", SummaryFixture.run().cpu(0).benchmark("pipeline", stages(40.1, 110, 0.6)));

        String text = new DiffReport(RunDiff.compare(a, b, VerdictRule.defaults(), List.of(Statistic.P50), List.of()))
                .toText();

        assertTrue(text.contains("pipeline  (9 v 9 forks: smallest possible p <0.0001)"), text);
        assertTrue(
                text.lines()
                        .anyMatch(l -> l.matches(
                                "\\s+decide\\s+p50\\s+ns\\s+100\\.0\\s+110\\.0\\s+\\+10\\.0%\\s+\\+10\\.0% \\[\\+9\\.[56], \\+10\\.[45]\\]"
                                        + "\\s+0\\.\\d\\s+forks\\s+<0\\.0001\\s+2\\.0%\\s+slower.*")),
                text);
        assertTrue(text.lines().anyMatch(l -> l.matches("\\s+parse\\s+p50\\s+.*no change \\[\\d\\]")), text);
        assertTrue(text.lines().anyMatch(l -> l.matches("\\s+\\[\\d\\] Holm p 0\\.\\d+ >= 0\\.05")), text);
        assertTrue(text.lines().allMatch(l -> l.length() <= 120), text);
        assertTrue(
                text.contains("verdicts: 1 slower (pipeline/decide p50), 0 faster, 1 no change, 0 unreliable"), text);
        assertTrue(text.contains("*** WARNING: environments differ in config.cpu: A '1', B '0'"), text);
    }

    @Test
    void shouldRefuseToCompareABenchmarkWhoseForksAllFailedOnOneSide() throws Exception {
        StoredRun a = run("a", SummaryFixture.run().benchmark("spin", Map.of("spin", SummaryFixture.forks(10, 0.1))));
        Path failed = SummaryFixture.run()
                .benchmark("spin", Map.of("spin", SummaryFixture.forks(10, 0.1)))
                .writeTo(dir.resolve("b"));
        ObjectNode root = (ObjectNode)
                Json.mapper().readTree(failed.resolve("summary.json").toFile());
        ObjectNode spin = (ObjectNode) root.get("benchmarks").get(0);
        spin.putArray("forks");
        spin.putArray("summaries");
        Files.writeString(failed.resolve("summary.json"), Json.write(root));

        RunDiff diff = RunDiff.compare(a, ResultReader.readSummary(failed), VerdictRule.defaults(), ALL, List.of());

        assertTrue(diff.benchmarks().isEmpty());
        assertEquals(List.of(), diff.warnings());
        assertEquals(List.of("spin: every fork of B (" + failed + ") failed, so it has no data"), diff.uncompared());
        assertEquals(
                Optional.of("cannot compare spin: every fork of B (" + failed + ") failed, so it has no data"),
                diff.cannotCompare());
    }
}
