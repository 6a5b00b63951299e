package io.stagebench.forked;

import io.stagebench.api.Operation;
import io.stagebench.api.Preparation;
import io.stagebench.api.RecordingStamps;
import io.stagebench.api.Sink;
import io.stagebench.clock.Clock;

/**
 * The measured loops: one per mode, each called in chunks so the JIT compiles the whole method during warm-up (not just
 * an on-stack replacement of one long loop).
 *
 * <p>IMPLEMENTATION NOTES - what happens between the two reads of a message and why:
 *
 * <ul>
 *   <li>Only the operation, one store of the start tick into {@link Stamps} and the stamps' marks. Everything else
 *       (array stores of start and sequence, bounds) is outside the fenced interval.
 *   <li>{@code clock}, {@code op} and {@code stamps} are locals: one implementation each per fork, so the calls are
 *       monomorphic and inlined.
 *   <li>No allocation, lock, exception or branch that depends on anything but the loop index; the fork proves the first
 *       three with the thread's allocation counter, the GC count and the JIT compile count around the measured chunks.
 * </ul>
 */
final class MeasureLoop {

    private MeasureLoop() {}

    /** Back-to-back (closed loop): each message starts when the previous one ends; the distribution is service time. */
    static void backToBack(
            Clock clock,
            Operation op,
            RecordingStamps stamps,
            Sink sink,
            Recording rec,
            int from,
            int to,
            long seqBase) {
        final long[] start = rec.startTicks;
        final int[] seq = rec.seq;
        for (int i = from; i < to; i++) {
            final long n = seqBase + i;
            stamps.open(i);
            final long t0 = clock.begin();
            stamps.start(t0);
            op.run(n, stamps, sink);
            final long t1 = clock.end();
            stamps.close(t1);
            start[i] = t0;
            seq[i] = (int) n;
        }
        rec.size = Math.max(rec.size, to);
    }

    /**
     * Paced (open loop): message {@code n} is due at {@code schedule.dueTicks(n)}; the loop spins until then (or starts
     * at once when late) and records the due time and the queueing delay, so latency = completion - due time, free of
     * coordinated omission.
     */
    static void paced(
            Clock clock,
            Operation op,
            RecordingStamps stamps,
            Sink sink,
            Recording rec,
            int from,
            int to,
            long seqBase,
            Schedule schedule) {
        final long[] start = rec.startTicks;
        final int[] seq = rec.seq;
        final int[] queue = rec.queueTicks;
        for (int i = from; i < to; i++) {
            final long n = seqBase + i;
            final long due = schedule.dueTicks(n);
            while (clock.raw() < due) {
                Thread.onSpinWait();
            }
            stamps.open(i);
            final long t0 = clock.begin();
            stamps.start(t0);
            op.run(n, stamps, sink);
            final long t1 = clock.end();
            stamps.close(t1);
            start[i] = due;
            seq[i] = (int) n;
            queue[i] = RecordingStamps.saturate(t0 - due);
        }
        rec.size = Math.max(rec.size, to);
    }

    /**
     * Batched back-to-back ({@code --batch K}): one begin and one end read around {@code batch} consecutive messages,
     * so row {@code i} holds the interval of messages {@code seqBase + i * batch} onwards and the probe is paid once
     * per batch. The stamps are {@link Stamps#batched batched}: marks and restarts inside the batch do nothing.
     */
    static void batched(
            Clock clock,
            Operation op,
            RecordingStamps stamps,
            Sink sink,
            Recording rec,
            int from,
            int to,
            long seqBase,
            int batch) {
        final long[] start = rec.startTicks;
        final int[] seq = rec.seq;
        for (int i = from; i < to; i++) {
            final long first = seqBase + (long) i * batch;
            final long last = first + batch;
            stamps.open(i);
            final long t0 = clock.begin();
            stamps.start(t0);
            for (long n = first; n < last; n++) {
                op.run(n, stamps, sink);
            }
            final long t1 = clock.end();
            stamps.close(t1);
            start[i] = t0;
            seq[i] = (int) first;
        }
        rec.size = Math.max(rec.size, to);
    }

    /**
     * {@link #batched} with the operation's {@link Preparation} in its place: the same batches of the same messages,
     * timed alike, so their difference is the stage. A loop of its own, so each loop's call site sees one receiver.
     */
    static void batchedPreparation(
            Clock clock,
            Preparation prep,
            RecordingStamps stamps,
            Sink sink,
            Recording rec,
            int from,
            int to,
            long seqBase,
            int batch) {
        final long[] start = rec.startTicks;
        final int[] seq = rec.seq;
        for (int i = from; i < to; i++) {
            final long first = seqBase + (long) i * batch;
            final long last = first + batch;
            stamps.open(i);
            final long t0 = clock.begin();
            stamps.start(t0);
            for (long n = first; n < last; n++) {
                prep.prepare(n, sink);
            }
            final long t1 = clock.end();
            stamps.close(t1);
            start[i] = t0;
            seq[i] = (int) first;
        }
        rec.size = Math.max(rec.size, to);
    }

    /**
     * The back-to-back loop without the operation: the same reads, stamp bookkeeping and stores, so its deltas are the
     * probe as the measured loop pays it. The fork subtracts this overhead, not that of a bare begin/end pair, from
     * every stage.
     */
    static void probeOnly(Clock clock, RecordingStamps stamps, Recording rec, int from, int to) {
        final long[] start = rec.startTicks;
        final int[] seq = rec.seq;
        for (int i = from; i < to; i++) {
            stamps.open(i);
            final long t0 = clock.begin();
            stamps.start(t0);
            final long t1 = clock.end();
            stamps.close(t1);
            start[i] = t0;
            seq[i] = i;
        }
        rec.size = Math.max(rec.size, to);
    }
}
