package io.stagebench.runner;

import io.stagebench.api.Operation;
import io.stagebench.api.Sink;
import io.stagebench.api.Stamps;
import io.stagebench.clock.Clock;

/**
 * Runs the benchmark's messages through the measured loop in passes, for warm-up and
 * measurement alike, so both execute the same compiled code: a pass of {@code count}
 * messages calls {@link MeasureLoop} once per chunk, writing into a recording's rows (a
 * chunk-sized scratch recording in warm-up, wrapping; the full recording when measured).
 *
 * <p>Sequence numbers run on from pass to pass, whatever the benchmark's own cursor does: a
 * {@link io.stagebench.api.Reset reset} rewinds the benchmark, not the message count. In paced
 * mode each pass starts a new schedule one interval after the pass begins.
 *
 * <p>Allocation-free after construction: one schedule object is restarted for every pass.
 */
final class Passes {

    /** A benchmark's {@link io.stagebench.api.Reset} methods, run between passes. */
    @FunctionalInterface
    interface ResetAction {
        void reset() throws Exception;
    }

    private final Clock clock;
    private final Operation op;
    private final Sink sink;
    private final double intervalTicks;
    private final int chunk;
    private final ResetAction reset;
    private final boolean replay;
    private final Schedule schedule;

    /**
     * @param intervalTicks paced interval in ticks, 0 for back-to-back
     * @param replay        whether {@code reset} rewinds the benchmark (it declares a reset)
     */
    Passes(Clock clock, Operation op, Sink sink, double intervalTicks, int chunk, ResetAction reset, boolean replay) {
        this.clock = clock;
        this.op = op;
        this.sink = sink;
        this.intervalTicks = intervalTicks;
        this.chunk = chunk;
        this.reset = reset;
        this.replay = replay;
        this.schedule = intervalTicks > 0 ? new Schedule(0, intervalTicks, 0) : null;
    }

    /** @return whether the benchmark rewinds between passes, so every pass replays the same messages */
    boolean replays() {
        return replay;
    }

    /** Rewinds the benchmark when it declares a reset; otherwise the next pass continues its stream. */
    void reset() throws Exception {
        if (replay) {
            reset.reset();
        }
    }

    /**
     * Runs {@code rec.capacity()} messages into {@code rec}'s rows from 0: a measured pass.
     *
     * @return the sequence number after the pass's last message
     */
    long run(Recording rec, Stamps stamps, long seq) {
        return run(rec, stamps, rec.capacity, seq);
    }

    /**
     * Runs {@code count} messages, reusing {@code rec}'s rows when it is shorter (warm-up).
     *
     * @return the sequence number after the pass's last message
     */
    long run(Recording rec, Stamps stamps, long count, long seq) {
        // fields, not calls: a call made once per pass reaches its compile threshold in some late pass
        final int capacity = rec.capacity;
        if (schedule != null) {
            schedule.restart(seq, clock.raw() + (long) intervalTicks);
        }
        long done = 0;
        while (done < count) {
            final int from = (int) (done % capacity);
            final int to = chunkEnd(from, count - done, capacity, chunk);
            if (schedule == null) {
                MeasureLoop.backToBack(clock, op, stamps, sink, rec, from, to, seq + done - from);
            } else {
                MeasureLoop.paced(clock, op, stamps, sink, rec, from, to, seq + done - from, schedule);
            }
            done += to - from;
        }
        return seq + done;
    }

    /**
     * @return the row after the chunk that starts at row {@code from} with {@code left} messages
     *         of the pass to go: at most {@code chunk} rows, never past the recording's end (a
     *         shorter warm-up recording wraps to row 0 for the next chunk)
     */
    static int chunkEnd(int from, long left, int capacity, int chunk) {
        final int n = left < chunk ? (int) left : chunk;
        return from + n < capacity ? from + n : capacity;
    }
}
