package io.stagebench.stages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.stages.itch.GeneratedMarketData;
import io.stagebench.stages.itch.MarketDataGenerator;
import io.stagebench.stages.testing.MeasuresInProcess;
import java.lang.foreign.MemorySegment;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Proves the hot path allocates nothing: after warm-up, more than a million generated messages go through parse + book
 * + decide + encode and the thread's allocated-bytes counter does not move at all (exactly 0, no tolerance).
 *
 * <p>Why three warm-up passes: the JDK customizes the method handles behind {@code MemorySegment} accessors on the
 * calling thread the first time one crosses its invocation threshold while not yet inlined by C2, spinning a LambdaForm
 * class (measured here: a one-off 184 bytes). The encode path runs only when an order is decided, so after a single
 * pass that one-off could still land inside the measured pass; it never did after two passes (interpreter-only and
 * C1-only runs allocate nothing at all, so no path of the stages allocates).
 */
class PipelineAllocationTest {

    private static final int MESSAGES = 1_100_000;
    private static final int MAX_LOCATE = 8;
    private static GeneratedMarketData data;
    private static com.sun.management.ThreadMXBean threads;

    @BeforeAll
    static void generate() {
        data = MarketDataGenerator.generate(2_024, MESSAGES);
        threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assertTrue(threads.isThreadAllocatedMemorySupported(), "this JVM cannot count allocated bytes per thread");
        threads.setThreadAllocatedMemoryEnabled(true);
    }

    private static Pipeline newPipeline() {
        return new Pipeline(MAX_LOCATE, MarketDataGenerator.Config.defaults().maxLiveOrders());
    }

    /** The measured loop; also the warm-up loop, so the JIT compiles exactly this code first. */
    private static long run(Pipeline pipeline, GeneratedMarketData data, int count) {
        final MemorySegment stream = data.segment();
        long checksum = 0;
        for (int i = 0; i < count; i++) {
            checksum += pipeline.onMessage(stream, data.messageOffset(i), data.messageLength(i));
        }
        return checksum;
    }

    @MeasuresInProcess
    @Test
    void shouldAllocateZeroBytesPerMessageAcrossParseBookDecideEncode() {
        // Warm-up: three full passes, each on a fresh pipeline, so every path the measured pass
        // takes has been compiled (C2) and every accessor customized before measuring.
        for (int pass = 0; pass < 3; pass++) {
            run(newPipeline(), data, MESSAGES);
        }
        final Pipeline pipeline = newPipeline();

        final long baselineStart = threads.getCurrentThreadAllocatedBytes();
        final long baselineEnd = threads.getCurrentThreadAllocatedBytes();
        final long probeBytes = baselineEnd - baselineStart;

        final long before = threads.getCurrentThreadAllocatedBytes();
        final long checksum = run(pipeline, data, MESSAGES);
        final long after = threads.getCurrentThreadAllocatedBytes();

        final long allocatedBytes = after - before - probeBytes;
        assertEquals(
                0,
                allocatedBytes,
                "bytes allocated over " + MESSAGES + " messages (probe itself: " + probeBytes + " bytes)");

        // The work was real: every message parsed, none rejected, orders were decided and encoded.
        assertEquals(0, pipeline.rejects().total(), pipeline.rejects().toString());
        assertTrue(pipeline.ordersEncoded() > 1_000, "orders encoded: " + pipeline.ordersEncoded());
        assertEquals(pipeline.bytesEncoded(), checksum);
        assertEquals(49L * pipeline.ordersEncoded(), pipeline.bytesEncoded());
        long parsed = 0;
        for (char type : "SRAFECXDUP".toCharArray()) {
            parsed += pipeline.messages((byte) type);
        }
        assertEquals(MESSAGES, parsed);
    }
}
