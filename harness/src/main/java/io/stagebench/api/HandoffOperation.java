package io.stagebench.api;

/**
 * The measured code of a two-thread benchmark: a feed thread runs the stages before the {@code handoff} stage and hands
 * each message to a strategy thread, which runs the stages after it - the shape of a feed handler passing work to a
 * strategy through a single-producer single-consumer ring. Declared with {@link Benchmark#threads()}.
 *
 * <p>The runner calls, per message {@code seq}:
 *
 * <pre>
 *   feed thread:      begin read, produce(seq), end read (= the publish tick), publish(seq)
 *   strategy thread:  take() returns seq, begin read (= the consume tick), process(seq), end read
 * </pre>
 *
 * Each thread stores its own stamps in its own preallocated arrays; the launcher joins the two by sequence number
 * afterwards, so {@code handoff} = consume tick - publish tick. It holds the publish call, the ring, the consumer's
 * wait and any backlog ahead of the message.
 *
 * <p>IMPLEMENTATION NOTES, as for {@link Operation}: allocate nothing on either thread, feed results to the sink, and
 * mark {@code stages - 1} boundaries per thread. {@link #take()} waits as the benchmark chooses (busy spin by default:
 * parking adds the wake-up to the handoff) and must return messages in the order they were published. {@link #publish}
 * may wait too, when the ring is full: that wait lands in the handoff and, in paced mode, in later messages' latency
 * from their intended arrival.
 */
public interface HandoffOperation {

    /** Feed thread: runs the feed's stages for message {@code seq}, timed, marking boundaries between them. */
    void produce(long seq, Stamps stamps, Sink sink);

    /** Feed thread: hands message {@code seq} to the strategy thread; after the feed's end read. */
    void publish(long seq);

    /** Strategy thread: waits for the next message and returns its sequence number; before the consume read. */
    long take();

    /** Strategy thread: runs the strategy's stages for message {@code seq}, timed, marking boundaries between them. */
    void process(long seq, Stamps stamps, Sink sink);
}
