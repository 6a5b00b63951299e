package io.stagebench.stages.jmh;

import io.stagebench.stages.bench.ReferenceWorkload;
import io.stagebench.stages.decide.Decision;
import io.stagebench.stages.ouch.OuchEncoder;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * JMH twin of stagebench's {@code encode}: one OUCH 4.2 Enter Order per call, cycling
 * through the decisions the pipeline made on the same stream.
 *
 * <p>Not final: JMH generates a subclass of every {@code @State} class.
 */
@State(Scope.Thread)
@BenchmarkMode({Mode.AverageTime, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = JmhForks.FORKS, jvmArgsAppend = {JmhForks.NATIVE_ACCESS, JmhForks.UNSAFE_ACCESS, JmhForks.HEAP_MIN,
        JmhForks.HEAP_MAX, JmhForks.PRE_TOUCH, JmhForks.SERIAL_GC})
@Warmup(iterations = JmhForks.ITERATIONS, time = 1)
@Measurement(iterations = JmhForks.ITERATIONS, time = 1)
public class EncodeJmh {

    /** Stream length; stagebench's side gets the same as {@code --param messages}. */
    @Param({"2000000"})
    public int messages;

    /** Generator seed, as stagebench's {@code --param seed}. */
    @Param({"20261130"})
    public long seed;

    private final OuchEncoder encoder = new OuchEncoder();
    private final MemorySegment out = MemorySegment.ofArray(new byte[64]);
    private Decision[] decisions;
    private int cursor;

    @Setup(Level.Trial)
    public void setup() {
        decisions = ReferenceWorkload.decisions(ReferenceWorkload.stream(seed, messages));
    }

    @Setup(Level.Iteration)
    public void pin() {
        MeasuringThread.pin();
    }

    @Benchmark
    public void encode(Blackhole bh) {
        final int i = cursor;
        cursor = i + 1 == decisions.length ? 0 : i + 1;
        bh.consume(encoder.encodeEnterOrder(decisions[i], out, 0));
    }
}
