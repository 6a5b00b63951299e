package io.stagebench.forked;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.api.Operation;
import io.stagebench.api.RecordingStamps;
import io.stagebench.api.Sink;
import io.stagebench.result.LatencySeries;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MeasureLoopTest {

    private static final long READ = 10; // ticks one clock read costs in these scripts

    @Test
    void shouldStampEachMessageAndSubtractTheProbeOverheadOffline() {
        FakeTimeClock clock = new FakeTimeClock(1_000, READ);
        long[] serviceTicks = {100, 250, 40};
        Operation op = (seq, stamps, sink) -> clock.advance(serviceTicks[(int) seq]);
        Recording rec = new Recording(3, 1, false);

        MeasureLoop.backToBack(clock, op, rec.stamps(clock), new Sink(), rec, 0, 3, 0);

        // each interval holds the service time plus the start read's own cost
        assertEquals(3, rec.size());
        assertEquals(110, rec.stageTicks(0, 0));
        assertEquals(260, rec.stageTicks(0, 1));
        assertEquals(50, rec.stageTicks(0, 2));
        assertEquals(1_000, rec.startTicks(0));
        assertEquals(1_000 + 110 + READ, rec.startTicks(1));
        assertEquals(2, rec.seq(2));
        // the probe overhead (begin + end back to back = one read) is subtracted offline
        Map<String, double[]> ns = LatencySeries.compute(rec.raw(), List.of("stage"), READ, 2.0);
        assertArrayEquals(new double[] {50, 125, 20}, ns.get("stage"), 1e-12);
    }

    @Test
    void shouldGiveEachPipelineStageItsOwnDeltaAndATotal() {
        FakeTimeClock clock = new FakeTimeClock(0, READ);
        Operation op = (seq, stamps, sink) -> {
            clock.advance(30);
            stamps.mark();
            clock.advance(70);
            stamps.mark();
            clock.advance(5);
        };
        Recording rec = new Recording(2, 3, false);
        RecordingStamps stamps = rec.stamps(clock);

        MeasureLoop.backToBack(clock, op, stamps, new Sink(), rec, 0, 2, 0);

        assertEquals(0, stamps.markErrors());
        assertEquals(40, rec.stageTicks(0, 1)); // start read + 30
        assertEquals(80, rec.stageTicks(1, 1)); // mark read + 70
        assertEquals(15, rec.stageTicks(2, 1)); // mark read + 5
        Map<String, double[]> ns = LatencySeries.compute(rec.raw(), List.of("a", "b", "c"), READ, 1.0);
        assertEquals(List.of("a", "b", "c", "total"), List.copyOf(ns.keySet()));
        assertArrayEquals(new double[] {30 + 70 + 5, 30 + 70 + 5}, ns.get("total"), 1e-12);
    }

    @Test
    void shouldCountMessagesThatMarkTheWrongNumberOfBoundaries() {
        FakeTimeClock clock = new FakeTimeClock(0, READ);
        Operation tooFew = (seq, stamps, sink) -> clock.advance(1);
        Recording rec = new Recording(4, 3, false);
        RecordingStamps stamps = rec.stamps(clock);

        MeasureLoop.backToBack(clock, tooFew, stamps, new Sink(), rec, 0, 4, 0);

        assertEquals(4, stamps.markErrors());
    }

    @Test
    void shouldMeasurePacedLatencyFromTheIntendedArrivalSoAStallDelaysEveryLaterMessage() {
        // fenced reads are free; each raw read of the wait loop costs 1 tick, so every
        // message starts 1 tick after the read that saw it was due
        FakeTimeClock clock = new FakeTimeClock(0, 0, 1);
        long interval = 100;
        long service = 20;
        long stall = 1_000;
        Operation op = (seq, stamps, sink) -> clock.advance(seq == 3 ? stall : service);
        int n = 20;
        Recording rec = new Recording(n, 1, true);

        MeasureLoop.paced(clock, op, rec.stamps(clock), new Sink(), rec, 0, n, 0, new Schedule(0, interval, 0));

        Map<String, double[]> series = LatencySeries.compute(rec.raw(), List.of("s"), 0, 1.0);
        double[] response = series.get("response");
        double[] serviceNs = series.get("s");
        assertEquals(service + 1, response[0], 1e-12);
        assertEquals(stall + 1, response[3], 1e-12);
        // message 4 was due at 400 but could start only after message 3 ended at 301 + 1000
        assertEquals(1301 + 1 - 400 + service, response[4], 1e-12);
        for (int i = 5; i < 13; i++) {
            // each later message waits (interval - service) less than the one before, less the
            // 1-tick read that found it already due
            assertEquals(response[i - 1] - (interval - service - 1), response[i], 1e-12, "message " + i);
            assertTrue(response[i] > service + 1, "message " + i + " still queued");
        }
        assertEquals(service + 1, response[n - 1], 1e-12);
        // service time alone sees one slow message: the coordinated-omission illusion
        long slowService = Arrays.stream(serviceNs).filter(v -> v > service).count();
        assertEquals(1, slowService);
        assertEquals(interval * 5, rec.startTicks(5), "start holds the intended arrival");
    }

    @Test
    void shouldNotWaitWhenBackToBackAndRecordNoQueueing() {
        FakeTimeClock clock = new FakeTimeClock(0, 0);
        Recording rec = new Recording(3, 1, false);

        MeasureLoop.backToBack(
                clock, (seq, stamps, sink) -> clock.advance(5), rec.stamps(clock), new Sink(), rec, 0, 3, 0);

        assertEquals(15, clock.now());
        assertEquals(0, rec.queueTicks(2));
    }

    @Test
    void shouldSaturateDeltasThatDoNotFitThirtyTwoBits() {
        assertEquals(-1, RecordingStamps.saturate(1L << 40)); // 0xFFFFFFFF read back unsigned
        assertEquals(0, RecordingStamps.saturate(-5));
        assertEquals(12345, RecordingStamps.saturate(12345));
    }

    @Test
    void shouldInjectOneStallAtTheArmedMeasuredMessageOnlyAfterExercisingItsPathBrieflyInWarmUp() {
        FakeTimeClock clock = new FakeTimeClock(0, 1);
        StallingOperation op = StallingOperation.once((seq, stamps, sink) -> clock.advance(10), clock, 2, 500, 50);
        int warmUpMessages = 2 * (int) StallingOperation.WARMUP_PERIOD;
        Recording warmUp = new Recording(warmUpMessages, 1, false);
        Recording rec = new Recording(6, 1, false);

        MeasureLoop.backToBack(clock, op, warmUp.stamps(clock), new Sink(), warmUp, 0, warmUpMessages, 0);
        op.measurementStarts(warmUpMessages);
        MeasureLoop.backToBack(clock, op, rec.stamps(clock), new Sink(), rec, 0, 6, warmUpMessages);

        for (int i = 0; i < warmUpMessages; i++) {
            boolean exercised = i % StallingOperation.WARMUP_PERIOD == StallingOperation.WARMUP_PERIOD - 1;
            long ticks = warmUp.stageTicks(0, i);
            assertEquals(exercised, ticks >= 50, "warm-up message " + i + ": " + ticks);
            assertTrue(ticks < 500, "warm-up message " + i + " never takes the real stall");
        }
        for (int i = 0; i < 6; i++) {
            assertEquals(i == 2, rec.stageTicks(0, i) >= 500, "measured message " + i + ": " + rec.stageTicks(0, i));
        }
    }

    @Test
    void shouldInjectAStallEveryNthMessageInsideTheMeasuredInterval() {
        FakeTimeClock clock = new FakeTimeClock(0, 1);
        Operation op = new StallingOperation((seq, stamps, sink) -> clock.advance(10), clock, 4, 500);
        Recording rec = new Recording(8, 1, false);

        MeasureLoop.backToBack(clock, op, rec.stamps(clock), new Sink(), rec, 0, 8, 0);

        for (int i = 0; i < 8; i++) {
            boolean stalled = i % 4 == 3;
            assertEquals(stalled, rec.stageTicks(0, i) >= 500, "message " + i + ": " + rec.stageTicks(0, i));
        }
    }
}
