package io.stagebench.stages.jmh;

import io.stagebench.text.Table;
import io.stagebench.text.Table.Column;
import io.stagebench.text.Table.Width;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * stagebench against JMH, stage by stage: which numbers are compared, their ratio and
 * whether they agree.
 *
 * <p>What is compared, and why these numbers:
 * <ul>
 *   <li>JMH's AverageTime is a mean (total time over operations), so it is compared with the
 *       <em>mean</em> of stagebench's back-to-back service-time samples, computed from the raw
 *       samples for this comparison only; stagebench's p50 is shown beside it. stagebench's
 *       reports otherwise never show a mean.</li>
 *   <li>{@code parse}, {@code encode}: identical work in both harnesses.</li>
 *   <li>{@code book}: stagebench leaves the per-call preparation out of its timing
 *       ({@code Stamps.restart()}); JMH cannot cheaply, so it measures preparation alone and
 *       preparation plus stage, and the stage is their difference (its error the root sum of
 *       squares of the two).</li>
 *   <li>{@code decide}: a decision is too short for that difference of two much longer walks, whose error
 *       spanned most of it (docs/decisions.md, "Crosscheck's decide"); JMH times each call alone after an
 *       invocation-level setup does the preparation, less the same call with nothing to time
 *       ({@code DecideJmh}).</li>
 *   <li>{@code pipeline}: stagebench's {@code unmarked} total (the same messages timed by the
 *       begin and end reads alone, one probe overhead subtracted) against JMH's whole call; the
 *       marked {@code total} (four intervals, three fenced marks inside) is shown beside it,
 *       unchecked, with what the marks cost.</li>
 * </ul>
 * Every row is explained with measured figures: the probe overhead subtracted and its share,
 * the residue a typical probe leaves above that minimum (per timed interval), the share of the
 * mean carried by interruptions, and what remains once both are taken out.
 * A stage is checked when either harness puts it at {@value #MIN_CHECKED_NS} ns or more: the
 * two must then agree within ±{@value #TOLERANCE_PERCENT}%. Below that, differences of a few
 * ns (probe overhead subtraction, out-of-order overlap between JMH's back-to-back calls) are
 * a large fraction of the value and the row is shown unchecked.
 */
public final class CrossCheck {

    /** Stages below this (in both harnesses) are shown but not checked. */
    public static final double MIN_CHECKED_NS = 50;
    /** Largest accepted |stagebench / JMH - 1|, in percent. */
    public static final int TOLERANCE_PERCENT = 10;
    /** Largest part of a per-message ratio's excess over 1 that its line may leave unexplained, in percent of JMH's figure. */
    public static final int EXPLAINED_PERCENT = 5;

    /** A stagebench sample this long is an interruption of the thread, not the stage's code. */
    public static final double STALL_NS = 10_000;
    /** Share of the stagebench mean carried by stalls above which the row is flagged as noisy. */
    public static final double STALL_SHARE_WARNING = 0.05;
    /**
     * Forks each side must have for a batched row to be checked by the median of its forks rather than the pooled
     * mean. A fork's level is drawn when it starts - the code its JIT made, where its data lies - and holds for the
     * fork (a setup's draw can move a stage by a large part inside one JVM), so one fork apart on either side carries
     * a pooled mean whole: one JMH fork of a walk that read high in every iteration moved a difference of two walks,
     * and with it a pooled ratio, far from what the forks' medians say (docs/decisions.md, "Crosscheck by medians").
     */
    public static final int MIN_FORKS_FOR_MEDIAN = 3;

    /** JMH benchmark names are prefixed with this package. */
    public static final String JMH_PACKAGE = "io.stagebench.stages.jmh.";

    /**
     * One stagebench stage and the JMH measurement it is compared with.
     *
     * @param stage       the row's name
     * @param benchmark   the stagebench benchmark measuring it
     * @param series      the benchmark's series compared ({@code total} for the pipeline)
     * @param jmh         the JMH benchmark (class.method) whose AverageTime is compared
     * @param jmhBaseline a JMH benchmark subtracted from {@code jmh}, or null
     * @param intervals   timed intervals in one sample of {@code series} (each pays one probe)
     * @param checked     whether the row is held to the tolerance (false: shown and explained only)
     * @param batched     what the batched figure is compared with, when not this pairing's own JMH figure (null)
     */
    public record Pairing(String stage, String benchmark, String series, String jmh, String jmhBaseline, int intervals,
                          boolean checked, Pairing batched) {

        /** A checked pairing of one timed interval per sample. */
        public Pairing(String stage, String benchmark, String series, String jmh, String jmhBaseline) {
            this(stage, benchmark, series, jmh, jmhBaseline, 1, true, null);
        }

        /** @return this pairing, its batched figure compared with {@code jmh - jmhBaseline} */
        Pairing batchedAgainst(String batchedJmh, String batchedBaseline) {
            return new Pairing(stage, benchmark, series, jmh, jmhBaseline, intervals, checked,
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

    /**
     * The probe as a fork measured it.
     *
     * @param subtractedNs the overhead subtracted from every interval
     * @param medianNs     the median back-to-back probe
     * @param stepNs       the counter's step (NaN: unknown): it rounds each interval, and biases no mean of
     *                     intervals that start at every phase of it
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

    /**
     * A JMH AverageTime result.
     *
     * @param nsPerOp  the score
     * @param errorNs  JMH's 99.9% confidence half-width (NaN when too few iterations)
     * @param forkNs   each fork's own score, in fork order (empty: not known)
     * @param forkCoreLoopNs each fork's state of the measuring core, in fork order: the median over its measured
     *                 iterations of the issue-bound loop timed around them ({@link CoreLoopProfiler}), ns an iteration
     *                 (empty: not timed)
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

    /**
     * The state of the measuring core while each side of a row measured: an issue-bound loop ({@code clock.CoreLoop}),
     * timed on the measuring CPU around every stagebench replica and every JMH iteration, which runs slower when the
     * host runs another guest on the core's other hardware thread - and so do the stages (docs/decisions.md,
     * "Core contention"). Two figures measured in different states compare the host's moments as much as the
     * harnesses.
     *
     * @param stagebenchNs     the median over stagebench's forks of their own (each the median of its replicas), ns an
     *                         iteration
     * @param jmhNs            the median over JMH's forks of their own (each the median of its measured iterations; of
     *                         a difference twin's fork, the slower of its two benchmarks')
     * @param fastestNs        the fastest fork of the whole crosscheck, either side: the core as calm as it was
     * @param stagebenchShared stagebench's forks {@value #APART} times {@code fastestNs} or slower: on a shared core
     * @param stagebenchForks  stagebench's forks timed
     * @param jmhShared        JMH's forks on a shared core
     * @param jmhForks         JMH's forks timed
     */
    public record CoreStates(double stagebenchNs, double jmhNs, double fastestNs, int stagebenchShared,
                             int stagebenchForks, int jmhShared, int jmhForks) {

        /**
         * Two states this far apart are two states: alone the loop stays within a few percent of its fastest, beside
         * another guest it runs well beyond this (the rule of a run's own {@code core:} line,
         * {@code CoreContention.SHARED_RATIO}).
         */
        public static final double APART = 1.1;

        /**
         * @param stagebenchForkNs each stagebench fork's loop
         * @param jmhForkNs        each JMH fork's loop
         * @param fastestNs        the fastest fork of the crosscheck, either side
         * @return the two sides' states
         */
        public static CoreStates of(List<Double> stagebenchForkNs, List<Double> jmhForkNs, double fastestNs) {
            return new CoreStates(median(stagebenchForkNs), median(jmhForkNs), fastestNs,
                    shared(stagebenchForkNs, fastestNs), stagebenchForkNs.size(), shared(jmhForkNs, fastestNs),
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

    /** Whether a row's two figures agree. */
    public enum Verdict {
        /** Within the tolerance. */
        OK,
        /** Outside the tolerance. */
        DIFF,
        /** Below {@value CrossCheck#MIN_CHECKED_NS} ns in both harnesses: shown, not checked. */
        UNCHECKED,
        /** One harness produced no figure. */
        MISSING;

        /** @return the word printed in the table */
        public String label() {
            return switch (this) {
                case OK -> "OK";
                case DIFF -> "DIFF";
                case UNCHECKED -> "-";
                case MISSING -> "MISSING";
            };
        }
    }

    /**
     * One stage compared.
     *
     * @param stage     stage name
     * @param jmhSource how the JMH figure was obtained
     * @param samples   stagebench samples (0: none)
     * @param p50Ns     stagebench p50
     * @param meanNs    stagebench mean of the same samples
     * @param jmhNs     JMH AverageTime (derived for book and decide)
     * @param jmhErrorNs JMH's error of that figure
     * @param ratio     {@code meanNs / jmhNs}
     * @param verdict   the check
     * @param stallSamples stagebench samples of {@value CrossCheck#STALL_NS} ns or more
     * @param stallShare   the share of the stagebench mean those samples carry
     * @param meanWithoutStallsNs the stagebench mean of the other samples (shown in warnings, never checked)
     * @param probe     the probe of the forks measured (null: unknown)
     * @param intervals timed intervals per sample
     * @param batch     messages per sample ({@code --batch K}; 1 per message): the probe is then per message
     * @param forkMeansNs each stagebench fork's own mean, in fork order (empty: not known)
     * @param jmhForkNs   JMH's figure fork by fork, in fork order (empty: not known)
     * @param forkMedianRatio the median of stagebench's fork means over the median of JMH's forks; NaN with fewer than
     *                    {@value CrossCheck#MIN_FORKS_FOR_MEDIAN} forks a side. A batched row with it is checked by it
     * @param core        the measuring core's state while each side measured (null: not timed on both sides)
     */
    public record Row(String stage, String jmhSource, long samples, double p50Ns, double meanNs, double jmhNs,
                      double jmhErrorNs, double ratio, Verdict verdict, long stallSamples, double stallShare,
                      double meanWithoutStallsNs, Probe probe, int intervals, int batch, List<Double> forkMeansNs,
                      List<Double> jmhForkNs, double forkMedianRatio, CoreStates core) {

        public Row {
            forkMeansNs = forkMeansNs == null ? List.of() : List.copyOf(forkMeansNs);
            jmhForkNs = jmhForkNs == null ? List.of() : List.copyOf(jmhForkNs);
        }

        /** @return the fastest fork's mean over the JMH figure checked ({@link #checkedJmhNs()}; NaN without per-fork means) */
        public double fastestForkRatio() {
            return min(forkMeansNs) / checkedJmhNs();
        }

        /** @return the slowest fork's mean over the JMH figure checked ({@link #checkedJmhNs()}; NaN without per-fork means) */
        public double slowestForkRatio() {
            return max(forkMeansNs) / checkedJmhNs();
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
         *         {@link #forkMedianRatio}, else {@link #adjustedNs()}
         */
        public double checkedNs() {
            return Double.isFinite(forkMedianRatio) ? median(forkMeansNs) - residueNs() : adjustedNs();
        }

        /**
         * @return the JMH figure this row is checked against, in ns: JMH's median fork when the row has a
         *         {@link #forkMedianRatio}, else the pooled {@link #jmhNs()}
         */
        public double checkedJmhNs() {
            return Double.isFinite(forkMedianRatio) ? median(jmhForkNs) : jmhNs;
        }

        /** @return whether a few interruptions carry enough of the stagebench mean to distort the comparison */
        public boolean noisy() {
            return stallShare > STALL_SHARE_WARNING;
        }
    }

    private CrossCheck() {
    }

    /**
     * @param pairing     what is compared
     * @param samplesNs   stagebench's samples of the pairing's series (pooled over forks), or null if it failed
     * @param p50Ns       their p50
     * @param jmh         JMH scores by benchmark name without the package
     */
    public static Row compare(Pairing pairing, double[] samplesNs, double p50Ns, Map<String, JmhScore> jmh) {
        return compare(pairing, samplesNs, p50Ns, jmh, null);
    }

    /**
     * @param probe the probe of the forks that measured the samples, or null
     * @see #compare(Pairing, double[], double, Map)
     */
    public static Row compare(Pairing pairing, double[] samplesNs, double p50Ns, Map<String, JmhScore> jmh, Probe probe) {
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
        return new Row(pairing.stage(), pairing.jmhSource(), samples, samples == 0 ? Double.NaN : p50Ns, meanNs, jmhNs,
                jmhErrorNs, ratio, verdict, stallSamples, stallShare, meanWithoutStallsNs, probe, pairing.intervals(), 1, List.of(),
                List.of(), Double.NaN, null);
    }

    /**
     * A batched figure against the same JMH figure: every reference stage is checked (a batch of K
     * messages is well above {@value #MIN_CHECKED_NS} ns), and the probe and its residue per message
     * are the batch's divided by K (and by nothing for book and decide, whose batches subtract their
     * preparation's: both paid a probe).
     *
     * @param samplesNs per-message means of the batches (pooled over forks), or null if it failed
     * @param probe     the probe of the forks, per batch
     * @param batch     messages per batch
     * @param forkMeansNs each fork's own mean of the batches, in fork order: with {@value #MIN_FORKS_FOR_MEDIAN} or more
     *                    on both sides the row is checked by the median of each side's forks
     * @param forkCoreLoopNs each fork's state of the measuring core ({@link CoreStates}), 0 or empty where not timed
     * @param fastestCoreLoopNs the fastest fork's loop in the whole crosscheck, either side (NaN: none timed)
     */
    public static Row compareBatched(Pairing pairing, double[] samplesNs, double p50Ns, Map<String, JmhScore> jmh,
                                     Probe probe, int batch, List<Double> forkMeansNs, List<Double> forkCoreLoopNs,
                                     double fastestCoreLoopNs) {
        return compareBatched(pairing, samplesNs, p50Ns, jmh, probe, batch, forkMeansNs, forkCoreLoopNs,
                fastestCoreLoopNs, Double.NaN);
    }

    /**
     * @param pooledMeanNs the forks' batches' mean per message where the samples' own mean leans off it (a preparation
     *                     pass's pairs cut at 0, {@link io.stagebench.result.LatencySeries#batchedMeanNs}); NaN: the
     *                     samples' mean
     * @see #compareBatched(Pairing, double[], double, Map, Probe, int, List, List, double)
     */
    public static Row compareBatched(Pairing pairing, double[] samplesNs, double p50Ns, Map<String, JmhScore> jmh,
                                     Probe probe, int batch, List<Double> forkMeansNs, List<Double> forkCoreLoopNs,
                                     double fastestCoreLoopNs, double pooledMeanNs) {
        Pairing checked = pairing.forBatches();
        // book and decide subtract their preparation's batch, which paid a probe as well: the residue cancels
        Probe perMessage = probe == null ? null : checked.jmhBaseline() != null ? new Probe(0, 0)
                : new Probe(probe.subtractedNs() / batch, probe.medianNs() / batch);
        Row row = compare(checked, samplesNs, p50Ns, jmh, perMessage);
        if (Double.isFinite(pooledMeanNs) && row.verdict() != Verdict.MISSING) {
            row = withMean(row, pooledMeanNs, checked);
        }
        List<Double> jmhForks = jmhForks(checked, jmh);
        List<Double> sbForks = forkMeansNs == null ? List.of() : forkMeansNs;
        double forkMedianRatio = sbForks.size() >= MIN_FORKS_FOR_MEDIAN && jmhForks.size() >= MIN_FORKS_FOR_MEDIAN
                ? median(sbForks) / median(jmhForks) : Double.NaN;
        double checkedRatio = Double.isFinite(forkMedianRatio) ? forkMedianRatio : row.ratio();
        Verdict verdict = row.verdict() == Verdict.MISSING ? row.verdict() : checkedVerdict(checkedRatio, row.jmhNs());
        return new Row(row.stage(), row.jmhSource(), row.samples(), row.p50Ns(), row.meanNs(), row.jmhNs(), row.jmhErrorNs(),
                row.ratio(), verdict, row.stallSamples(), row.stallShare(), row.meanWithoutStallsNs(), row.probe(), 1, batch,
                sbForks, jmhForks, forkMedianRatio, coreStates(checked, jmh, forkCoreLoopNs, fastestCoreLoopNs));
    }

    /**
     * @return {@code row} with {@code meanNs} as stagebench's mean: its ratio and verdict follow, and its mean without
     *         interruptions moves by as much (the samples' interruptions are still theirs)
     */
    private static Row withMean(Row row, double meanNs, Pairing pairing) {
        double ratio = meanNs / row.jmhNs();
        Verdict verdict = !pairing.checked() || Math.max(meanNs, row.jmhNs()) < MIN_CHECKED_NS ? Verdict.UNCHECKED
                : checkedVerdict(ratio, row.jmhNs());
        return new Row(row.stage(), row.jmhSource(), row.samples(), row.p50Ns(), meanNs, row.jmhNs(), row.jmhErrorNs(),
                ratio, verdict, row.stallSamples(), row.stallShare(), row.meanWithoutStallsNs() + meanNs - row.meanNs(),
                row.probe(),
                row.intervals(), row.batch(), row.forkMeansNs(), row.jmhForkNs(), row.forkMedianRatio(), row.core());
    }

    /**
     * @return each side's core state, or null when either side timed none: a JMH fork of a difference twin is as shared
     *         as the slower of its two benchmarks
     */
    private static CoreStates coreStates(Pairing pairing, Map<String, JmhScore> jmh, List<Double> forkCoreLoopNs,
                                         double fastestCoreLoopNs) {
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
        List<Double> timed = forkCoreLoopNs == null ? List.of()
                : forkCoreLoopNs.stream().filter(CrossCheck::timed).toList();
        jmhCore.removeIf(ns -> !timed(ns));
        return timed.isEmpty() || jmhCore.isEmpty() || !timed(fastestCoreLoopNs) ? null
                : CoreStates.of(timed, jmhCore, fastestCoreLoopNs);
    }

    private static boolean timed(double loopNs) {
        return loopNs > 0 && Double.isFinite(loopNs);
    }

    /** @return JMH's figure of {@code pairing} fork by fork (a difference of two benchmarks fork by fork); empty: unknown */
    private static List<Double> jmhForks(Pairing pairing, Map<String, JmhScore> jmh) {
        JmhScore main = jmh.get(pairing.jmh());
        JmhScore baseline = pairing.jmhBaseline() == null ? null : jmh.get(pairing.jmhBaseline());
        if (main == null || (pairing.jmhBaseline() != null && (baseline == null
                || baseline.forkNs().size() != main.forkNs().size()))) {
            return List.of();
        }
        List<Double> forks = new ArrayList<>();
        for (int i = 0; i < main.forkNs().size(); i++) {
            // a twin's two benchmarks ran in the same JMH fork, one after the other: their difference is that fork's
            forks.add(main.forkNs().get(i) - (baseline == null ? 0 : baseline.forkNs().get(i)));
        }
        return forks;
    }

    private static double min(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
    }

    private static double max(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    }

    static double median(List<Double> values) {
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    private static Verdict checkedVerdict(double ratio, double jmhNs) {
        // the epsilon keeps exactly 10% inside despite binary fractions
        return jmhNs > 0 && Math.abs(ratio - 1) <= TOLERANCE_PERCENT / 100.0 + 1e-12 ? Verdict.OK : Verdict.DIFF;
    }

    /**
     * @return one line per row saying, with measured figures, why its ratio is what it is: the
     *         probe subtracted and its share of the mean, the residue a typical probe leaves
     *         per timed interval, the interruptions' share, the ratio once both are out, and for
     *         the marked pipeline what the marks cost over the unmarked total
     */
    public static List<String> explanations(List<Row> rows) {
        return explanations(rows, List.of(), 0, 0);
    }

    /**
     * The per-message rows' lines, each with what its stage's batched row measured over the same stream: a per-message
     * ratio's excess over 1 is then the sum of computed parts - the probe's residue and the interruptions (as in
     * {@link #explanations(List)}), what timing each call alone adds over the same stage in batches of K (the
     * serialising fences, which a batch pays once; and the message mix when the two runs timed different messages),
     * where JMH times the stage two ways (decide: each call between two {@code System.nanoTime} reads, and whole
     * overlapped walks) how far its two figures differ, and what is left, the batched figure's own distance from the
     * JMH figure its batched row is judged by - and the line is {@code explained} when that last part is within
     * {@value #EXPLAINED_PERCENT}%. JMH's per-call figure reads low: the work after a clock read's {@code rdtsc} (its
     * scaling, its return) runs while the timed call begins, and hides part of it: a short chain in C read markedly
     * less between {@code clock_gettime} reads than between fenced {@code rdtsc} reads, each less the same reads around
     * nothing, as decide reads less in JMH's per-call twin than in stagebench and JMH's batched twin
     * (docs/decisions.md, "Crosscheck's decide").
     *
     * @param batchedRows       the batched rows, by stage (empty: no batched run; the lines are then as above)
     * @param messages          the messages a per-message fork measured
     * @param batchedMessages   the messages a batched fork measured (the whole stream)
     */
    public static List<String> explanations(List<Row> rows, List<Row> batchedRows, long messages, long batchedMessages) {
        List<String> lines = new ArrayList<>();
        Row unmarked = rows.stream().filter(r -> r.stage().equals("pipeline")).findFirst().orElse(null);
        for (Row r : rows) {
            if (r.verdict() == Verdict.MISSING) {
                lines.add(String.format(Locale.ROOT, "  %-9s no figure from one harness", r.stage()));
                continue;
            }
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "  %-9s ratio %.2f:", r.stage(), r.ratio()));
            if (r.batch() > 1) {
                line.append(String.format(Locale.ROOT, " batches of %d;", r.batch()));
            }
            if (r.probe() != null) {
                line.append(String.format(Locale.ROOT, " probe %.1f ns subtracted (%.0f%% of the mean%s), residue +%.1f ns",
                        r.probe().subtractedNs() * r.intervals(), 100 * r.probe().subtractedNs() * r.intervals() / r.meanNs(),
                        Double.isFinite(r.probe().stepNs()) && r.batch() == 1
                                ? String.format(Locale.ROOT, "; step %.1f ns, no bias to a mean", r.probe().stepNs()) : "",
                        r.residueNs()));
                if (r.intervals() > 1) {
                    line.append(" (").append(r.intervals()).append(" intervals)");
                }
                line.append(';');
            }
            line.append(String.format(Locale.ROOT, " interruptions %.1f%% of the mean;", 100 * r.stallShare()));
            line.append(String.format(Locale.ROOT, " without both %.2f", r.adjustedRatio()));
            if (Double.isFinite(r.forkMedianRatio())) {
                line.append(String.format(Locale.ROOT, "; fork by fork %.2f, the median's (stagebench's %d forks %.1f..%.1f"
                        + " ns, JMH's %d %.1f..%.1f), the figure checked", r.forkMedianRatio(), r.forkMeansNs().size(),
                        min(r.forkMeansNs()), max(r.forkMeansNs()), r.jmhForkNs().size(), min(r.jmhForkNs()),
                        max(r.jmhForkNs())));
            }
            if (r.core() != null) {
                CoreStates c = r.core();
                line.append(String.format(Locale.ROOT, "; core loop %.2f ns an iteration in stagebench's forks, %.2f in"
                        + " JMH's (%+.0f%%), forks on a shared core (%.0f%%+ over the crosscheck's fastest, %.2f):"
                        + " stagebench's %d of %d, JMH's %d of %d", c.stagebenchNs(), c.jmhNs(),
                        100 * (c.jmhOverStagebench() - 1), 100 * (CoreStates.APART - 1), c.fastestNs(), c.stagebenchShared(),
                        c.stagebenchForks(), c.jmhShared(), c.jmhForks()));
            }
            Row b = r.batch() > 1 ? null : batchedRows.stream().filter(x -> x.stage().equals(r.stage())
                    && x.verdict() != Verdict.MISSING).findFirst().orElse(null);
            if (b != null && !r.stage().equals("marked")) {
                // the batched figure as the batched row is checked: by its median fork where it has one
                double fencedNs = r.adjustedNs() - b.checkedNs();
                line.append(String.format(Locale.ROOT, "; each call fenced alone %+.1f ns against batches of %d (%+.2f)",
                        fencedNs, b.batch(), fencedNs / r.jmhNs()));
                if (messages != batchedMessages) {
                    line.append(String.format(Locale.ROOT, ", with the message mix: %,d messages against the stream's %,d",
                            messages, batchedMessages));
                }
                boolean twins = !b.jmhSource().equals(r.jmhSource());
                if (twins) {
                    // decide: JMH times the same work two ways, and they disagree by more than the harnesses do
                    line.append(String.format(Locale.ROOT, "; JMH's batched twin %+.1f ns over its per-call twin (%+.2f):"
                            + " a call timed between two System.nanoTime reads starts while the first read's last"
                            + " instructions run, which hide part of it", b.checkedJmhNs() - r.jmhNs(),
                            b.checkedJmhNs() / r.jmhNs() - 1));
                }
                // against the JMH figure the batched row is judged by (its median fork where it has one): decide's has
                // its own (overlapped calls)
                double leftRatio = b.checkedNs() / b.checkedJmhNs() - 1;
                line.append(String.format(Locale.ROOT, "; left %+.2f, the batched %s own over %s", leftRatio,
                        Double.isFinite(b.forkMedianRatio()) ? "median fork's" : "mean's",
                        (twins ? "JMH's batched twin" : "this JMH figure")
                                + (Double.isFinite(b.forkMedianRatio()) ? "'s median fork" : "")));
                line.append(Math.abs(leftRatio) <= EXPLAINED_PERCENT / 100.0 + 1e-12
                        ? String.format(Locale.ROOT, " - explained within %d%%", EXPLAINED_PERCENT)
                        : " - not explained within " + EXPLAINED_PERCENT + "%");
                lines.add(line.toString());
                continue;
            }
            if (r.stage().equals("marked") && unmarked != null && Double.isFinite(unmarked.meanNs())) {
                line.append(String.format(Locale.ROOT, "; the 3 marks add %+.1f ns to the unmarked mean (fences that"
                        + " stop one stage overlapping the next)", r.meanNs() - unmarked.meanNs()));
            } else if (Math.abs(r.checkedRatio() - 1) <= TOLERANCE_PERCENT / 100.0) {
                line.append(" - explained");
            } else if (r.batch() > 1 && r.core() != null && r.core().apart()
                    && (r.checkedRatio() > 1) == (r.core().jmhOverStagebench() < 1)) {
                // the side that met the more shared core is the slower one
                line.append(String.format(Locale.ROOT, " - the rest: the two sides met the measuring core in different"
                        + " states, %s's the more shared (the host ran another guest on its other hardware thread), so the"
                        + " row compares the host's moments as much as the harnesses; repeat it",
                        r.checkedRatio() > 1 ? "stagebench" : "JMH"));
            } else if (r.batch() > 1 && jmhForksApart(r.jmhForkNs())) {
                // the reference itself: on a shared host a difference twin's forks spread past what the row is held to
                double medianNs = median(r.jmhForkNs());
                line.append(String.format(Locale.ROOT, " - the rest: JMH's own forks lie %.2f..%.2f of their median (%d"
                                + " forks, %.1f..%.1f ns), farther apart than the %d%% the row is checked to, so the row"
                                + " compares the host's moments as much as the harnesses; repeat it",
                        min(r.jmhForkNs()) / medianNs, max(r.jmhForkNs()) / medianNs, r.jmhForkNs().size(),
                        min(r.jmhForkNs()), max(r.jmhForkNs()), TOLERANCE_PERCENT));
            } else if (r.batch() > 1 && r.forkMeansNs().isEmpty()) {
                line.append(" - the rest is unexplained: no fence inside a batch, and no fork's own mean to compare");
            } else if (r.batch() > 1 && r.fastestForkRatio() <= 1 + TOLERANCE_PERCENT / 100.0
                    && r.slowestForkRatio() >= 1 - TOLERANCE_PERCENT / 100.0) {
                // no fence inside a batch: what is left is which code each fork's JVM made and where it lies
                line.append(String.format(Locale.ROOT, " - the rest: the forks differ from each other, their means"
                                + " %.2f..%.2f of JMH's (%d forks), which holds its figure within 10%%: the mode each fork's"
                                + " compiled code and layout landed in, not the ruler",
                        r.fastestForkRatio(), r.slowestForkRatio(), r.forkMeansNs().size()));
            } else if (r.batch() > 1) {
                line.append(String.format(Locale.ROOT, " - the rest is unexplained: no fence inside a batch, and every"
                        + " fork's mean (%.2f..%.2f of JMH's) lies beyond 10%%", r.fastestForkRatio(), r.slowestForkRatio()));
            } else if (r.adjustedRatio() > 1) {
                line.append(" - the rest: each stagebench call runs fenced, alone; JMH's calls overlap in the core");
            } else {
                line.append(" - the rest is unexplained");
            }
            lines.add(line.toString());
        }
        return lines;
    }

    /** @return whether JMH's forks of a row, {@value #MIN_FORKS_FOR_MEDIAN} or more, lie beyond the tolerance of their median */
    private static boolean jmhForksApart(List<Double> jmhForkNs) {
        if (jmhForkNs.size() < MIN_FORKS_FOR_MEDIAN) {
            return false;
        }
        double medianNs = median(jmhForkNs);
        double tolerance = TOLERANCE_PERCENT / 100.0;
        return medianNs > 0 && (max(jmhForkNs) / medianNs > 1 + tolerance || min(jmhForkNs) / medianNs < 1 - tolerance);
    }

    /** @return whether every checked row agrees and none is missing */
    public static boolean agrees(List<Row> rows) {
        return rows.stream().noneMatch(r -> r.verdict() == Verdict.DIFF || r.verdict() == Verdict.MISSING);
    }

    /** @return the side-by-side table with its legend */
    public static String toText(List<Row> rows) {
        String nl = System.lineSeparator();
        StringBuilder out = new StringBuilder();
        boolean byForks = rows.stream().anyMatch(r -> Double.isFinite(r.forkMedianRatio()));
        List<Column> columns = new ArrayList<>(List.of(Column.left("ns", Width.fixed(9)),
                Column.right("stagebench p50", Width.fixed(14)), Column.right("stagebench mean*", Width.fixed(16)),
                Column.right("JMH avgt +- error", Width.fixed(20)), Column.right("ratio", Width.fixed(7))));
        if (byForks) {
            columns.add(Column.right("forks'", Width.fixed(6)));
        }
        columns.add(Column.left("check", Width.fixed(7)).withGap(2));
        columns.add(Column.left("JMH figure").withGap(2));
        Table table = Table.withHeader(columns.toArray(Column[]::new)).indent(2);
        for (Row r : rows) {
            List<String> cells = new ArrayList<>(List.of(r.stage(), ns(r.p50Ns()), ns(r.meanNs()), jmh(r.jmhNs(), r.jmhErrorNs()),
                    Double.isFinite(r.ratio()) ? String.format(Locale.ROOT, "%.3f", r.ratio()) : "-"));
            if (byForks) {
                cells.add(Double.isFinite(r.forkMedianRatio()) ? String.format(Locale.ROOT, "%.3f", r.forkMedianRatio()) : "-");
            }
            cells.add(r.verdict().label());
            cells.add(r.jmhSource());
            table.row(cells.toArray(String[]::new));
        }
        table.appendTo(out);
        out.append("  * mean of stagebench's samples, computed for this comparison only (JMH's AverageTime is a mean);")
                .append(nl);
        out.append("    ratio = stagebench mean / JMH avgt").append(nl);
        if (byForks) {
            out.append(String.format(Locale.ROOT, "    forks' = the median of stagebench's fork means / the median of JMH's"
                    + " forks: what a batched row%n    is checked by with %d forks or more a side (a fork's level is"
                    + " drawn at its start: one fork apart%n    carries a pooled mean whole)%n", MIN_FORKS_FOR_MEDIAN));
        }
        out.append(String.format(Locale.ROOT, "  check: the two agree within +-%d%% for stages of %.0f ns or more in either"
                + " harness; '-' below that%n", TOLERANCE_PERCENT, MIN_CHECKED_NS));
        out.append("  book: JMH cannot leave the per-call preparation out cheaply, so its figure is the difference of two")
                .append(nl).append("    benchmarks (preparation and stage, minus preparation alone); decide: each call timed alone after an")
                .append(nl).append("    untimed preparation (an invocation-level setup), less the same call with nothing to time - batched,")
                .append(nl).append("    the difference of two benchmarks, as book's").append(nl);
        return out.toString();
    }

    /** @return a warning for each row whose stagebench mean is carried by interruptions, not by the stage */
    public static List<String> noiseWarnings(List<Row> rows) {
        List<String> warnings = new ArrayList<>();
        for (Row r : rows) {
            if (r.noisy()) {
                warnings.add(String.format(Locale.ROOT, "crosscheck %s: %d sample(s) of %.0f us or more carry %.0f%% of"
                        + " stagebench's mean (%.1f ns; %.1f ns without them; p50 %.1f ns): the measuring CPU was"
                        + " interrupted, the means are not comparable - run on a quiet machine (see 'stagebench run jitter')",
                        r.stage(), r.stallSamples(), STALL_NS / 1_000, 100 * r.stallShare(), r.meanNs(),
                        r.meanWithoutStallsNs(), r.p50Ns()));
            }
        }
        return warnings;
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

    private static String ns(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.1f", v) : "-";
    }

    private static String jmh(double v, double error) {
        if (!Double.isFinite(v)) {
            return "-";
        }
        return Double.isFinite(error) ? String.format(Locale.ROOT, "%.1f +- %.1f", v, error)
                : String.format(Locale.ROOT, "%.1f", v);
    }
}
