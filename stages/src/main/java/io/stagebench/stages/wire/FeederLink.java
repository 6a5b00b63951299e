package io.stagebench.stages.wire;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The page the measured process and its feeder share (a memory-mapped file): which message to send next, the feeder's
 * port once it listens, and what it received. No socket call and no system call: the measured process asks for a
 * message with two stores, the feeder sees it by polling, so the request costs the measured CPU nothing the kernel
 * does.
 *
 * <p>Each field the two sides write has a cache line of its own. A request is published by a release store of its
 * number after the message index; the feeder's acquire load of the number then sees the index.
 */
final class FeederLink implements AutoCloseable {

    private static final long BYTES = 4_096;
    private static final long REQUEST_NUMBER = 0;
    private static final long REQUEST_INDEX = 8;
    private static final long FEEDER_PORT = 64;
    private static final long FEEDER_READY = 72;
    private static final long ORDERS_RECEIVED = 128;
    private static final long STOP = 192;
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();

    private final Arena arena;
    private final MemorySegment page;

    private FeederLink(Arena arena, MemorySegment page) {
        this.arena = arena;
        this.page = page;
    }

    /** Maps {@code file}, creating it (zeroed) when {@code create}. */
    static FeederLink map(Path file, boolean create) throws IOException {
        Arena arena = Arena.ofShared();
        try (FileChannel channel = create
                ? FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE)
                : FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            if (create) {
                channel.truncate(0);
                channel.write(ByteBuffer.allocate((int) BYTES));
            }
            return new FeederLink(arena, channel.map(FileChannel.MapMode.READ_WRITE, 0, BYTES, arena));
        } catch (IOException | RuntimeException e) {
            arena.close();
            throw e;
        }
    }

    /** Measured side: asks for message {@code index} as request {@code number} (one more than the last). */
    void request(long number, long index) {
        page.set(ValueLayout.JAVA_LONG, REQUEST_INDEX, index);
        LONG.setRelease(page, REQUEST_NUMBER, number);
    }

    /** Feeder side: @return the last request's number (0 before the first) */
    long requestNumber() {
        return (long) LONG.getAcquire(page, REQUEST_NUMBER);
    }

    /** Feeder side: @return the message index of the request {@link #requestNumber()} returned */
    long requestIndex() {
        return page.get(ValueLayout.JAVA_LONG, REQUEST_INDEX);
    }

    /** Feeder side: says it listens on {@code port}. */
    void ready(int port) {
        page.set(ValueLayout.JAVA_LONG, FEEDER_PORT, port);
        LONG.setRelease(page, FEEDER_READY, 1L);
    }

    /** Measured side: @return the feeder's port once it listens, else 0 */
    int feederPort() {
        return (long) LONG.getAcquire(page, FEEDER_READY) == 1L
                ? (int) page.get(ValueLayout.JAVA_LONG, FEEDER_PORT)
                : 0;
    }

    /** Feeder side: publishes how many orders it received. */
    void ordersReceived(long received) {
        LONG.setRelease(page, ORDERS_RECEIVED, received);
    }

    /** @return orders the feeder received */
    long ordersReceived() {
        return (long) LONG.getAcquire(page, ORDERS_RECEIVED);
    }

    /** Measured side: tells the feeder to exit. */
    void stop() {
        LONG.setRelease(page, STOP, 1L);
    }

    /** Feeder side: @return whether the measured process said stop */
    boolean stopped() {
        return (long) LONG.getAcquire(page, STOP) == 1L;
    }

    @Override
    public void close() {
        arena.close();
    }
}
