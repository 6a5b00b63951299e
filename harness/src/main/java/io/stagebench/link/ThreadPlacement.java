package io.stagebench.link;

import java.util.List;

/**
 * Where one thread of a handoff benchmark ran and what it verified of its own measurement.
 *
 * @param name the thread's name in the benchmark ({@code feed}, {@code strategy})
 * @param stages the stages it ran, in order
 * @param cpuRequested CPU it pinned itself to (-1: none)
 * @param cpuPinned CPU it ran on after pinning, read back (-1: unknown)
 * @param affinity its affinity as read back
 * @param allocatedBytes bytes it allocated during the measured passes
 * @param rawFile its raw stamps file, joined with the other thread's by sequence number
 */
public record ThreadPlacement(
        String name,
        List<String> stages,
        int cpuRequested,
        int cpuPinned,
        String affinity,
        long allocatedBytes,
        String rawFile) {

    public ThreadPlacement {
        stages = List.copyOf(stages);
    }
}
