package io.stagebench.stages.jmh;

import io.stagebench.stages.Status;
import io.stagebench.stages.bench.MessageCursor;
import io.stagebench.stages.bench.ReferenceWorkload;
import io.stagebench.stages.book.OrderBook;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.Blackhole;

/**
 * JMH counterpart of stagebench's {@code book}, which parses each message untimed and then times only the book update
 * ({@code Stamps.restart()}). JMH cannot leave per-call work out of its timing cheaply (an invocation-level setup costs
 * more than the stage), so this class measures two benchmarks over the same stream walk: {@link #parseAndApply} (parse,
 * then apply to the book) and {@link #parse} (the same walk and parse without the book). The cross-check takes the book
 * stage as their difference.
 *
 * <p>Not final: JMH generates a subclass of every {@code @State} class (see {@link StageJmh}).
 */
public class BookJmh extends StageJmh {

    private OrderBook book;
    private MessageCursor cursor;

    @Setup(Level.Trial)
    public void setup() {
        book = ReferenceWorkload.newBook();
        cursor = new MessageCursor(ReferenceWorkload.stream(seed, messages), book);
    }

    /** The baseline: stream walk and parse, no book. */
    @Benchmark
    public void parse(Blackhole bh) {
        bh.consume(cursor.parseNext());
    }

    /** Stream walk, parse and book update: stagebench's {@code book} call with nothing left out. */
    @Benchmark
    public void parseAndApply(Blackhole bh) {
        final int parsed = cursor.parseNext();
        bh.consume(parsed == Status.OK ? book.apply(cursor.message()) : parsed);
    }

    @TearDown(Level.Trial)
    public void check() {
        book.checkInvariants();
    }
}
