package io.stagebench.forked;

import io.stagebench.api.Operation;
import io.stagebench.api.Preparation;
import io.stagebench.api.RecordingStamps;
import io.stagebench.api.Sink;
import io.stagebench.clock.Clock;
import io.stagebench.clock.CoreProbe;
import io.stagebench.registry.BenchmarkDescriptor;

/**
 * Runs the benchmark's messages through the measured loop in passes, for warm-up and measurement alike, so both execute
 * the same compiled code: a pass of {@code count} messages calls {@link MeasureLoop} once per chunk, writing into a
 * recording's rows (a chunk-sized scratch recording in warm-up, wrapping; the full recording when measured).
 *
 * <p>Sequence numbers run on from pass to pass, whatever the benchmark's own cursor does: a
 * {@link io.stagebench.api.Reset reset} rewinds the benchmark, not the message count. In paced mode each pass starts a
 * new schedule one interval after the pass begins.
 *
 * <p>Batched ({@code --batch K}): a row of the recording is one batch of K messages, a chunk is {@code chunk / K} rows
 * (at least one), and a pass of {@code count} messages runs {@code count / K} batches; a preparation pass
 * ({@link Preparation}) runs the same batches through the operation's untimed part alone.
 *
 * <p>Windows ({@link #probeWindows}): back to back, every {@value #WINDOW_CHUNKS} chunks of a pass are a window, and a
 * {@link CoreProbe} runs before each window and after the last, between chunks, so that each window's samples carry the
 * state of the core they were measured on. Warm-up passes probe as the measured ones do, so both run the same compiled
 * walk; a paced pass does not probe (a probe would make the next message late).
 *
 * <p>Allocation-free after construction: one schedule object is restarted for every pass.
 */
final class Passes {

    private final Clock clock;
    private final Operation op;
    private final Sink sink;
    private final double intervalTicks;
    private final int chunk;
    private final BenchmarkDescriptor.ResetAction reset;
    private final boolean replay;
    private final Schedule schedule;
    private final int batch;
    private final Preparation preparation;
    private final Chunks chunks = new Chunks();
    /** Chunks a window of the core probe: its cost against the pass, about a probe every few thousand messages. */
    static final int WINDOW_CHUNKS = 4;

    private final CoreProbe probe;
    /** Each window's probe before it, then one after the last (wrapping in warm-up); null when not probing. */
    private long[] probeTicks;
    /** Rows a window. */
    private final int windowRows;
    /** Windows the last pass walked. */
    private int windowsWalked;

    /**
     * @param intervalTicks paced interval in ticks, 0 for back-to-back
     * @param replay whether {@code reset} rewinds the benchmark (it declares a reset)
     */
    Passes(
            Clock clock,
            Operation op,
            Sink sink,
            double intervalTicks,
            int chunk,
            BenchmarkDescriptor.ResetAction reset,
            boolean replay) {
        this(clock, op, sink, intervalTicks, chunk, reset, replay, 1, null);
    }

    /**
     * @param batch messages per timed interval (1: one a message); above 1 only back to back
     * @param preparation the operation's untimed part, for {@link #runPreparation}; null when it has none
     */
    Passes(
            Clock clock,
            Operation op,
            Sink sink,
            double intervalTicks,
            int chunk,
            BenchmarkDescriptor.ResetAction reset,
            boolean replay,
            int batch,
            Preparation preparation) {
        if (batch < 1 || batch > 1 && intervalTicks > 0) {
            throw new IllegalArgumentException(
                    "a batch is at least 1 message, and paced runs are not batched: " + batch);
        }
        this.clock = clock;
        this.op = op;
        this.sink = sink;
        this.intervalTicks = intervalTicks;
        this.chunk = Math.max(1, chunk / batch);
        this.reset = reset;
        this.replay = replay;
        this.schedule = intervalTicks > 0 ? new Schedule(0, intervalTicks, 0) : null;
        this.batch = batch;
        this.preparation = preparation;
        this.probe = new CoreProbe(clock);
        this.windowRows = this.chunk * WINDOW_CHUNKS;
    }

    /**
     * Probes the core before every window of a pass and after its last ({@link CoreProbe}), from now on; back to back
     * only.
     *
     * @param passRows rows of the longest pass whose probes are kept (the measured one)
     */
    void probeWindows(int passRows) {
        if (schedule != null) {
            throw new IllegalStateException("a paced pass is not probed: a probe would make the next message late");
        }
        probeTicks = new long[windows(passRows) + 1];
    }

    /** @return rows a window of the core probe */
    int windowRows() {
        return windowRows;
    }

    /** @return the windows {@code rows} rows make: the last may be shorter */
    int windows(long rows) {
        return (int) ((rows + windowRows - 1) / windowRows);
    }

    /**
     * Copies the last pass's probes, one before each window and one after the last, into {@code into}.
     *
     * @return the windows the last pass walked (the probes copied, less one); 0 when not probing
     */
    int copyProbes(long[] into) {
        if (probeTicks == null) {
            return 0;
        }
        System.arraycopy(probeTicks, 0, into, 0, windowsWalked + 1);
        return windowsWalked;
    }

    /** @return messages per timed interval (1 unbatched) */
    int batch() {
        return batch;
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
    long run(Recording rec, RecordingStamps stamps, long seq) {
        return run(rec, stamps, (long) rec.capacity * batch, seq);
    }

    /**
     * Runs {@code count} messages, reusing {@code rec}'s rows when it is shorter (warm-up); batched, {@code count /
     * batch} batches.
     *
     * @return the sequence number after the pass's last message
     */
    long run(Recording rec, RecordingStamps stamps, long count, long seq) {
        return walk(rec, stamps, count, seq, false, chunk);
    }

    /**
     * Runs {@code count} messages as {@link #run(Recording, Stamps, long, long)} does, each row (a message, or a batch)
     * in a call of the measured loop of its own: what brings a loop that a pass enters a few times to its compile
     * thresholds, which count calls ({@link CodeWarmup}).
     *
     * @return the sequence number after the last message
     */
    long runEntries(Recording rec, RecordingStamps stamps, long count, long seq) {
        return walk(rec, stamps, count, seq, false, 1);
    }

    /**
     * {@link #run(Recording, Stamps, long)} through the operation's {@link Preparation}: the same batches of the same
     * messages (after a reset), the untimed part alone.
     */
    long runPreparation(Recording rec, RecordingStamps stamps, long seq) {
        return runPreparation(rec, stamps, (long) rec.capacity * batch, seq);
    }

    /** {@link #run(Recording, Stamps, long, long)} through the operation's {@link Preparation}. */
    long runPreparation(Recording rec, RecordingStamps stamps, long count, long seq) {
        if (preparation == null || batch == 1) {
            throw new IllegalStateException(
                    "a preparation pass needs a batched run of an operation with a Preparation");
        }
        return walk(rec, stamps, count, seq, true, chunk);
    }

    private long walk(Recording rec, RecordingStamps stamps, long count, long seq, boolean preparing, int chunkRows) {
        // fields, not calls: a call made once per pass reaches its compile threshold in some late pass (Chunks'
        // start() and walked() are the exception, once a pass, and warm-up runs as many passes as measurement)
        final int capacity = rec.capacity;
        final int k = batch;
        final long rows = (count + k - 1) / k; // a warm-up remainder shorter than a batch runs one whole batch
        if (schedule != null) {
            schedule.restart(seq, clock.raw() + (long) intervalTicks);
        }
        final long[] probes = probeTicks;
        final int perWindow = windowRows;
        chunks.start(rows, capacity, chunkRows);
        while (chunks.next()) {
            final int from = chunks.from();
            final int to = chunks.to();
            final long seqBase = seq + chunks.lapStart() * k;
            if (probes != null) {
                // before each window: a chunk that starts one (a warm-up's short recording wraps the probes too)
                final long passRow = chunks.lapStart() + from;
                if (passRow % perWindow == 0) {
                    probes[(int) ((passRow / perWindow) % probes.length)] = probe.ticks();
                }
            }
            if (k > 1) {
                if (preparing) {
                    MeasureLoop.batchedPreparation(clock, preparation, stamps, sink, rec, from, to, seqBase, k);
                } else {
                    MeasureLoop.batched(clock, op, stamps, sink, rec, from, to, seqBase, k);
                }
            } else if (schedule == null) {
                MeasureLoop.backToBack(clock, op, stamps, sink, rec, from, to, seqBase);
            } else {
                MeasureLoop.paced(clock, op, stamps, sink, rec, from, to, seqBase, schedule);
            }
        }
        if (probes != null) {
            final int walked = (int) ((chunks.walked() + perWindow - 1) / perWindow);
            probes[walked % probes.length] = probe.ticks();
            windowsWalked = Math.min(walked, probes.length - 1);
        }
        return seq + chunks.walked() * k;
    }
}
