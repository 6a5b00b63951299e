package io.stagebench.stages.jmh;

import io.stagebench.stages.itch.ItchMessage;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * JMH counterpart of stagebench's per-message {@code decide}, timing the same work: before each call, untimed, parse
 * and apply messages until one changes a book ({@link #nextBookChange}, a {@code Level.Invocation} setup, as
 * stagebench's {@code Stamps.restart()} leaves that part out), then the strategy's decision alone, timed by itself
 * ({@link #decide}).
 *
 * <p>IMPLEMENTATION NOTES. With an invocation-level setup JMH cannot time an iteration whole: it reads
 * {@code System.nanoTime()} around every call and sums those intervals, so each call carries the cost of a timer pair
 * (about the decision's own length). {@link #timer} is the same call with nothing to time - the same setup, the same
 * read of the message - and the cross-check takes the decision as {@code decide - timer}, as stagebench subtracts its
 * probe. Each call is then timed alone, as stagebench's fenced interval times it: the timer's reads
 * ({@code clock_gettime}'s ordered {@code rdtsc}) keep it from overlapping the calls around it, which JMH's
 * whole-iteration figures ({@link DecideJmh}) let it do; those stay the twin of stagebench's batched decide, whose
 * batches overlap their calls as well. The difference of two much longer walks ({@code DecideJmh}) carried an error
 * spanning most of a decision (docs/decisions.md, "Crosscheck's decide"); the figures subtracted here are the decision
 * plus a timer pair, and the timer pair.
 *
 * <p>Not final: JMH generates a subclass of every {@code @State} class (see {@link StageJmh}).
 */
public class DecideCallJmh extends DecideState {

    private ItchMessage next;

    /** Before every call, untimed: parse and apply until a message changes a book. */
    @Setup(Level.Invocation)
    public void nextBookChange() {
        next = cursor.nextBookChange();
    }

    /** The decision alone: stagebench's {@code decide} interval. */
    @Benchmark
    public void decide(Blackhole bh) {
        final ItchMessage m = next;
        bh.consume(strategy.decide(book, m.stockLocate, m.timestampNs));
    }

    /** The same call without the decision: what JMH's per-call timing costs, subtracted from {@link #decide}. */
    @Benchmark
    public void timer(Blackhole bh) {
        final ItchMessage m = next;
        bh.consume(m.stockLocate ^ m.timestampNs);
    }
}
