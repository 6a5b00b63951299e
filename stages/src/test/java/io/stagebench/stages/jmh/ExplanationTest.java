package io.stagebench.stages.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What explains each row's ratio, decided from the rows' figures: the reason a line ends with and its parts. */
class ExplanationTest {

    private static Pairing pairing(String stage) {
        return CrossCheckScenarios.pairing(stage);
    }

    private static double[] samples(double... values) {
        return values;
    }

    /** @return JMH's four decide figures: each call ({@code callNs}, its timer 35) and the walks (preparation 115) */
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
    void shouldSplitAPerMessageRatiosExcessIntoResidueFencingAloneAndWhatTheBatchedFigureLeaves() {
        CrossCheckScenarios.Scenario scenario = CrossCheckScenarios.residue();
        List<Row> rows = scenario.rows();
        List<Row> batched = scenario.batched();
        Map<String, JmhScore> jmh = scenario.jmh();

        List<Explanation> explanations = CrossCheck.explanations(rows, batched, 2_000_000, 2_000_000);
        Explanation stepped = CrossCheck.explanations(
                        List.of(CrossCheck.compare(pairing("encode"), samples(80, 80), 80, jmh, new Probe(20, 26, 10))),
                        batched,
                        2_000_000,
                        2_000_000)
                .get(0);
        Explanation.Split mixed = CrossCheck.explanations(rows, batched, 500_000, 2_000_000)
                .get(0)
                .split();

        // encode: 1.60 = 0.12 residue + (74 - 52) / 50 = 0.44 fencing alone + 0.04 the batched figure's own
        Explanation.Split encode = explanations.get(0).split();
        assertEquals(Explanation.Reason.AGAINST_BATCHED, explanations.get(0).reason());
        assertEquals(batched.get(0), encode.batched());
        assertEquals(22, encode.fencedNs(), 1e-9);
        assertEquals(0.04, encode.leftRatio(), 1e-9, "52.75 less its 0.75 residue, over 50");
        assertTrue(encode.explained());
        assertFalse(encode.twins());
        assertFalse(encode.otherMessages());
        // parse: 1.50 = (30 - 24) / 20 fencing alone + 0.20 left, beyond 5%
        Explanation.Split parse = explanations.get(1).split();
        assertEquals(6, parse.fencedNs(), 1e-9);
        assertEquals(0.20, parse.leftRatio(), 1e-9);
        assertFalse(parse.explained());
        assertTrue(mixed.otherMessages());
        assertEquals(CrossCheck.explanations(rows), CrossCheck.explanations(rows, List.of(), 500_000, 2_000_000));
        assertFalse(explanations.get(0).showsStep(), "no step known");
        assertTrue(stepped.showsStep(), "a per-message row's intervals start at every phase of the counter");
        assertFalse(
                CrossCheck.explanations(List.of(CrossCheck.compareBatched(
                                pairing("encode"),
                                samples(52.75),
                                52.75,
                                jmh,
                                new Probe(20, 26, 10),
                                8,
                                List.of(),
                                List.of(),
                                Double.NaN)))
                        .get(0)
                        .showsStep(),
                "a batch's probe is the batch's");
    }

    @Test
    void shouldExplainEachRatioWithTheProbeResidueInterruptionsAndTheMarksCost() {
        Map<String, JmhScore> jmh =
                Map.of("PipelineJmh.pipeline", new JmhScore(100, 2), "EncodeJmh.encode", new JmhScore(50, 1));
        Probe probe = new Probe(20, 26);
        List<Row> rows = List.of(
                CrossCheck.compare(pairing("encode"), samples(60, 60), 60, jmh, probe),
                CrossCheck.compare(pairing("pipeline"), samples(140, 140), 140, jmh, probe),
                CrossCheck.compare(pairing("marked"), samples(165, 165), 165, jmh, probe));

        List<Explanation> explanations = CrossCheck.explanations(rows);

        // encode: 60 ns over 50 is 1.20; less the 6 ns residue 1.08, inside the tolerance
        assertEquals(1.08, rows.get(0).adjustedRatio(), 1e-9);
        assertEquals(Explanation.Reason.WITHIN_TOLERANCE, explanations.get(0).reason());
        // the unmarked pipeline: 140 - 6 = 134 over 100, not explained by residue or interruptions
        assertEquals(Explanation.Reason.FENCED_ALONE, explanations.get(1).reason());
        assertEquals(Explanation.Reason.MARKS_COST, explanations.get(2).reason());
        assertEquals(25, explanations.get(2).marksNs(), 1e-9);
    }

    @Test
    void shouldNameHowFarJmhsTwoFiguresForDecideDifferAndLeaveTheBatchedRowsOwnDistanceFromItsTwin() {
        // as measured: JMH's per-call twin 14 ns, its batched twin 22, stagebench 23 a call and 22.5 in batches
        Map<String, JmhScore> jmh = decideJmh(49, 137);
        Row perMessage = CrossCheck.compare(pairing("decide"), samples(23, 23), 23, jmh);
        Row batched = CrossCheck.compareBatched(
                pairing("decide"), samples(22.5, 22.5), 22.5, jmh, null, 16, List.of(), List.of(), Double.NaN);

        Explanation.Split split = CrossCheck.explanations(List.of(perMessage), List.of(batched), 2_000_000, 2_000_000)
                .get(0)
                .split();

        assertEquals(14, perMessage.jmhNs(), 1e-9);
        assertTrue(split.twins(), "JMH's batched twin is other benchmarks than its per-call twin");
        assertEquals(22.5 / 22 - 1, split.leftRatio(), 1e-9);
        assertTrue(split.explained());
    }

    @Test
    void shouldLeaveAPerMessageLineWhatTheBatchedMedianForkLeavesWhenTheBatchedRowIsCheckedByIt() {
        CrossCheckScenarios.Scenario scenario = CrossCheckScenarios.medianForks();
        Row perMessage = scenario.rows().get(0);
        Row batched = scenario.batched().get(0);

        Explanation.Split split = CrossCheck.explanations(List.of(perMessage), List.of(batched), 2_000_000, 2_000_000)
                .get(0)
                .split();

        assertEquals(20.6 / 20.0, batched.forkMedianRatio(), 1e-9);
        assertEquals(30 - 20.6, split.fencedNs(), 1e-9);
        assertEquals(20.6 / 20.0 - 1, split.leftRatio(), 1e-9);
        assertTrue(split.explained());
    }

    @Test
    void shouldSayWhenJmhsOwnForksOfADifferingRowLieFartherApartThanTheRowIsCheckedTo() {
        // as measured on a shared core: JMH's decide forks 14.8, 22.7 and 12.2 ns, stagebench's 19.4..29.7
        Map<String, JmhScore> apart = Map.of(
                "DecideJmh.prepareAndDecide", new JmhScore(70, 1, List.of(64.8, 72.7, 62.2)),
                "DecideJmh.prepare", new JmhScore(50, 1, List.of(50.0, 50.0, 50.0)));
        Map<String, JmhScore> together = Map.of(
                "DecideJmh.prepareAndDecide", new JmhScore(65, 1, List.of(64.8, 65.2, 64.6)),
                "DecideJmh.prepare", new JmhScore(50, 1, List.of(50.0, 50.0, 50.0)));
        List<Double> stagebench = List.of(20.8, 29.7, 19.4);

        Explanation.Reason spread = CrossCheck.explanations(List.of(CrossCheck.compareBatched(
                        pairing("decide"), samples(23.3), 23.3, apart, null, 32, stagebench, List.of(), Double.NaN)))
                .get(0)
                .reason();
        Explanation.Reason steady = CrossCheck.explanations(List.of(CrossCheck.compareBatched(
                        pairing("decide"), samples(23.3), 23.3, together, null, 32, stagebench, List.of(), Double.NaN)))
                .get(0)
                .reason();

        assertEquals(Explanation.Reason.JMH_FORKS_APART, spread);
        assertTrue(
                steady == Explanation.Reason.FORKS_BEYOND_TOLERANCE
                        || steady == Explanation.Reason.FORKS_WITHIN_TOLERANCE,
                steady.toString());
    }

    @Test
    void shouldLeaveTheRestUnexplainedWhereNothingMeasuredExplainsIt() {
        Map<String, JmhScore> jmh = Map.of("ParseJmh.parse", new JmhScore(20, 1));

        List<Explanation> explanations = CrossCheck.explanations(List.of(
                CrossCheck.compare(pairing("encode"), samples(60), 60, jmh),
                CrossCheck.compare(pairing("parse"), samples(15, 15), 15, jmh),
                CrossCheck.compareBatched(
                        pairing("parse"), samples(30), 30, jmh, null, 8, List.of(), List.of(), Double.NaN)));

        assertEquals(Explanation.Reason.NO_FIGURE, explanations.get(0).reason(), "no JMH figure for encode");
        assertEquals(Explanation.Reason.UNEXPLAINED, explanations.get(1).reason(), "below JMH's, no batched row");
        assertEquals(Explanation.Reason.NO_FORK_MEANS, explanations.get(2).reason(), "no fence inside a batch");
        assertTrue(explanations.stream().allMatch(e -> e.split() == null && Double.isNaN(e.marksNs())));
    }
}
