package io.stagebench.stages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.stages.itch.ItchLayout;
import java.lang.foreign.MemorySegment;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Pushes over a million seeded random messages through the stages: bytes that are mostly shaped like ITCH (real type
 * letters, small locates and reference numbers so events hit live orders) and partly garbage (random types, short and
 * overlong lengths). Nothing may throw, the book must stay within its fixed capacity and consistent, and the stages
 * must not allocate, so memory is bounded however long the input runs.
 */
class RandomInputTest {

    private static final int WARM_UP_MESSAGES = 300_000;
    private static final int MESSAGES = 1_200_000;
    private static final int BUFFER_LENGTH = 64;
    private static final int MAX_ORDERS = 4_096;
    private static final byte[] ORDER_TYPES = "AAAAFEECXXDDUUPRS".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] ALL_TYPES = "SRHYLVWKJhAFECXDUPQBINO".getBytes(StandardCharsets.US_ASCII);

    private final byte[] bytes = new byte[BUFFER_LENGTH];
    private final MemorySegment segment = MemorySegment.ofArray(bytes);
    private final long[] outcomes = new long[2]; // [0] rejected, [1] accepted (with or without an order)

    private void putLong(int offset, long value) {
        for (int i = 0; i < 8; i++) {
            bytes[offset + i] = (byte) (value >>> (56 - 8 * i));
        }
    }

    private void putInt(int offset, long value) {
        for (int i = 0; i < 4; i++) {
            bytes[offset + i] = (byte) (value >>> (24 - 8 * i));
        }
    }

    /** Writes one random message at offset 0 and returns the length its framing claims. */
    private int randomMessage(SplittableRandom random) {
        for (int i = 0; i < BUFFER_LENGTH; i += 8) {
            putLong(i, random.nextLong());
        }
        final int roll = random.nextInt(100);
        final byte type = roll < 80
                ? ORDER_TYPES[random.nextInt(ORDER_TYPES.length)]
                : roll < 90 ? ALL_TYPES[random.nextInt(ALL_TYPES.length)] : (byte) random.nextInt(256);
        bytes[0] = type;
        final int locate = random.nextInt(20) == 0 ? random.nextInt(65_536) : random.nextInt(20);
        bytes[1] = (byte) (locate >>> 8);
        bytes[2] = (byte) locate;
        if (random.nextInt(10) != 0) {
            putLong(11, 1 + random.nextInt(6_000));
        }
        final boolean plausible = random.nextInt(10) != 0;
        switch (type) {
            case 'A', 'F', 'P' -> {
                if (plausible) {
                    bytes[19] = random.nextBoolean() ? (byte) 'B' : (byte) 'S';
                    putInt(20, 1 + random.nextInt(1_000));
                    putInt(32, 100L * (1 + random.nextInt(500)));
                }
            }
            case 'E', 'C', 'X' -> {
                if (plausible) {
                    putInt(19, 1 + random.nextInt(500));
                }
            }
            case 'U' -> {
                if (plausible) {
                    putLong(19, 1 + random.nextInt(6_000));
                    putInt(27, 1 + random.nextInt(1_000));
                    putInt(31, 100L * (1 + random.nextInt(500)));
                }
            }
            default -> {}
        }
        final int specLength = ItchLayout.lengthOf(type);
        final int lengthRoll = random.nextInt(100);
        if (lengthRoll < 85) {
            return specLength == 0 ? 1 + random.nextInt(BUFFER_LENGTH) : specLength;
        }
        if (lengthRoll < 95) {
            return random.nextInt(Math.max(1, specLength));
        }
        return random.nextInt(BUFFER_LENGTH + 20); // may run past the buffer
    }

    private void run(Pipeline pipeline, SplittableRandom random, int count) {
        for (int i = 0; i < count; i++) {
            final int length = randomMessage(random);
            final int result = pipeline.onMessage(segment, 0, length);
            outcomes[result < 0 ? 0 : 1]++;
        }
    }

    @Test
    void shouldSurviveOverAMillionRandomMessagesWithoutExceptionOrGrowth() {
        final com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        threads.setThreadAllocatedMemoryEnabled(true);
        // Warm-up on other seeds (see PipelineAllocationTest for why more than one pass).
        run(new Pipeline(16, MAX_ORDERS), new SplittableRandom(99), WARM_UP_MESSAGES);
        run(new Pipeline(16, MAX_ORDERS), new SplittableRandom(98), WARM_UP_MESSAGES);

        final Pipeline pipeline = new Pipeline(16, MAX_ORDERS);
        final SplittableRandom random = new SplittableRandom(7);
        outcomes[0] = 0;
        outcomes[1] = 0;
        final long before = threads.getCurrentThreadAllocatedBytes();
        run(pipeline, random, MESSAGES);
        final long allocatedBytes = threads.getCurrentThreadAllocatedBytes() - before;

        assertEquals(0, allocatedBytes, "bytes allocated over " + MESSAGES + " random messages");
        assertTrue(pipeline.book().orderCount() <= MAX_ORDERS);
        pipeline.book().checkInvariants();
        assertEquals(MESSAGES, outcomes[0] + outcomes[1]);
        assertEquals(outcomes[0], pipeline.rejects().total(), "every negative result is a counted rejection");

        final RejectCounters rejects = pipeline.rejects();
        for (RejectReason reason : new RejectReason[] {
            RejectReason.TRUNCATED, RejectReason.LENGTH_TOO_SHORT, RejectReason.UNKNOWN_TYPE,
            RejectReason.LOCATE_OUT_OF_RANGE, RejectReason.EXECUTE_UNKNOWN_ORDER, RejectReason.CANCEL_UNKNOWN_ORDER,
            RejectReason.DELETE_UNKNOWN_ORDER, RejectReason.REPLACE_UNKNOWN_ORDER, RejectReason.DUPLICATE_ORDER,
            RejectReason.LOCATE_MISMATCH, RejectReason.INVALID_SIDE, RejectReason.EXCESS_SHARES,
        }) {
            assertTrue(rejects.count(reason) > 0, reason.label() + " never happened: " + rejects);
        }
        assertTrue(pipeline.book().orderCount() > 0, "some random adds were accepted");
    }
}
