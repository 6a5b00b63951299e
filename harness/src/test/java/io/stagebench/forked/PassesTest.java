package io.stagebench.forked;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.stagebench.api.Operation;
import io.stagebench.api.RecordingStamps;
import io.stagebench.api.Sink;
import io.stagebench.result.LatencySeries;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PassesTest {

    private static final long READ = 10;

    @Test
    void shouldReplayTheSameMessagesAfterAResetWhileSequenceNumbersRunOn() throws Exception {
        FakeTimeClock clock = new FakeTimeClock(0, READ);
        long[] cursor = {0};
        List<Long> seen = new ArrayList<>();
        List<Long> seqs = new ArrayList<>();
        Operation op = (seq, stamps, sink) -> {
            seen.add(cursor[0]++);
            seqs.add(seq);
            clock.advance(5);
        };
        Passes passes = new Passes(clock, op, new Sink(), 0, 2, () -> cursor[0] = 0, true);
        Recording scratch = new Recording(2, 1, false);

        long next = passes.run(scratch, scratch.stamps(clock), 5, 0);
        passes.reset();
        next = passes.run(scratch, scratch.stamps(clock), 5, next);

        assertEquals(10, next);
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L, 0L, 1L, 2L, 3L, 4L), seen);
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L), seqs);
    }

    @Test
    void shouldNotRewindABenchmarkWithoutAReset() throws Exception {
        FakeTimeClock clock = new FakeTimeClock(0, READ);
        int[] resets = {0};
        Passes passes =
                new Passes(clock, (seq, stamps, sink) -> clock.advance(1), new Sink(), 0, 4, () -> resets[0]++, false);

        passes.reset();

        assertEquals(0, resets[0]);
    }

    @Test
    void shouldFillAMeasuredRecordingFromRowZeroInChunks() {
        FakeTimeClock clock = new FakeTimeClock(0, READ);
        Passes passes = new Passes(clock, (seq, stamps, sink) -> clock.advance(seq), new Sink(), 0, 3, () -> {}, true);
        Recording rec = new Recording(7, 1, false);

        long next = passes.run(rec, rec.stamps(clock), 100);

        assertEquals(107, next);
        assertEquals(7, rec.size());
        long[] service = new long[7];
        for (int i = 0; i < 7; i++) {
            service[i] = rec.stageTicks(0, i) - READ;
            assertEquals(100 + i, rec.seq(i));
        }
        assertArrayEquals(new long[] {100, 101, 102, 103, 104, 105, 106}, service);
    }

    @Test
    void shouldTimeAPipelineMessageWholeWhenItsStampsAreUnmarked() {
        FakeTimeClock clock = new FakeTimeClock(0, READ);
        Operation op = (seq, stamps, sink) -> {
            clock.advance(30);
            stamps.mark();
            clock.advance(70);
            stamps.mark();
            clock.advance(5);
        };
        Recording rec = new Recording(2, 1, false);
        RecordingStamps stamps = rec.unmarkedStamps(clock);

        MeasureLoop.backToBack(clock, op, stamps, new Sink(), rec, 0, 2, 0);

        // the marks read no clock: start read + 105 ticks of work, no mark reads
        assertEquals(0, stamps.markErrors());
        assertEquals(115, rec.stageTicks(0, 0));
        assertEquals(115, rec.stageTicks(0, 1));
        assertArrayEquals(new double[] {105, 105}, LatencySeries.unmarked(rec.raw(), READ, 1.0), 1e-12);
    }

    @Test
    void shouldProbeTheCoreBeforeEachWindowAndAfterTheLast() {
        FakeTimeClock clock = new FakeTimeClock(0, READ);
        Passes passes = new Passes(clock, (seq, stamps, sink) -> clock.advance(3), new Sink(), 0, 2, () -> {}, true);
        // windows of WINDOW_CHUNKS chunks of 2 rows; a pass of 20 rows, not a whole number of windows
        int windowRows = 2 * Passes.WINDOW_CHUNKS;
        Recording rec = new Recording(20, 1, false);
        passes.probeWindows(20);

        passes.run(rec, rec.stamps(clock), 0);
        long[] probes = new long[passes.windows(20) + 1];
        int windows = passes.copyProbes(probes);

        assertEquals((20 + windowRows - 1) / windowRows, windows);
        for (int w = 0; w <= windows; w++) {
            // each probe read the clock twice, nothing else advancing it
            assertEquals(READ, probes[w], "probe " + w);
        }
    }

    @Test
    void shouldRefuseToProbeAPacedPass() {
        FakeTimeClock clock = new FakeTimeClock(0, READ);
        Passes passes =
                new Passes(clock, (seq, stamps, sink) -> clock.advance(3), new Sink(), 1_000, 2, () -> {}, true);

        assertThrows(IllegalStateException.class, () -> passes.probeWindows(20));
    }
}
