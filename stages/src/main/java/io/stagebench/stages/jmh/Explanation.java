package io.stagebench.stages.jmh;

import java.util.ArrayList;
import java.util.List;

/**
 * Why one row's ratio is what it is, decided from its measured figures: the reason its line ends with and what the line
 * names on the way. The crosscheck's text puts it into words; the decisions are all made here, so the text and the
 * comparison cannot tell two stories.
 *
 * @param row the row explained
 * @param reason what explains the ratio, or what is left of it
 * @param showsStep whether the line names the counter's step as biasing no mean: a per-message row's intervals start at
 *     every phase of it
 * @param split for {@link Reason#AGAINST_BATCHED}, the ratio's excess split against its stage's batched row; else null
 * @param marksNs for {@link Reason#MARKS_COST}, what the marks add to the unmarked pipeline's mean; else NaN
 */
public record Explanation(Row row, Reason reason, boolean showsStep, Split split, double marksNs) {

    /** What a row's line ends with, in the order they are tried. */
    public enum Reason {
        /** One harness produced no figure: there is no ratio to explain. */
        NO_FIGURE,
        /** A per-message row beside its stage's batched row: its excess over 1 split into parts ({@link Split}). */
        AGAINST_BATCHED,
        /** The marked pipeline beside the unmarked one: what the marks cost ({@link #marksNs}). */
        MARKS_COST,
        /** Within the tolerance once the probe residue and the interruptions are out. */
        WITHIN_TOLERANCE,
        /** A batched row whose sides met the core in different states, stagebench's the more shared and the slower. */
        STAGEBENCH_CORE_MORE_SHARED,
        /** A batched row whose sides met the core in different states, JMH's the more shared and the slower. */
        JMH_CORE_MORE_SHARED,
        /** A batched row whose JMH forks lie farther from their median than the row is checked to. */
        JMH_FORKS_APART,
        /** A batched row with no fork's own mean: nothing inside a batch to look at. */
        NO_FORK_MEANS,
        /** A batched row whose forks' means span JMH's figure within the tolerance: the forks differ, not the ruler. */
        FORKS_WITHIN_TOLERANCE,
        /** A batched row every fork of which lies beyond the tolerance. */
        FORKS_BEYOND_TOLERANCE,
        /** A per-message row above JMH's figure: each stagebench call runs fenced, alone; JMH's calls overlap. */
        FENCED_ALONE,
        /** Nothing measured explains it. */
        UNEXPLAINED
    }

    /**
     * A per-message row's excess over 1 split against its stage's batched row: what timing each call alone adds over
     * the batches, and what the batched figure leaves of its own.
     *
     * @param batched the stage's batched row
     * @param fencedNs the per-message row's mean without interruptions and residue, less what the batched row is
     *     checked by (its median fork where it has one)
     * @param messages the messages a per-message fork measured
     * @param batchedMessages the messages a batched fork measured (the whole stream)
     * @param twins whether JMH times the stage two ways (decide): the batched row's JMH figure is of other benchmarks
     *     than the per-message row's
     * @param leftRatio the batched row's own distance from the JMH figure it is judged by
     * @param explained whether that distance is within {@value CrossCheck#EXPLAINED_PERCENT}%
     */
    public record Split(
            Row batched,
            double fencedNs,
            long messages,
            long batchedMessages,
            boolean twins,
            double leftRatio,
            boolean explained) {

        /** @return whether the two runs timed different messages, so the message mix is a part of the split */
        public boolean otherMessages() {
            return messages != batchedMessages;
        }
    }

    /** @see CrossCheck#explanations(List, List, long, long) */
    static List<Explanation> of(List<Row> rows, List<Row> batchedRows, long messages, long batchedMessages) {
        Row unmarked = rows.stream()
                .filter(r -> r.stage().equals("pipeline"))
                .findFirst()
                .orElse(null);
        List<Explanation> explanations = new ArrayList<>();
        for (Row r : rows) {
            explanations.add(of(r, unmarked, batchedRows, messages, batchedMessages));
        }
        return explanations;
    }

    private static Explanation of(Row r, Row unmarked, List<Row> batchedRows, long messages, long batchedMessages) {
        if (r.verdict() == Verdict.MISSING) {
            return new Explanation(r, Reason.NO_FIGURE, false, null, Double.NaN);
        }
        // a batch's probe is the batch's: only a per-message row's intervals start at every phase of the counter
        boolean showsStep = r.probe() != null && Double.isFinite(r.probe().stepNs()) && r.batch() == 1;
        Row b = r.batch() > 1
                ? null
                : batchedRows.stream()
                        .filter(x -> x.stage().equals(r.stage()) && x.verdict() != Verdict.MISSING)
                        .findFirst()
                        .orElse(null);
        if (b != null && !r.stage().equals("marked")) {
            return new Explanation(
                    r, Reason.AGAINST_BATCHED, showsStep, split(r, b, messages, batchedMessages), Double.NaN);
        }
        if (r.stage().equals("marked") && unmarked != null && Double.isFinite(unmarked.meanNs())) {
            return new Explanation(r, Reason.MARKS_COST, showsStep, null, r.meanNs() - unmarked.meanNs());
        }
        return new Explanation(r, rest(r), showsStep, null, Double.NaN);
    }

    /** @return {@code r} against its stage's batched row {@code b} */
    private static Split split(Row r, Row b, long messages, long batchedMessages) {
        // the batched figure as the batched row is checked: by its median fork where it has one
        double fencedNs = r.adjustedNs() - b.checkedNs();
        // decide: JMH times the same work two ways, and they disagree by more than the harnesses do
        boolean twins = !b.jmhSource().equals(r.jmhSource());
        // against the JMH figure the batched row is judged by (its median fork where it has one): decide's has its own
        // (overlapped calls)
        double leftRatio = b.checkedNs() / b.checkedJmhNs() - 1;
        boolean explained = Math.abs(leftRatio) <= CrossCheck.EXPLAINED_PERCENT / 100.0 + 1e-12;
        return new Split(b, fencedNs, messages, batchedMessages, twins, leftRatio, explained);
    }

    /** @return what explains {@code r} without a batched row beside it or marks to weigh */
    private static Reason rest(Row r) {
        double tolerance = CrossCheck.TOLERANCE_PERCENT / 100.0;
        if (Math.abs(r.checkedRatio() - 1) <= tolerance) {
            return Reason.WITHIN_TOLERANCE;
        }
        if (r.batch() > 1
                && r.core() != null
                && r.core().apart()
                && (r.checkedRatio() > 1) == (r.core().jmhOverStagebench() < 1)) {
            // the side that met the more shared core is the slower one
            return r.checkedRatio() > 1 ? Reason.STAGEBENCH_CORE_MORE_SHARED : Reason.JMH_CORE_MORE_SHARED;
        }
        if (r.batch() > 1 && jmhForksApart(r.jmhForkNs())) {
            // the reference itself: on a shared host a difference twin's forks spread past what the row is held to
            return Reason.JMH_FORKS_APART;
        }
        if (r.batch() > 1 && r.forkMeansNs().isEmpty()) {
            return Reason.NO_FORK_MEANS;
        }
        if (r.batch() > 1 && r.fastestForkRatio() <= 1 + tolerance && r.slowestForkRatio() >= 1 - tolerance) {
            // no fence inside a batch: what is left is which code each fork's JVM made and where it lies
            return Reason.FORKS_WITHIN_TOLERANCE;
        }
        if (r.batch() > 1) {
            return Reason.FORKS_BEYOND_TOLERANCE;
        }
        return r.adjustedRatio() > 1 ? Reason.FENCED_ALONE : Reason.UNEXPLAINED;
    }

    /**
     * @return whether JMH's forks of a row, {@value CrossCheck#MIN_FORKS_FOR_MEDIAN} or more, lie beyond the tolerance
     *     of their median
     */
    private static boolean jmhForksApart(List<Double> jmhForkNs) {
        if (jmhForkNs.size() < CrossCheck.MIN_FORKS_FOR_MEDIAN) {
            return false;
        }
        double medianNs = Figures.median(jmhForkNs);
        double tolerance = CrossCheck.TOLERANCE_PERCENT / 100.0;
        return medianNs > 0
                && (Figures.max(jmhForkNs) / medianNs > 1 + tolerance
                        || Figures.min(jmhForkNs) / medianNs < 1 - tolerance);
    }
}
