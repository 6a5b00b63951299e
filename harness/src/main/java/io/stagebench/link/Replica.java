package io.stagebench.link;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One replica of a fork: a fresh setup of the benchmark (new instance, new data, new allocations), its warm-up and one
 * kept measured pass, measured in the fork's JVM after the replicas before it. A fork's level is set by its setup
 * (where its data landed, what its generator drew): replicas are cheap draws of that level, where a fork is a dear one.
 * Its raw stamps are the fork's files renamed by {@link ForkFiles#replica}.
 *
 * @param replica replica number, from 1
 * @param warmupMessages messages run before its kept measured pass: the fork's whole warm-up for replica 1, a replica's
 *     own (short: the compiled code is kept) for the others
 * @param measuredMessages messages recorded in its kept pass
 * @param allocatedBytes bytes its measuring thread(s) allocated during the kept pass
 * @param gcCount collections during the kept pass
 * @param jitCompilations JIT compilations during the kept pass (-1: not observable)
 * @param setupMs wall time of its setup, and the wait for the compiles that queued
 * @param wallMs wall time from its setup's start to its teardown's end
 * @param measureStartEpochMs wall-clock time its measured loop started
 * @param measureEndEpochMs wall-clock time its measured loop ended
 * @param runQueueWaitNs ns its measuring thread waited in the run queue during the kept pass: another task held the
 *     measuring CPU (-1: not known; 0 in a result of an older build)
 * @param involuntarySwitches its measuring thread's involuntary context switches during the kept pass (-1: not known)
 * @param coreLoopNs ns an iteration of a loop bound by the core's issue rate, the slower of its timings before the
 *     warm-up pass and after the measured one ({@code io.stagebench.clock.CoreLoop}): slower when the host ran another
 *     guest on the core's other hardware thread (0: not timed - a fork told not to warm up, or a result of an older
 *     build)
 * @param windows the core's state through its kept pass, window by window ({@link CoreWindows}); not written when the
 *     pass was not probed
 */
public record Replica(
        int replica,
        long warmupMessages,
        long measuredMessages,
        long allocatedBytes,
        long gcCount,
        long jitCompilations,
        long setupMs,
        long wallMs,
        long measureStartEpochMs,
        long measureEndEpochMs,
        long runQueueWaitNs,
        long involuntarySwitches,
        double coreLoopNs,
        @JsonInclude(JsonInclude.Include.NON_NULL) CoreWindows windows) {

    public Replica {
        // null, not NONE, when not probed: so the JSON leaves the key out
        windows = windows == null || !windows.probed() ? null : windows;
    }

    /** @return the core's state through the kept pass, window by window; {@link CoreWindows#NONE} when not probed */
    public CoreWindows coreWindows() {
        return windows == null ? CoreWindows.NONE : windows;
    }

    /** @return this replica without its windows (a summary keeps them once, for the fork) */
    public Replica withoutWindows() {
        return new Replica(
                replica,
                warmupMessages,
                measuredMessages,
                allocatedBytes,
                gcCount,
                jitCompilations,
                setupMs,
                wallMs,
                measureStartEpochMs,
                measureEndEpochMs,
                runQueueWaitNs,
                involuntarySwitches,
                coreLoopNs);
    }

    /** A replica whose pass was not probed. */
    public Replica(
            int replica,
            long warmupMessages,
            long measuredMessages,
            long allocatedBytes,
            long gcCount,
            long jitCompilations,
            long setupMs,
            long wallMs,
            long measureStartEpochMs,
            long measureEndEpochMs,
            long runQueueWaitNs,
            long involuntarySwitches,
            double coreLoopNs) {
        this(
                replica,
                warmupMessages,
                measuredMessages,
                allocatedBytes,
                gcCount,
                jitCompilations,
                setupMs,
                wallMs,
                measureStartEpochMs,
                measureEndEpochMs,
                runQueueWaitNs,
                involuntarySwitches,
                coreLoopNs,
                null);
    }
}
