package io.stagebench.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.clock.Calibration;
import io.stagebench.clock.Clock;
import io.stagebench.clock.NanoTimeClock;
import io.stagebench.nativeaccess.RealtimeClock;
import org.junit.jupiter.api.Test;

/** A message that starts before the runner's start read and ends before its end read, at instants the kernel gave. */
class StampsKernelBoundsTest {

    private final StepClock clock = new StepClock(1_000);
    private final int[][] deltas = new int[3][2];
    private final RecordingStamps stamps = new RecordingStamps(clock, deltas);

    @Test
    void shouldStartTheFirstStageAtAnEarlierTickAndEndTheLastAtAGivenOne() {
        stamps.open(0);
        stamps.start(clock.begin()); // 1010
        stamps.restartAt(900); // the receive stamp, before the start read
        stamps.markAt(1_100); // the first instruction
        stamps.markAt(1_150);
        stamps.endAt(1_300); // the transmit stamp
        stamps.close(2_000); // the runner's end read, after the stamp was read back

        assertEquals(200, deltas[0][0]);
        assertEquals(50, deltas[1][0]);
        assertEquals(150, deltas[2][0], "the last stage ends at the given tick, not at the end read");
    }

    @Test
    void shouldForgetAGivenEndWhenTheNextMessageOpens() {
        stamps.open(0);
        stamps.start(clock.begin());
        stamps.mark();
        stamps.mark();
        stamps.endAt(clock.raw());
        stamps.close(clock.end());
        stamps.open(1);
        long start = clock.begin();
        stamps.start(start);
        stamps.mark();
        stamps.mark();
        long end = clock.end();
        stamps.close(end);

        assertEquals(10, deltas[2][1], "the second message ends at its own end read");
    }

    @Test
    void shouldIgnoreBothInBatchedStamps() {
        int[] batches = new int[1];
        RecordingStamps batched = RecordingStamps.batched(clock, batches);
        batched.open(0);
        batched.start(1_000);
        batched.restartAt(10);
        batched.endAt(1_010);
        batched.close(1_500);

        assertEquals(500, batches[0], "a batch spans its messages whole");
        assertTrue(batched.restartIgnored());
    }

    @Test
    void shouldMapAWallClockInstantOntoTheCounterWithinItsBound() {
        Clock counter = new NanoTimeClock();
        WallClock wall = WallClock.measure(counter, Calibration.identity());
        RealtimeClock realtime = new RealtimeClock();

        long before = wall.anchorNow();
        long kernelNs = realtime.nowNs(); // as a kernel stamp taken just after the anchor
        long after = counter.end();
        long mapped = wall.ticksAt(kernelNs);

        long bound = wall.boundTicks();
        assertTrue(
                mapped >= before - bound - 1 && mapped <= after + bound + 1,
                "mapped " + mapped + " outside [" + before + ", " + after + "] +- " + bound);
        assertTrue(wall.anchorHalfWidthTicks() > 0 && wall.anchors() == 1, "one anchor, its bracket counted");
        wall.resetBound();
        assertEquals(0, wall.boundTicks(), "a measured pass's bound starts afresh");
    }
}
