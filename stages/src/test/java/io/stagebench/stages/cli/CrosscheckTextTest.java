package io.stagebench.stages.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.stages.jmh.CrossCheck;
import io.stagebench.stages.jmh.CrossCheckScenarios;
import io.stagebench.stages.jmh.JmhScore;
import io.stagebench.stages.jmh.Pairing;
import io.stagebench.stages.jmh.Probe;
import io.stagebench.stages.jmh.Row;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The crosscheck's table, its explanation lines and its warnings, word for word. */
class CrosscheckTextTest {

    private static Pairing pairing(String stage) {
        return CrossCheckScenarios.pairing(stage);
    }

    private static double[] samples(double... values) {
        return values;
    }

    private static List<String> lines(List<Row> rows) {
        return CrosscheckText.explanationLines(CrossCheck.explanations(rows));
    }

    private static List<String> lines(List<Row> rows, List<Row> batchedRows, long messages, long batchedMessages) {
        return CrosscheckText.explanationLines(CrossCheck.explanations(rows, batchedRows, messages, batchedMessages));
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

    @Test
    void shouldPrintEachStageWithBothFiguresTheRatioAndTheCheck() {
        Map<String, JmhScore> jmh =
                Map.of("ParseJmh.parse", new JmhScore(50, 0.5), "EncodeJmh.encode", new JmhScore(21, 0.5));
        List<Row> rows = List.of(
                CrossCheck.compare(pairing("parse"), samples(52, 54), 52, jmh),
                CrossCheck.compare(pairing("encode"), samples(20), 20, jmh));

        String text = CrosscheckText.table(rows);

        assertTrue(
                text.lines()
                        .anyMatch(l -> l.contains("parse")
                                && l.contains("52.0")
                                && l.contains("53.0")
                                && l.contains("50.0 +- 0.5")
                                && l.contains("1.060")
                                && l.contains("OK")
                                && l.contains("ParseJmh.parse")),
                text);
        assertTrue(text.lines().anyMatch(l -> l.contains("encode") && l.contains(" -  ")), text);
        assertTrue(text.contains("computed for this comparison only"), text);
    }

    @Test
    void shouldPrintTheTableInFixedColumnsWithItsLegend() {
        Map<String, JmhScore> jmh = Map.of(
                "ParseJmh.parse",
                new JmhScore(50, 0.5),
                "BookJmh.parseAndApply",
                new JmhScore(150, 3),
                "BookJmh.parse",
                new JmhScore(50, 4),
                "EncodeJmh.encode",
                new JmhScore(21, Double.NaN),
                "PipelineJmh.pipeline",
                new JmhScore(123_456.7, 1_234.5));
        List<Row> rows = List.of(
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
                """, CrosscheckText.table(rows));
        assertEquals("  decide    no figure from one harness", lines(rows).get(2));
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

        assertTrue(CrosscheckText.noiseWarnings(List.of(calm)).isEmpty());
        String warning = CrosscheckText.noiseWarnings(List.of(noisy)).get(0);
        assertTrue(
                warning.startsWith("crosscheck encode: 1 sample(s) of 10 us or more carry 97% of stagebench's mean"),
                warning);
        assertTrue(warning.contains("60.0 ns without them"), warning);
        assertTrue(warning.endsWith("run on a quiet machine (see 'stagebench run jitter')"), warning);
    }

    @Test
    void shouldWarnOfEachRowThatDiffersOrLacksAFigure() {
        Map<String, JmhScore> jmh = Map.of(
                "EncodeJmh.encode",
                new JmhScore(60, 1),
                "ParseJmh.parse",
                new JmhScore(22, 1, List.of(20.0, 20.0, 30.0)));
        List<Row> rows = List.of(
                CrossCheck.compare(pairing("encode"), samples(45, 45), 45, jmh),
                CrossCheck.compare(pairing("encode"), samples(60, 60), 60, jmh),
                CrossCheck.compare(pairing("book"), samples(60), 60, jmh),
                CrossCheck.compareBatched(
                        pairing("parse"),
                        samples(30),
                        30,
                        jmh,
                        null,
                        8,
                        List.of(30.0, 30.0, 31.0),
                        List.of(),
                        Double.NaN));

        assertEquals(
                List.of(
                        "crosscheck encode: the harnesses differ by more than 10% (stagebench mean 45.0 ns, JMH 60.0 ns)",
                        "crosscheck book: a harness produced no figure (stagebench mean 60.0 ns, JMH NaN ns)",
                        "crosscheck parse batched 8: the harnesses differ by more than 10% (median fork over median fork 1.50;"
                                + " pooled, stagebench mean 30.0 ns, JMH 22.0 ns)"),
                CrosscheckText.differences(rows));
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

        List<String> lines = lines(rows);

        // encode: 60 ns over 50 is 1.20; less the 6 ns residue 1.08, inside the tolerance
        assertTrue(
                lines.get(0).contains("ratio 1.20")
                        && lines.get(0).contains("residue +6.0 ns")
                        && lines.get(0).contains("without both 1.08 - explained"),
                lines.get(0));
        // the unmarked pipeline: 140 - 6 = 134 over 100, not explained by residue or interruptions
        assertTrue(
                lines.get(1).contains("without both 1.34 - the rest: each stagebench call runs fenced"), lines.get(1));
        assertTrue(lines.get(2).contains("the 3 marks add +25.0 ns to the unmarked mean"), lines.get(2));
        assertTrue(lines.get(2).contains("(4 intervals);"), lines.get(2));
    }

    @Test
    void shouldSplitAPerMessageRatiosExcessIntoResidueFencingAloneAndWhatTheBatchedFigureLeaves() {
        CrossCheckScenarios.Scenario scenario = CrossCheckScenarios.residue();
        List<Row> rows = scenario.rows();
        List<Row> batched = scenario.batched();
        Map<String, JmhScore> jmh = scenario.jmh();

        List<String> lines = lines(rows, batched, 2_000_000, 2_000_000);
        List<String> stepped = lines(
                List.of(CrossCheck.compare(pairing("encode"), samples(80, 80), 80, jmh, new Probe(20, 26, 10))),
                batched,
                2_000_000,
                2_000_000);
        List<String> mixed = lines(rows, batched, 500_000, 2_000_000);

        // encode: 1.60 = 0.12 residue + (74 - 52) / 50 = 0.44 fencing alone + 0.04 the batched figure's own
        assertTrue(
                lines.get(0)
                        .contains(
                                "without both 1.48; each call fenced alone +22.0 ns against batches of 8"
                                        + " (+0.44); left +0.04, the batched mean's own over this JMH figure - explained within 5%"),
                lines.get(0));
        // parse: 1.50 = (30 - 24) / 20 fencing alone + 0.20 left, beyond 5%
        assertTrue(
                lines.get(1)
                        .contains("each call fenced alone +6.0 ns against batches of 8 (+0.30); left +0.20, the"
                                + " batched mean's own over this JMH figure - not explained within 5%"),
                lines.get(1));
        assertTrue(
                mixed.get(0)
                        .contains(
                                "(+0.44), with the message mix: 500,000 messages against the stream's" + " 2,000,000;"),
                mixed.get(0));
        assertEquals(lines(rows), lines(rows, List.of(), 500_000, 2_000_000));
        assertTrue(
                stepped.get(0)
                        .contains("probe 20.0 ns subtracted (25% of the mean; step 10.0 ns, no bias to a"
                                + " mean), residue +6.0 ns"),
                stepped.get(0));
        assertTrue(
                lines(batched)
                        .get(0)
                        .startsWith("  encode    ratio 1.06: batches of 8; probe 2.5 ns subtracted"
                                + " (5% of the mean), residue +0.8 ns;"),
                lines(batched).get(0));
    }

    @Test
    void shouldNameABatchedRowsMedianForksAndShowTheirColumn() {
        // DecideJmh's prepare at 74 ns in one fork and 55-58 in the others: that fork's difference is 3 ns, not 20
        Map<String, JmhScore> jmh = Map.of(
                "DecideJmh.prepareAndDecide", new JmhScore(77.7, 2, List.of(77.3, 79.3, 79.3, 76.9, 76.3)),
                "DecideJmh.prepare", new JmhScore(60, 2, List.of(74.0, 55.8, 58.4, 57.5, 55.1)));
        Row row = CrossCheck.compareBatched(
                pairing("decide"),
                samples(22.78),
                22.78,
                jmh,
                null,
                32,
                List.of(22.3, 25.3, 21.5, 21.9, 22.9),
                List.of(),
                Double.NaN);

        String line = lines(List.of(row)).get(0);

        assertTrue(
                line.contains("; fork by fork 1.07, the median's (stagebench's 5 forks 21.5..25.3 ns, JMH's 5"
                        + " 3.3..23.5), the figure checked"),
                line);
        assertTrue(CrosscheckText.table(List.of(row)).contains("forks'"), "the column shows only with a figure in it");
        assertFalse(CrosscheckText.table(List.of(CrossCheck.compare(pairing("decide"), samples(20), 20, jmh)))
                .contains("forks'"));
    }

    @Test
    void shouldNameHowFarJmhsTwoFiguresForDecideDifferAndLeaveTheBatchedRowsOwnDistanceFromItsTwin() {
        // as measured: JMH's per-call twin 14 ns, its batched twin 22, stagebench 23 a call and 22.5 in batches
        Map<String, JmhScore> jmh = decideJmh(49, 137);
        Row perMessage = CrossCheck.compare(pairing("decide"), samples(23, 23), 23, jmh);
        Row batched = CrossCheck.compareBatched(
                pairing("decide"), samples(22.5, 22.5), 22.5, jmh, null, 16, List.of(), List.of(), Double.NaN);

        String line = lines(List.of(perMessage), List.of(batched), 2_000_000, 2_000_000)
                .get(0);

        assertTrue(
                line.contains("; JMH's batched twin +8.0 ns over its per-call twin (+0.57): a call timed between two"
                        + " System.nanoTime reads starts while the first read's last instructions run"),
                line);
        assertTrue(
                line.contains("; left +0.02, the batched mean's own over JMH's batched twin - explained within 5%"),
                line);
    }

    @Test
    void shouldLeaveAPerMessageLineWhatTheBatchedMedianForkLeavesWhenTheBatchedRowIsCheckedByIt() {
        CrossCheckScenarios.Scenario scenario = CrossCheckScenarios.medianForks();
        Row perMessage = scenario.rows().get(0);
        Row batched = scenario.batched().get(0);

        String line = lines(List.of(perMessage), List.of(batched), 2_000_000, 2_000_000)
                .get(0);

        assertTrue(
                line.contains("each call fenced alone +9.4 ns against batches of 8 (+0.43); left +0.03, the batched"
                        + " median fork's own over this JMH figure's median fork - explained within 5%"),
                line);
    }

    @Test
    void shouldCallABatchedRowAgreedByItsMedianForksExplained() {
        // as measured: JMH's book forks 32.3, 33.0 and 49.0 ns (pooled 38.1), stagebench's 31.5..32.4
        Map<String, JmhScore> jmh = Map.of(
                "BookJmh.parseAndApply", new JmhScore(62.1, 2, List.of(55.3, 56.0, 72.0)),
                "BookJmh.parse", new JmhScore(23.0, 1, List.of(23.0, 23.0, 23.0)));
        Row row = CrossCheck.compareBatched(
                pairing("book"), samples(32.0), 32.0, jmh, null, 32, List.of(31.5, 32.0, 32.4), List.of(), Double.NaN);

        String line = lines(List.of(row)).get(0);

        assertTrue(line.endsWith("the figure checked - explained"), line);
    }

    @Test
    void shouldNameEachSidesCoreStateAndTheMoreSharedSideWhenItIsTheSlowerOne() {
        // JMH's forks met the core 13 % slower than stagebench's; JMH's three forks and none of stagebench's shared it
        Map<String, JmhScore> jmh =
                Map.of("ParseJmh.parse", new JmhScore(26, 1, List.of(25.0, 26.0, 27.0), List.of(2.60, 2.62, 2.58)));

        String shared =
                lines(List.of(batchedParse(21, jmh, List.of(2.31, 2.30, 2.29)))).get(0);
        String sameState =
                lines(List.of(batchedParse(21, jmh, List.of(2.55, 2.60, 2.62)))).get(0);
        String stagebenchSlower =
                lines(List.of(batchedParse(31, jmh, List.of(2.31, 2.30, 2.29)))).get(0);

        assertTrue(
                shared.contains("; core loop 2.30 ns an iteration in stagebench's forks, 2.60 in JMH's (+13%),"
                        + " forks on a shared core (10%+ over the crosscheck's fastest, 2.25): stagebench's 0 of 3,"
                        + " JMH's 3 of 3 - the rest: the two sides met the measuring core in different states, JMH's the more"
                        + " shared"),
                shared);
        assertTrue(sameState.contains("JMH's 3 of 3 - the rest is unexplained"), sameState);
        assertTrue(stagebenchSlower.contains("JMH's 3 of 3 - the rest is unexplained"), stagebenchSlower);
    }

    @Test
    void shouldSayWhenJmhsOwnForksOfADifferingRowLieFartherApartThanTheRowIsCheckedTo() {
        // as measured on a shared core: JMH's decide forks 14.8, 22.7 and 12.2 ns, stagebench's 19.4..29.7
        Map<String, JmhScore> apart = Map.of(
                "DecideJmh.prepareAndDecide", new JmhScore(70, 1, List.of(64.8, 72.7, 62.2)),
                "DecideJmh.prepare", new JmhScore(50, 1, List.of(50.0, 50.0, 50.0)));

        String line = lines(List.of(CrossCheck.compareBatched(
                        pairing("decide"),
                        samples(23.3),
                        23.3,
                        apart,
                        null,
                        32,
                        List.of(20.8, 29.7, 19.4),
                        List.of(),
                        Double.NaN)))
                .get(0);

        assertTrue(
                line.endsWith(" - the rest: JMH's own forks lie 0.82..1.53 of their median (3 forks, 12.2..22.7 ns),"
                        + " farther apart than the 10% the row is checked to, so the row compares the host's moments as much as"
                        + " the harnesses; repeat it"),
                line);
    }
}
