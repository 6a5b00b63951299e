package io.stagebench.stages.jmh;

import io.stagebench.stages.Pipeline;
import io.stagebench.stages.Status;
import io.stagebench.stages.bench.MessageCursor;
import io.stagebench.stages.bench.ReferenceWorkload;
import io.stagebench.stages.book.OrderBook;
import io.stagebench.stages.decide.ImbalanceStrategy;
import io.stagebench.stages.itch.ItchMessage;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * JMH twin of stagebench's {@code pipeline}: parse, book, decide and encode per message, the
 * same code path without the three stage-boundary stamps (JMH times the call as a whole;
 * compare it with stagebench's {@code total}).
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
public class PipelineJmh {

    /** Stream length; stagebench's side gets the same as {@code --param messages}. */
    @Param({"2000000"})
    public int messages;

    /** Generator seed, as stagebench's {@code --param seed}. */
    @Param({"20261130"})
    public long seed;

    private final OuchEncoder encoder = new OuchEncoder();
    private final MemorySegment out = MemorySegment.ofArray(new byte[64]);
    private OrderBook book;
    private ImbalanceStrategy strategy;
    private MessageCursor cursor;
    private long orders;

    @Setup(Level.Trial)
    public void setup() {
        book = ReferenceWorkload.newBook();
        cursor = new MessageCursor(ReferenceWorkload.stream(seed, messages), book);
        strategy = ReferenceWorkload.newStrategy();
    }

    @Setup(Level.Iteration)
    public void pin() {
        MeasuringThread.pin();
    }

    @Benchmark
    public void pipeline(Blackhole bh) {
        final int parsed = cursor.parseNext();
        final ItchMessage m = cursor.message();
        final int applied = parsed == Status.OK ? book.apply(m) : parsed;
        final boolean decided = applied == Status.OK && Pipeline.changesBook(m.messageType)
                && strategy.decide(book, m.stockLocate, m.timestampNs);
        final int written = decided ? encoder.encodeEnterOrder(strategy.decision(), out, 0) : 0;
        orders += written > 0 ? 1 : 0;
        bh.consume(written);
    }

    @TearDown(Level.Trial)
    public void check() {
        book.checkInvariants();
        if (orders == 0) {
            throw new IllegalStateException("the pipeline encoded no order: decide and encode were never exercised");
        }
    }
}
