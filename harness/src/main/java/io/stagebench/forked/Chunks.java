package io.stagebench.forked;

/**
 * The one walk of a pass over a recording's rows, in chunks of the measured loop: each chunk is at most {@code chunk}
 * rows and never runs past the recording's end, and a recording shorter than the pass (a warm-up's) wraps to row 0 for
 * the next chunk. Every pass of every thread walks with one of these, so the chunks a measured loop sees are the same
 * whatever drives it.
 *
 * <pre>{@code
 * chunks.start(rows, rec.capacity, chunk);
 * while (chunks.next()) {
 *     MeasureLoop.backToBack(clock, op, stamps, sink, rec, chunks.from(), chunks.to(), seq + chunks.lapStart());
 * }
 * }</pre>
 *
 * <p>A cursor, not a callback: each caller calls its own measured loop directly, so that call stays monomorphic, and
 * the walk allocates nothing. One instance per thread.
 */
final class Chunks {

    private long rows;
    private int capacity;
    private int chunk;
    private long done;
    private int from;
    private int to;

    /** Starts a walk of {@code rows} rows over a recording of {@code capacity} rows, {@code chunk} rows at a time. */
    void start(long rows, int capacity, int chunk) {
        this.rows = rows;
        this.capacity = capacity;
        this.chunk = chunk;
        this.done = 0;
        this.from = 0;
        this.to = 0;
    }

    /** @return whether there is a next chunk; its rows are then {@link #from()} to {@link #to()} */
    boolean next() {
        done += to - from;
        if (done >= rows) {
            from = 0;
            to = 0;
            return false;
        }
        from = (int) (done % capacity);
        to = chunkEnd(from, rows - done, capacity, chunk);
        return true;
    }

    /** @return the chunk's first row */
    int from() {
        return from;
    }

    /** @return the row after the chunk's last */
    int to() {
        return to;
    }

    /**
     * @return the pass's rows before the recording's row 0 of this chunk's lap: a chunk's row {@code r} is the pass's
     *     row {@code lapStart() + r}
     */
    long lapStart() {
        return done - from;
    }

    /** @return the rows walked so far (all of them once {@link #next()} has returned false) */
    long walked() {
        return done;
    }

    /** Walks {@link #prime()} makes: their {@link #next()} calls pass the JIT's tier-4 invocation threshold (5000). */
    private static final int PRIME_WALKS = 2_000;

    /**
     * Walks dummy recordings until this class's methods are compiled, before anything is timed. A pass calls
     * {@link #next()} once a chunk, between measured loops: a default warm-up (200,000 messages in chunks of 1,000)
     * makes 200 calls, the tier-3 threshold, so the first measured pass used to compile them, and was discarded and run
     * again, in every fork. The walks take every branch a real one takes (a short last chunk, a chunk cut at the
     * recording's end, a wrap to row 0), so the compiled code has no untaken branch left to trap on later.
     *
     * @return the rows walked, for the caller to keep the walks from being dead code
     */
    static long prime() {
        Chunks chunks = new Chunks();
        long rows = 0;
        for (int walk = 0; walk < PRIME_WALKS; walk++) {
            chunks.start(10 + walk % 3, 7, 3);
            while (chunks.next()) {
                rows += chunks.to() - chunks.from() + chunks.lapStart();
            }
            rows += chunks.walked();
        }
        return rows;
    }

    /**
     * @return the row after the chunk that starts at row {@code from} with {@code left} rows of the pass to go: at most
     *     {@code chunk} rows, never past the recording's end
     */
    static int chunkEnd(int from, long left, int capacity, int chunk) {
        final int n = left < chunk ? (int) left : chunk;
        return from + n < capacity ? from + n : capacity;
    }
}
