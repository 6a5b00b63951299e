package io.stagebench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RepetitionCostsTest {

    @Test
    void shouldForecastAPairAsTwoForksWithTheirFurtherReplicasAndMeasuredPasses() {
        RepetitionCosts costs = new RepetitionCosts(2.5, 0.25, 125);

        // a fork 2.5 s, each further replica 0.25 s + 200,000 x 125 ns = 0.275 s; two forks of 4 replicas
        assertEquals(2 * (2.5 + 3 * 0.275), costs.pairS(4, 200_000).getAsDouble(), 1e-9);
        assertEquals(5.0, costs.pairS(1, 200_000).getAsDouble(), 1e-9);
    }

    @Test
    void shouldForecastNothingForFurtherReplicasWhoseSetupWasNeverMeasured() {
        RepetitionCosts oneReplicaRuns = new RepetitionCosts(2.5, null, 125);

        assertTrue(oneReplicaRuns.pairS(4, 200_000).isEmpty());
        assertEquals(5.0, oneReplicaRuns.pairS(1, 200_000).getAsDouble(), 1e-9);
    }
}
