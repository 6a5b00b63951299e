package io.stagebench.stages.jmh;

import io.stagebench.stages.bench.MessageCursor;
import io.stagebench.stages.bench.ReferenceWorkload;
import io.stagebench.stages.itch.ItchMessage;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * JMH twin of stagebench's {@code parse}: the same stream, the same cursor walk, the same decode and the same values
 * consumed per call, so JMH's AverageTime and stagebench's mean service time measure identical work.
 *
 * <p>Not final: JMH generates a subclass of every {@code @State} class (see {@link StageJmh}).
 */
public class ParseJmh extends StageJmh {

    private MessageCursor cursor;

    @Setup(Level.Trial)
    public void setup() {
        cursor = new MessageCursor(ReferenceWorkload.stream(seed, messages), null);
    }

    @Benchmark
    public void parse(Blackhole bh) {
        final int status = cursor.parseNext();
        final ItchMessage m = cursor.message();
        bh.consume(status);
        bh.consume(m.orderReferenceNumber ^ m.priceE4 ^ m.shares);
    }
}
