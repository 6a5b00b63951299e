package io.stagebench.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.store.ResultReader;
import io.stagebench.store.StoredRun;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GateTest {

    @TempDir
    Path results;

    private static final Gate FIVE_PERCENT = new Gate(5);

    private RunDiff diff(double[] decideA, double[] decideB) throws IOException {
        StoredRun a = ResultReader.readSummary(write("a", decideA));
        StoredRun b = ResultReader.readSummary(write("b", decideB));
        return RunDiff.compare(a, b, VerdictRule.defaults(), List.of(Statistic.values()), List.of());
    }

    private Path write(String name, double[] decideForksNs) {
        Map<String, double[]> stages = new LinkedHashMap<>();
        double[] parse = new double[decideForksNs.length];
        double[] nine = SummaryFixture.forks(40, 0.2);
        for (int i = 0; i < parse.length; i++) {
            parse[i] = nine[i % nine.length];
        }
        stages.put("parse", parse);
        stages.put("decide", decideForksNs);
        return SummaryFixture.run().benchmark("pipeline", stages).writeTo(results.resolve(name));
    }

    private static double[] scaled(double[] values, double factor) {
        double[] out = values.clone();
        for (int i = 0; i < out.length; i++) {
            out[i] *= factor;
        }
        return out;
    }

    @Test
    void shouldPassWhenNothingMovedAndEveryCentreRowCouldCallTheLimit() throws IOException {
        Gate.Decision decision =
                FIVE_PERCENT.decide(diff(SummaryFixture.forks(100, 0.5), SummaryFixture.forks(100, 0.5)));

        assertEquals(Gate.Outcome.PASS, decision.outcome(), decision.outcomeLine());
        assertEquals(0, decision.outcome().exitCode());
        assertEquals(
                List.of("pipeline/parse", "pipeline/decide"),
                decision.rows().stream().map(Gate.Row::name).toList());
        assertTrue(
                decision.rows().stream().allMatch(r -> r.comparison().detectablePercent() <= 5), decision.reachLine());
        assertTrue(
                decision.reachLine().startsWith("gate: the smallest tmean change this gate can call is "),
                decision.reachLine());
        assertTrue(decision.reachLine().endsWith("; it promises 5%"), decision.reachLine());
    }

    @Test
    void shouldFailNamingTheRowCalledSlower() throws IOException {
        Gate.Decision decision =
                FIVE_PERCENT.decide(diff(SummaryFixture.forks(100, 0.5), SummaryFixture.forks(110, 0.5)));

        assertEquals(Gate.Outcome.FAIL, decision.outcome());
        assertEquals(1, decision.outcome().exitCode());
        assertTrue(decision.outcomeLine().startsWith("gate: FAIL (exit 1): "), decision.outcomeLine());
        assertTrue(decision.outcomeLine().contains("pipeline/decide tmean"), decision.outcomeLine());
    }

    @Test
    void shouldNotPassWhenTheForkCountsCanCallNothing() throws IOException {
        // 4 v 4 forks: p >= 2/70 = 0.029, above the 0.0125 a centre row faces here: detect inf, whatever moved
        double[] a = {99, 100, 101, 100.5};
        Gate.Decision decision = FIVE_PERCENT.decide(diff(a, scaled(a, 1.10)));

        assertEquals(Gate.Outcome.CANNOT_JUDGE, decision.outcome(), decision.outcomeLine());
        assertEquals(3, decision.outcome().exitCode());
        assertTrue(
                decision.reachLine().endsWith(" none in pipeline/parse, pipeline/decide; it promises 5%"),
                decision.reachLine());
        assertTrue(
                decision.outcomeLine()
                        .contains("2 of 2 tmean rows cannot rule out a 5% slowdown: no change can be"
                                + " called at these fork counts: pipeline/parse, pipeline/decide; fix: "),
                decision.outcomeLine());
        assertTrue(
                decision.outcomeLine().contains("ab BASE --fail-on-regression"), "the fix: " + decision.outcomeLine());
    }

    @Test
    void shouldNotPassARowThatCouldOnlyCallALargerChange() throws IOException {
        // forks spread +-20%: nothing moved, but only a change far above 5% could have been called
        Gate.Decision decision =
                FIVE_PERCENT.decide(diff(SummaryFixture.forks(100, 20), SummaryFixture.forks(100, 20)));

        assertEquals(Gate.Outcome.CANNOT_JUDGE, decision.outcome(), decision.outcomeLine());
        Gate.Row decide = decision.problems().get(0);
        assertEquals("pipeline/decide", decide.name());
        assertTrue(decide.comparison().detectablePercent() > 5, decision.reachLine());
        assertEquals(Gate.Kind.ONLY_LARGER, decide.problem().kind());
        assertTrue(
                decision.outcomeLine()
                        .contains("only a larger change could be called: pipeline/decide "
                                + decide.problem().detail()),
                decision.outcomeLine());
        assertEquals(1, decision.problems().size(), "parse's forks agree: " + decision.outcomeLine());
    }

    @Test
    void shouldNotPassAShiftWhoseIntervalReachesTheLimitThoughItCouldBeCalled() throws IOException {
        // a change the row cannot call at Holm's level whose 95% interval still reaches the limit
        double[] a = SummaryFixture.forks(100, 3);
        Gate.Decision loose = new Gate(20).decide(diff(a, scaled(a, 1.03)));
        Gate.Row decide = loose.rows().get(1);
        double limit = Math.ceil(decide.comparison().detectablePercent());
        assertTrue(
                decide.upperPercent() > limit,
                "the data this test needs: detect " + decide.comparison().detectablePercent() + ", upper "
                        + decide.upperPercent());

        Gate.Decision decision = new Gate(limit).decide(diff(a, scaled(a, 1.03)));

        assertEquals(Gate.Outcome.CANNOT_JUDGE, decision.outcome(), decision.outcomeLine());
        assertEquals(
                Gate.Kind.INTERVAL_REACHES, decision.problems().get(0).problem().kind());
        assertTrue(
                decision.outcomeLine().contains("the 95% interval reaches the limit: pipeline/decide +"),
                decision.outcomeLine());
    }

    @Test
    void shouldLeaveAFasterRowOutOfTheIntervalCondition() throws IOException {
        Gate.Decision decision =
                FIVE_PERCENT.decide(diff(SummaryFixture.forks(110, 0.5), SummaryFixture.forks(100, 0.5)));

        assertEquals(Gate.Outcome.PASS, decision.outcome(), decision.outcomeLine());
        assertNull(decision.rows().get(1).problem());
    }

    @Test
    void shouldRefuseALimitThatIsNotAPositivePercentage() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Gate(0));
        assertEquals("--max-regression must be a positive percentage, got 0.0", e.getMessage());
    }
}
