package io.stagebench.forked;

import io.stagebench.system.JitActivity;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * The counters read around each measured pass - bytes the measuring thread allocated, collections, JIT compilations -
 * and the wall-clock windows of the passes, summed over the fork's measured passes. What happens between passes (a
 * reset, which may allocate) is not counted: it is not measured.
 *
 * <p>Measurement hazard: the first call of a management bean, a clock or a string concatenation queues compilations of
 * its own. The constructor calls everything {@link #open} and {@link #close()} call, and {@link #open} then waits for
 * the compiler to go quiet, so those compilations finish before the first pass and are not counted in it. Under
 * foreground compilation ({@code -Xbatch}) the constructor's calls waited for their own compiles, and {@link #open}
 * measures at once: a 20 ms sleep there put the measuring CPU idle between the warm-up and the pass, and in
 * {@code ab}'s turns stood between the two sides' passes.
 */
final class MeasurementBracket {

    private final JitActivity jit = new JitActivity();
    private final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    private final List<GarbageCollectorMXBean> collectors = ManagementFactory.getGarbageCollectorMXBeans();
    private final long quietMs;
    private final long quietMaxMs;
    private final List<long[]> windowsEpochMs = new ArrayList<>();
    private boolean quietBefore = true;
    private long gc0;
    private long jit0;
    private long allocated0;
    private long start0EpochMs;
    private long allocatedBytes;
    private long gcCount;
    private long jitCount;
    private long wait0Ns;
    private long switches0;
    private long waitNs;
    private long switches;

    MeasurementBracket(long quietMs, long quietMaxMs) {
        this.quietMs = quietMs;
        this.quietMaxMs = quietMaxMs;
        gcCount(collectors);
        jit.read();
        threads.getCurrentThreadAllocatedBytes();
        System.currentTimeMillis();
        SchedStats.waitNs();
        SchedStats.involuntarySwitches();
    }

    /**
     * Reads the counters: a measured pass follows at once.
     *
     * @param awaitQuiet whether to wait for the JIT to go quiet first (the first pass of an attempt; a second pass
     *     needs no wait, since anything compiled between the two lands in one of them and discards both)
     */
    void open(boolean awaitQuiet) throws InterruptedException {
        // under foreground compilation (-Xbatch) this thread's compiles were done before it went on: nothing it queued
        // is left to wait for, and a compile another thread asked for that lands in the pass is counted and replays it
        if (awaitQuiet && !JitActivity.foreground() && !jit.awaitQuiet(quietMs, quietMaxMs)) {
            quietBefore = false;
        }
        wait0Ns = SchedStats.waitNs();
        switches0 = SchedStats.involuntarySwitches();
        gc0 = gcCount(collectors);
        jit0 = jit.read();
        start0EpochMs = System.currentTimeMillis();
        allocated0 = threads.getCurrentThreadAllocatedBytes();
    }

    /** Reads the counters again and adds the pass's share. */
    void close() {
        long allocated1 = threads.getCurrentThreadAllocatedBytes();
        long end = System.currentTimeMillis();
        long jit1 = jit.read();
        long gc1 = gcCount(collectors);
        long wait1Ns = SchedStats.waitNs();
        long switches1 = SchedStats.involuntarySwitches();
        waitNs = waitNs < 0 || wait0Ns < 0 || wait1Ns < 0 ? -1 : waitNs + wait1Ns - wait0Ns;
        switches = switches < 0 || switches0 < 0 || switches1 < 0 ? -1 : switches + switches1 - switches0;
        allocatedBytes += allocated1 - allocated0;
        gcCount += gc1 - gc0;
        jitCount += jit.exact() ? jit1 - jit0 : (jit1 != jit0 ? Math.max(1, jit1 - jit0) : 0);
        windowsEpochMs.add(new long[] {start0EpochMs, end});
    }

    /** @return false when the compiler was still busy when a pass had to start */
    boolean jitQuietBefore() {
        return quietBefore;
    }

    /** @return true when compilations are counted exactly, false when only compile time moved */
    boolean jitExact() {
        return jit.exact();
    }

    long allocatedBytes() {
        return allocatedBytes;
    }

    long gcCount() {
        return gcCount;
    }

    /**
     * @return ns the measuring thread waited in the run queue during the passes (another task held its CPU); -1 unknown
     */
    long runQueueWaitNs() {
        return waitNs;
    }

    /** @return the measuring thread's involuntary context switches during the passes; -1 unknown */
    long involuntarySwitches() {
        return switches;
    }

    /** @return the passes' wall time, ms */
    long passesMs() {
        return windowsEpochMs.stream().mapToLong(w -> w[1] - w[0]).sum();
    }

    long jitCompilations() {
        return jitCount;
    }

    /** @return each pass's {start, end} in epoch ms, in order */
    List<long[]> windowsEpochMs() {
        return List.copyOf(windowsEpochMs);
    }

    /** @return when the first pass started, epoch ms (0: none ran) */
    long firstStartEpochMs() {
        return windowsEpochMs.isEmpty() ? 0 : windowsEpochMs.get(0)[0];
    }

    /** @return when the last pass ended, epoch ms (0: none ran) */
    long lastEndEpochMs() {
        return windowsEpochMs.isEmpty() ? 0 : windowsEpochMs.get(windowsEpochMs.size() - 1)[1];
    }

    static long gcCount(List<GarbageCollectorMXBean> collectors) {
        long total = 0;
        for (GarbageCollectorMXBean collector : collectors) {
            total += Math.max(0, collector.getCollectionCount());
        }
        return total;
    }
}
