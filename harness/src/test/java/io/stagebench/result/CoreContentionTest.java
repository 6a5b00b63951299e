package io.stagebench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.link.ForkMeasurement;
import io.stagebench.link.ForkResult;
import io.stagebench.link.ForkResultFixture;
import io.stagebench.link.Replica;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CoreContentionTest {

    @Test
    void shouldCountTheReplicasWhoseLoopRanATenthOrMoreSlowerThanTheRunsFastest() {
        CoreContention c = CoreContention.of(List.of(fork(2.0, 2.15), fork(2.19, 2.2), fork(0, 3.0)));

        assertEquals(5, c.replicas(), "a replica that did not time it (0) is left out");
        assertEquals(2.0, c.minNs());
        assertEquals(2.19, c.medianNs());
        assertEquals(3.0, c.maxNs());
        assertEquals(2, c.shared(), "2.2 and 3.0 reach 1.1 x 2.0; 2.19 does not");
        assertEquals(
                Optional.of("core: issue-bound loop 2.000..3.000 ns an iteration over 5 replicas (median 2.190); 2 ran"
                        + " 10%+ over the fastest"),
                c.line());
        String warning = c.warning().orElseThrow();
        assertTrue(
                warning.startsWith("the measuring core was shared in 2 of 5 replicas: an issue-bound loop ran up to 50%"
                        + " over its fastest"),
                warning);
    }

    @Test
    void shouldSayACoreNotSharedWithoutAWarning() {
        CoreContention c = CoreContention.of(List.of(fork(2.0, 2.05), fork(2.1, 2.19)));

        assertEquals(0, c.shared());
        assertTrue(
                c.line().orElseThrow().endsWith("over 4 replicas (median 2.075); none ran 10%+ over the fastest"),
                c.line().orElseThrow());
        assertEquals(Optional.empty(), c.warning());
    }

    @Test
    void shouldSayNothingWhenNoReplicaTimedIt() {
        CoreContention c = CoreContention.of(List.of(fork(0, 0)));

        assertEquals(0, c.replicas());
        assertEquals(Optional.empty(), c.line());
        assertEquals(Optional.empty(), c.warning());
    }

    /** @return the fixture's fork with two replicas whose loop took {@code first} and {@code second} ns an iteration */
    private static ForkResult fork(double first, double second) {
        ForkResult f = ForkResultFixture.everyField();
        ForkMeasurement m = f.measurement();
        List<Replica> timed =
                List.of(timed(m.replicas().get(0), first), timed(m.replicas().get(1), second));
        return new ForkResult(
                f.run(),
                f.ruler(),
                f.placement(),
                new ForkMeasurement(
                        m.warmupMessages(),
                        m.warmupPasses(),
                        m.replayed(),
                        m.warmupStageRuns(),
                        m.measuredMessages(),
                        m.droppedMessages(),
                        m.markErrors(),
                        m.sinkValue(),
                        m.measureStartEpochMs(),
                        m.measureEndEpochMs(),
                        timed,
                        m.rawFile(),
                        m.unmarkedRawFile(),
                        m.preparationRawFile()),
                f.checks(),
                f.linkVersion());
    }

    private static Replica timed(Replica r, double iterationNs) {
        return new Replica(
                r.replica(),
                r.warmupMessages(),
                r.measuredMessages(),
                r.allocatedBytes(),
                r.gcCount(),
                r.jitCompilations(),
                r.setupMs(),
                r.wallMs(),
                r.measureStartEpochMs(),
                r.measureEndEpochMs(),
                r.runQueueWaitNs(),
                r.involuntarySwitches(),
                iterationNs);
    }
}
