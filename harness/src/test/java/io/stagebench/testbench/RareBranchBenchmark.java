package io.stagebench.testbench;

import io.stagebench.api.Benchmark;
import io.stagebench.api.Operation;
import io.stagebench.api.Sink;
import io.stagebench.api.Stamps;

/**
 * One stage, within which one message in {@value #EVERY} (by sequence number) takes a branch into a method of its own
 * ({@link #rare}), as a book's rare message type reaches code the common ones never do: every stage runs for every
 * message, so warm-up by each stage's count sees nothing rare, and only the compiled code says that {@code rare} was
 * still C1's or the interpreter's when measuring started.
 */
@Benchmark(name = "test.rare-branch", description = "one message in 1,000 takes a branch into a method of its own")
public final class RareBranchBenchmark implements Operation {

    /** One message in this many calls {@link #rare}. */
    public static final int EVERY = 1_000;

    private long state = 1;

    @Override
    public void run(long seq, Stamps stamps, Sink sink) {
        long s = state * 6364136223846793005L + seq;
        state = seq % EVERY == 0 ? rare(s) : s;
        sink.consume(state);
    }

    /** The rare branch's work: a loop too large to inline at a call site this cold. */
    static long rare(long state) {
        long s = state;
        for (int i = 0; i < 64; i++) {
            s = Long.rotateLeft(s ^ (s >>> 7), 13) * 0x9E3779B97F4A7C15L + i;
            s ^= s >>> 29;
            s += Long.rotateRight(s, 17) ^ i * 0xBF58476D1CE4E5B9L;
        }
        return s;
    }
}
