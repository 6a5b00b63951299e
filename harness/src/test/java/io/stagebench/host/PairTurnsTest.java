package io.stagebench.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.link.ProgressEvent;
import io.stagebench.link.Turns;
import java.io.IOException;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** The turns of a pair, given to scripted forks that speak the fork's side of {@link Turns}. */
class PairTurnsTest {

    /** What every scripted fork logs: "A1+" when its turn for replica 1 began, "A1-" when it ended. */
    private final List<String> log = Collections.synchronizedList(new ArrayList<>());
    /** Set while some fork holds the measuring CPU: two at once is the failure these turns exist to prevent. */
    private final AtomicBoolean measuring = new AtomicBoolean();

    private final AtomicBoolean overlapped = new AtomicBoolean();

    /**
     * A fork that measures {@code replicas} replicas, each in a turn of its own, as ForkExecution does; it ends after
     * {@code crashAfter} replicas, or throws {@code failure} after its last.
     */
    private PairTurns.Launch fork(String side, int replicas, int crashAfter, IOException failure) {
        return fork(side, replicas, crashAfter, failure, false);
    }

    /**
     * As {@link #fork(String, int, int, IOException)}; with {@code measureTurns}, each measured pass in its own turn.
     */
    private PairTurns.Launch fork(
            String side, int replicas, int crashAfter, IOException failure, boolean measureTurns) {
        return turns -> {
            try (PipedInputStream stdin = new PipedInputStream()) {
                turns.attach(new PipedOutputStream(stdin));
                for (int r = 1; r <= replicas; r++) {
                    if (!turn(turns, stdin, side, Turns.awaiting(r), side + r + (measureTurns ? "s" : ""))) {
                        return;
                    }
                    if (measureTurns && !turn(turns, stdin, side, Turns.awaitingMeasure(r), side + r + "m")) {
                        return;
                    }
                    if (r == crashAfter) {
                        return;
                    }
                }
                // a fork whose measured passes took turns of their own ends in a turn of its own
                if (measureTurns && !turn(turns, stdin, side, Turns.awaiting(replicas + 1), side + "end")) {
                    return;
                }
            }
            if (failure != null) {
                throw failure;
            }
        };
    }

    /** One turn of a scripted fork: awaits it as {@code awaiting} says, logs its start and end; false if withdrawn. */
    private boolean turn(PairTurns.Side turns, PipedInputStream stdin, String side, String awaiting, String name)
            throws IOException {
        turns.said(new ProgressEvent(ProgressEvent.Phase.AWAITING_TURN, awaiting, ""));
        if (!Turns.await(stdin)) {
            log.add(side + " withdrawn");
            return false;
        }
        if (!measuring.compareAndSet(false, true)) {
            overlapped.set(true);
        }
        log.add(name + "+");
        sleep(15);
        log.add(name + "-");
        measuring.set(false);
        return true;
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void shouldGiveTheReplicasTurnsInAbbaOrderWithNeverTwoForksMeasuringAtOnce() throws Exception {
        List<PairTurns.Turn> turns = PairTurns.run(4, true, fork("A", 4, -1, null), fork("B", 4, -1, null));

        assertEquals("[A1, B1, B2, A2, A3, B3, B4, A4]", turns.toString());
        assertEquals(
                List.of(
                        "A1+", "A1-", "B1+", "B1-", "B2+", "B2-", "A2+", "A2-", "A3+", "A3-", "B3+", "B3-", "B4+",
                        "B4-", "A4+", "A4-"),
                log);
        assertTrue(!overlapped.get(), "two forks measured at once");
        for (int i = 1; i < turns.size(); i++) {
            assertTrue(turns.get(i).startEpochMs() >= turns.get(i - 1).endEpochMs(), "turns overlap: " + turns);
        }
    }

    @Test
    void shouldPutTheTwoSidesMeasuredPassesSideBySideAfterBothSetups() throws Exception {
        List<PairTurns.Turn> turns = PairTurns.run(3, true, fork("A", 3, -1, null, true), fork("B", 3, -1, null, true));

        assertEquals("[A1s, B1s, A1m, B1m, B2s, A2s, B2m, A2m, A3s, B3s, A3m, B3m, Aend, Bend]", turns.toString());
        assertEquals(
                List.of(
                        "A1s+", "A1s-", "B1s+", "B1s-", "A1m+", "A1m-", "B1m+", "B1m-", "B2s+", "B2s-", "A2s+", "A2s-",
                        "B2m+", "B2m-", "A2m+", "A2m-", "A3s+", "A3s-", "B3s+", "B3s-", "A3m+", "A3m-", "B3m+", "B3m-",
                        "Aend+", "Aend-", "Bend+", "Bend-"),
                log);
        assertTrue(!overlapped.get(), "two forks measured at once");
        List<String> parts =
                List.of(PairTurns.Turn.SETUP, PairTurns.Turn.SETUP, PairTurns.Turn.MEASURE, PairTurns.Turn.MEASURE);
        assertEquals(
                parts, turns.subList(0, 4).stream().map(PairTurns.Turn::part).toList());
    }

    @Test
    void shouldGiveAnOlderBuildItsWholeReplicaTurnsBesideTheOtherSidesSplitOnes() throws Exception {
        List<PairTurns.Turn> turns =
                PairTurns.run(2, true, fork("A", 2, -1, null, false), fork("B", 2, -1, null, true));

        assertEquals("[A1, B1s, B1m, B2s, A2, B2m, Bend]", turns.toString());
        assertEquals(PairTurns.Turn.REPLICA, turns.get(0).part());
        assertTrue(!overlapped.get(), "two forks measured at once");
    }

    @Test
    void shouldGiveTheSurvivorItsMeasureTurnsWhenTheOtherForkEndsAfterItsSetup() throws Exception {
        List<PairTurns.Turn> turns = PairTurns.run(2, true, fork("A", 2, -1, null, true), fork("B", 2, 1, null, true));

        assertEquals("[A1s, B1s, A1m, B1m, A2s, A2m, Aend]", turns.toString());
    }

    @Test
    void shouldStartWithBWhenThePairBeforeStartedWithA() throws Exception {
        assertEquals(
                "[B1, A1, A2, B2]",
                PairTurns.run(2, false, fork("A", 2, -1, null), fork("B", 2, -1, null))
                        .toString());
    }

    @Test
    void shouldGiveTheSurvivorItsTurnsWhenTheOtherForkEndsEarly() throws Exception {
        List<PairTurns.Turn> turns = PairTurns.run(3, true, fork("A", 3, 1, null), fork("B", 3, -1, null));

        assertEquals("[A1, B1, B2, B3]", turns.toString());
        assertEquals(List.of("A1+", "A1-", "B1+", "B1-", "B2+", "B2-", "B3+", "B3-"), log);
    }

    @Test
    void shouldRethrowWhatALaunchThrewOnceTheOtherSideEnded() {
        IOException full = new IOException("disk full");

        IOException thrown = assertThrows(
                IOException.class, () -> PairTurns.run(2, true, fork("A", 2, -1, null), fork("B", 2, -1, full)));

        assertEquals("disk full", thrown.getMessage());
        assertEquals(8, log.size(), "both forks measured both replicas first: " + log);
    }

    @Test
    void shouldCountOnlyTheTimeAForkWaitedForItsTurnAsWaiting() throws Exception {
        PairTurns.Side[] sides = new PairTurns.Side[2];
        PairTurns.Launch a = fork("A", 2, -1, null);
        PairTurns.Launch b = fork("B", 2, -1, null);

        PairTurns.run(
                2,
                true,
                side -> {
                    sides[0] = side;
                    a.run(side);
                },
                side -> {
                    sides[1] = side;
                    b.run(side);
                });

        // A waited through B1 and B2 (2 x 15 ms), B through A1 (15 ms), give or take scheduling
        assertTrue(sides[0].waitedMs() >= 25, "A waited " + sides[0].waitedMs() + " ms");
        assertTrue(sides[1].waitedMs() >= 12, "B waited " + sides[1].waitedMs() + " ms");
    }
}
