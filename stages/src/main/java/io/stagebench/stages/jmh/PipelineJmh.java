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
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.Blackhole;

/**
 * JMH twin of stagebench's {@code pipeline}: parse, book, decide and encode per message, the same code path without the
 * three stage-boundary stamps (JMH times the call as a whole; compare it with stagebench's {@code total}).
 *
 * <p>Not final: JMH generates a subclass of every {@code @State} class (see {@link StageJmh}).
 */
public class PipelineJmh extends StageJmh {

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

    @Benchmark
    public void pipeline(Blackhole bh) {
        final int parsed = cursor.parseNext();
        final ItchMessage m = cursor.message();
        final int applied = parsed == Status.OK ? book.apply(m) : parsed;
        final boolean decided = applied == Status.OK
                && Pipeline.changesBook(m.messageType)
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
