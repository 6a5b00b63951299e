package io.stagebench.result;

import io.stagebench.api.SeriesNames;
import io.stagebench.api.TagDeclaration;
import io.stagebench.config.RunConfig;
import io.stagebench.link.ForkResult;
import io.stagebench.link.ForkWarning;
import io.stagebench.link.Mode;
import io.stagebench.stats.StageSummary;
import io.stagebench.warning.Warning;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The warnings of a run, decided once from its configuration and its benchmarks' outcomes: what {@code summary.json}
 * stores and the console prints (after the machine's, which are stored on their own). Each warning is said once, with
 * the benchmarks and forks it applies to and its fix: the forks' own warnings grouped, failed forks, a probe that
 * swamps a stage (with the batch that would not), too few samples beyond a percentile, too few forks to compare.
 */
public final class RunWarnings {

    /** A stage's p50 under this multiple of the probe overhead is flagged. */
    public static final double OVERHEAD_WARNING_RATIO = 0.20;

    /** Forks per variant a comparison needs. */
    public static final int COMPARISON_FORKS = 5;

    /** A kernel-stamped stage's p50 under this multiple of the clock mapping's bound is flagged. */
    public static final double KERNEL_CLOCK_WARNING_RATIO = 0.10;

    private static final String PROBE_WARNING = "probe >20% of p50: mostly arithmetic; fix: ";

    private RunWarnings() {}

    /**
     * @param config the run's configuration
     * @param outcomes its benchmarks' outcomes
     * @param runWarnings the run's own warnings (CPU placement), first
     * @param forkCountChosen true when the command chose the fork count (a smoke run), so too few forks for a
     *     comparison is not warned about
     * @return every warning of the run but the machine's, each once: the run's own, then each benchmark warning with
     *     the benchmarks (and forks) it applies to, e.g. "parse, book: probe >20% of p50: mostly arithmetic; fix: time
     *     a coarser boundary"
     */
    public static List<String> of(
            RunConfig config, List<BenchmarkOutcome> outcomes, List<String> runWarnings, boolean forkCountChosen) {
        Map<String, List<String>> grouped = new LinkedHashMap<>();
        List<BatchFix> batchFixes = new ArrayList<>();
        for (BenchmarkOutcome outcome : outcomes) {
            String name = outcome.descriptor().name();
            Map<String, List<Integer>> forkWarnings = new LinkedHashMap<>();
            Map<String, ForkWarning> codes = new LinkedHashMap<>();
            for (ForkResult fork : outcome.forks()) {
                for (int i = 0; i < fork.checks().warnings().size(); i++) {
                    String w = fork.checks().warnings().get(i);
                    forkWarnings
                            .computeIfAbsent(w, k -> new ArrayList<>())
                            .add(fork.run().fork());
                    codes.putIfAbsent(w, fork.checks().warningCodes().get(i));
                }
            }
            forkWarnings.forEach((w, forks) -> add(
                    grouped,
                    w + fixFor(codes.get(w)),
                    name
                            + (forks.size() == outcome.forks().size() && forks.size() > 1
                                    ? ""
                                    : " fork" + (forks.size() > 1 ? "s " : " ") + joinInts(forks))));
            outcome.failures().forEach(f -> add(grouped, f, null));
            if (outcome.forks().isEmpty()) {
                add(grouped, "every fork failed; no result", name);
                continue;
            }
            int batch = outcome.batch();
            // batched, each sample paid one probe for K messages: its share of a message is a K-th
            double overheadNs = outcome.overheadNs() / batch;
            List<String> stages = outcome.summaries().stream()
                    .map(StageSummary::stage)
                    .filter(stage -> batch > 1 || !SeriesNames.RESERVED.contains(stage))
                    .filter(stage -> TagDeclaration.stageOf(stage).isEmpty())
                    .toList(); // a tag's share is its stage's
            List<String> flagged = outcome.summaries().stream()
                    .filter(s -> stages.contains(s.stage()) && overheadNs > OVERHEAD_WARNING_RATIO * s.p50Ns())
                    .map(StageSummary::stage)
                    .toList();
            Optional<BatchFix> fix = flagged.isEmpty() ? Optional.empty() : batchFix(config, outcome);
            for (String stage : flagged.equals(stages) ? List.of(name) : flagged) {
                String subject = stage.equals(name) ? name : name + "/" + stage;
                if (fix.isPresent() && stage.equals(name)) {
                    batchFixes.add(
                            new BatchFix(subject, fix.get().batch(), fix.get().probeShare()));
                } else {
                    // some of a pipeline's stages: a batch would time only their sum
                    add(grouped, PROBE_WARNING + "time a coarser boundary", subject);
                }
            }
            kernelClockWarning(outcome).ifPresent(w -> add(grouped, w, name));
            if (!outcome.summaries().isEmpty()
                    && !outcome.summaries().get(0).unreliable().isEmpty()) {
                add(
                        grouped,
                        String.join(", ", outcome.summaries().get(0).unreliable())
                                + ": <100 samples beyond (marked *); fix: " + Warning.FEW_TAIL_SAMPLES.fix(),
                        name);
            }
        }
        List<String> warnings = new ArrayList<>(runWarnings);
        if (config.profile() != null) {
            warnings.add("profiled (--prof " + config.profile().id() + "): the profiler's samples interrupted the"
                    + " measured passes, so these figures are not a measurement; fix: " + Warning.PROFILED.fix());
        }
        if (!forkCountChosen && config.forks() < COMPARISON_FORKS) {
            warnings.add(config.forks() + " fork(s) per benchmark: a comparison needs at least " + COMPARISON_FORKS
                    + " per variant; fix: -f " + COMPARISON_FORKS);
        }
        grouped.forEach((text, subjects) ->
                warnings.add(subjects.isEmpty() ? text : String.join(", ", subjects) + ": " + text));
        batchWarning(batchFixes).ifPresent(warnings::add);
        CoreContention.of(outcomes.stream().flatMap(o -> o.forks().stream()).toList())
                .warning()
                .ifPresent(warnings::add);
        return warnings;
    }

    /**
     * @return for a benchmark that mapped kernel timestamps, a warning naming its first or last stage (those a kernel
     *     stamp starts or ends) whose p50 the mapping's bound exceeds a tenth of
     */
    private static Optional<String> kernelClockWarning(BenchmarkOutcome outcome) {
        double boundNs = outcome.forks().stream()
                .filter(f -> f.ruler().wallClock() != null)
                .mapToDouble(f -> f.ruler().wallClock().boundTicks()
                        / f.ruler().calibration().ticksPerNs())
                .max()
                .orElse(0);
        List<String> stages = outcome.descriptor().stages();
        if (boundNs == 0 || stages.size() < 2) {
            return Optional.empty();
        }
        List<String> wide = outcome.summaries().stream()
                .filter(s -> s.stage().equals(stages.get(0)) || s.stage().equals(stages.get(stages.size() - 1)))
                .filter(s -> boundNs > KERNEL_CLOCK_WARNING_RATIO * s.p50Ns())
                .map(StageSummary::stage)
                .toList();
        return wide.isEmpty()
                ? Optional.empty()
                : Optional.of(String.format(
                        Locale.ROOT,
                        "%s: the kernel clock's mapping (+-%.0f ns) is >10%% of p50; fix: %s",
                        String.join(", ", wide),
                        boundNs,
                        Warning.KERNEL_CLOCK_BOUND.fix()));
    }

    /**
     * The batch that would put the probe below the target for a subject of the probe warning, and the share it leaves.
     */
    private record BatchFix(String subject, int batch, double probeShare) {}

    /**
     * @return one warning for every stage the probe swamps, naming the runnable fix: "--batch 16 (probe 3.1% of the
     *     interval)" when one batch serves them all, else "--batch auto (K 8..16)"
     */
    private static Optional<String> batchWarning(List<BatchFix> fixes) {
        if (fixes.isEmpty()) {
            return Optional.empty();
        }
        String subjects =
                String.join(", ", fixes.stream().map(BatchFix::subject).toList());
        double worst = fixes.stream().mapToDouble(BatchFix::probeShare).max().orElse(0);
        if (fixes.stream().mapToInt(BatchFix::batch).distinct().count() == 1) {
            return Optional.of(String.format(
                    Locale.ROOT,
                    "%s: %s--batch %d (probe %.1f%% of the interval)",
                    subjects,
                    PROBE_WARNING,
                    fixes.get(0).batch(),
                    100 * worst));
        }
        // one short line for the usual five: each one's K is what --batch auto prints when it runs
        return Optional.of(String.format(
                Locale.ROOT,
                "%s: %s--batch auto (K %d..%d)",
                subjects,
                PROBE_WARNING,
                fixes.stream().mapToInt(BatchFix::batch).min().orElse(1),
                fixes.stream().mapToInt(BatchFix::batch).max().orElse(1)));
    }

    /**
     * @return the batch {@code --batch auto} would choose from this run's own figures for a probe that swamps
     *     {@code outcome}'s stages (a pipeline's unmarked total, which a batch times), with the probe share it leaves;
     *     empty where batching does not apply (paced, handoff) or would not be coarser
     */
    private static Optional<BatchFix> batchFix(RunConfig config, BenchmarkOutcome outcome) {
        if (config.mode() == Mode.PACED || outcome.forks().get(0).handoff()) {
            return Optional.empty();
        }
        StageSummary timed = outcome.summaries().stream()
                .filter(s -> s.stage().equals(SeriesNames.UNMARKED))
                .findFirst()
                .orElse(outcome.summaries().stream()
                        .filter(s -> s.stage()
                                .equals(LatencySeries.batchedSeries(
                                        outcome.descriptor().stages())))
                        .findFirst()
                        .orElse(outcome.summaries().get(0)));
        double probeNs = outcome.overheadNs();
        int k = BatchChoice.choose(probeNs, timed.p50Ns(), config.messages());
        if (k <= outcome.batch()) {
            return Optional.empty();
        }
        return Optional.of(
                new BatchFix(outcome.descriptor().name(), k, BatchChoice.probeShare(probeNs, timed.p50Ns(), k)));
    }

    private static void add(Map<String, List<String>> grouped, String text, String subject) {
        List<String> subjects = grouped.computeIfAbsent(text, k -> new ArrayList<>());
        if (subject != null && !subjects.contains(subject)) {
            subjects.add(subject);
        }
    }

    /** @return "; fix: ..." for a fork warning whose remedy is known by its code, else "" */
    private static String fixFor(ForkWarning code) {
        return code.fix() == null ? "" : "; fix: " + code.fix();
    }

    private static String joinInts(List<Integer> values) {
        return String.join(",", values.stream().map(String::valueOf).toList());
    }
}
