package io.stagebench.stages.cli;

import io.stagebench.stages.jmh.CrossCheck;
import io.stagebench.stages.jmh.Row;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code crosscheck.json} a crosscheck writes into its run folder, schema {@value CrosscheckCommand#SCHEMA}, in the
 * order written. Latencies are nanoseconds.
 *
 * @param schema {@value CrosscheckCommand#SCHEMA}
 * @param cpu the measuring CPU of both harnesses
 * @param streamMessages length of the replayed stream, the same in both
 * @param seed the stream's seed
 * @param stagebench how stagebench measured
 * @param jmh how JMH measured
 * @param tolerancePercent largest accepted |stagebench / JMH - 1| of a checked row
 * @param minCheckedNs rows below this in both harnesses are not checked
 * @param rows one per stage, one interval a message
 * @param batch the {@code --batch} asked for: K, or "auto"
 * @param batchedRows one per stage measured in batches (empty for {@code --batch 1})
 * @param agrees whether every row of both tables agrees
 * @param warnings every warning, the batched run's prefixed "batched run: "
 */
public record CrosscheckDocument(
        String schema,
        int cpu,
        int streamMessages,
        long seed,
        Stagebench stagebench,
        Jmh jmh,
        int tolerancePercent,
        double minCheckedNs,
        List<Row> rows,
        String batch,
        List<Row> batchedRows,
        boolean agrees,
        List<String> warnings) {

    /** @return the document of rows compared, with {@link CrossCheck}'s tolerance and whether all of them agree */
    static CrosscheckDocument of(
            int cpu,
            int streamMessages,
            long seed,
            Stagebench stagebench,
            Jmh jmh,
            List<Row> rows,
            String batch,
            List<Row> batchedRows,
            List<String> warnings) {
        List<Row> all = new ArrayList<>(rows);
        all.addAll(batchedRows);
        return new CrosscheckDocument(
                CrosscheckCommand.SCHEMA,
                cpu,
                streamMessages,
                seed,
                stagebench,
                jmh,
                CrossCheck.TOLERANCE_PERCENT,
                CrossCheck.MIN_CHECKED_NS,
                rows,
                batch,
                batchedRows,
                CrossCheck.agrees(all),
                warnings);
    }

    /**
     * How stagebench measured.
     *
     * @param mode back-to-back
     * @param forks forks a stage
     * @param warmupMessages warm-up messages a fork
     * @param measuredMessages measured messages a fork, one interval a message
     * @param batchedMessages measured messages a fork of the batched run
     */
    public record Stagebench(String mode, int forks, long warmupMessages, int measuredMessages, int batchedMessages) {}

    /**
     * How JMH measured.
     *
     * @param mode AverageTime
     * @param forks forks a benchmark
     * @param warmupIterations warm-up iterations
     * @param iterations measured iterations
     * @param iterationMs length of an iteration
     * @param resultFile JMH's own results in the run folder
     * @param schedule when JMH's forks ran: {@value #INTERLEAVED}
     */
    public record Jmh(
            String mode,
            int forks,
            int warmupIterations,
            int iterations,
            long iterationMs,
            String resultFile,
            String schedule) {

        /** JMH's forks run one at a time, each right after a stagebench fork of its stage ({@link InterleavedJmh}). */
        public static final String INTERLEAVED =
                "interleaved: each JMH fork right after a stagebench fork of its stage,"
                        + " a batched row's twins beside the batched run, the others beside the per-message run";

        /** The forks of a crosscheck that ran them {@value #INTERLEAVED}. */
        public Jmh(String mode, int forks, int warmupIterations, int iterations, long iterationMs, String resultFile) {
            this(mode, forks, warmupIterations, iterations, iterationMs, resultFile, INTERLEAVED);
        }
    }
}
