package io.stagebench.stages.jmh;

import io.stagebench.stages.bench.ReferenceWorkload;
import io.stagebench.stages.decide.Decision;
import io.stagebench.stages.ouch.OuchEncoder;
import java.lang.foreign.MemorySegment;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * JMH twin of stagebench's {@code encode}: one OUCH 4.2 Enter Order per call, cycling through the decisions the
 * pipeline made on the same stream.
 *
 * <p>Not final: JMH generates a subclass of every {@code @State} class (see {@link StageJmh}).
 */
public class EncodeJmh extends StageJmh {

    private final OuchEncoder encoder = new OuchEncoder();
    private final MemorySegment out = MemorySegment.ofArray(new byte[64]);
    private Decision[] decisions;
    private int cursor;

    @Setup(Level.Trial)
    public void setup() {
        decisions = ReferenceWorkload.decisions(ReferenceWorkload.stream(seed, messages));
    }

    @Benchmark
    public void encode(Blackhole bh) {
        final int i = cursor;
        cursor = i + 1 == decisions.length ? 0 : i + 1;
        bh.consume(encoder.encodeEnterOrder(decisions[i], out, 0));
    }
}
