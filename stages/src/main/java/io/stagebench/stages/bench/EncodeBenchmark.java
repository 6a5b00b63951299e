package io.stagebench.stages.bench;

import io.stagebench.api.Benchmark;
import io.stagebench.api.BenchmarkParams;
import io.stagebench.api.CheckParams;
import io.stagebench.api.Operation;
import io.stagebench.api.Parameter;
import io.stagebench.api.Reset;
import io.stagebench.api.Setup;
import io.stagebench.api.Sink;
import io.stagebench.api.Stamps;
import io.stagebench.stages.decide.Decision;
import io.stagebench.stages.ouch.OuchEncoder;
import java.lang.foreign.MemorySegment;

/**
 * The encode stage alone: writes one OUCH 4.2 Enter Order for a decision that the pipeline made on the replayed stream
 * (captured in setup), cycling through them.
 */
@Benchmark(
        name = "encode",
        description = "OUCH 4.2 Enter Order written into a preallocated buffer",
        params = {
            @Parameter(
                    name = ReferenceWorkload.MESSAGES,
                    min = 1,
                    max = ReferenceWorkload.MAX_STREAM_MESSAGES,
                    description = ReferenceWorkload.MESSAGES_DESCRIPTION),
            @Parameter(
                    name = ReferenceWorkload.SEED,
                    defaultValue = ReferenceWorkload.DEFAULT_SEED_TEXT,
                    description = ReferenceWorkload.SEED_DESCRIPTION)
        })
public final class EncodeBenchmark implements Operation {

    private final OuchEncoder encoder = new OuchEncoder();
    private final MemorySegment out = MemorySegment.ofArray(new byte[64]);
    private Decision[] decisions;
    private int cursor;

    /** The stream setup generates must fit: checked by the launcher before any fork. */
    @CheckParams
    public static void check(BenchmarkParams params) {
        ReferenceWorkload.checkStream(params, 1.0);
    }

    @Setup
    public void setup(BenchmarkParams params) {
        decisions = ReferenceWorkload.decisions(params, 1.0);
    }

    /** Back to the first decision and token 1: warm-up replays what is measured. */
    @Reset
    public void reset() {
        cursor = 0;
        encoder.reset();
    }

    @Override
    public void run(long seq, Stamps stamps, Sink sink) {
        final int i = cursor;
        cursor = i + 1 == decisions.length ? 0 : i + 1;
        final int written = encoder.encodeEnterOrder(decisions[i], out, 0);
        sink.consume(written);
    }
}
