package io.stagebench.link;

import java.util.List;

/**
 * The state of the measuring core through one replica's kept pass: the pass cut into windows of {@code windowRows}
 * rows, each with the issue-bound probe timed before and after it ({@code io.stagebench.clock.CoreProbe}). A window
 * whose probe ran slow was measured while the host ran another guest on the core's other hardware thread.
 *
 * @param windowRows rows (messages, or batches) a window; the last of a pass may be shorter
 * @param perPass windows a pass: {@code loopNs} holds one pass's, or several replicas' passes one after another
 * @param loopNs per window, in order, ns an iteration of the slower of its two probes
 */
public record CoreWindows(int windowRows, int perPass, List<Double> loopNs) {

    /** No windows: a pass not probed (paced, two threads, or a result of an older build). */
    public static final CoreWindows NONE = new CoreWindows(0, 0, List.of());

    public CoreWindows {
        loopNs = loopNs == null ? List.of() : List.copyOf(loopNs);
    }

    /**
     * @param probeTicks the probes, one before each window and one after the last
     * @param windows the windows they bracket
     * @param ticksPerNs the counter's rate
     * @param iterations the probe's iterations
     * @return each window as the slower of its two probes, ns an iteration (rounded to 0.1 ps)
     */
    public static CoreWindows of(int windowRows, long[] probeTicks, int windows, double ticksPerNs, int iterations) {
        Double[] loop = new Double[windows];
        for (int w = 0; w < windows; w++) {
            double ns = Math.max(probeTicks[w], probeTicks[w + 1]) / ticksPerNs / iterations;
            loop[w] = Math.round(ns * 10_000) / 10_000.0;
        }
        return new CoreWindows(windowRows, windows, List.of(loop));
    }

    /**
     * @return the windows of {@code replicas}' passes, every replica's in turn, at the first one's window length; none
     *     when some replica's pass was not probed
     */
    public static CoreWindows joined(List<Replica> replicas) {
        if (replicas.isEmpty()
                || !replicas.stream().allMatch(r -> r.coreWindows().probed())) {
            return NONE;
        }
        CoreWindows first = replicas.get(0).coreWindows();
        if (!replicas.stream()
                .allMatch(r -> r.coreWindows().windowRows() == first.windowRows()
                        && r.coreWindows().perPass() == first.perPass())) {
            return NONE;
        }
        return new CoreWindows(
                first.windowRows(),
                first.perPass(),
                replicas.stream()
                        .flatMap(r -> r.coreWindows().loopNs().stream())
                        .toList());
    }

    /** @return whether the pass was probed */
    public boolean probed() {
        return windowRows > 0 && perPass > 0 && !loopNs.isEmpty() && loopNs.size() % perPass == 0;
    }

    /** @return the passes the windows are of: one a replica */
    public int passes() {
        return probed() ? loopNs.size() / perPass : 0;
    }
}
