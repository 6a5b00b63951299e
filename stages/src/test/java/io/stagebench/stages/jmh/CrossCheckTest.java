package io.stagebench.stages.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CrossCheckTest {

    private static Pairing pairing(String stage) {
        return CrossCheckScenarios.pairing(stage);
    }

    private static double[] samples(double... values) {
        return values;
    }

    @Test
    void shouldCompareStagebenchsMeanWithJmhsAverageAndAcceptTenPercent() {
        Map<String, JmhScore> jmh = Map.of("ParseJmh.parse", new JmhScore(100, 2));

        Row row = CrossCheck.compare(pairing("parse"), samples(90, 100, 140), 100, jmh);

        assertEquals(110, row.meanNs(), 1e-9);
        assertEquals(100, row.p50Ns(), 1e-9);
        assertEquals(1.10, row.ratio(), 1e-9);
        assertEquals(Verdict.OK, row.verdict());
        assertEquals(3, row.samples());
    }

    @Test
    void shouldFlagAStageOfFiftyNanosecondsOrMoreThatDiffersByMoreThanTenPercent() {
        Map<String, JmhScore> jmh = Map.of("EncodeJmh.encode", new JmhScore(60, 1));

        Row row = CrossCheck.compare(pairing("encode"), samples(45, 45), 45, jmh);

        assertEquals(0.75, row.ratio(), 1e-9);
        assertEquals(Verdict.DIFF, row.verdict(), "JMH puts it above 50 ns, so it is checked");
        assertFalse(CrossCheck.agrees(List.of(row)));
    }

    @Test
    void shouldShowButNotCheckAStageBelowFiftyNanosecondsInBothHarnesses() {
        Map<String, JmhScore> jmh = Map.of("ParseJmh.parse", new JmhScore(30, 1));

        Row row = CrossCheck.compare(pairing("parse"), samples(20, 20), 20, jmh);

        assertEquals(Verdict.UNCHECKED, row.verdict());
        assertTrue(CrossCheck.agrees(List.of(row)));
    }

    @Test
    void shouldTakeTheBookStageAsTheDifferenceOfTwoJmhBenchmarksWithTheirErrorsCombined() {
        Map<String, JmhScore> jmh = Map.of(
                "BookJmh.parseAndApply", new JmhScore(150, 3),
                "BookJmh.parse", new JmhScore(50, 4));

        Row row = CrossCheck.compare(pairing("book"), samples(95, 105), 100, jmh);

        assertEquals(100, row.jmhNs(), 1e-9);
        assertEquals(5, row.jmhErrorNs(), 1e-9);
        assertEquals("BookJmh.parseAndApply - BookJmh.parse", row.jmhSource());
        assertEquals(Verdict.OK, row.verdict());
    }

    /**
     * @return JMH's four decide figures: each call ({@code callNs}, its timer 35) and the walks (its preparation 115)
     */
    private static Map<String, JmhScore> decideJmh(double callNs, double prepareAndDecideNs) {
        return Map.of(
                "DecideCallJmh.decide",
                new JmhScore(callNs, 1),
                "DecideCallJmh.timer",
                new JmhScore(35, 1),
                "DecideJmh.prepareAndDecide",
                new JmhScore(prepareAndDecideNs, 5),
                "DecideJmh.prepare",
                new JmhScore(115, 5));
    }

    @Test
    void shouldCompareDecideCallByCallWithJmhsCallsTimedAloneAndBatchedWithItsOverlappedOnes() {
        Map<String, JmhScore> jmh = decideJmh(55, 130);

        Row perMessage = CrossCheck.compare(pairing("decide"), samples(20, 20), 20, jmh);
        Row batched = CrossCheck.compareBatched(
                pairing("decide"), samples(15, 15), 15, jmh, new Probe(20, 26), 16, List.of(), List.of(), Double.NaN);

        assertEquals(20, perMessage.jmhNs(), 1e-9);
        assertEquals("DecideCallJmh.decide - DecideCallJmh.timer", perMessage.jmhSource());
        assertEquals(15, batched.jmhNs(), 1e-9);
        assertEquals("DecideJmh.prepareAndDecide - DecideJmh.prepare", batched.jmhSource());
        assertEquals(Verdict.OK, batched.verdict());
    }

    @Test
    void shouldReportAMissingFigureWhenEitherHarnessFailed() {
        Row noBaseline = CrossCheck.compare(
                pairing("decide"), samples(60), 60, Map.of("DecideCallJmh.decide", new JmhScore(200, 1)));
        Row noStagebench = CrossCheck.compare(
                pairing("encode"), null, Double.NaN, Map.of("EncodeJmh.encode", new JmhScore(60, 1)));

        assertEquals(Verdict.MISSING, noBaseline.verdict());
        assertEquals(Verdict.MISSING, noStagebench.verdict());
        assertFalse(CrossCheck.agrees(List.of(noBaseline)));
    }

    @Test
    void shouldWarnWhenAFewInterruptionsCarryTheStagebenchMean() {
        double[] quiet = new double[1_000];
        Arrays.fill(quiet, 60);
        double[] interrupted = quiet.clone();
        interrupted[500] = 2_000_000; // one 2 ms preemption among a thousand 60 ns calls
        Map<String, JmhScore> jmh = Map.of("EncodeJmh.encode", new JmhScore(60, 1));

        Row calm = CrossCheck.compare(pairing("encode"), quiet, 60, jmh);
        Row noisy = CrossCheck.compare(pairing("encode"), interrupted, 60, jmh);

        assertFalse(calm.noisy());
        assertTrue(noisy.noisy());
        assertEquals(1, noisy.stallSamples());
        assertTrue(noisy.stallShare() > 0.95, "share " + noisy.stallShare());
        assertEquals(60, noisy.meanWithoutStallsNs(), 1e-9);
    }

    @Test
    void shouldCheckThePipelinesUnmarkedTotalAgainstTheWholeJmhCallAndOnlyShowTheMarkedOne() {
        Pairing pipeline = pairing("pipeline");
        Pairing marked = pairing("marked");
        Map<String, JmhScore> jmh = Map.of("PipelineJmh.pipeline", new JmhScore(100, 2));

        Row markedRow = CrossCheck.compare(marked, samples(150, 150), 150, jmh, new Probe(20, 24));

        assertEquals("unmarked", pipeline.series());
        assertEquals(List.of("PipelineJmh.pipeline"), pipeline.jmhBenchmarks());
        assertEquals("total", marked.series());
        assertEquals(4, marked.intervals());
        assertEquals(Verdict.UNCHECKED, markedRow.verdict());
        assertEquals(16, markedRow.residueNs(), 1e-9);
    }

    @Test
    void shouldNeedEachJmhBenchmarkOnceForEveryStage() {
        assertEquals(
                List.of(
                        "ParseJmh.parse",
                        "BookJmh.parseAndApply",
                        "BookJmh.parse",
                        "DecideCallJmh.decide",
                        "DecideCallJmh.timer",
                        "DecideJmh.prepareAndDecide",
                        "DecideJmh.prepare",
                        "EncodeJmh.encode",
                        "PipelineJmh.pipeline"),
                CrossCheck.jmhBenchmarks(CrossCheck.PAIRINGS));
    }

    @Test
    void shouldCheckABatchedRowByEachSidesMedianForkWhenOneJmhForkIsApartFromItsOthers() {
        // DecideJmh's prepare at 74 ns in one fork and 55-58 in the others: that fork's difference is 3 ns, not 20
        Map<String, JmhScore> jmh = Map.of(
                "DecideJmh.prepareAndDecide", new JmhScore(77.7, 2, List.of(77.3, 79.3, 79.3, 76.9, 76.3)),
                "DecideJmh.prepare", new JmhScore(60, 2, List.of(74.0, 55.8, 58.4, 57.5, 55.1)));
        List<Double> forkMeans = List.of(22.3, 25.3, 21.5, 21.9, 22.9);

        Row row = CrossCheck.compareBatched(
                pairing("decide"), samples(22.78), 22.78, jmh, null, 32, forkMeans, List.of(), Double.NaN);

        assertEquals(22.78 / 17.7, row.ratio(), 1e-9, "the pooled ratio: 1.29");
        assertEquals(22.3 / 20.9, row.forkMedianRatio(), 1e-9, "stagebench's median fork over JMH's median fork");
        assertEquals(List.of(77.3 - 74.0, 79.3 - 55.8, 79.3 - 58.4, 76.9 - 57.5, 76.3 - 55.1), row.jmhForkNs());
        assertEquals(Verdict.OK, row.verdict());
        assertTrue(row.checkedByForks());
    }

    @Test
    void shouldCheckABatchedRowByItsPooledMeanWithFewerThanThreeForksASideOrForksThatDoNotPair() {
        Map<String, JmhScore> twoForks = Map.of(
                "DecideJmh.prepareAndDecide", new JmhScore(78, 2, List.of(77.3, 79.3)),
                "DecideJmh.prepare", new JmhScore(65, 2, List.of(74.0, 55.8)));
        Map<String, JmhScore> unpaired = Map.of(
                "DecideJmh.prepareAndDecide", new JmhScore(78, 2, List.of(77.3, 79.3, 79.3)),
                "DecideJmh.prepare", new JmhScore(65, 2, List.of(74.0, 55.8)));

        for (Map<String, JmhScore> jmh : List.of(twoForks, unpaired)) {
            Row row = CrossCheck.compareBatched(
                    pairing("decide"),
                    samples(22),
                    22,
                    jmh,
                    null,
                    32,
                    List.of(22.0, 21.0, 23.0),
                    List.of(),
                    Double.NaN);

            assertTrue(Double.isNaN(row.forkMedianRatio()));
            assertEquals(Verdict.DIFF, row.verdict(), "22 / 13 by the pooled means");
        }
    }

    @Test
    void shouldCompareABatchedRowByThePassesMeansGivenNotBySamplesAPreparationsInterruptionsLeanHigh() {
        // JMH's decide 20 ns by its two benchmarks; the samples' mean 23 ns, the passes' difference 20.5
        Map<String, JmhScore> jmh = Map.of(
                "DecideJmh.prepareAndDecide", new JmhScore(70, 1, List.of(70.0, 70.0, 70.0)),
                "DecideJmh.prepare", new JmhScore(50, 1, List.of(50.0, 50.0, 50.0)));

        Row bySamples = CrossCheck.compareBatched(
                pairing("decide"), samples(23, 23), 23, jmh, null, 32, List.of(), List.of(), Double.NaN);
        Row byPasses = CrossCheck.compareBatched(
                pairing("decide"), samples(23, 23), 23, jmh, null, 32, List.of(), List.of(), Double.NaN, 20.5);

        assertEquals(23 / 20.0, bySamples.ratio(), 1e-9);
        assertEquals(Verdict.DIFF, bySamples.verdict());
        assertEquals(20.5, byPasses.meanNs(), 1e-9);
        assertEquals(20.5 / 20.0, byPasses.ratio(), 1e-9);
        assertEquals(Verdict.OK, byPasses.verdict());
        assertEquals(23, byPasses.p50Ns(), 1e-9, "the percentiles stay the samples'");
        assertEquals(
                20.5 / 20.0, byPasses.adjustedRatio(), 1e-9, "no interruption in the samples: without both, the same");
    }

    @Test
    void shouldCallABatchedRowAgreedByItsMedianForksExplainedWhereItsPooledFiguresLieBeyondTenPercent() {
        // as measured: JMH's book forks 32.3, 33.0 and 49.0 ns (pooled 38.1), stagebench's 31.5..32.4
        Map<String, JmhScore> jmh = Map.of(
                "BookJmh.parseAndApply", new JmhScore(62.1, 2, List.of(55.3, 56.0, 72.0)),
                "BookJmh.parse", new JmhScore(23.0, 1, List.of(23.0, 23.0, 23.0)));
        Row row = CrossCheck.compareBatched(
                pairing("book"), samples(32.0), 32.0, jmh, null, 32, List.of(31.5, 32.0, 32.4), List.of(), Double.NaN);

        Explanation explanation = CrossCheck.explanations(List.of(row)).get(0);

        assertEquals(Verdict.OK, row.verdict(), "32.0 / 33.0 by the medians");
        assertEquals(32.0 / 39.1, row.ratio(), 1e-9, "the pooled ratio, 0.82");
        assertEquals(Explanation.Reason.WITHIN_TOLERANCE, explanation.reason());
    }

    @Test
    void shouldNameEachSidesCoreStateAndTheMoreSharedSideWhenItIsTheSlowerOne() {
        // JMH's forks met the core 13 % slower than stagebench's (2.60 against 2.30 ns an iteration of the loop); the
        // crosscheck's fastest fork read 2.25, so JMH's three forks and none of stagebench's were on a shared core
        Map<String, JmhScore> jmh =
                Map.of("ParseJmh.parse", new JmhScore(26, 1, List.of(25.0, 26.0, 27.0), List.of(2.60, 2.62, 2.58)));
        Row jmhShared = batchedParse(21, jmh, List.of(2.31, 2.30, 2.29));
        Row sameState = batchedParse(21, jmh, List.of(2.55, 2.60, 2.62));
        Row stagebenchSlower = batchedParse(31, jmh, List.of(2.31, 2.30, 2.29));

        List<Explanation> explanations = CrossCheck.explanations(List.of(jmhShared, sameState, stagebenchSlower));

        assertEquals(new CoreStates(2.30, 2.60, 2.25, 0, 3, 3, 3), jmhShared.core());
        assertEquals(Verdict.DIFF, jmhShared.verdict(), "the verdict does not change: 21 / 26");
        assertEquals(
                Explanation.Reason.JMH_CORE_MORE_SHARED, explanations.get(0).reason());
        assertEquals(
                Explanation.Reason.FORKS_BEYOND_TOLERANCE, explanations.get(1).reason());
        // stagebench the slower while JMH met the more shared core: the core does not explain it
        assertEquals(
                Explanation.Reason.FORKS_BEYOND_TOLERANCE, explanations.get(2).reason());
        assertEquals(null, batchedParse(21, jmh, List.of(0.0, 0.0, 0.0)).core(), "no state without both sides' loops");
    }

    @Test
    void shouldTakeADifferenceTwinsJmhForkAsSharedAsTheSlowerOfItsTwoBenchmarks() {
        Map<String, JmhScore> jmh = Map.of(
                "BookJmh.parseAndApply", new JmhScore(60, 1, List.of(60.0, 60.0, 60.0), List.of(2.3, 2.3, 2.9)),
                "BookJmh.parse", new JmhScore(23, 1, List.of(23.0, 23.0, 23.0), List.of(2.3, 2.8, 2.3)));

        Row row = CrossCheck.compareBatched(
                pairing("book"),
                samples(37),
                37,
                jmh,
                null,
                32,
                List.of(37.0, 37.0, 37.0),
                List.of(2.3, 2.3, 2.3),
                2.3);

        assertEquals(new CoreStates(2.3, 2.8, 2.3, 0, 3, 2, 3), row.core());
    }

    private static Row batchedParse(double meanNs, Map<String, JmhScore> jmh, List<Double> coreNs) {
        return CrossCheck.compareBatched(
                pairing("parse"),
                samples(meanNs),
                meanNs,
                jmh,
                null,
                32,
                List.of(meanNs - 0.5, meanNs, meanNs + 0.5),
                coreNs,
                2.25);
    }
}
