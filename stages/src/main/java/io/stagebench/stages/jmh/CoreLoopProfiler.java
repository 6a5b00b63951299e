package io.stagebench.stages.jmh;

import io.stagebench.clock.CoreLoop;
import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * Whether the measuring CPU's core was shared during a JMH iteration: the benchmark thread times stagebench's
 * issue-bound loop ({@link CoreLoop}) right before the iteration and right after it, on the measuring CPU and outside
 * JMH's measurement ({@link StageJmh}), and this profiler reports the slower of the two as the iteration's secondary
 * result {@value #LABEL} (ns an iteration of the loop). A stagebench replica times the same loop the same way, so a
 * {@code crosscheck} row can say whether its two sides met the core in the same state.
 *
 * <p>Measurement hazards: the loop is first compiled at the end of the fork's first iteration (a warm-up one), after
 * the benchmark's code, so that it does not move the benchmark's place in the code cache; that iteration's figure is
 * the time after it only. The loop touches no memory, so it leaves the caches to the benchmark. Without this profiler
 * (a plain {@code stagebench jmh}) the loop is still timed, briefly, and nothing reads it.
 */
public final class CoreLoopProfiler implements InternalProfiler {

    /** The secondary result's label: ns an iteration of the loop, the slower of its timings around the iteration. */
    public static final String LABEL = "coreLoop";

    private static final CoreLoop LOOP = new CoreLoop();
    /** Written and read by the benchmark thread only (an iteration's setup and teardown). */
    private static boolean compiled;
    /** The last iteration's figure, NaN once reported: set by the benchmark thread, read by JMH's. */
    private static volatile double iterationNs = Double.NaN;

    /** @return the loop timed before an iteration, 0 before it is compiled (the fork's first iteration) */
    static double beforeIteration() {
        return compiled ? LOOP.iterationNs() : 0;
    }

    /** Times the loop after an iteration and keeps the slower of that and {@code beforeNs} for the profiler. */
    static void afterIteration(double beforeNs) {
        if (!compiled) {
            LOOP.compile();
            compiled = true;
        }
        iterationNs = Math.max(beforeNs, LOOP.iterationNs());
    }

    /**
     * @return a JMH fork's state of the measuring core: the median over its measured iterations of the figure this
     *     profiler reported for each, ns an iteration; NaN when none was timed
     */
    public static double forkNs(BenchmarkResult fork) {
        List<Double> ns = fork.getIterationResults().stream()
                .map(i -> i.getSecondaryResults().get(LABEL))
                .filter(r -> r != null && Double.isFinite(r.getScore()))
                .map(Result::getScore)
                .toList();
        return ns.isEmpty() ? Double.NaN : Figures.median(ns);
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        iterationNs = Double.NaN;
    }

    @Override
    public Collection<? extends Result> afterIteration(
            BenchmarkParams benchmarkParams, IterationParams iterationParams, IterationResult result) {
        double ns = iterationNs;
        return Double.isNaN(ns) ? List.of() : List.of(new ScalarResult(LABEL, ns, "ns", AggregationPolicy.MAX));
    }

    @Override
    public String getDescription() {
        return "ns an iteration of an issue-bound loop timed on the measuring CPU around each iteration";
    }
}
