package io.stagebench.testbench;

import io.stagebench.api.Benchmark;
import io.stagebench.api.BenchmarkParams;
import io.stagebench.api.Operation;
import io.stagebench.api.Setup;
import io.stagebench.api.Sink;
import io.stagebench.api.Stamps;

/**
 * Takes a branch for the first time halfway through replica 1's measured pass (its second setup: the first is the
 * warm-up's own, which runs one pass of measured size before measuring): the JIT compiled {@link #run} without that
 * branch during warm-up, so the branch traps, deoptimises and recompiles while the fork measures. It has no reset, so a
 * replayed pass runs on past the branch point and never traps again.
 */
@Benchmark(name = "test.late-deopt", description = "deoptimises halfway through its first measured pass")
public final class LateDeoptBenchmark implements Operation {

    private static int setups;

    private long branchAtSeq;
    private long state = 1;

    @Setup
    public void setup(BenchmarkParams params) {
        // the warm-up's own setup never takes the branch; replica 1's warm-up pass is as long as its measured one
        branchAtSeq = ++setups < 2 ? Long.MAX_VALUE : params.measuredMessages() + params.measuredMessages() / 2;
    }

    @Override
    public void run(long seq, Stamps stamps, Sink sink) {
        if (seq >= branchAtSeq) {
            state = lateBranch(state, seq);
        } else {
            state = state * 6364136223846793005L + seq;
        }
        sink.consume(state);
    }

    private static long lateBranch(long state, long seq) {
        return Long.rotateLeft(state ^ seq, 17) * 0x9E3779B97F4A7C15L;
    }
}
