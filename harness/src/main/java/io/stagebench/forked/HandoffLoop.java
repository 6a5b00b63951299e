package io.stagebench.forked;

import io.stagebench.api.HandoffOperation;
import io.stagebench.api.RecordingStamps;
import io.stagebench.api.Sink;
import io.stagebench.clock.Clock;

/**
 * The measured loops of a {@link HandoffOperation}: one per thread, each called in chunks like {@link MeasureLoop},
 * whose single-thread loops they leave untouched.
 *
 * <p>IMPLEMENTATION NOTES:
 *
 * <ul>
 *   <li>The feed's end read is the publish tick; {@code publish} runs after it, so a full ring's wait is in the
 *       handoff, not in the feed's last stage.
 *   <li>The strategy's begin read follows {@code take()} at once: it is the consume tick.
 *   <li>Each thread writes only its own recording; nothing is joined here. The launcher joins the two recordings by
 *       sequence number (the launcher's {@code HandoffJoin}).
 * </ul>
 */
final class HandoffLoop {

    private HandoffLoop() {}

    /** Feed thread, back-to-back: each message starts when the previous one is published. */
    static void feed(
            Clock clock,
            HandoffOperation op,
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
            op.produce(n, stamps, sink);
            final long t1 = clock.end();
            stamps.close(t1);
            op.publish(n);
            start[i] = t0;
            seq[i] = (int) n;
        }
        rec.size = Math.max(rec.size, to);
    }

    /**
     * Feed thread, paced: message {@code n} arrives at its due tick whatever came before (see
     * {@link MeasureLoop#paced}).
     */
    static void feedPaced(
            Clock clock,
            HandoffOperation op,
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
            op.produce(n, stamps, sink);
            final long t1 = clock.end();
            stamps.close(t1);
            op.publish(n);
            start[i] = due;
            seq[i] = (int) n;
            queue[i] = RecordingStamps.saturate(t0 - due);
        }
        rec.size = Math.max(rec.size, to);
    }

    /** Strategy thread: takes {@code to - from} messages, each timed from the moment it was taken. */
    static void strategy(
            Clock clock, HandoffOperation op, RecordingStamps stamps, Sink sink, Recording rec, int from, int to) {
        final long[] start = rec.startTicks;
        final int[] seq = rec.seq;
        for (int i = from; i < to; i++) {
            final long n = op.take();
            stamps.open(i);
            final long t0 = clock.begin();
            stamps.start(t0);
            op.process(n, stamps, sink);
            final long t1 = clock.end();
            stamps.close(t1);
            start[i] = t0;
            seq[i] = (int) n;
        }
        rec.size = Math.max(rec.size, to);
    }
}
