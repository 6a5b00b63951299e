package io.stagebench.link;

import io.stagebench.json.RecordJson;
import java.util.List;

/**
 * Where a fork's measuring ran and its memory lay, as read back in the fork: the CPU and affinity its thread got,
 * whether its memory was locked, its address layout, and a handoff benchmark's threads with the bound on the counter
 * offset between their CPUs. One part of a {@link ForkResult}, written among its fields.
 *
 * <p>What an older build's file lacks reads as {@link OlderBuilds} says.
 *
 * @param cpuRequested CPU asked for (-1: none)
 * @param cpuPinned CPU the measuring thread ran on after pinning (-1: unknown)
 * @param affinity the measuring thread's affinity as read back
 * @param memoryLocked whether mlockall succeeded
 * @param layout its layout seed and what it read back ({@link ForkLayout}; null when not recorded)
 * @param threads a handoff benchmark's threads, feed first (empty for one thread: the measuring thread's placement is
 *     {@code cpuPinned} and {@code affinity}); the fork's raw file is then the feed's stamps and the strategy's are
 *     joined to them by sequence number
 * @param crossCore the bound on the counter offset between the threads' CPUs, null for one thread
 */
public record ForkPlacement(
        int cpuRequested,
        int cpuPinned,
        String affinity,
        boolean memoryLocked,
        ForkLayout layout,
        List<ThreadPlacement> threads,
        CrossCoreOffset crossCore)
        implements RecordJson.Part {

    public ForkPlacement {
        threads = OlderBuilds.emptyUnlessGiven(threads);
    }

    /** @return this placement naming replica {@code replica}'s raw files of the threads ({@link ForkFiles#replica}) */
    ForkPlacement ofReplica(int replica) {
        List<ThreadPlacement> placed = threads.stream()
                .map(t -> new ThreadPlacement(
                        t.name(),
                        t.stages(),
                        t.cpuRequested(),
                        t.cpuPinned(),
                        t.affinity(),
                        t.allocatedBytes(),
                        ForkFiles.replica(t.rawFile(), replica)))
                .toList();
        return new ForkPlacement(cpuRequested, cpuPinned, affinity, memoryLocked, layout, placed, crossCore);
    }
}
