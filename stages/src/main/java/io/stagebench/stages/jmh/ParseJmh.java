package io.stagebench.stages.jmh;

import io.stagebench.stages.bench.MessageCursor;
import io.stagebench.stages.bench.ReferenceWorkload;
import io.stagebench.stages.itch.ItchMessage;
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

    private MessageCursor cursor;

    @Setup(Level.Trial)
    public void setup() {
        cursor = new MessageCursor(ReferenceWorkload.stream(seed, messages), null);
    }

    @Setup(Level.Iteration)
    public void pin() {
        MeasuringThread.pin();
    }

    @Benchmark
    public void parse(Blackhole bh) {
        final int status = cursor.parseNext();
        final ItchMessage m = cursor.message();
        bh.consume(status);
        bh.consume(m.orderReferenceNumber ^ m.priceE4 ^ m.shares);
    }
}
