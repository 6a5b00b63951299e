package io.stagebench.forked;

import io.stagebench.api.HandoffOperation;
import io.stagebench.api.RecordingSink;
import io.stagebench.api.RecordingStamps;
import io.stagebench.clock.Clock;
import io.stagebench.nativeaccess.Affinity;
import io.stagebench.system.CpuList;
import java.lang.management.ManagementFactory;
import java.util.concurrent.locks.LockSupport;

/**
 * The strategy thread of a handoff benchmark: it pins itself to its own CPU, reads its affinity back, then runs passes
 * of {@link HandoffLoop#strategy} on request, counting the bytes it allocates during each (its own thread's counter:
 * the feed thread cannot read it as cheaply and exactly).
 *
 * <p>Between passes it parks in short naps rather than spinning: its CPU is also where the fork's compiler and GC
 * threads run, and they should finish between passes. Within a pass it waits as the benchmark's {@code take()} waits.
 *
 * <p>The pass's recording, stamps and count are plain fields published by the volatile {@code requested} write; the
 * pass's results are published by the volatile {@code completed} write.
 */
final class StrategyThread implements AutoCloseable {

    private static final long IDLE_NAP_NS = 20_000;

    private final Clock clock;
    private final HandoffOperation op;
    private final RecordingSink sink = new RecordingSink();
    private final Chunks chunks = new Chunks();
    private final int chunk;
    private final int cpu;
    private final Thread thread;
    private final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    private Recording rec;
    private RecordingStamps stamps;
    private long count;
    private long passAllocatedBytes;
    private Throwable failure;
    private String pinRefusal;
    private int cpuPinned = -1;
    private String affinity = "unknown";
    private volatile boolean started;
    private volatile boolean stop;
    private volatile long requested;
    private volatile long completed;

    /** @param cpu CPU to pin to (-1: not pinned) */
    StrategyThread(String name, int cpu, Clock clock, HandoffOperation op, int chunk) {
        this.clock = clock;
        this.op = op;
        this.chunk = chunk;
        this.cpu = cpu;
        this.thread = new Thread(this::loop, "stagebench-" + name);
        this.thread.setDaemon(true);
    }

    /** Starts the thread and waits until it has pinned itself; throws when it failed before it could. */
    void start() {
        thread.start();
        while (!started) {
            LockSupport.parkNanos(IDLE_NAP_NS);
        }
        if (failure != null) {
            throw new IllegalStateException("the strategy thread failed to start: " + failure, failure);
        }
    }

    /** @return why pinning was refused, or null */
    String pinRefusal() {
        return pinRefusal;
    }

    int cpuPinned() {
        return cpuPinned;
    }

    String affinity() {
        return affinity;
    }

    /** @return the fold of everything the strategy's stages fed its sink */
    long sinkValue() {
        return sink.publish();
    }

    /** Asks for a pass of {@code count} messages into {@code rec}'s rows from 0 (wrapping when shorter). */
    void startPass(Recording rec, RecordingStamps stamps, long count) {
        this.rec = rec;
        this.stamps = stamps;
        this.count = count;
        requested = requested + 1;
    }

    /**
     * Waits for the pass to end.
     *
     * @return bytes the strategy thread allocated during it
     * @throws IllegalStateException when the benchmark threw on the strategy thread
     */
    long awaitPass() {
        while (completed != requested) {
            Thread.onSpinWait();
        }
        if (failure != null) {
            throw new IllegalStateException("the strategy thread failed: " + failure, failure);
        }
        return passAllocatedBytes;
    }

    @Override
    public void close() throws InterruptedException {
        stop = true;
        thread.join();
    }

    private void loop() {
        try {
            if (cpu >= 0) {
                pinRefusal = Affinity.pinCurrentThread(cpu).orElse(null);
            }
            cpuPinned = Affinity.currentCpu();
            affinity = Affinity.currentThreadAffinity().map(CpuList::toString).orElse("unknown");
            threads.getCurrentThreadAllocatedBytes();
        } catch (Throwable t) {
            // seen by start(), which would otherwise wait for a thread that will never say it started
            failure = t;
            started = true;
            return;
        }
        started = true;
        long done = 0;
        while (!stop) {
            if (requested == done) {
                LockSupport.parkNanos(IDLE_NAP_NS);
                continue;
            }
            try {
                final long allocated0 = threads.getCurrentThreadAllocatedBytes();
                runPass(rec, stamps, count);
                passAllocatedBytes = threads.getCurrentThreadAllocatedBytes() - allocated0;
            } catch (Throwable t) {
                failure = t;
            }
            done++;
            completed = done;
        }
    }

    private void runPass(Recording target, RecordingStamps passStamps, long messages) {
        chunks.start(messages, target.capacity, chunk);
        while (chunks.next()) {
            HandoffLoop.strategy(clock, op, passStamps, sink, target, chunks.from(), chunks.to());
        }
    }
}
