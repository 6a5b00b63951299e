package io.stagebench.stages.jmh;

import java.util.ArrayList;
import java.util.List;

/**
 * One stagebench stage and the JMH measurement it is compared with.
 *
 * @param stage the row's name
 * @param benchmark the stagebench benchmark measuring it
 * @param series the benchmark's series compared ({@code total} for the pipeline)
 * @param jmh the JMH benchmark (class.method) whose AverageTime is compared
 * @param jmhBaseline a JMH benchmark subtracted from {@code jmh}, or null
 * @param intervals timed intervals in one sample of {@code series} (each pays one probe)
 * @param checked whether the row is held to the tolerance (false: shown and explained only)
 * @param batched what the batched figure is compared with, when not this pairing's own JMH figure (null)
 */
public record Pairing(
        String stage,
        String benchmark,
        String series,
        String jmh,
        String jmhBaseline,
        int intervals,
        boolean checked,
        Pairing batched) {

    /** A checked pairing of one timed interval per sample. */
    public Pairing(String stage, String benchmark, String series, String jmh, String jmhBaseline) {
        this(stage, benchmark, series, jmh, jmhBaseline, 1, true, null);
    }

    /** @return this pairing, its batched figure compared with {@code jmh - jmhBaseline} */
    Pairing batchedAgainst(String batchedJmh, String batchedBaseline) {
        return new Pairing(
                stage,
                benchmark,
                series,
                jmh,
                jmhBaseline,
                intervals,
                checked,
                new Pairing(stage, benchmark, series, batchedJmh, batchedBaseline));
    }

    /** @return the pairing a batched figure is compared under: checked, one interval a sample */
    public Pairing forBatches() {
        return batched != null ? batched : new Pairing(stage, benchmark, series, jmh, jmhBaseline);
    }

    /** @return the JMH benchmarks this pairing needs, without the package */
    public List<String> jmhBenchmarks() {
        List<String> names = new ArrayList<>(jmhBaseline == null ? List.of(jmh) : List.of(jmh, jmhBaseline));
        if (batched != null) {
            names.addAll(batched.jmhBenchmarks());
        }
        return names;
    }

    /** @return how the JMH figure is obtained, e.g. {@code BookJmh.parseAndApply - BookJmh.parse} */
    public String jmhSource() {
        return jmhBaseline == null ? jmh : jmh + " - " + jmhBaseline;
    }
}
