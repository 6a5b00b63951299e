package io.stagebench.stages.jmh;

import io.stagebench.stages.itch.ItchMessage;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.infra.Blackhole;

/**
 * JMH counterpart of stagebench's {@code decide}, which parses and applies messages untimed until one changes a book
 * and then times only the strategy's decision. As for the book, JMH measures the preparation alone ({@link #prepare})
 * and preparation plus decision ({@link #prepareAndDecide}) over the same stream walk; the cross-check takes the decide
 * stage as their difference, against stagebench's batched decide: like JMH's loop, a batch lets the calls overlap. The
 * per-message decide, each call timed alone, has a twin of its own ({@link DecideCallJmh}).
 *
 * <p>Not final: JMH generates a subclass of every {@code @State} class (see {@link StageJmh}).
 */
public class DecideJmh extends DecideState {

    /** The baseline: parse and apply until a message changes a book, no decision. */
    @Benchmark
    public void prepare(Blackhole bh) {
        final ItchMessage m = cursor.nextBookChange();
        bh.consume(m.stockLocate);
        bh.consume(m.timestampNs);
    }

    /** Preparation and decision: stagebench's {@code decide} call with nothing left out. */
    @Benchmark
    public void prepareAndDecide(Blackhole bh) {
        final ItchMessage m = cursor.nextBookChange();
        bh.consume(strategy.decide(book, m.stockLocate, m.timestampNs));
    }
}
