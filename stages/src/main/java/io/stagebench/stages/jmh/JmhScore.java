package io.stagebench.stages.jmh;

import java.util.List;

/**
 * A JMH AverageTime result.
 *
 * @param nsPerOp the score
 * @param errorNs JMH's 99.9% confidence half-width (NaN when too few iterations)
 * @param forkNs each fork's own score, in fork order (empty: not known)
 * @param forkCoreLoopNs each fork's state of the measuring core, in fork order: the median over its measured iterations
 *     of the issue-bound loop timed around them ({@link CoreLoopProfiler}), ns an iteration (empty: not timed)
 */
public record JmhScore(double nsPerOp, double errorNs, List<Double> forkNs, List<Double> forkCoreLoopNs) {

    public JmhScore {
        forkNs = forkNs == null ? List.of() : List.copyOf(forkNs);
        forkCoreLoopNs = forkCoreLoopNs == null ? List.of() : List.copyOf(forkCoreLoopNs);
    }

    /** A score whose forks did not time the core. */
    public JmhScore(double nsPerOp, double errorNs, List<Double> forkNs) {
        this(nsPerOp, errorNs, forkNs, List.of());
    }

    /** A score whose forks' own are not known. */
    public JmhScore(double nsPerOp, double errorNs) {
        this(nsPerOp, errorNs, List.of());
    }
}
