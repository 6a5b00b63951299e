package io.stagebench.output;

import io.stagebench.api.SeriesNames;
import io.stagebench.api.TagDeclaration;
import io.stagebench.clock.Calibration;
import io.stagebench.clock.CounterResolution;
import io.stagebench.clock.RateCheck;
import io.stagebench.config.Rate;
import io.stagebench.config.RunConfig;
import io.stagebench.io.TextWrap;
import io.stagebench.link.CrossCoreOffset;
import io.stagebench.link.ForkLayout;
import io.stagebench.link.ForkResult;
import io.stagebench.link.ForkRuler;
import io.stagebench.link.Mode;
import io.stagebench.link.ThreadPlacement;
import io.stagebench.link.WallClockBound;
import io.stagebench.result.BatchChoice;
import io.stagebench.result.BenchmarkOutcome;
import io.stagebench.result.CalmForks;
import io.stagebench.result.CoreContention;
import io.stagebench.result.CounterGrid;
import io.stagebench.result.LayoutSensitivity;
import io.stagebench.result.MarkCost;
import io.stagebench.result.RulerCheck;
import io.stagebench.result.RunWarnings;
import io.stagebench.result.TagsApart;
import io.stagebench.result.TailExemplars;
import io.stagebench.stats.Distribution;
import io.stagebench.stats.StageSummary;
import io.stagebench.stats.TimeScale;
import io.stagebench.system.MeasuredCode;
import io.stagebench.text.Table;
import io.stagebench.text.Table.Column;
import io.stagebench.text.Table.Width;
import io.stagebench.warning.Warning;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;
import java.util.stream.Collectors;

/**
 * The console report of a run, results first: the ruler (clock binding, counter line, calibration, probe overhead,
 * pinning obtained, mode), one table of every benchmark's percentiles with each column in its own unit (ns, us, ms or
 * s), what each fork verified (collapsed across benchmarks that verified the same), then the warnings grouped - the
 * machine's once, each other warning once with the benchmarks it applies to and its fix - as {@code *** WARNING:}
 * lines. Every line fits {@value TextWrap#WIDTH} characters.
 */
public final class RunReport {

    private static final List<String> COLUMNS = List.of("p50", "p90", "p99", "p99.9", "p99.99", "max");

    private final RunConfig config;
    private final List<BenchmarkOutcome> outcomes;
    private final List<String> runWarnings;
    private final List<String> machineWarnings;
    private final boolean forkCountChosen;

    public RunReport(RunConfig config, List<BenchmarkOutcome> outcomes, List<String> runWarnings) {
        this(config, outcomes, runWarnings, List.of(), false);
    }

    /**
     * @param runWarnings the run's own warnings (CPU placement)
     * @param machineWarnings the machine-readiness warnings, printed once with the others and not part of
     *     {@link #warnings()} (they are stored on their own)
     * @param forkCountChosen true when the fork count was chosen by the command (a smoke run), so too few forks for a
     *     comparison is not warned about
     */
    public RunReport(
            RunConfig config,
            List<BenchmarkOutcome> outcomes,
            List<String> runWarnings,
            List<String> machineWarnings,
            boolean forkCountChosen) {
        this.config = config;
        this.outcomes = List.copyOf(outcomes);
        this.runWarnings = List.copyOf(runWarnings);
        this.machineWarnings = List.copyOf(machineWarnings);
        this.forkCountChosen = forkCountChosen;
    }

    /**
     * @return every warning of the run but the machine's, each once ({@link RunWarnings}): what the report prints after
     *     the machine's, and what the run stores
     */
    public List<String> warnings() {
        return RunWarnings.of(config, outcomes, runWarnings, forkCountChosen);
    }

    /**
     * @return what the batched benchmarks' samples are, in at most four lines: each one's K and probe per message,
     *     which subtract a preparation, what a batched pipeline times, and what {@code --batch auto} chose from which
     *     pilot figures; empty when nothing was batched or chosen
     */
    static List<String> batchLines(List<BenchmarkOutcome> outcomes) {
        List<String> lines = new ArrayList<>();
        List<String> batched = new ArrayList<>();
        List<String> prepared = new ArrayList<>();
        List<String> pipelines = new ArrayList<>();
        List<String> chosen = new ArrayList<>();
        for (BenchmarkOutcome outcome : outcomes) {
            String name = outcome.descriptor().name();
            BatchChoice choice = outcome.batchChoice();
            if (choice != null) {
                chosen.add(
                        choice.failure() != null
                                ? name + " unbatched (" + choice.failure() + ")"
                                : String.format(
                                        Locale.ROOT,
                                        "%s %.1f ns -> %d (%.1f%%)",
                                        name,
                                        choice.perMessageNs(),
                                        choice.batch(),
                                        100 * choice.probeShare()));
            }
            int k = outcome.batch();
            if (k <= 1 || outcome.forks().isEmpty()) {
                continue;
            }
            ForkResult first = outcome.forks().get(0);
            batched.add(
                    first.measurement().preparationRawFile() != null
                            ? name + " " + k + " (probe cancels)"
                            : String.format(
                                    Locale.ROOT,
                                    "%s %d (probe %.2f ns a message)",
                                    name,
                                    k,
                                    first.ruler().subtractedNs() / k));
            if (first.measurement().preparationRawFile() != null) {
                prepared.add(name);
            }
            if (outcome.descriptor().stages().size() > 1) {
                pipelines.add(name);
            }
        }
        if (!batched.isEmpty()) {
            lines.add(
                    "BATCHED, messages a sample: " + String.join(", ", batched) + ": each sample is the mean of K"
                            + " consecutive messages between one begin and one end read, so its percentiles are of K-message means,"
                            + " not of messages (per-message tails need an unbatched run); probe and step are paid once a batch");
        }
        if (!prepared.isEmpty()) {
            lines.add(String.join(", ", prepared)
                    + ": the untimed preparation (before Stamps.restart()) timed alone in the"
                    + " same batches of the same messages and subtracted, batch for batch");
        }
        if (!pipelines.isEmpty()) {
            lines.add(String.join(", ", pipelines) + ": a batched pipeline times its total, inner marks off");
        }
        if (!chosen.isEmpty()) {
            lines.add("--batch auto, from a pilot fork's p50 a message (probe share of the interval below "
                    + BatchChoice.TARGET_PROBE_PERCENT + "%): " + String.join(", ", chosen));
        }
        return lines;
    }

    /**
     * @return the run's last line when any fork failed - how many of how many, which benchmarks are left with no
     *     result, the first failure - e.g. {@code *** FAILED: 1 of 3 forks failed; the results are from the others:
     *     spin fork 2/3 killed by SIGKILL (exit status 137); its output is above}; empty when every fork succeeded
     */
    public Optional<String> failureLine() {
        List<String> failures =
                outcomes.stream().flatMap(o -> o.failures().stream()).toList();
        if (failures.isEmpty()) {
            return Optional.empty();
        }
        List<String> noResult = outcomes.stream()
                .filter(o -> o.forks().isEmpty())
                .map(o -> o.descriptor().name())
                .toList();
        int planned = outcomes.stream().mapToInt(this::plannedForks).sum();
        return Optional.of(String.format(
                Locale.ROOT,
                "*** FAILED: %d of %d forks failed; %s: %s%s",
                failures.size(),
                planned,
                noResult.isEmpty() ? "the results are from the others" : "no result for " + String.join(", ", noResult),
                failures.get(0),
                failures.size() > 1 ? " (and " + (failures.size() - 1) + " more, listed above)" : ""));
    }

    /**
     * @return the forks launched for {@code outcome}: the config's, or more when the run measured more of it for too
     *     few calm windows ({@code Runner})
     */
    private int plannedForks(BenchmarkOutcome outcome) {
        return Math.max(
                config.forks(), outcome.forks().size() + outcome.failures().size());
    }

    /**
     * @return "address layout: randomisation off in 10/10 forks (personality read back); 5 layout seed(s) (0..4) per
     *     benchmark varying the heap offset; heap on huge pages in 10/10 forks", or empty for forks that wrote no
     *     layout
     */
    public static Optional<String> layoutLine(List<ForkResult> forks) {
        List<ForkLayout> layouts = forks.stream()
                .map(f -> f.placement().layout())
                .filter(Objects::nonNull)
                .toList();
        if (layouts.isEmpty()) {
            return Optional.empty();
        }
        long off = layouts.stream().filter(ForkLayout::randomisationOff).count();
        long seeds = layouts.stream().mapToLong(ForkLayout::seed).distinct().count();
        long minSeed = layouts.stream().mapToLong(ForkLayout::seed).min().orElse(0);
        long maxSeed = layouts.stream().mapToLong(ForkLayout::seed).max().orElse(0);
        long huge = layouts.stream().filter(l -> l.hugePagesKb() > 0).count();
        return Optional.of(String.format(
                Locale.ROOT,
                "address layout: randomisation off in %d/%d forks%s; %d layout seed(s)"
                        + " (%s) per benchmark varying the heap offset; heap on huge pages in %d/%d forks",
                off,
                layouts.size(),
                off == layouts.size()
                        ? " (personality read back)"
                        : layouts.stream().allMatch(l -> ForkLayout.RANDOMISED.equals(l.requested()))
                                ? " (--aslr)"
                                : "",
                seeds,
                minSeed == maxSeed ? Long.toString(minSeed) : minSeed + ".." + maxSeed,
                huge,
                layouts.size()));
    }

    /** @return "encode encode: tmean 50.5..90.3 ns across 5 layouts (p 0.0004): layout-sensitive" */
    static String sensitivityLine(String benchmark, LayoutSensitivity l) {
        return String.format(
                Locale.ROOT,
                "%s %s: tmean %.1f..%.1f ns across %d layout seeds (%.0f%% of %.1f ns; seeds differ"
                        + " beyond forks of one seed, p %.2g): layout-sensitive, an alignment hazard of the code, not noise",
                benchmark,
                l.series(),
                l.minCentreNs(),
                l.maxCentreNs(),
                l.layouts(),
                100 * l.range(),
                l.medianNs(),
                l.p());
    }

    /**
     * @return {@code "; 3 of them in-process forks that took their JVM's first calibration by a check of 22..31 ms
     *     (within 0.05%)"} when forks did so ({@link ForkRuler#rateCheck}), else empty
     */
    private static String keptCalibration(List<ForkResult> all) {
        List<ForkResult> checked =
                all.stream().filter(f -> f.ruler().rateCheck() != null).toList();
        if (checked.isEmpty()) {
            return "";
        }
        return String.format(
                Locale.ROOT,
                "; %d of them in-process forks that took their JVM's first calibration by a"
                        + " check of %s ms (within %.2f%%)",
                checked.size(),
                rangeLong(checked, f -> f.ruler().rateCheck().intervalNs() / 1_000_000),
                100 * RateCheck.TOLERANCE);
    }

    /**
     * @return what a user acts on: the ruler (clock, counter and step, probe overhead, pinning, the core's state, the
     *     mode), the results table, what the forks verified, each warning once with its fix (the machine's readiness in
     *     one line naming what is not ready) - the detail of {@link #toText(boolean)} left out
     */
    public String toText() {
        return toText(false);
    }

    /**
     * @param verbose whether to add the detail: the calibration and address layout lines, each series' spread of
     *     {@code tmean} over forks, setups and windows with the replicas it would take, the tags that stand apart from
     *     nothing, what inner marks cost, the counter's grid, and every readiness check with its own fix
     * @return the report text: ruler, results table, what the forks verified, warnings
     */
    public String toText(boolean verbose) {
        List<String> lines = new ArrayList<>();
        List<ForkResult> all =
                outcomes.stream().flatMap(o -> o.forks().stream()).toList();
        if (!all.isEmpty()) {
            ForkRuler ruler = all.get(0).ruler();
            Calibration c = ruler.calibration();
            lines.add(String.format(
                    Locale.ROOT,
                    "clock %s%s; counter %.1f MHz, %.3f ns/tick, %s",
                    ruler.binding(),
                    ruler.binding() != ruler.requestedBinding()
                            ? " (FALLBACK from " + ruler.requestedBinding() + ")"
                            : "",
                    c.mhz(),
                    c.nsPerTick(),
                    CounterResolution.describe(ruler.stepTicks(), ruler.readStepTicks(), c)));
            if (verbose) {
                lines.add(String.format(
                        Locale.ROOT,
                        "calibration %s MHz across %d forks (%d x %d ms each against" + " CLOCK_MONOTONIC)%s",
                        range(all, f -> f.ruler().calibration().mhz(), "%.3f"),
                        all.size(),
                        c.rounds(),
                        c.intervalNs() / 1_000_000,
                        keptCalibration(all)));
            }
            lines.add(String.format(
                    Locale.ROOT,
                    "probe overhead min %s, median %s ticks; subtracted from each stage:"
                            + " %s ticks = %.1f ns (near-min mean)",
                    rangeLong(all, f -> f.ruler().overhead().minTicks()),
                    rangeLong(all, f -> f.ruler().overhead().medianTicks()),
                    range(all, f -> f.ruler().overhead().subtractedTicks(), "%.1f"),
                    ruler.subtractedNs()));
            lines.add(String.format(
                    Locale.ROOT,
                    "measuring thread pinned to CPU %s (affinity read back: %s); memory locked: %s",
                    rangeLong(all, f -> f.placement().cpuPinned()),
                    distinct(all, f -> f.placement().affinity()),
                    all.stream().allMatch(f -> f.placement().memoryLocked()) ? "yes" : "NOT in every fork"));
            if (verbose) {
                layoutLine(all).ifPresent(lines::add);
            }
            CoreContention.of(all)
                    .line()
                    .map(line -> line + CalmLines.coreLineEnd(outcomes))
                    .ifPresent(lines::add);
            List<CrossCoreOffset> crossCore = all.stream()
                    .map(f -> f.placement().crossCore())
                    .filter(Objects::nonNull)
                    .toList();
            if (!crossCore.isEmpty()) {
                CrossCoreOffset offset = crossCore.get(0);
                lines.add(String.format(
                        Locale.ROOT,
                        "cross-core offset CPU %d -> %d: within +-%s ticks (+-%.1f ns), fastest"
                                + " round trip %s ticks; every handoff figure is uncertain by that much",
                        offset.fromCpu(),
                        offset.toCpu(),
                        rangeLong(crossCore, CrossCoreOffset::boundTicks),
                        c.toNs(offset.boundTicks()),
                        rangeLong(crossCore, CrossCoreOffset::minRoundTripTicks)));
            }
            List<WallClockBound> wallClocks = all.stream()
                    .map(f -> f.ruler().wallClock())
                    .filter(Objects::nonNull)
                    .toList();
            if (!wallClocks.isEmpty()) {
                WallClockBound widest = wallClocks.stream()
                        .max(Comparator.comparingLong(WallClockBound::boundTicks))
                        .orElseThrow();
                lines.add("kernel clock (CLOCK_REALTIME"
                        + (widest.stamps().isEmpty() ? "" : "; " + widest.stamps())
                        + ") onto the counter: " + widest.describe(c.ticksPerNs())
                        + " in the widest of " + wallClocks.size()
                        + " fork(s); every stage from or to a kernel timestamp is uncertain by that much");
            }
        }
        lines.add(String.format(
                Locale.ROOT,
                "mode %s%s; %d fork(s) x %s%,d messages after %s%s",
                config.mode(),
                config.mode() == Mode.PACED
                        ? " at " + Rate.format(config.rateHz()) + " (latency from intended arrival)"
                        : " (service time)",
                config.forks(),
                config.replicas() > 1 ? config.replicas() + " replicas x " : "",
                config.messages(),
                warmupRun(),
                config.stallUs() <= 0
                        ? ""
                        : config.stallAt() >= 0
                                ? String.format(
                                        Locale.ROOT,
                                        "; STALL %d us once at measured message %d",
                                        config.stallUs(),
                                        config.stallAt())
                                : String.format(
                                        Locale.ROOT,
                                        "; STALL %d us every %d messages",
                                        config.stallUs(),
                                        config.stallEvery())));
        batchLines(outcomes).forEach(line -> TextWrap.wrap(line, lines));
        lines.add("");
        appendTable(lines, verbose);
        appendVerified(lines);
        Set<String> shown =
                new LinkedHashSet<>(verbose ? machineWarnings : WarningLines.machineSummary(machineWarnings));
        shown.addAll(warnings());
        List<String> warnings = verbose ? List.copyOf(shown) : WarningLines.foldAlike(List.copyOf(shown));
        if (!warnings.isEmpty()) {
            lines.add("");
            warnings.forEach(w -> TextWrap.wrap(Warning.line(w), lines));
        }
        return TextWrap.wrapAll(String.join(System.lineSeparator(), lines));
    }

    /** One table of every benchmark's series; each column in the unit its largest value reads best in. */
    private void appendTable(List<String> lines, boolean verbose) {
        List<BenchmarkOutcome> measured =
                outcomes.stream().filter(o -> !o.forks().isEmpty()).toList();
        List<TimeScale> scales = new ArrayList<>();
        for (String column : COLUMNS) {
            scales.add(TimeScale.forMaxNs(measured.stream()
                    .flatMap(o -> o.summaries().stream())
                    .mapToDouble(s -> s.valueOf(column))
                    .max()
                    .orElse(0)));
        }
        List<Column> columns =
                new ArrayList<>(List.of(Column.left("benchmark", Width.fit()), Column.left("stage", Width.fit())));
        int benchmarkWidth = Math.max(
                "benchmark".length(),
                outcomes.stream()
                        .mapToInt(o -> o.descriptor().name().length())
                        .max()
                        .orElse(0));
        for (int i = 0; i < COLUMNS.size(); i++) {
            columns.add(Column.right(COLUMNS.get(i) + " " + scales.get(i).unit(), Width.fixed(10)));
        }
        columns.add(Column.right("count", Width.fixed(10)));
        columns.add(Column.left("p50 forks " + scales.get(0).unit()).withGap(2));
        Table table = Table.withHeader(columns.toArray(Column[]::new));
        List<String> notes = new ArrayList<>();
        OptionalDouble calmReference = CalmForks.referenceNs(measured);
        for (BenchmarkOutcome outcome : outcomes) {
            String name = outcome.descriptor().name();
            if (outcome.forks().isEmpty()) {
                table.row(name, "no fork succeeded");
                continue;
            }
            boolean firstRow = true;
            List<StageSummary> summaries = outcome.summaries();
            for (StageSummary s : summaries) {
                if (TagDeclaration.stageOf(s.stage()).isPresent()) {
                    continue; // under its stage, below
                }
                table.row(seriesRow(outcome, s, firstRow ? name : "", s.stage(), scales));
                firstRow = false;
                List<StageSummary> tags = summaries.stream()
                        .filter(t -> TagDeclaration.isTagOf(t.stage(), s.stage()))
                        .toList();
                appendTags(table, verbose ? notes : new ArrayList<>(), outcome, s, tags, scales, benchmarkWidth);
                skippedLine(outcome, s).ifPresent(notes::add);
            }
            MarkCost.of(outcome)
                    .filter(cost -> verbose)
                    .ifPresent(cost -> notes.add(String.format(
                            Locale.ROOT,
                            "%s unmarked: begin/end reads only; %d inner mark%s add%s %+.1f ns p50, %+.1f ns tmean"
                                    + " (%+.1f ns/mark) net of probe",
                            name,
                            cost.innerMarks(),
                            cost.innerMarks() == 1 ? "" : "s",
                            cost.innerMarks() == 1 ? "s" : "",
                            cost.p50Ns(),
                            cost.tmeanNs(),
                            cost.perMarkTmeanNs())));
            RulerCheck.check(outcome, config.params()).ifPresent(line -> notes.add(name + ": " + line));
            LayoutSensitivity.of(outcome).stream()
                    .filter(LayoutSensitivity::sensitive)
                    .forEach(l -> notes.add(sensitivityLine(name, l)));
            spreadLine(outcome).filter(line -> verbose).ifPresent(notes::add);
            CalmLines.line(outcome, calmReference).filter(line -> verbose).ifPresent(notes::add);
            TailLines.line(name, outcome.tail()).filter(line -> verbose).ifPresent(notes::add);
        }
        gridNote(measured).filter(line -> verbose).ifPresent(notes::add);
        if (!verbose) {
            Map<String, List<TailExemplars>> tails = new LinkedHashMap<>();
            measured.forEach(o -> tails.put(o.descriptor().name(), o.tail()));
            TailLines.summary(tails).ifPresent(notes::add);
        }
        lines.addAll(table.lines());
        notes.forEach(n -> TextWrap.wrap(n, lines));
    }

    /**
     * @return "encode spread of tmean (sd): forks 1.2%, setups 6.8%, within 2.1%; a fork 3.1 s, a setup 0.31 s", a
     *     pipeline's stages one after another; empty when no series had enough samples for windows
     */
    static Optional<String> spreadLine(BenchmarkOutcome outcome) {
        List<String> parts = new ArrayList<>();
        outcome.spread().forEach((series, c) -> {
            // one fork of one replica tells no level apart: nothing to say
            if (TagDeclaration.stageOf(series).isEmpty() && (c.forks() > 1 || c.replicas() > 1)) {
                parts.add((outcome.spread().size() > 1 ? series + " " : "") + c.describe());
            }
        });
        if (parts.isEmpty()) {
            return Optional.empty();
        }
        String name = outcome.descriptor().name();
        OptionalInt best = io.stagebench.result.ReplicaPlan.optimum(outcome);
        return Optional.of(name + " spread of tmean (sd, % of it): " + String.join("; ", parts)
                + (outcome.costs() == null ? "" : "; " + outcome.costs().describe())
                + (best.isEmpty()
                        ? ""
                        : "; at these figures " + best.getAsInt() + " replicas a fork give the narrowest"
                                + " centre for the time (-r)"));
    }

    /** @return the grid note, when unbatched stages are short against the counter's step ({@link CounterGrid}) */
    static Optional<String> gridNote(List<BenchmarkOutcome> measured) {
        return CounterGrid.of(measured)
                .map(grid -> String.format(
                        Locale.ROOT,
                        "grid: intervals are whole %d-tick steps (%.1f ns), so the percentiles of %s"
                                + " move by whole steps; tmean and --batch resolve finer",
                        grid.stepTicks(),
                        grid.stepNs(),
                        String.join(", ", grid.benchmarks())));
    }

    /** Most tags shown under a stage; the rest are summed in one line (every tag is in summary.json and the report). */
    static final int TAGS_SHOWN = 4;
    /** Most tags shown under a stage in a smoke run ({@code --quick}), whose output is a first look. */
    static final int SMOKE_TAGS_SHOWN = 2;
    /** Longest tag name the table shows whole (a line stays within 120 characters); longer ones end in "~". */
    static final int TAG_NAME_SHOWN = 13;

    private static List<String> seriesRow(
            BenchmarkOutcome outcome, StageSummary s, String benchmark, String label, List<TimeScale> scales) {
        List<String> row = new ArrayList<>(List.of(benchmark, label));
        for (int i = 0; i < COLUMNS.size(); i++) {
            String value = scales.get(i).format(s.valueOf(COLUMNS.get(i)));
            row.add(s.unreliable().contains(COLUMNS.get(i)) ? value + "*" : value);
        }
        row.add(String.format(Locale.ROOT, "%,d", s.count()));
        row.add(forkRange(outcome.forkP50s(s.stage()), scales.get(0)));
        return row;
    }

    /**
     * A stage's tags under it, most messages first, each with its share of the stage's messages; nothing when the
     * stage's messages carry one tag (its row says it all), and one note instead of the rows when no tag stands apart
     * from the stage ({@link #apart}).
     */
    private void appendTags(
            Table table,
            List<String> notes,
            BenchmarkOutcome outcome,
            StageSummary stage,
            List<StageSummary> tags,
            List<TimeScale> scales,
            int benchmarkWidth) {
        // total's tags are the last stage's: each a subset that ended one way (a wire benchmark's tick-to-trade), shown
        // even alone; a stage's tags share out its messages, and one alone would repeat the stage's row
        boolean totalSplit = stage.stage().equals(SeriesNames.TOTAL);
        if ((tags.size() < 2 && !totalSplit) || stage.count() == 0) {
            return;
        }
        double stepNs = outcome.forks().stream()
                .map(ForkResult::ruler)
                .mapToDouble(r -> r.stepTicks() / r.calibration().ticksPerNs())
                .max()
                .orElse(0);
        if (!totalSplit && tags.stream().noneMatch(t -> TagsApart.apart(t, stage, stepNs))) {
            notes.add(String.format(
                    Locale.ROOT,
                    "%s %s: %d tags, none apart from the stage at p50 or a reliable p99"
                            + " (by >%.0f%% and a step): listed in report.html",
                    outcome.descriptor().name(),
                    stage.stage(),
                    tags.size(),
                    100 * TagsApart.TAG_APART_RATIO));
            return;
        }
        List<StageSummary> byCount = tags.stream()
                .sorted(Comparator.comparingLong(StageSummary::count).reversed())
                .toList();
        // the share, right-aligned, where the benchmark's name would be; the tag indented under its stage
        String share = "%" + benchmarkWidth + "s";
        int shown = forkCountChosen ? SMOKE_TAGS_SHOWN : TAGS_SHOWN;
        for (StageSummary tag : byCount.subList(0, Math.min(shown, byCount.size()))) {
            String name = TagDeclaration.tagOf(tag.stage()).orElseThrow();
            String label = name.length() <= TAG_NAME_SHOWN ? name : name.substring(0, TAG_NAME_SHOWN - 1) + "~";
            table.row(seriesRow(
                    outcome,
                    tag,
                    String.format(Locale.ROOT, share, percent(tag.count(), stage.count())),
                    "  [" + label + "]",
                    scales));
        }
        if (byCount.size() > shown) {
            List<StageSummary> rest = byCount.subList(shown, byCount.size());
            long restCount = rest.stream().mapToLong(StageSummary::count).sum();
            // the last cell spans the columns after it: every other tag's name and share, its percentiles in the report
            table.row(
                    String.format(Locale.ROOT, share, percent(restCount, stage.count())),
                    "  +" + rest.size()
                            + " more: "
                            + rest.stream()
                                    .map(t -> TagDeclaration.tagOf(t.stage()).orElseThrow() + " "
                                            + percent(t.count(), stage.count()))
                                    .collect(Collectors.joining(", ")));
        }
    }

    private static String percent(long part, long whole) {
        return String.format(Locale.ROOT, "%.1f%%", 100.0 * part / whole);
    }

    /** A note when a stage did not run for every message ({@code Stamps.skip()}): its row counts those it ran for. */
    private static Optional<String> skippedLine(BenchmarkOutcome outcome, StageSummary stage) {
        long messages = outcome.forks().stream()
                .mapToLong(f -> f.measurement().measuredMessages())
                .sum();
        if (outcome.batch() != 1 || stage.count() >= messages) {
            return Optional.empty();
        }
        return Optional.of(String.format(
                Locale.ROOT,
                "%s %s: %,d of %,d messages skipped it (Stamps.skip()); its rows" + " count the %,d it ran for",
                outcome.descriptor().name(),
                stage.stage(),
                messages - stage.count(),
                messages,
                stage.count()));
    }

    /**
     * What the forks verified during measurement, one line per distinct finding naming the benchmarks; warm-up passes,
     * which differ with the benchmark's length, shown as a range.
     */
    private void appendVerified(List<String> lines) {
        Map<String, List<BenchmarkOutcome>> byText = new LinkedHashMap<>();
        for (BenchmarkOutcome outcome : outcomes) {
            List<ForkResult> forks = outcome.forks();
            if (forks.isEmpty()) {
                continue;
            }
            long samples = outcome.merged().values().stream()
                    .findFirst()
                    .map(Distribution::count)
                    .orElse(0L);
            int more = plannedForks(outcome) - config.forks();
            String text = String.format(
                    Locale.ROOT,
                    "%d/%d forks%s, %,d samples; warm-up %%s messages in %%s passes%s%%s;"
                            + " measured with %s B allocated, %s GC, %s JIT compilations%%s",
                    forks.size(),
                    plannedForks(outcome),
                    more > 0 ? " (" + more + " more for too few calm windows)" : "",
                    samples,
                    !forks.stream().allMatch(f -> f.measurement().replayed())
                            ? ""
                            // a replayed warm-up runs whole passes: "after 2000 of warm-up" for -w 1000 -n 2000
                            : !config.warmup().timed()
                                            && config.messages() > 0
                                            && config.warmup().warmupMessages() % config.messages() != 0
                                            && forks.stream()
                                                    .anyMatch(f -> f.measurement()
                                                                    .warmupMessages()
                                                            > config.warmup().warmupMessages())
                                    ? " replaying the measured messages (whole passes: more than -w "
                                            + config.warmup().warmupMessages() + ")"
                                    : " replaying the measured messages",
                    rangeLong(forks, f -> f.checks().allocatedBytes()),
                    rangeLong(forks, f -> f.checks().gcCount()),
                    rangeLong(forks, f -> f.checks().jitCompilations()));
            byText.computeIfAbsent(text, k -> new ArrayList<>()).add(outcome);
            if (forks.get(0).handoff()) {
                appendThreads(lines, outcome.descriptor().name(), forks);
            }
        }
        byText.forEach((text, same) -> {
            List<ForkResult> forks =
                    same.stream().flatMap(o -> o.forks().stream()).toList();
            TextWrap.wrap(
                    String.join(
                                    ", ",
                                    same.stream()
                                            .map(o -> o.descriptor().name())
                                            .toList()) + ": "
                            + String.format(
                                    Locale.ROOT,
                                    text,
                                    rangeGrouped(forks, f -> f.measurement().warmupMessages()),
                                    rangeLong(forks, f -> f.measurement().warmupPasses()),
                                    rarestStage(forks),
                                    measuredCode(forks)),
                    lines);
        });
    }

    /**
     * @return "; measured code at C2: loop + 10 methods" (a range over {@code forks} when they differ; ", up to 2
     *     seldom called below it" when some code the measured messages reach too seldom to compile is not C2's), ";
     *     measured code below C2 in 1/2 forks (see the warnings)", or "" when no fork checked it (a fork without the
     *     compile log: one inside a test's JVM)
     */
    private static String measuredCode(List<ForkResult> forks) {
        List<MeasuredCode> checked = forks.stream()
                .map(f -> f.checks().measuredCode())
                .filter(c -> c != null && c.checked())
                .toList();
        if (checked.isEmpty()) {
            return "";
        }
        long below = checked.stream().filter(c -> !c.notAtC2().isEmpty()).count();
        if (below > 0) {
            return String.format(
                    Locale.ROOT, "; measured code below C2 in %d/%d forks (see the warnings)", below, forks.size());
        }
        // the harness's measured loops (run is inlined into them) and the methods they call without inlining
        long lo = checked.stream().mapToLong(RunReport::calledMethods).min().orElse(0);
        long hi = checked.stream().mapToLong(RunReport::calledMethods).max().orElse(0);
        long seldom =
                checked.stream().mapToLong(c -> c.seldomBelowC2().size()).max().orElse(0);
        return "; measured code at C2: loop + " + (lo == hi ? lo : lo + ".." + hi) + (hi == 1 ? " method" : " methods")
                + (seldom == 0 ? "" : ", up to " + seldom + " seldom called below it")
                + (checked.size() < forks.size() ? " (" + checked.size() + "/" + forks.size() + " forks checked)" : "");
    }

    private static long calledMethods(MeasuredCode code) {
        return code.atC2().stream()
                .filter(m -> !m.contains("MeasureLoop::") && !m.contains("HandoffLoop::"))
                .count();
    }

    /**
     * @return ", the rarest stage 31,800..32,100 runs": the fewest runs before the kept pass of any stage that ran,
     *     over {@code forks} (warm-up by each stage's count); "" when no fork counted them
     */
    private static String rarestStage(List<ForkResult> forks) {
        long[] rarest = forks.stream()
                .filter(f -> !f.measurement().warmupStageRuns().isEmpty())
                .mapToLong(f -> f.measurement().warmupStageRuns().stream()
                        .mapToLong(Long::longValue)
                        .filter(r -> r > 0)
                        .min()
                        .orElse(0))
                .toArray();
        if (rarest.length == 0) {
            return "";
        }
        long lo = Arrays.stream(rarest).min().orElse(0);
        long hi = Arrays.stream(rarest).max().orElse(0);
        return String.format(
                Locale.ROOT, lo == hi ? ", the rarest stage %,d runs" : ", the rarest stage %,d..%,d runs", lo, hi);
    }

    /**
     * One line per thread of a handoff benchmark: its stages, the CPU it pinned to and read back, what it allocated.
     */
    private static void appendThreads(List<String> lines, String name, List<ForkResult> forks) {
        for (int t = 0; t < forks.get(0).placement().threads().size(); t++) {
            final int thread = t;
            List<ThreadPlacement> placed = forks.stream()
                    .filter(f -> f.placement().threads().size() > thread)
                    .map(f -> f.placement().threads().get(thread))
                    .toList();
            ThreadPlacement first = placed.get(0);
            TextWrap.wrap(
                    String.format(
                            Locale.ROOT,
                            "%s thread %s %s: pinned to CPU %s (affinity read back: %s);" + " allocated %s B",
                            name,
                            first.name(),
                            first.stages(),
                            String.join(
                                    ", ",
                                    placed.stream()
                                            .map(p -> String.valueOf(p.cpuPinned()))
                                            .distinct()
                                            .toList()),
                            String.join(
                                    ", ",
                                    placed.stream()
                                            .map(ThreadPlacement::affinity)
                                            .distinct()
                                            .toList()),
                            String.join(
                                    ", ",
                                    placed.stream()
                                            .map(p -> String.valueOf(p.allocatedBytes()))
                                            .distinct()
                                            .toList())),
                    lines);
        }
    }

    private static String forkRange(double[] p50s, TimeScale scale) {
        if (p50s.length == 0) {
            return "-";
        }
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (double p : p50s) {
            lo = Math.min(lo, p);
            hi = Math.max(hi, p);
        }
        return lo == hi ? scale.format(lo) : scale.format(lo) + " .. " + scale.format(hi);
    }

    private static String range(List<ForkResult> forks, ToDoubleFunction<ForkResult> f, String format) {
        double lo = forks.stream().mapToDouble(f).min().orElse(Double.NaN);
        double hi = forks.stream().mapToDouble(f).max().orElse(Double.NaN);
        String a = String.format(Locale.ROOT, format, lo);
        String b = String.format(Locale.ROOT, format, hi);
        return a.equals(b) ? a : a + ".." + b;
    }

    /**
     * @return "1,000 messages of warm-up" when every fork warmed up what was asked, else what the forks ran with what
     *     was asked beside it - "60,400 messages of warm-up (30000 ms asked)": the figure each fork's measuring line
     *     and the verified line below the table say too
     */
    private String warmupRun() {
        List<ForkResult> forks =
                outcomes.stream().flatMap(o -> o.forks().stream()).toList();
        String asked = config.warmup().describeGrouped();
        boolean asAsked = forks.stream()
                .allMatch(
                        f -> f.measurement().warmupMessages() == config.warmup().warmupMessages());
        if (forks.isEmpty() || !config.warmup().timed() && asAsked) {
            return asked + " of warm-up";
        }
        return rangeGrouped(forks, f -> f.measurement().warmupMessages()) + " messages of warm-up (" + asked
                + " asked)";
    }

    /** @return "1,000" or "1,000..2,000": the range of {@code f} over {@code forks}, grouped by thousands */
    private static <T> String rangeGrouped(List<T> forks, ToLongFunction<T> f) {
        long lo = forks.stream().mapToLong(f).min().orElse(0);
        long hi = forks.stream().mapToLong(f).max().orElse(0);
        return lo == hi ? String.format(Locale.ROOT, "%,d", lo) : String.format(Locale.ROOT, "%,d..%,d", lo, hi);
    }

    private static <T> String rangeLong(List<T> forks, ToLongFunction<T> f) {
        long lo = forks.stream().mapToLong(f).min().orElse(0);
        long hi = forks.stream().mapToLong(f).max().orElse(0);
        return lo == hi ? Long.toString(lo) : lo + ".." + hi;
    }

    private static String distinct(List<ForkResult> forks, Function<ForkResult, String> f) {
        return String.join(" / ", forks.stream().map(f).distinct().toList());
    }
}
