package io.stagebench.stages.jmh;

/**
 * The probe as a fork measured it.
 *
 * @param subtractedNs the overhead subtracted from every interval
 * @param medianNs the median back-to-back probe
 * @param stepNs the counter's step (NaN: unknown): it rounds each interval, and biases no mean of intervals that start
 *     at every phase of it
 */
public record Probe(double subtractedNs, double medianNs, double stepNs) {

    /** A probe whose counter step is not known. */
    public Probe(double subtractedNs, double medianNs) {
        this(subtractedNs, medianNs, Double.NaN);
    }

    /** @return what a typical probe costs above what is subtracted (never below 0) */
    public double residueNs() {
        return Math.max(0, medianNs - subtractedNs);
    }
}
