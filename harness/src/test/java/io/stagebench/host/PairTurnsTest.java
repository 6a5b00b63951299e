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
        return turns -> {
            try (PipedInputStream stdin = new PipedInputStream()) {
                turns.attach(new PipedOutputStream(stdin));
                for (int r = 1; r <= replicas; r++) {
                    turns.said(new ProgressEvent(ProgressEvent.Phase.AWAITING_TURN, Turns.awaiting(r), ""));
                    if (!Turns.await(stdin)) {
                        log.add(side + " withdrawn");
                        return;
                    }
                    if (!measuring.compareAndSet(false, true)) {
                        overlapped.set(true);
                    }
                    log.add(side + r + "+");
                    sleep(15);
                    log.add(side + r + "-");
                    measuring.set(false);
                    if (r == crashAfter) {
                        return;
                    }
                }
            }
            if (failure != null) {
                throw failure;
            }
        };
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
        assertEquals(List.of("A1+", "A1-", "B1+", "B1-", "B2+", "B2-", "A2+", "A2-", "A3+", "A3-", "B3+", "B3-", "B4+",
                "B4-", "A4+", "A4-"), log);
        assertTrue(!overlapped.get(), "two forks measured at once");
        for (int i = 1; i < turns.size(); i++) {
            assertTrue(turns.get(i).startEpochMs() >= turns.get(i - 1).endEpochMs(), "turns overlap: " + turns);
        }
    }

    @Test
    void shouldStartWithBWhenThePairBeforeStartedWithA() throws Exception {
        assertEquals("[B1, A1, A2, B2]", PairTurns.run(2, false, fork("A", 2, -1, null), fork("B", 2, -1, null)).toString());
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

        IOException thrown = assertThrows(IOException.class,
                () -> PairTurns.run(2, true, fork("A", 2, -1, null), fork("B", 2, -1, full)));

        assertEquals("disk full", thrown.getMessage());
        assertEquals(8, log.size(), "both forks measured both replicas first: " + log);
    }

    @Test
    void shouldCountOnlyTheTimeAForkWaitedForItsTurnAsWaiting() throws Exception {
        PairTurns.Side[] sides = new PairTurns.Side[2];
        PairTurns.Launch a = fork("A", 2, -1, null);
        PairTurns.Launch b = fork("B", 2, -1, null);

        PairTurns.run(2, true, side -> {
            sides[0] = side;
            a.run(side);
        }, side -> {
            sides[1] = side;
            b.run(side);
        });

        // A waited through B1 and B2 (2 x 15 ms), B through A1 (15 ms), give or take scheduling
        assertTrue(sides[0].waitedMs() >= 25, "A waited " + sides[0].waitedMs() + " ms");
        assertTrue(sides[1].waitedMs() >= 12, "B waited " + sides[1].waitedMs() + " ms");
    }
}
