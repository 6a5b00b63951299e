package io.stagebench.stages.itch;

import java.lang.foreign.MemorySegment;

/**
 * Receives the messages a framing decoder finds: one call per message, with the message's bytes at {@code [offset,
 * offset + length)} of {@code buffer}. The buffer is reused for the next message, so a sink must not keep it.
 */
@FunctionalInterface
public interface ItchMessageSink {

    /**
     * @param buffer holds the message; valid only during the call
     * @param offset where the message type byte is
     * @param length the message length from its framing
     */
    void onMessage(MemorySegment buffer, long offset, int length);
}
