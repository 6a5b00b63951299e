package io.stagebench.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class SequentialPlanTest {

    private final SequentialPlan plan = new SequentialPlan(
            SequentialPlan.DEFAULT_MIN_FORKS,
            SequentialPlan.DEFAULT_MAX_FORKS,
            SequentialPlan.DEFAULT_STEP_FORKS,
            SequentialPlan.DEFAULT_TARGET_PERCENT,
            SequentialPlan.MAX_DEFAULT_BUDGET);

    @Test
    void shouldLookTwiceByDefaultSoThatEachLookIsTestedAtHalfOfAlpha() {
        assertEquals(2, plan.looks());
        assertEquals(13, plan.nextPairs(0));
        assertEquals(10, plan.nextPairs(13));
        assertEquals(0.025, VerdictRule.defaults().withLooks(plan.looks()).lookAlpha(), 1e-15);
    }

    @Test
    void shouldBudgetNinetySecondsABenchmarkUpToSixMinutes() {
        assertEquals(Duration.ofSeconds(90), SequentialPlan.defaultBudget(1));
        assertEquals(Duration.ofMinutes(3), SequentialPlan.defaultBudget(2));
        assertEquals(Duration.ofMinutes(6), SequentialPlan.defaultBudget(5));
        assertEquals(Duration.ofMinutes(6), SequentialPlan.defaultBudget(9));
        assertEquals(
                Duration.ofMinutes(3), plan.withBudget(Duration.ofMinutes(3)).budget());
    }

    @Test
    void shouldLetTheFirstLookOfTheDefaultPlanCallARowOfAFiftyRowDiff() {
        // Holm's first step over 50 rows in 2 looks, with one pair against the change
        double level = 0.05 / 2 / 50;
        double oneAgainst = 2 * 2.0 / Math.pow(2, SequentialPlan.DEFAULT_MIN_FORKS);

        assertTrue(oneAgainst < level, oneAgainst + " v " + level);
        assertFalse(2 * 2.0 / Math.pow(2, SequentialPlan.DEFAULT_MIN_FORKS - 1) < level, "12 pairs could not");
    }

    @Test
    void shouldKeepOneLookWhenTheFirstIsForecastToLeaveTooLittleOfTheBudgetForTwoMorePairs() {
        SequentialPlan plan = new SequentialPlan(13, 23, 10, 5, Duration.ofSeconds(180));

        SequentialPlan one = plan.forecast(170, 6);

        assertEquals(1, one.looks());
        assertEquals(13, one.maxForks());
        assertEquals(plan.budget(), one.budget());
        // 12 s left hold 2 pairs of 6 s: the second look stays, and a plan of one look is left as it is
        assertEquals(plan, plan.forecast(168, 6));
        assertEquals(SequentialPlan.fixed(5), SequentialPlan.fixed(5).forecast(1e6, 6));
        // a first look past the whole budget leaves nothing for a second
        assertEquals(1, plan.forecast(400, 6).looks());
    }
}
