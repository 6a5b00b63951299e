package io.stagebench.stages.jmh;

import io.stagebench.stages.bench.MessageCursor;
import io.stagebench.stages.bench.ReferenceWorkload;
import io.stagebench.stages.book.OrderBook;
import io.stagebench.stages.decide.ImbalanceStrategy;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;

/**
 * What both JMH twins of {@code decide} walk and decide on ({@link DecideJmh}, {@link DecideCallJmh}): a book fed from
 * the stream and a strategy as new, as stagebench's {@code decide} sets them up.
 *
 * <p>Not final: JMH generates a subclass of every {@code @State} class (see {@link StageJmh}).
 */
public abstract class DecideState extends StageJmh {

    OrderBook book;
    ImbalanceStrategy strategy;
    MessageCursor cursor;

    @Setup(Level.Trial)
    public void setup() {
        book = ReferenceWorkload.newBook();
        cursor = new MessageCursor(ReferenceWorkload.stream(seed, messages), book);
        strategy = ReferenceWorkload.newStrategy();
    }
}
