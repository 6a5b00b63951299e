package io.stagebench.testbench;

import io.stagebench.api.Benchmark;
import io.stagebench.api.Operation;
import io.stagebench.api.Reset;
import io.stagebench.api.Sink;
import io.stagebench.api.Stamps;

/**
 * Two stages, the second of which runs for one message in {@value #EVERY} (the rest {@link Stamps#skip() skip} it), as
 * a pipeline's encode runs only for the messages that make an order: a warm-up counted in messages leaves that stage
 * some hundred runs, far below the JIT's thresholds. Every pass replays the same messages ({@link Reset}).
 */
@Benchmark(
        name = "test.rare-stage",
        stages = {"common", "rare"},
        description = "its second stage runs for one message in 1,000")
public final class RareStageBenchmark implements Operation {

    /** One message in this many runs the rare stage. */
    public static final int EVERY = 1_000;

    private long cursor;
    private long state = 1;

    @Reset
    public void rewind() {
        cursor = 0;
    }

    @Override
    public void run(long seq, Stamps stamps, Sink sink) {
        state = state * 6364136223846793005L + cursor;
        stamps.mark();
        if (cursor++ % EVERY == 0) {
            state = rare(state);
        } else {
            stamps.skip();
        }
        sink.consume(state);
    }

    /** The rare stage's work: a loop the interpreter takes ~100 times longer over than compiled code. */
    static long rare(long state) {
        long s = state;
        for (int i = 0; i < 64; i++) {
            s = Long.rotateLeft(s ^ (s >>> 7), 13) * 0x9E3779B97F4A7C15L + i;
        }
        return s;
    }
}
