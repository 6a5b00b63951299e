package io.stagebench.api;

/**
 * The measured code of a benchmark: one call per message.
 *
 * <p>IMPLEMENTATION NOTES for implementers, because this method runs inside the measured loop:
 *
 * <ul>
 *   <li>Allocate nothing, take no lock, log nothing, format no string, throw nothing: the fork checks the thread's
 *       allocated bytes, GC count and JIT activity around the loop and reports any of them.
 *   <li>Feed every result to {@code sink}, or the JIT may remove the work.
 *   <li>Take inputs from state prepared in {@link Setup} and indexed by {@code seq}, never from constants, or the JIT
 *       may fold the work away.
 *   <li>A pipeline benchmark calls {@link Stamps#mark()} (or {@link Stamps#markAt(long)}) exactly (stages - 1) times.
 * </ul>
 */
@FunctionalInterface
public interface Operation {

    /**
     * Processes one message.
     *
     * @param seq the message's sequence number, counting warm-up and measurement messages without a gap from 0
     * @param stamps marks stage boundaries (pipeline benchmarks only)
     * @param sink consumes results so the JIT cannot drop the work
     */
    void run(long seq, Stamps stamps, Sink sink);
}
