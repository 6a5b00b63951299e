package io.stagebench.stages.jmh;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * stagebench against JMH, stage by stage: which numbers are compared, their ratio, whether they agree and what explains
 * the ratio. The comparison's figures and decisions are data ({@link Row}, {@link Verdict}, {@link Explanation}); the
 * crosscheck command puts them into words.
 *
 * <p>What is compared, and why these numbers:
 *
 * <ul>
 *   <li>JMH's AverageTime is a mean (total time over operations), so it is compared with the <em>mean</em> of
 *       stagebench's back-to-back service-time samples, computed from the raw samples for this comparison only;
 *       stagebench's p50 is shown beside it. stagebench's reports otherwise never show a mean.
 *   <li>{@code parse}, {@code encode}: identical work in both harnesses.
 *   <li>{@code book}: stagebench leaves the per-call preparation out of its timing ({@code Stamps.restart()}); JMH
 *       cannot cheaply, so it measures preparation alone and preparation plus stage, and the stage is their difference
 *       (its error the root sum of squares of the two).
 *   <li>{@code decide}: a decision is too short for that difference of two much longer walks, whose error spanned most
 *       of it (docs/decisions.md, "Crosscheck's decide"); JMH times each call alone after an invocation-level setup
 *       does the preparation, less the same call with nothing to time ({@code DecideJmh}).
 *   <li>{@code pipeline}: stagebench's {@code unmarked} total (the same messages timed by the begin and end reads
 *       alone, one probe overhead subtracted) against JMH's whole call; the marked {@code total} (four intervals, three
 *       fenced marks inside) is shown beside it, unchecked, with what the marks cost.
 * </ul>
 *
 * Every row is explained with measured figures: the probe overhead subtracted and its share, the residue a typical
 * probe leaves above that minimum (per timed interval), the share of the mean carried by interruptions, and what
 * remains once both are taken out. A stage is checked when either harness puts it at {@value #MIN_CHECKED_NS} ns or
 * more: the two must then agree within ±{@value #TOLERANCE_PERCENT}%. Below that, differences of a few ns (probe
 * overhead subtraction, out-of-order overlap between JMH's back-to-back calls) are a large fraction of the value and
 * the row is shown unchecked.
 */
public final class CrossCheck {

    /** Stages below this (in both harnesses) are shown but not checked. */
    public static final double MIN_CHECKED_NS = 50;
    /** Largest accepted |stagebench / JMH - 1|, in percent. */
    public static final int TOLERANCE_PERCENT = 10;
    /**
     * Largest part of a per-message ratio's excess over 1 that its explanation may leave unexplained, in percent of
     * JMH's figure.
     */
    public static final int EXPLAINED_PERCENT = 5;

    /** A stagebench sample this long is an interruption of the thread, not the stage's code. */
    public static final double STALL_NS = 10_000;
    /** Share of the stagebench mean carried by stalls above which the row is flagged as noisy. */
    public static final double STALL_SHARE_WARNING = 0.05;
    /**
     * Forks each side must have for a batched row to be checked by the median of its forks rather than the pooled mean.
     * A fork's level is drawn when it starts - the code its JIT made, where its data lies - and holds for the fork (a
     * setup's draw can move a stage by a large part inside one JVM), so one fork apart on either side carries a pooled
     * mean whole: one JMH fork of a walk that read high in every iteration moved a difference of two walks, and with it
     * a pooled ratio, far from what the forks' medians say (docs/decisions.md, "Crosscheck by medians").
     */
    public static final int MIN_FORKS_FOR_MEDIAN = 3;

    /** JMH benchmark names are prefixed with this package. */
    public static final String JMH_PACKAGE = "io.stagebench.stages.jmh.";

    /** The reference stages and their JMH counterparts, in report order. */
    public static final List<Pairing> PAIRINGS = List.of(
            new Pairing("parse", "parse", "parse", "ParseJmh.parse", null),
            new Pairing("book", "book", "book", "BookJmh.parseAndApply", "BookJmh.parse"),
            // each call timed alone, as stagebench's per-message decide; batched, against JMH's overlapped calls
            new Pairing("decide", "decide", "decide", "DecideCallJmh.decide", "DecideCallJmh.timer")
                    .batchedAgainst("DecideJmh.prepareAndDecide", "DecideJmh.prepare"),
            new Pairing("encode", "encode", "encode", "EncodeJmh.encode", null),
            new Pairing("pipeline", "pipeline", "unmarked", "PipelineJmh.pipeline", null),
            new Pairing("marked", "pipeline", "total", "PipelineJmh.pipeline", null, 4, false, null));

    private CrossCheck() {}

    /**
     * @param pairing what is compared
     * @param samplesNs stagebench's samples of the pairing's series (pooled over forks), or null if it failed
     * @param p50Ns their p50
     * @param jmh JMH scores by benchmark name without the package
     */
    public static Row compare(Pairing pairing, double[] samplesNs, double p50Ns, Map<String, JmhScore> jmh) {
        return compare(pairing, samplesNs, p50Ns, jmh, null);
    }

    /**
     * @param probe the probe of the forks that measured the samples, or null
     * @see #compare(Pairing, double[], double, Map)
     */
    public static Row compare(
            Pairing pairing, double[] samplesNs, double p50Ns, Map<String, JmhScore> jmh, Probe probe) {
        double meanNs = Double.NaN;
        long samples = 0;
        long stallSamples = 0;
        double stallShare = 0;
        double meanWithoutStallsNs = Double.NaN;
        if (samplesNs != null && samplesNs.length > 0) {
            double sum = 0;
            double stallSum = 0;
            for (double v : samplesNs) {
                sum += v;
                if (v >= STALL_NS) {
                    stallSum += v;
                    stallSamples++;
                }
            }
            meanNs = sum / samplesNs.length;
            samples = samplesNs.length;
            stallShare = sum > 0 ? stallSum / sum : 0;
            meanWithoutStallsNs = stallSamples < samples ? (sum - stallSum) / (samples - stallSamples) : Double.NaN;
        }
        JmhScore main = jmh.get(pairing.jmh());
        JmhScore baseline = pairing.jmhBaseline() == null ? null : jmh.get(pairing.jmhBaseline());
        double jmhNs = Double.NaN;
        double jmhErrorNs = Double.NaN;
        if (main != null && (pairing.jmhBaseline() == null || baseline != null)) {
            jmhNs = baseline == null ? main.nsPerOp() : main.nsPerOp() - baseline.nsPerOp();
            jmhErrorNs = baseline == null ? main.errorNs() : Math.hypot(main.errorNs(), baseline.errorNs());
        }
        double ratio = meanNs / jmhNs;
        Verdict verdict;
        if (Double.isNaN(meanNs) || Double.isNaN(jmhNs)) {
            verdict = Verdict.MISSING;
        } else if (!pairing.checked() || Math.max(meanNs, jmhNs) < MIN_CHECKED_NS) {
            verdict = Verdict.UNCHECKED;
        } else {
            verdict = checkedVerdict(ratio, jmhNs);
        }
        return new Row(
                pairing.stage(),
                pairing.jmhSource(),
                samples,
                samples == 0 ? Double.NaN : p50Ns,
                meanNs,
                jmhNs,
                jmhErrorNs,
                ratio,
                verdict,
                stallSamples,
                stallShare,
                meanWithoutStallsNs,
                probe,
                pairing.intervals(),
                1,
                List.of(),
                List.of(),
                Double.NaN,
                null);
    }

    /**
     * A batched figure against the same JMH figure: every reference stage is checked (a batch of K messages is well
     * above {@value #MIN_CHECKED_NS} ns), and the probe and its residue per message are the batch's divided by K (and
     * by nothing for book and decide, whose batches subtract their preparation's: both paid a probe).
     *
     * @param samplesNs per-message means of the batches (pooled over forks), or null if it failed
     * @param probe the probe of the forks, per batch
     * @param batch messages per batch
     * @param forkMeansNs each fork's own mean of the batches, in fork order: with {@value #MIN_FORKS_FOR_MEDIAN} or
     *     more on both sides the row is checked by the median of each side's forks
     * @param forkCoreLoopNs each fork's state of the measuring core ({@link CoreStates}), 0 or empty where not timed
     * @param fastestCoreLoopNs the fastest fork's loop in the whole crosscheck, either side (NaN: none timed)
     */
    public static Row compareBatched(
            Pairing pairing,
            double[] samplesNs,
            double p50Ns,
            Map<String, JmhScore> jmh,
            Probe probe,
            int batch,
            List<Double> forkMeansNs,
            List<Double> forkCoreLoopNs,
            double fastestCoreLoopNs) {
        return compareBatched(
                pairing,
                samplesNs,
                p50Ns,
                jmh,
                probe,
                batch,
                forkMeansNs,
                forkCoreLoopNs,
                fastestCoreLoopNs,
                Double.NaN);
    }

    /**
     * @param pooledMeanNs the forks' batches' mean per message where the samples' own mean leans off it (a preparation
     *     pass's pairs cut at 0, {@link io.stagebench.result.LatencySeries#batchedMeanNs}); NaN: the samples' mean
     * @see #compareBatched(Pairing, double[], double, Map, Probe, int, List, List, double)
     */
    public static Row compareBatched(
            Pairing pairing,
            double[] samplesNs,
            double p50Ns,
            Map<String, JmhScore> jmh,
            Probe probe,
            int batch,
            List<Double> forkMeansNs,
            List<Double> forkCoreLoopNs,
            double fastestCoreLoopNs,
            double pooledMeanNs) {
        Pairing checked = pairing.forBatches();
        // book and decide subtract their preparation's batch, which paid a probe as well: the residue cancels
        Probe perMessage = probe == null
                ? null
                : checked.jmhBaseline() != null
                        ? new Probe(0, 0)
                        : new Probe(probe.subtractedNs() / batch, probe.medianNs() / batch);
        Row row = compare(checked, samplesNs, p50Ns, jmh, perMessage);
        if (Double.isFinite(pooledMeanNs) && row.verdict() != Verdict.MISSING) {
            row = withMean(row, pooledMeanNs, checked);
        }
        List<Double> jmhForks = jmhForks(checked, jmh);
        List<Double> sbForks = forkMeansNs == null ? List.of() : forkMeansNs;
        double forkMedianRatio = sbForks.size() >= MIN_FORKS_FOR_MEDIAN && jmhForks.size() >= MIN_FORKS_FOR_MEDIAN
                ? Figures.median(sbForks) / Figures.median(jmhForks)
                : Double.NaN;
        double checkedRatio = Double.isFinite(forkMedianRatio) ? forkMedianRatio : row.ratio();
        Verdict verdict = row.verdict() == Verdict.MISSING ? row.verdict() : checkedVerdict(checkedRatio, row.jmhNs());
        return new Row(
                row.stage(),
                row.jmhSource(),
                row.samples(),
                row.p50Ns(),
                row.meanNs(),
                row.jmhNs(),
                row.jmhErrorNs(),
                row.ratio(),
                verdict,
                row.stallSamples(),
                row.stallShare(),
                row.meanWithoutStallsNs(),
                row.probe(),
                1,
                batch,
                sbForks,
                jmhForks,
                forkMedianRatio,
                coreStates(checked, jmh, forkCoreLoopNs, fastestCoreLoopNs));
    }

    /**
     * @return {@code row} with {@code meanNs} as stagebench's mean: its ratio and verdict follow, and its mean without
     *     interruptions moves by as much (the samples' interruptions are still theirs)
     */
    private static Row withMean(Row row, double meanNs, Pairing pairing) {
        double ratio = meanNs / row.jmhNs();
        Verdict verdict = !pairing.checked() || Math.max(meanNs, row.jmhNs()) < MIN_CHECKED_NS
                ? Verdict.UNCHECKED
                : checkedVerdict(ratio, row.jmhNs());
        return new Row(
                row.stage(),
                row.jmhSource(),
                row.samples(),
                row.p50Ns(),
                meanNs,
                row.jmhNs(),
                row.jmhErrorNs(),
                ratio,
                verdict,
                row.stallSamples(),
                row.stallShare(),
                row.meanWithoutStallsNs() + meanNs - row.meanNs(),
                row.probe(),
                row.intervals(),
                row.batch(),
                row.forkMeansNs(),
                row.jmhForkNs(),
                row.forkMedianRatio(),
                row.core());
    }

    /**
     * @return each side's core state, or null when either side timed none: a JMH fork of a difference twin is as shared
     *     as the slower of its two benchmarks
     */
    private static CoreStates coreStates(
            Pairing pairing, Map<String, JmhScore> jmh, List<Double> forkCoreLoopNs, double fastestCoreLoopNs) {
        JmhScore main = jmh.get(pairing.jmh());
        JmhScore baseline = pairing.jmhBaseline() == null ? null : jmh.get(pairing.jmhBaseline());
        List<Double> jmhCore = new ArrayList<>();
        if (main != null) {
            for (int i = 0; i < main.forkCoreLoopNs().size(); i++) {
                double ns = main.forkCoreLoopNs().get(i);
                if (baseline != null && i < baseline.forkCoreLoopNs().size()) {
                    ns = Math.max(ns, baseline.forkCoreLoopNs().get(i));
                }
                jmhCore.add(ns);
            }
        }
        List<Double> timed = forkCoreLoopNs == null
                ? List.of()
                : forkCoreLoopNs.stream().filter(CrossCheck::timed).toList();
        jmhCore.removeIf(ns -> !timed(ns));
        return timed.isEmpty() || jmhCore.isEmpty() || !timed(fastestCoreLoopNs)
                ? null
                : CoreStates.of(timed, jmhCore, fastestCoreLoopNs);
    }

    private static boolean timed(double loopNs) {
        return loopNs > 0 && Double.isFinite(loopNs);
    }

    /**
     * @return JMH's figure of {@code pairing} fork by fork (a difference of two benchmarks fork by fork); empty:
     *     unknown
     */
    private static List<Double> jmhForks(Pairing pairing, Map<String, JmhScore> jmh) {
        JmhScore main = jmh.get(pairing.jmh());
        JmhScore baseline = pairing.jmhBaseline() == null ? null : jmh.get(pairing.jmhBaseline());
        if (main == null
                || (pairing.jmhBaseline() != null
                        && (baseline == null
                                || baseline.forkNs().size() != main.forkNs().size()))) {
            return List.of();
        }
        List<Double> forks = new ArrayList<>();
        for (int i = 0; i < main.forkNs().size(); i++) {
            // a twin's two benchmarks ran in the same JMH fork, one after the other: their difference is that fork's
            forks.add(main.forkNs().get(i)
                    - (baseline == null ? 0 : baseline.forkNs().get(i)));
        }
        return forks;
    }

    private static Verdict checkedVerdict(double ratio, double jmhNs) {
        // the epsilon keeps exactly 10% inside despite binary fractions
        return jmhNs > 0 && Math.abs(ratio - 1) <= TOLERANCE_PERCENT / 100.0 + 1e-12 ? Verdict.OK : Verdict.DIFF;
    }

    /**
     * @return for each row, why its ratio is what it is, with measured figures: the probe subtracted and its share of
     *     the mean, the residue a typical probe leaves per timed interval, the interruptions' share, the ratio once
     *     both are out, and for the marked pipeline what the marks cost over the unmarked total
     */
    public static List<Explanation> explanations(List<Row> rows) {
        return explanations(rows, List.of(), 0, 0);
    }

    /**
     * The per-message rows' explanations, each with what its stage's batched row measured over the same stream: a
     * per-message ratio's excess over 1 is then the sum of computed parts - the probe's residue and the interruptions
     * (as in {@link #explanations(List)}), what timing each call alone adds over the same stage in batches of K (the
     * serialising fences, which a batch pays once; and the message mix when the two runs timed different messages),
     * where JMH times the stage two ways (decide: each call between two {@code System.nanoTime} reads, and whole
     * overlapped walks) how far its two figures differ, and what is left, the batched figure's own distance from the
     * JMH figure its batched row is judged by - and the row is explained when that last part is within
     * {@value #EXPLAINED_PERCENT}%. JMH's per-call figure reads low: the work after a clock read's {@code rdtsc} (its
     * scaling, its return) runs while the timed call begins, and hides part of it: a short chain in C read markedly
     * less between {@code clock_gettime} reads than between fenced {@code rdtsc} reads, each less the same reads around
     * nothing, as decide reads less in JMH's per-call twin than in stagebench and JMH's batched twin
     * (docs/decisions.md, "Crosscheck's decide").
     *
     * @param batchedRows the batched rows, by stage (empty: no batched run; the explanations are then as above)
     * @param messages the messages a per-message fork measured
     * @param batchedMessages the messages a batched fork measured (the whole stream)
     */
    public static List<Explanation> explanations(
            List<Row> rows, List<Row> batchedRows, long messages, long batchedMessages) {
        return Explanation.of(rows, batchedRows, messages, batchedMessages);
    }

    /** @return whether every checked row agrees and none is missing */
    public static boolean agrees(List<Row> rows) {
        return rows.stream().noneMatch(r -> r.verdict().disagrees());
    }

    /** @return the rows' names of the JMH benchmarks needed by {@code pairings}, in order, without duplicates */
    public static List<String> jmhBenchmarks(List<Pairing> pairings) {
        List<String> names = new ArrayList<>();
        for (Pairing p : pairings) {
            for (String b : p.jmhBenchmarks()) {
                if (!names.contains(b)) {
                    names.add(b);
                }
            }
        }
        return names;
    }
}
