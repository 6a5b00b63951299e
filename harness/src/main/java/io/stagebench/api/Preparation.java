package io.stagebench.api;

/**
 * The untimed work of an {@link Operation} that calls {@link Stamps#restart()}, alone: what a batched run
 * ({@code --batch K}) subtracts from the operation's batches.
 *
 * <p>A batch times K messages between one begin and one end read, so the clock cannot stop at each message's restart.
 * Instead the fork replays the same messages through {@link #prepare} in batches of K too, and each batch's stage time
 * is its operation batch less its preparation batch, message for message the same inputs (the benchmark's {@link Reset}
 * rewinds it between the two). Both batches pay one probe, so the probe cancels.
 *
 * <p>Measurement hazard: the preparation runs without the stage after it, so caches and branch history differ from the
 * operation's; the difference is the stage plus that interaction, as in JMH's baseline-subtraction idiom. The same
 * measured-loop rules as {@link Operation#run} apply.
 */
@FunctionalInterface
public interface Preparation {

    /**
     * Does for message {@code seq} exactly what {@link Operation#run} does before its {@link Stamps#restart()}, and
     * nothing after it.
     *
     * @param seq the message's sequence number, as {@link Operation#run} receives it
     * @param sink consumes results so the JIT cannot drop the work
     */
    void prepare(long seq, Sink sink);
}
