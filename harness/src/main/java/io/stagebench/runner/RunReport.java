package io.stagebench.runner;

import io.stagebench.clock.Calibration;
import io.stagebench.stats.Distribution;
import io.stagebench.stats.StageSummary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

/**
 * The console report of a run: the ruler first (clock binding, counter line, calibration,
 * probe overhead, pinning obtained), then per benchmark a percentile table in ns with the
 * run-to-run spread of p50, what each fork verified about its measurement, and every
 * warning as a {@code *** WARNING:} line.
 */
public final class RunReport {

    /** A stage's p50 under this multiple of the probe overhead is flagged. */
    public static final double OVERHEAD_WARNING_RATIO = 0.20;

    private final RunConfig config;
    private final List<BenchmarkOutcome> outcomes;
    private final List<String> runWarnings;

    public RunReport(RunConfig config, List<BenchmarkOutcome> outcomes, List<String> runWarnings) {
        this.config = config;
        this.outcomes = List.copyOf(outcomes);
        this.runWarnings = List.copyOf(runWarnings);
    }

    /** @return every warning of the run: the run's own, each fork's (deduplicated), overhead and sample checks */
    public List<String> warnings() {
        List<String> warnings = new ArrayList<>(runWarnings);
        for (BenchmarkOutcome outcome : outcomes) {
            String name = outcome.descriptor().name();
            Map<String, List<Integer>> forkWarnings = new LinkedHashMap<>();
            for (ForkResult fork : outcome.forks()) {
                for (String w : fork.warnings()) {
                    forkWarnings.computeIfAbsent(w, k -> new ArrayList<>()).add(fork.fork());
                }
            }
            forkWarnings.forEach((w, forks) -> warnings.add(name + " fork" + (forks.size() > 1 ? "s " : " ")
                    + joinInts(forks) + ": " + w));
            warnings.addAll(outcome.failures());
            if (outcome.forks().isEmpty()) {
                warnings.add(name + ": every fork failed; no result");
                continue;
            }
            double overheadNs = overheadNs(outcome);
            for (StageSummary s : outcome.summaries()) {
                if (LatencySeries.RESERVED.contains(s.stage())) {
                    continue;
                }
                if (overheadNs > OVERHEAD_WARNING_RATIO * s.p50Ns()) {
                    warnings.add(String.format(Locale.ROOT,
                            "%s/%s: the probe overhead subtracted (%.1f ns) is more than 20%% of the stage's p50 (%.1f ns);"
                                    + " the figure is mostly arithmetic - time a coarser boundary", name, s.stage(), overheadNs,
                            s.p50Ns()));
                }
            }
            if (!outcome.summaries().isEmpty() && !outcome.summaries().get(0).unreliable().isEmpty()) {
                warnings.add(name + ": too few samples for " + String.join(", ", outcome.summaries().get(0).unreliable())
                        + " (fewer than 100 beyond): marked * and unreliable");
            }
            if (outcome.forks().size() < 5) {
                warnings.add(name + ": " + outcome.forks().size() + " fork(s); comparisons need at least 5 per variant");
            }
        }
        return warnings;
    }

    /**
     * @return the run's last line when any fork failed - how many of how many, which benchmarks
     *         are left with no result, the first failure - e.g. {@code *** FAILED: 1 of 3 forks
     *         failed; the results are from the others: spin fork 2/3 killed by SIGKILL (exit status
     *         137); its output is above}; empty when every fork succeeded
     */
    public Optional<String> failureLine() {
        List<String> failures = outcomes.stream().flatMap(o -> o.failures().stream()).toList();
        if (failures.isEmpty()) {
            return Optional.empty();
        }
        List<String> noResult = outcomes.stream().filter(o -> o.forks().isEmpty()).map(o -> o.descriptor().name()).toList();
        int planned = outcomes.size() * config.forks();
        return Optional.of(String.format(Locale.ROOT, "*** FAILED: %d of %d forks failed; %s: %s%s", failures.size(), planned,
                noResult.isEmpty() ? "the results are from the others" : "no result for " + String.join(", ", noResult),
                failures.get(0), failures.size() > 1 ? " (and " + (failures.size() - 1) + " more, listed above)" : ""));
    }

    /** @return the report text */
    public String toText() {
        StringBuilder out = new StringBuilder();
        ForkResult first = outcomes.stream().flatMap(o -> o.forks().stream()).findFirst().orElse(null);
        if (first != null) {
            Calibration c = first.calibration();
            out.append(String.format(Locale.ROOT, "clock %s%s; counter %.1f MHz, %.3f ns/tick, step %d ticks = %.1f ns%n",
                    first.binding(), first.binding() != first.requestedBinding() ? " (FALLBACK from " + first.requestedBinding() + ")" : "",
                    c.mhz(), c.nsPerTick(), first.stepTicks(), c.toNs(first.stepTicks())));
            List<ForkResult> all = outcomes.stream().flatMap(o -> o.forks().stream()).toList();
            out.append(String.format(Locale.ROOT,
                    "calibration %s MHz across %d forks (%d x %d ms each against CLOCK_MONOTONIC)%n",
                    range(all, f -> f.calibration().mhz(), "%.3f"), all.size(), c.rounds(), c.intervalNs() / 1_000_000));
            out.append(String.format(Locale.ROOT,
                    "probe overhead min %s ticks, median %s ticks; subtracted from every stage: %s ticks (%.1f ns),"
                            + " the mean within 1.5 steps of the minimum%n",
                    rangeLong(all, f -> f.overhead().minTicks()), rangeLong(all, f -> f.overhead().medianTicks()),
                    range(all, f -> f.overhead().subtractedTicks(), "%.1f"), c.toNs(first.overhead().subtractedTicks())));
            out.append(String.format(Locale.ROOT, "measuring thread pinned to CPU %s (affinity read back: %s); memory locked: %s%n",
                    rangeLong(all, f -> f.cpuPinned()), distinct(all, ForkResult::affinity),
                    all.stream().allMatch(ForkResult::memoryLocked) ? "yes" : "NOT in every fork"));
            List<ForkResult> crossCore = all.stream().filter(f -> f.crossCore() != null).toList();
            if (!crossCore.isEmpty()) {
                CrossCoreOffset offset = crossCore.get(0).crossCore();
                out.append(String.format(Locale.ROOT, "cross-core offset CPU %d -> %d: within +-%s ticks (+-%.1f ns), fastest"
                                + " round trip %s ticks; every handoff figure is uncertain by that much%n",
                        offset.fromCpu(), offset.toCpu(), rangeLong(crossCore, f -> f.crossCore().boundTicks()),
                        c.toNs(offset.boundTicks()), rangeLong(crossCore, f -> f.crossCore().minRoundTripTicks())));
            }
        }
        out.append(String.format(Locale.ROOT, "mode %s%s; %d fork(s) x %,d messages after %s of warm-up%s%n",
                config.mode(), config.mode() == Mode.PACED ? " at " + Rate.format(config.rateHz()) + " (latency from intended arrival)" : " (service time)",
                config.forks(), config.messages(),
                config.warmupMs() > 0 ? config.warmupMs() + " ms" : String.format(Locale.ROOT, "%,d messages", config.warmupMessages()),
                config.stallUs() <= 0 ? ""
                        : config.stallAt() >= 0 ? String.format(Locale.ROOT, "; STALL %d us once at measured message %d", config.stallUs(), config.stallAt())
                        : String.format(Locale.ROOT, "; STALL %d us every %d messages", config.stallUs(), config.stallEvery())));

        for (BenchmarkOutcome outcome : outcomes) {
            out.append(System.lineSeparator());
            appendBenchmark(out, outcome);
        }
        List<String> warnings = warnings();
        if (!warnings.isEmpty()) {
            out.append(System.lineSeparator());
            warnings.forEach(w -> out.append("*** WARNING: ").append(w).append(System.lineSeparator()));
        }
        return out.toString();
    }

    private void appendBenchmark(StringBuilder out, BenchmarkOutcome outcome) {
        List<ForkResult> forks = outcome.forks();
        String name = outcome.descriptor().name();
        if (forks.isEmpty()) {
            out.append(name).append(": no fork succeeded").append(System.lineSeparator());
            return;
        }
        long samples = outcome.merged().values().stream().findFirst().map(Distribution::count).orElse(0L);
        out.append(String.format(Locale.ROOT,
                "%s  (%d/%d forks, %,d samples; warm-up %s pass(es)%s; during measurement: allocated %s B, GC %s,"
                        + " JIT compilations %s)%n",
                name, forks.size(), config.forks(), samples, rangeLong(forks, ForkResult::warmupPasses),
                forks.stream().allMatch(ForkResult::replayed) ? " replaying the measured messages" : "",
                rangeLong(forks, ForkResult::allocatedBytes),
                rangeLong(forks, ForkResult::gcCount), rangeLong(forks, ForkResult::jitCompilations)));
        if (forks.get(0).handoff()) {
            for (int t = 0; t < forks.get(0).threads().size(); t++) {
                final int thread = t;
                List<ThreadPlacement> placed = forks.stream().filter(f -> f.threads().size() > thread)
                        .map(f -> f.threads().get(thread)).toList();
                ThreadPlacement first = placed.get(0);
                out.append(String.format(Locale.ROOT, "  thread %s %s: pinned to CPU %s (affinity read back: %s); allocated %s B%n",
                        first.name(), first.stages(), placed.stream().map(p -> String.valueOf(p.cpuPinned())).distinct()
                                .collect(java.util.stream.Collectors.joining(", ")),
                        placed.stream().map(ThreadPlacement::affinity).distinct().collect(java.util.stream.Collectors.joining(", ")),
                        placed.stream().map(p -> String.valueOf(p.allocatedBytes())).distinct()
                                .collect(java.util.stream.Collectors.joining(", "))));
            }
        }
        out.append(String.format(Locale.ROOT, "  %-10s %9s %9s %9s %9s %9s %11s %11s   %s%n",
                "ns", "p50", "p90", "p99", "p99.9", "p99.99", "max", "count", "p50 across forks"));
        boolean anyUnreliable = false;
        for (StageSummary s : outcome.summaries()) {
            anyUnreliable |= !s.unreliable().isEmpty();
            double[] p50s = outcome.forkP50s(s.stage());
            double lo = Double.POSITIVE_INFINITY;
            double hi = Double.NEGATIVE_INFINITY;
            for (double p : p50s) {
                lo = Math.min(lo, p);
                hi = Math.max(hi, p);
            }
            out.append(String.format(Locale.ROOT, "  %-10s %9s %9s %9s %9s %9s %11s %,11d   %s%n", s.stage(),
                    cell(s, "p50"), cell(s, "p90"), cell(s, "p99"), cell(s, "p99.9"), cell(s, "p99.99"),
                    String.format(Locale.ROOT, "%.1f", s.maxNs()), s.count(),
                    p50s.length == 0 ? "-" : String.format(Locale.ROOT, "%.1f .. %.1f", lo, hi)));
        }
        if (anyUnreliable) {
            out.append("  * fewer than 100 samples beyond this percentile: unreliable").append(System.lineSeparator());
        }
        MarkCost.of(outcome).ifPresent(cost -> out.append(String.format(Locale.ROOT,
                "  unmarked = the same messages timed by begin and end reads only; the %d inner marks add %+.1f ns"
                        + " at p50, %+.1f ns in tmean (%+.1f ns per mark) beyond the probe overhead subtracted%n",
                cost.innerMarks(), cost.p50Ns(), cost.tmeanNs(), cost.perMarkTmeanNs())));
        RulerCheck.check(outcome, config.params()).ifPresent(line -> out.append("  ").append(line).append(System.lineSeparator()));
    }

    private static String cell(StageSummary s, String label) {
        String value = String.format(Locale.ROOT, "%.1f", s.valueOf(label));
        return s.unreliable().contains(label) ? value + "*" : value;
    }

    static double overheadNs(BenchmarkOutcome outcome) {
        return outcome.forks().stream()
                .mapToDouble(f -> f.calibration().toNs(f.overhead().subtractedTicks())).max().orElse(0);
    }

    private static String range(List<ForkResult> forks, ToDoubleFunction<ForkResult> f, String format) {
        double lo = forks.stream().mapToDouble(f).min().orElse(Double.NaN);
        double hi = forks.stream().mapToDouble(f).max().orElse(Double.NaN);
        String a = String.format(Locale.ROOT, format, lo);
        String b = String.format(Locale.ROOT, format, hi);
        return a.equals(b) ? a : a + ".." + b;
    }

    private static String rangeLong(List<ForkResult> forks, ToLongFunction<ForkResult> f) {
        long lo = forks.stream().mapToLong(f).min().orElse(0);
        long hi = forks.stream().mapToLong(f).max().orElse(0);
        return lo == hi ? Long.toString(lo) : lo + ".." + hi;
    }

    private static String distinct(List<ForkResult> forks, java.util.function.Function<ForkResult, String> f) {
        return String.join(" / ", forks.stream().map(f).distinct().toList());
    }

    private static String joinInts(List<Integer> values) {
        return String.join(",", values.stream().map(String::valueOf).toList());
    }
}
