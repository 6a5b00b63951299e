package io.stagebench.stages.jmh;

import java.util.List;

/**
 * The state of the measuring core while each side of a row measured: an issue-bound loop ({@code clock.CoreLoop}),
 * timed on the measuring CPU around every stagebench replica and every JMH iteration, which runs slower when the host
 * runs another guest on the core's other hardware thread - and so do the stages (docs/decisions.md, "Core contention").
 * Two figures measured in different states compare the host's moments as much as the harnesses.
 *
 * @param stagebenchNs the median over stagebench's forks of their own (each the median of its replicas), ns an
 *     iteration
 * @param jmhNs the median over JMH's forks of their own (each the median of its measured iterations; of a difference
 *     twin's fork, the slower of its two benchmarks')
 * @param fastestNs the fastest fork of the whole crosscheck, either side: the core as calm as it was
 * @param stagebenchShared stagebench's forks {@value #APART} times {@code fastestNs} or slower: on a shared core
 * @param stagebenchForks stagebench's forks timed
 * @param jmhShared JMH's forks on a shared core
 * @param jmhForks JMH's forks timed
 */
public record CoreStates(
        double stagebenchNs,
        double jmhNs,
        double fastestNs,
        int stagebenchShared,
        int stagebenchForks,
        int jmhShared,
        int jmhForks) {

    /**
     * Two states this far apart are two states: alone the loop stays within a few percent of its fastest, beside
     * another guest it runs well beyond this (the rule of a run's own {@code core:} line,
     * {@code CoreContention.SHARED_RATIO}).
     */
    public static final double APART = 1.1;

    /**
     * @param stagebenchForkNs each stagebench fork's loop
     * @param jmhForkNs each JMH fork's loop
     * @param fastestNs the fastest fork of the crosscheck, either side
     * @return the two sides' states
     */
    public static CoreStates of(List<Double> stagebenchForkNs, List<Double> jmhForkNs, double fastestNs) {
        return new CoreStates(
                Figures.median(stagebenchForkNs),
                Figures.median(jmhForkNs),
                fastestNs,
                shared(stagebenchForkNs, fastestNs),
                stagebenchForkNs.size(),
                shared(jmhForkNs, fastestNs),
                jmhForkNs.size());
    }

    private static int shared(List<Double> forkNs, double fastestNs) {
        return (int) forkNs.stream().filter(ns -> ns >= APART * fastestNs).count();
    }

    /** @return JMH's loop over stagebench's: above 1 when JMH's forks met the more shared core */
    public double jmhOverStagebench() {
        return jmhNs / stagebenchNs;
    }

    /** @return whether the two sides met the core {@value #APART} times apart or more, either way */
    public boolean apart() {
        double r = jmhOverStagebench();
        return r >= APART || r <= 1 / APART;
    }
}
