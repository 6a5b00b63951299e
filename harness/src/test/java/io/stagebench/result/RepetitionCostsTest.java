package io.stagebench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.link.ForkResult;
import io.stagebench.link.ForkResultFixture;
import java.util.List;
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
    void shouldSayWhenAForkFirstMeasuredFromTheForksThatDidNotWaitOnAPartner() {
        ForkResult fork = ForkResultFixture.everyField();

        // three forks of 3 s; one took turns (-1: it waited on its partner's, so its start says nothing of its own)
        RepetitionCosts costs = RepetitionCosts.of(
                List.of(fork, fork, fork), List.of(3_000L, 3_000L, 3_000L), List.of(1_400L, -1L, 1_800L));

        assertEquals(1.6, costs.startS(), 1e-9);
        assertEquals(3.0 - 0.574, costs.forkS(), 1e-9, "a fork less its replica after the first");
        assertEquals(
                null,
                RepetitionCosts.of(List.of(fork), List.of(3_000L), List.of()).startS(),
                "not measured: not said");
        RepetitionCosts measured = new RepetitionCosts(2.0, 0.1, 100, 1.5);
        assertEquals("a fork 2.0 s (measuring from 1.50 s), a setup 0.10 s", measured.describe());
        assertEquals("a fork 2.0 s, a setup 0.10 s", new RepetitionCosts(2.0, 0.1, 100).describe());
        RepetitionCosts pooled = RepetitionCosts.pool(
                List.of(measured, new RepetitionCosts(3.0, 0.1, 100), new RepetitionCosts(2.5, 0.1, 100, 1.9)));
        assertEquals(1.7, pooled.startS(), 1e-9, "the median of the runs that measured it");
        assertEquals(
                null,
                RepetitionCosts.pool(List.of(new RepetitionCosts(3.0, 0.1, 100)))
                        .startS());
    }

    @Test
    void shouldForecastNothingForFurtherReplicasWhoseSetupWasNeverMeasured() {
        RepetitionCosts oneReplicaRuns = new RepetitionCosts(2.5, null, 125);

        assertTrue(oneReplicaRuns.pairS(4, 200_000).isEmpty());
        assertEquals(5.0, oneReplicaRuns.pairS(1, 200_000).getAsDouble(), 1e-9);
    }
}
