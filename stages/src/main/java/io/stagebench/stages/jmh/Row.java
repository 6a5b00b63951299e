package io.stagebench.stages.jmh;

import java.util.List;

/**
 * One stage compared.
 *
 * @param stage stage name
 * @param jmhSource how the JMH figure was obtained
 * @param samples stagebench samples (0: none)
 * @param p50Ns stagebench p50
 * @param meanNs stagebench mean of the same samples
 * @param jmhNs JMH AverageTime (derived for book and decide)
 * @param jmhErrorNs JMH's error of that figure
 * @param ratio {@code meanNs / jmhNs}
 * @param verdict the check
 * @param stallSamples stagebench samples of {@value CrossCheck#STALL_NS} ns or more
 * @param stallShare the share of the stagebench mean those samples carry
 * @param meanWithoutStallsNs the stagebench mean of the other samples (shown in warnings, never checked)
 * @param probe the probe of the forks measured (null: unknown)
 * @param intervals timed intervals per sample
 * @param batch messages per sample ({@code --batch K}; 1 per message): the probe is then per message
 * @param forkMeansNs each stagebench fork's own mean, in fork order (empty: not known)
 * @param jmhForkNs JMH's figure fork by fork, in fork order (empty: not known)
 * @param forkMedianRatio the median of stagebench's fork means over the median of JMH's forks; NaN with fewer than
 *     {@value CrossCheck#MIN_FORKS_FOR_MEDIAN} forks a side. A batched row with it is checked by it
 * @param core the measuring core's state while each side measured (null: not timed on both sides)
 */
public record Row(
        String stage,
        String jmhSource,
        long samples,
        double p50Ns,
        double meanNs,
        double jmhNs,
        double jmhErrorNs,
        double ratio,
        Verdict verdict,
        long stallSamples,
        double stallShare,
        double meanWithoutStallsNs,
        Probe probe,
        int intervals,
        int batch,
        List<Double> forkMeansNs,
        List<Double> jmhForkNs,
        double forkMedianRatio,
        CoreStates core) {

    public Row {
        forkMeansNs = forkMeansNs == null ? List.of() : List.copyOf(forkMeansNs);
        jmhForkNs = jmhForkNs == null ? List.of() : List.copyOf(jmhForkNs);
    }

    /** @return whether the row is checked by each side's median fork ({@link #forkMedianRatio}), not pooled means */
    public boolean checkedByForks() {
        return Double.isFinite(forkMedianRatio);
    }

    /**
     * @return the fastest fork's mean over the JMH figure checked ({@link #checkedJmhNs()}; NaN without per-fork means)
     */
    public double fastestForkRatio() {
        return Figures.min(forkMeansNs) / checkedJmhNs();
    }

    /**
     * @return the slowest fork's mean over the JMH figure checked ({@link #checkedJmhNs()}; NaN without per-fork means)
     */
    public double slowestForkRatio() {
        return Figures.max(forkMeansNs) / checkedJmhNs();
    }

    /** @return {@link #checkedNs()} over {@link #checkedJmhNs()}: the ratio the row's verdict and line go by */
    public double checkedRatio() {
        return checkedNs() / checkedJmhNs();
    }

    /** @return the probe residue this row's mean carries: one per timed interval */
    public double residueNs() {
        return probe == null ? 0 : probe.residueNs() * intervals;
    }

    /** @return the stagebench mean without interruptions and without the probe residue, over JMH's figure */
    public double adjustedRatio() {
        double base = Double.isFinite(meanWithoutStallsNs) ? meanWithoutStallsNs : meanNs;
        return (base - residueNs()) / jmhNs;
    }

    /** @return the mean without interruptions and without the probe residue: what the stage's code took */
    public double adjustedNs() {
        return adjustedRatio() * jmhNs;
    }

    /**
     * @return what this row is checked by, in ns: the median fork's mean less the probe residue when the row has a
     *     {@link #forkMedianRatio}, else {@link #adjustedNs()}
     */
    public double checkedNs() {
        return checkedByForks() ? Figures.median(forkMeansNs) - residueNs() : adjustedNs();
    }

    /**
     * @return the JMH figure this row is checked against, in ns: JMH's median fork when the row has a
     *     {@link #forkMedianRatio}, else the pooled {@link #jmhNs()}
     */
    public double checkedJmhNs() {
        return checkedByForks() ? Figures.median(jmhForkNs) : jmhNs;
    }

    /** @return whether a few interruptions carry enough of the stagebench mean to distort the comparison */
    public boolean noisy() {
        return stallShare > CrossCheck.STALL_SHARE_WARNING;
    }
}
