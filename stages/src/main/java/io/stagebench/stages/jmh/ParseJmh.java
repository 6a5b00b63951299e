package io.stagebench.stages.jmh;

import io.stagebench.stages.bench.ReferenceWorkload;
import io.stagebench.stages.itch.GeneratedMarketData;
import io.stagebench.stages.itch.ItchMessage;
import io.stagebench.stages.itch.ItchParser;
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
 * JMH twin of stagebench's {@code parse}: the same stream, the same cursor walk, the same
 * decode and the same values consumed per call, so JMH's AverageTime and stagebench's mean
 * service time measure identical work.
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
public class ParseJmh {

    /** Stream length; stagebench's side gets the same as {@code --param messages}. */
    @Param({"2000000"})
    public int messages;

    /** Generator seed, as stagebench's {@code --param seed}. */
    @Param({"20261130"})
    public long seed;

    private final ItchParser parser = new ItchParser();
    private GeneratedMarketData stream;
    private MemorySegment data;
    private int count;
    private int cursor;

    @Setup(Level.Trial)
    public void setup() {
        stream = ReferenceWorkload.stream(seed, messages);
        data = stream.segment();
        count = stream.messageCount();
    }

    @Setup(Level.Iteration)
    public void pin() {
        MeasuringThread.pin();
    }

    @Benchmark
    public void parse(Blackhole bh) {
        final int i = cursor;
        cursor = i + 1 == count ? 0 : i + 1;
        final int status = parser.parse(data, stream.messageOffset(i), stream.messageLength(i));
        final ItchMessage m = parser.message();
        bh.consume(status);
        bh.consume(m.orderReferenceNumber ^ m.priceE4 ^ m.shares);
    }
}
