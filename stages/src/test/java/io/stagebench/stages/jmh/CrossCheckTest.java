package io.stagebench.stages.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CrossCheckTest {

    private static CrossCheck.Pairing pairing(String stage) {
        return CrossCheck.PAIRINGS.stream().filter(p -> p.stage().equals(stage)).findFirst().orElseThrow();
    }

    private static double[] samples(double... values) {
        return values;
    }

    @Test
    void shouldCompareStagebenchsMeanWithJmhsAverageAndAcceptTenPercent() {
        Map<String, CrossCheck.JmhScore> jmh = Map.of("ParseJmh.parse", new CrossCheck.JmhScore(100, 2));

        CrossCheck.Row row = CrossCheck.compare(pairing("parse"), samples(90, 100, 140), 100, jmh);

        assertEquals(110, row.meanNs(), 1e-9);
        assertEquals(100, row.p50Ns(), 1e-9);
        assertEquals(1.10, row.ratio(), 1e-9);
        assertEquals(CrossCheck.Verdict.OK, row.verdict());
        assertEquals(3, row.samples());
    }

    @Test
    void shouldFlagAStageOfFiftyNanosecondsOrMoreThatDiffersByMoreThanTenPercent() {
        Map<String, CrossCheck.JmhScore> jmh = Map.of("EncodeJmh.encode", new CrossCheck.JmhScore(60, 1));

        CrossCheck.Row row = CrossCheck.compare(pairing("encode"), samples(45, 45), 45, jmh);

        assertEquals(0.75, row.ratio(), 1e-9);
        assertEquals(CrossCheck.Verdict.DIFF, row.verdict(), "JMH puts it above 50 ns, so it is checked");
        assertFalse(CrossCheck.agrees(List.of(row)));
    }

    @Test
    void shouldShowButNotCheckAStageBelowFiftyNanosecondsInBothHarnesses() {
        Map<String, CrossCheck.JmhScore> jmh = Map.of("ParseJmh.parse", new CrossCheck.JmhScore(30, 1));

        CrossCheck.Row row = CrossCheck.compare(pairing("parse"), samples(20, 20), 20, jmh);

        assertEquals(CrossCheck.Verdict.UNCHECKED, row.verdict());
        assertTrue(CrossCheck.agrees(List.of(row)));
    }

    @Test
    void shouldTakeTheBookStageAsTheDifferenceOfTwoJmhBenchmarksWithTheirErrorsCombined() {
        Map<String, CrossCheck.JmhScore> jmh = Map.of(
                "BookJmh.parseAndApply", new CrossCheck.JmhScore(150, 3),
                "BookJmh.parse", new CrossCheck.JmhScore(50, 4));

        CrossCheck.Row row = CrossCheck.compare(pairing("book"), samples(95, 105), 100, jmh);

        assertEquals(100, row.jmhNs(), 1e-9);
        assertEquals(5, row.jmhErrorNs(), 1e-9);
        assertEquals("BookJmh.parseAndApply - BookJmh.parse", row.jmhSource());
        assertEquals(CrossCheck.Verdict.OK, row.verdict());
    }

    /** @return JMH's four decide figures: each call ({@code callNs}, its timer 35) and the walks (its preparation 115) */
    private static Map<String, CrossCheck.JmhScore> decideJmh(double callNs, double prepareAndDecideNs) {
        return Map.of("DecideCallJmh.decide", new CrossCheck.JmhScore(callNs, 1), "DecideCallJmh.timer",
                new CrossCheck.JmhScore(35, 1), "DecideJmh.prepareAndDecide", new CrossCheck.JmhScore(prepareAndDecideNs, 5),
                "DecideJmh.prepare", new CrossCheck.JmhScore(115, 5));
    }

    @Test
    void shouldCompareDecideCallByCallWithJmhsCallsTimedAloneAndBatchedWithItsOverlappedOnes() {
        Map<String, CrossCheck.JmhScore> jmh = decideJmh(55, 130);

        CrossCheck.Row perMessage = CrossCheck.compare(pairing("decide"), samples(20, 20), 20, jmh);
        CrossCheck.Row batched = CrossCheck.compareBatched(pairing("decide"), samples(15, 15), 15, jmh,
                new CrossCheck.Probe(20, 26), 16, List.of(), List.of(), Double.NaN);

        assertEquals(20, perMessage.jmhNs(), 1e-9);
        assertEquals("DecideCallJmh.decide - DecideCallJmh.timer", perMessage.jmhSource());
        assertEquals(15, batched.jmhNs(), 1e-9);
        assertEquals("DecideJmh.prepareAndDecide - DecideJmh.prepare", batched.jmhSource());
        assertEquals(CrossCheck.Verdict.OK, batched.verdict());
    }

    @Test
    void shouldReportAMissingFigureWhenEitherHarnessFailed() {
        CrossCheck.Row noBaseline = CrossCheck.compare(pairing("decide"), samples(60), 60,
                Map.of("DecideCallJmh.decide", new CrossCheck.JmhScore(200, 1)));
        CrossCheck.Row noStagebench = CrossCheck.compare(pairing("encode"), null, Double.NaN,
                Map.of("EncodeJmh.encode", new CrossCheck.JmhScore(60, 1)));

        assertEquals(CrossCheck.Verdict.MISSING, noBaseline.verdict());
        assertEquals(CrossCheck.Verdict.MISSING, noStagebench.verdict());
        assertFalse(CrossCheck.agrees(List.of(noBaseline)));
    }

    @Test
    void shouldWarnWhenAFewInterruptionsCarryTheStagebenchMean() {
        double[] quiet = new double[1_000];
        java.util.Arrays.fill(quiet, 60);
        double[] interrupted = quiet.clone();
        interrupted[500] = 2_000_000; // one 2 ms preemption among a thousand 60 ns calls
        Map<String, CrossCheck.JmhScore> jmh = Map.of("EncodeJmh.encode", new CrossCheck.JmhScore(60, 1));

        CrossCheck.Row calm = CrossCheck.compare(pairing("encode"), quiet, 60, jmh);
        CrossCheck.Row noisy = CrossCheck.compare(pairing("encode"), interrupted, 60, jmh);

        assertFalse(calm.noisy());
        assertTrue(CrossCheck.noiseWarnings(List.of(calm)).isEmpty());
        assertTrue(noisy.noisy());
        assertEquals(1, noisy.stallSamples());
        assertTrue(noisy.stallShare() > 0.95, "share " + noisy.stallShare());
        String warning = CrossCheck.noiseWarnings(List.of(noisy)).get(0);
        assertTrue(warning.startsWith("crosscheck encode: 1 sample(s) of 10 us or more carry 97% of stagebench's mean"), warning);
        assertEquals(60, noisy.meanWithoutStallsNs(), 1e-9);
        assertTrue(warning.contains("60.0 ns without them"), warning);
    }

    @Test
    void shouldCheckThePipelinesUnmarkedTotalAgainstTheWholeJmhCallAndOnlyShowTheMarkedOne() {
        CrossCheck.Pairing pipeline = pairing("pipeline");
        CrossCheck.Pairing marked = pairing("marked");
        Map<String, CrossCheck.JmhScore> jmh = Map.of("PipelineJmh.pipeline", new CrossCheck.JmhScore(100, 2));

        CrossCheck.Row markedRow = CrossCheck.compare(marked, samples(150, 150), 150, jmh, new CrossCheck.Probe(20, 24));

        assertEquals("unmarked", pipeline.series());
        assertEquals(List.of("PipelineJmh.pipeline"), pipeline.jmhBenchmarks());
        assertEquals("total", marked.series());
        assertEquals(4, marked.intervals());
        assertEquals(CrossCheck.Verdict.UNCHECKED, markedRow.verdict());
        assertEquals(16, markedRow.residueNs(), 1e-9);
    }

    @Test
    void shouldSplitAPerMessageRatiosExcessIntoResidueFencingAloneAndWhatTheBatchedFigureLeaves() {
        Map<String, CrossCheck.JmhScore> jmh = Map.of("EncodeJmh.encode", new CrossCheck.JmhScore(50, 1),
                "ParseJmh.parse", new CrossCheck.JmhScore(20, 1));
        List<CrossCheck.Row> rows = List.of(
                CrossCheck.compare(pairing("encode"), samples(80, 80), 80, jmh, new CrossCheck.Probe(20, 26)),
                CrossCheck.compare(pairing("parse"), samples(30, 30), 30, jmh, new CrossCheck.Probe(20, 20)));
        // batches of 8: encode 52.75 ns a message (its residue 6/8), parse 24 ns (none)
        List<CrossCheck.Row> batched = List.of(
                CrossCheck.compareBatched(pairing("encode"), samples(52.75, 52.75), 52.75, jmh, new CrossCheck.Probe(20, 26), 8,
                        List.of(), List.of(), Double.NaN),
                CrossCheck.compareBatched(pairing("parse"), samples(24, 24), 24, jmh, new CrossCheck.Probe(20, 20), 8,
                        List.of(), List.of(), Double.NaN));

        List<String> lines = CrossCheck.explanations(rows, batched, 2_000_000, 2_000_000);
        List<String> stepped = CrossCheck.explanations(List.of(CrossCheck.compare(pairing("encode"), samples(80, 80), 80, jmh,
                new CrossCheck.Probe(20, 26, 10))), batched, 2_000_000, 2_000_000);
        List<String> mixed = CrossCheck.explanations(rows, batched, 500_000, 2_000_000);

        // encode: 1.60 = 0.12 residue + (74 - 52) / 50 = 0.44 fencing alone + 0.04 the batched figure's own
        assertTrue(lines.get(0).contains("without both 1.48; each call fenced alone +22.0 ns against batches of 8 (+0.44);"
                + " left +0.04, the batched mean's own over this JMH figure - explained within 5%"), lines.get(0));
        // parse: 1.50 = (30 - 24) / 20 fencing alone + 0.20 left, beyond 5%
        assertTrue(lines.get(1).contains("each call fenced alone +6.0 ns against batches of 8 (+0.30); left +0.20, the"
                + " batched mean's own over this JMH figure - not explained within 5%"), lines.get(1));
        assertTrue(mixed.get(0).contains("(+0.44), with the message mix: 500,000 messages against the stream's 2,000,000;"),
                mixed.get(0));
        assertEquals(CrossCheck.explanations(rows), CrossCheck.explanations(rows, List.of(), 500_000, 2_000_000));
        assertTrue(stepped.get(0).contains("probe 20.0 ns subtracted (25% of the mean; step 10.0 ns, no bias to a mean),"
                + " residue +6.0 ns"), stepped.get(0));
    }

    @Test
    void shouldExplainEachRatioWithTheProbeResidueInterruptionsAndTheMarksCost() {
        Map<String, CrossCheck.JmhScore> jmh = Map.of("PipelineJmh.pipeline", new CrossCheck.JmhScore(100, 2),
                "EncodeJmh.encode", new CrossCheck.JmhScore(50, 1));
        CrossCheck.Probe probe = new CrossCheck.Probe(20, 26);
        List<CrossCheck.Row> rows = List.of(
                CrossCheck.compare(pairing("encode"), samples(60, 60), 60, jmh, probe),
                CrossCheck.compare(pairing("pipeline"), samples(140, 140), 140, jmh, probe),
                CrossCheck.compare(pairing("marked"), samples(165, 165), 165, jmh, probe));

        List<String> lines = CrossCheck.explanations(rows);

        // encode: 60 ns over 50 is 1.20; less the 6 ns residue 1.08, inside the tolerance
        assertTrue(lines.get(0).contains("ratio 1.20") && lines.get(0).contains("residue +6.0 ns")
                && lines.get(0).contains("without both 1.08 - explained"), lines.get(0));
        // the unmarked pipeline: 140 - 6 = 134 over 100, not explained by residue or interruptions
        assertTrue(lines.get(1).contains("without both 1.34 - the rest: each stagebench call runs fenced"), lines.get(1));
        assertTrue(lines.get(2).contains("the 3 marks add +25.0 ns to the unmarked mean"), lines.get(2));
    }

    @Test
    void shouldNeedEachJmhBenchmarkOnceForEveryStage() {
        assertEquals(List.of("ParseJmh.parse", "BookJmh.parseAndApply", "BookJmh.parse", "DecideCallJmh.decide",
                "DecideCallJmh.timer", "DecideJmh.prepareAndDecide", "DecideJmh.prepare", "EncodeJmh.encode", "PipelineJmh.pipeline"), CrossCheck.jmhBenchmarks(CrossCheck.PAIRINGS));
    }

    @Test
    void shouldPrintEachStageWithBothFiguresTheRatioAndTheCheck() {
        List<CrossCheck.Row> rows = List.of(
                CrossCheck.compare(pairing("parse"), samples(52, 54), 52, Map.of("ParseJmh.parse", new CrossCheck.JmhScore(50, 0.5))),
                CrossCheck.compare(pairing("encode"), samples(20), 20, Map.of("EncodeJmh.encode", new CrossCheck.JmhScore(21, 0.5))));

        String text = CrossCheck.toText(rows);

        assertTrue(text.lines().anyMatch(l -> l.contains("parse") && l.contains("52.0") && l.contains("53.0")
                && l.contains("50.0 +- 0.5") && l.contains("1.060") && l.contains("OK") && l.contains("ParseJmh.parse")), text);
        assertTrue(text.lines().anyMatch(l -> l.contains("encode") && l.contains(" -  ")), text);
        assertTrue(text.contains("computed for this comparison only"), text);
    }

    @Test
    void shouldPrintTheTableInFixedColumnsWithItsLegend() {
        Map<String, CrossCheck.JmhScore> jmh = Map.of("ParseJmh.parse", new CrossCheck.JmhScore(50, 0.5),
                "BookJmh.parseAndApply", new CrossCheck.JmhScore(150, 3), "BookJmh.parse", new CrossCheck.JmhScore(50, 4),
                "EncodeJmh.encode", new CrossCheck.JmhScore(21, Double.NaN),
                "PipelineJmh.pipeline", new CrossCheck.JmhScore(123_456.7, 1_234.5));
        List<CrossCheck.Row> rows = List.of(
                CrossCheck.compare(pairing("parse"), samples(52, 54), 52, jmh),
                CrossCheck.compare(pairing("book"), samples(130, 140), 130, jmh),
                CrossCheck.compare(pairing("decide"), null, 0, jmh),
                CrossCheck.compare(pairing("encode"), samples(20), 20, jmh),
                CrossCheck.compare(pairing("pipeline"), samples(123_000, 125_000), 123_000, jmh),
                CrossCheck.compare(pairing("marked"), samples(165, 165), 165, jmh));

        assertEquals("""
                  ns        stagebench p50 stagebench mean*    JMH avgt +- error   ratio  check    JMH figure
                  parse               52.0             53.0          50.0 +- 0.5   1.060  OK       ParseJmh.parse
                  book               130.0            135.0         100.0 +- 5.0   1.350  DIFF     BookJmh.parseAndApply - BookJmh.parse
                  decide                 -                -                    -       -  MISSING  DecideCallJmh.decide - DecideCallJmh.timer
                  encode              20.0             20.0                 21.0   0.952  -        EncodeJmh.encode
                  pipeline        123000.0         124000.0   123456.7 +- 1234.5   1.004  OK       PipelineJmh.pipeline
                  marked             165.0            165.0   123456.7 +- 1234.5   0.001  -        PipelineJmh.pipeline
                  * mean of stagebench's samples, computed for this comparison only (JMH's AverageTime is a mean);
                    ratio = stagebench mean / JMH avgt
                  check: the two agree within +-10% for stages of 50 ns or more in either harness; '-' below that
                  book: JMH cannot leave the per-call preparation out cheaply, so its figure is the difference of two
                    benchmarks (preparation and stage, minus preparation alone); decide: each call timed alone after an
                    untimed preparation (an invocation-level setup), less the same call with nothing to time - batched,
                    the difference of two benchmarks, as book's
                """, CrossCheck.toText(rows));
    }

    @Test
    void shouldCheckABatchedRowByEachSidesMedianForkWhenOneJmhForkIsApartFromItsOthers() {
        // DecideJmh's prepare at 74 ns in one fork and 55-58 in the others: that fork's difference is 3 ns, not 20
        Map<String, CrossCheck.JmhScore> jmh = Map.of(
                "DecideJmh.prepareAndDecide", new CrossCheck.JmhScore(77.7, 2, List.of(77.3, 79.3, 79.3, 76.9, 76.3)),
                "DecideJmh.prepare", new CrossCheck.JmhScore(60, 2, List.of(74.0, 55.8, 58.4, 57.5, 55.1)));
        List<Double> forkMeans = List.of(22.3, 25.3, 21.5, 21.9, 22.9);

        CrossCheck.Row row = CrossCheck.compareBatched(pairing("decide"), samples(22.78), 22.78, jmh, null, 32, forkMeans,
                List.of(), Double.NaN);

        assertEquals(22.78 / 17.7, row.ratio(), 1e-9, "the pooled ratio: 1.29");
        assertEquals(22.3 / 20.9, row.forkMedianRatio(), 1e-9, "stagebench's median fork over JMH's median fork");
        assertEquals(List.of(77.3 - 74.0, 79.3 - 55.8, 79.3 - 58.4, 76.9 - 57.5, 76.3 - 55.1), row.jmhForkNs());
        assertEquals(CrossCheck.Verdict.OK, row.verdict());
        assertTrue(CrossCheck.explanations(List.of(row)).get(0).contains("; fork by fork 1.07, the median's (stagebench's 5"
                + " forks 21.5..25.3 ns, JMH's 5 3.3..23.5), the figure checked"), CrossCheck.explanations(List.of(row)).get(0));
        assertTrue(CrossCheck.toText(List.of(row)).contains("forks'"), "the column shows only with a figure in it");
    }

    @Test
    void shouldCheckABatchedRowByItsPooledMeanWithFewerThanThreeForksASideOrForksThatDoNotPair() {
        Map<String, CrossCheck.JmhScore> twoForks = Map.of(
                "DecideJmh.prepareAndDecide", new CrossCheck.JmhScore(78, 2, List.of(77.3, 79.3)),
                "DecideJmh.prepare", new CrossCheck.JmhScore(65, 2, List.of(74.0, 55.8)));
        Map<String, CrossCheck.JmhScore> unpaired = Map.of(
                "DecideJmh.prepareAndDecide", new CrossCheck.JmhScore(78, 2, List.of(77.3, 79.3, 79.3)),
                "DecideJmh.prepare", new CrossCheck.JmhScore(65, 2, List.of(74.0, 55.8)));

        for (Map<String, CrossCheck.JmhScore> jmh : List.of(twoForks, unpaired)) {
            CrossCheck.Row row = CrossCheck.compareBatched(pairing("decide"), samples(22), 22, jmh, null, 32,
                    List.of(22.0, 21.0, 23.0), List.of(), Double.NaN);

            assertTrue(Double.isNaN(row.forkMedianRatio()));
            assertEquals(CrossCheck.Verdict.DIFF, row.verdict(), "22 / 13 by the pooled means");
        }
    }

    @Test
    void shouldCompareABatchedRowByThePassesMeansGivenNotBySamplesAPreparationsInterruptionsLeanHigh() {
        // JMH's decide 20 ns by its two benchmarks; the samples' mean 23 ns, the passes' difference 20.5
        Map<String, CrossCheck.JmhScore> jmh = Map.of(
                "DecideJmh.prepareAndDecide", new CrossCheck.JmhScore(70, 1, List.of(70.0, 70.0, 70.0)),
                "DecideJmh.prepare", new CrossCheck.JmhScore(50, 1, List.of(50.0, 50.0, 50.0)));

        CrossCheck.Row bySamples = CrossCheck.compareBatched(pairing("decide"), samples(23, 23), 23, jmh, null, 32,
                List.of(), List.of(), Double.NaN);
        CrossCheck.Row byPasses = CrossCheck.compareBatched(pairing("decide"), samples(23, 23), 23, jmh, null, 32,
                List.of(), List.of(), Double.NaN, 20.5);

        assertEquals(23 / 20.0, bySamples.ratio(), 1e-9);
        assertEquals(CrossCheck.Verdict.DIFF, bySamples.verdict());
        assertEquals(20.5, byPasses.meanNs(), 1e-9);
        assertEquals(20.5 / 20.0, byPasses.ratio(), 1e-9);
        assertEquals(CrossCheck.Verdict.OK, byPasses.verdict());
        assertEquals(23, byPasses.p50Ns(), 1e-9, "the percentiles stay the samples'");
        assertEquals(20.5 / 20.0, byPasses.adjustedRatio(), 1e-9, "no interruption in the samples: without both, the same");
    }

    @Test
    void shouldNameHowFarJmhsTwoFiguresForDecideDifferAndLeaveTheBatchedRowsOwnDistanceFromItsTwin() {
        // as measured: JMH's per-call twin 14 ns, its batched twin 22, stagebench 23 a call and 22.5 in batches
        Map<String, CrossCheck.JmhScore> jmh = decideJmh(49, 137);
        CrossCheck.Row perMessage = CrossCheck.compare(pairing("decide"), samples(23, 23), 23, jmh);
        CrossCheck.Row batched = CrossCheck.compareBatched(pairing("decide"), samples(22.5, 22.5), 22.5, jmh, null, 16,
                List.of(), List.of(), Double.NaN);

        String line = CrossCheck.explanations(List.of(perMessage), List.of(batched), 2_000_000, 2_000_000).get(0);

        assertEquals(14, perMessage.jmhNs(), 1e-9);
        assertTrue(line.contains("; JMH's batched twin +8.0 ns over its per-call twin (+0.57): a call timed between two"
                + " System.nanoTime reads starts while the first read's last instructions run"), line);
        assertTrue(line.contains("; left +0.02, the batched mean's own over JMH's batched twin - explained within 5%"), line);
    }

    @Test
    void shouldLeaveAPerMessageLineWhatTheBatchedMedianForkLeavesWhenTheBatchedRowIsCheckedByIt() {
        Map<String, CrossCheck.JmhScore> jmh = Map.of("ParseJmh.parse", new CrossCheck.JmhScore(22, 1,
                List.of(20.0, 20.0, 20.0, 30.0, 20.0)));
        CrossCheck.Row perMessage = CrossCheck.compare(pairing("parse"), samples(30, 30), 30, jmh, new CrossCheck.Probe(20, 20));
        // one fork of each side apart: the pooled batched mean is 24 a message, the median fork 20.6; JMH's pooled 22,
        // its median fork 20 - the row is checked by the medians, and its line leaves what they leave (+0.03), not
        // the median fork over JMH's pooled figure (-0.06)
        CrossCheck.Row batched = CrossCheck.compareBatched(pairing("parse"), samples(24, 24), 24, jmh,
                new CrossCheck.Probe(20, 20), 8, List.of(20.6, 20.6, 36.0, 20.6, 20.6), List.of(), Double.NaN);

        String line = CrossCheck.explanations(List.of(perMessage), List.of(batched), 2_000_000, 2_000_000).get(0);

        assertEquals(20.6 / 20.0, batched.forkMedianRatio(), 1e-9);
        assertTrue(line.contains("each call fenced alone +9.4 ns against batches of 8 (+0.43); left +0.03, the batched"
                + " median fork's own over this JMH figure's median fork - explained within 5%"), line);
    }

    @Test
    void shouldCallABatchedRowAgreedByItsMedianForksExplainedWhereItsPooledFiguresLieBeyondTenPercent() {
        // as measured: JMH's book forks 32.3, 33.0 and 49.0 ns (pooled 38.1), stagebench's 31.5..32.4
        Map<String, CrossCheck.JmhScore> jmh = Map.of(
                "BookJmh.parseAndApply", new CrossCheck.JmhScore(62.1, 2, List.of(55.3, 56.0, 72.0)),
                "BookJmh.parse", new CrossCheck.JmhScore(23.0, 1, List.of(23.0, 23.0, 23.0)));
        CrossCheck.Row row = CrossCheck.compareBatched(pairing("book"), samples(32.0), 32.0, jmh, null, 32,
                List.of(31.5, 32.0, 32.4), List.of(), Double.NaN);

        String line = CrossCheck.explanations(List.of(row)).get(0);

        assertEquals(CrossCheck.Verdict.OK, row.verdict(), "32.0 / 33.0 by the medians");
        assertEquals(32.0 / 39.1, row.ratio(), 1e-9, "the pooled ratio, 0.82");
        assertTrue(line.endsWith("the figure checked - explained"), line);
    }

    @Test
    void shouldNameEachSidesCoreStateAndTheMoreSharedSideWhenItIsTheSlowerOne() {
        // JMH's forks met the core 13 % slower than stagebench's (2.60 against 2.30 ns an iteration of the loop); the
        // crosscheck's fastest fork read 2.25, so JMH's three forks and none of stagebench's were on a shared core
        Map<String, CrossCheck.JmhScore> jmh = Map.of("ParseJmh.parse", new CrossCheck.JmhScore(26, 1,
                List.of(25.0, 26.0, 27.0), List.of(2.60, 2.62, 2.58)));
        CrossCheck.Row jmhShared = batchedParse(21, jmh, List.of(2.31, 2.30, 2.29));
        CrossCheck.Row sameState = batchedParse(21, jmh, List.of(2.55, 2.60, 2.62));
        CrossCheck.Row stagebenchSlower = batchedParse(31, jmh, List.of(2.31, 2.30, 2.29));

        String shared = CrossCheck.explanations(List.of(jmhShared)).get(0);

        assertEquals(new CrossCheck.CoreStates(2.30, 2.60, 2.25, 0, 3, 3, 3), jmhShared.core());
        assertEquals(CrossCheck.Verdict.DIFF, jmhShared.verdict(), "the verdict does not change: 21 / 26");
        assertTrue(shared.contains("; core loop 2.30 ns an iteration in stagebench's forks, 2.60 in JMH's (+13%), forks on"
                + " a shared core (10%+ over the crosscheck's fastest, 2.25): stagebench's 0 of 3, JMH's 3 of 3 - the rest:"
                + " the two sides met the measuring core in different states, JMH's the more shared"), shared);
        assertTrue(CrossCheck.explanations(List.of(sameState)).get(0).contains("JMH's 3 of 3 - the rest is unexplained"),
                CrossCheck.explanations(List.of(sameState)).get(0));
        // stagebench the slower while JMH met the more shared core: the core does not explain it
        assertTrue(CrossCheck.explanations(List.of(stagebenchSlower)).get(0).contains("JMH's 3 of 3 - the rest is"
                + " unexplained"), CrossCheck.explanations(List.of(stagebenchSlower)).get(0));
        assertEquals(null, batchedParse(21, jmh, List.of(0.0, 0.0, 0.0)).core(), "no state without both sides' loops");
    }

    @Test
    void shouldSayWhenJmhsOwnForksOfADifferingRowLieFartherApartThanTheRowIsCheckedTo() {
        // as measured on a shared core: JMH's decide forks 14.8, 22.7 and 12.2 ns, stagebench's 19.4..29.7
        Map<String, CrossCheck.JmhScore> apart = Map.of(
                "DecideJmh.prepareAndDecide", new CrossCheck.JmhScore(70, 1, List.of(64.8, 72.7, 62.2)),
                "DecideJmh.prepare", new CrossCheck.JmhScore(50, 1, List.of(50.0, 50.0, 50.0)));
        Map<String, CrossCheck.JmhScore> together = Map.of(
                "DecideJmh.prepareAndDecide", new CrossCheck.JmhScore(65, 1, List.of(64.8, 65.2, 64.6)),
                "DecideJmh.prepare", new CrossCheck.JmhScore(50, 1, List.of(50.0, 50.0, 50.0)));
        List<Double> stagebench = List.of(20.8, 29.7, 19.4);

        String line = CrossCheck.explanations(List.of(CrossCheck.compareBatched(pairing("decide"), samples(23.3), 23.3,
                apart, null, 32, stagebench, List.of(), Double.NaN))).get(0);
        String steady = CrossCheck.explanations(List.of(CrossCheck.compareBatched(pairing("decide"), samples(23.3), 23.3,
                together, null, 32, stagebench, List.of(), Double.NaN))).get(0);

        assertTrue(line.endsWith(" - the rest: JMH's own forks lie 0.82..1.53 of their median (3 forks, 12.2..22.7 ns),"
                + " farther apart than the 10% the row is checked to, so the row compares the host's moments as much as"
                + " the harnesses; repeat it"), line);
        assertTrue(steady.contains("every fork's mean") || steady.contains("the forks differ"), steady);
        assertTrue(!steady.contains("JMH's own forks"), steady);
    }

    @Test
    void shouldTakeADifferenceTwinsJmhForkAsSharedAsTheSlowerOfItsTwoBenchmarks() {
        Map<String, CrossCheck.JmhScore> jmh = Map.of(
                "BookJmh.parseAndApply", new CrossCheck.JmhScore(60, 1, List.of(60.0, 60.0, 60.0), List.of(2.3, 2.3, 2.9)),
                "BookJmh.parse", new CrossCheck.JmhScore(23, 1, List.of(23.0, 23.0, 23.0), List.of(2.3, 2.8, 2.3)));

        CrossCheck.Row row = CrossCheck.compareBatched(pairing("book"), samples(37), 37, jmh, null, 32,
                List.of(37.0, 37.0, 37.0), List.of(2.3, 2.3, 2.3), 2.3);

        assertEquals(new CrossCheck.CoreStates(2.3, 2.8, 2.3, 0, 3, 2, 3), row.core());
    }

    private static CrossCheck.Row batchedParse(double meanNs, Map<String, CrossCheck.JmhScore> jmh, List<Double> coreNs) {
        return CrossCheck.compareBatched(pairing("parse"), samples(meanNs), meanNs, jmh, null, 32,
                List.of(meanNs - 0.5, meanNs, meanNs + 0.5), coreNs, 2.25);
    }
}
