package io.stagebench.session;

import io.stagebench.config.RunConfig;
import io.stagebench.config.UsageException;
import io.stagebench.diff.SequentialPlan;
import io.stagebench.diff.Statistic;
import io.stagebench.diff.VerdictRule;
import io.stagebench.host.InterleavedRunner;
import io.stagebench.json.Json;
import io.stagebench.registry.BenchmarkDescriptor;
import io.stagebench.registry.BenchmarkRegistry;
import io.stagebench.result.BenchmarkOutcome;
import io.stagebench.result.ReplicaPlan;
import io.stagebench.store.MachineFingerprint;
import io.stagebench.store.Pairing;
import io.stagebench.store.ReplicaPilot;
import io.stagebench.store.RunStore;
import io.stagebench.warning.Warning;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.ToIntFunction;
import java.util.function.UnaryOperator;

/**
 * One A/B of a commit (A, the old) against the working tree (B, the new), after its options are checked: build both
 * sides ({@link AbBuilds}), measure their forks interleaved in the looks of a {@link SequentialPlan}
 * ({@link SequentialAb}), and store both runs, each naming the other. What the command does with the stored runs - the
 * diff, its page, its exit code - is the command's.
 *
 * @param recipe how both sides are built
 * @param home the project folder {@code ab} runs from
 * @param commitHash A's commit
 * @param commitName A's commit as the user named it
 * @param launcher the launcher's own benchmarks (stagebench's own checkout measures these)
 * @param benchmarks the benchmarks to compare: given for stagebench's own checkout, else chosen from the built sides (a
 *     project's benchmarks are known only once it is built)
 * @param plan the plan as asked for, given the number of benchmarks: its budget follows their count
 * @param rule the verdict rule, before the plan's looks spend its alpha
 * @param statistics the statistics judged at each look
 * @param tags whether each look judges the stages' tag series too, as more rows of its family
 * @param sideA A's settings (what both share, then A's own flags and parameters)
 * @param sideB B's settings
 * @param turns whether a pair's forks may be alive together and take turns ({@link InterleavedRunner#takesTurns});
 *     false runs them one after the other
 * @param planReplicas whether each benchmark's replicas a fork come from this machine's stored figures
 *     ({@link ReplicaPilot}; {@code -r} not given), the configured count where there are none
 * @param planMessages whether a replica's measured messages may be planned below the configured count where the
 *     launcher's heap cannot hold the planned replicas of that many ({@code -n} not given)
 */
public record AbSession(
        AbBuilds.Recipe recipe,
        Path home,
        String commitHash,
        String commitName,
        BenchmarkSource launcher,
        Function<AbBuilds, List<String>> benchmarks,
        IntFunction<SequentialPlan> plan,
        VerdictRule rule,
        List<Statistic> statistics,
        boolean tags,
        UnaryOperator<RunConfig.Builder> sideA,
        UnaryOperator<RunConfig.Builder> sideB,
        boolean turns,
        boolean planReplicas,
        boolean planMessages) {

    /**
     * The two stored runs.
     *
     * @param runDirA A's run folder
     * @param runDirB B's run folder
     * @param rule the rule the final diff must use: alpha spent over the plan's looks
     */
    public record Result(Path runDirA, Path runDirB, VerdictRule rule) {}

    /**
     * Builds, measures and stores both sides, printing progress and both runs' reports to {@code err}.
     *
     * @param planned the plan when the benchmarks are known before the build (stagebench's own checkout), else null
     * @throws UsageException when a side does not build or a run cannot be stored
     */
    public Result run(MeasurementSession session, SequentialPlan planned, PrintWriter err) {
        err.println("[ab] A = " + commitHash.substring(0, 12) + " (" + commitName + "), built in a temporary worktree;"
                + " B = the working tree "
                + RunStore.gitOf(home, session.resultsRoot()).folderName()
                + (recipe.ownCheckout() ? "" : ", built in a second worktree with its uncommitted changes"));
        if (planned != null) {
            err.println("[ab] " + planned.describe());
        }
        err.flush();
        try (AbBuilds builds = AbBuilds.build(recipe, home, commitHash, launcher, session.launchers(), err)) {
            List<String> names = benchmarks.apply(builds);
            requireInA(names, builds.a().source().registry().names(), commitName);
            // A's environment names A's commit, read from the worktree while it still exists
            MeasurementSession.Measurement a = session.begin(builds.a().checkout(), names, sideA);
            MeasurementSession.Measurement b = session.begin(builds.b().checkout(), names, sideB);
            session.printReadiness(a);
            Map<String, Optional<ReplicaPilot>> pilots = pilots(session.resultsRoot(), a, names);
            SequentialPlan looks = planned;
            if (looks == null) {
                looks = plan.apply(names.size());
                err.println("[ab] " + looks.describe());
            }
            BenchmarkRegistry registry = builds.b().source().registry();
            Planned chosen = plan(
                    looks,
                    pilots,
                    a,
                    names,
                    planReplicas ? name -> declaredSeries(registry.get(name)) : null,
                    err,
                    Runtime.getRuntime().maxMemory(),
                    planMessages);
            looks = chosen.looks();
            Map<String, Integer> replicas = chosen.replicas();
            // one look planned: the sides' runs say so (their progress, summary.json and layout seeds are those of that
            // many forks)
            a = atMostForks(a, looks.maxForks());
            b = atMostForks(b, looks.maxForks());
            InterleavedRunner runner = session.interleaved(
                    new InterleavedRunner.Variant(
                            "A", a.config(), builds.a().source().launcher()),
                    new InterleavedRunner.Variant(
                            "B", b.config(), builds.b().source().launcher()),
                    builds.b().source().registry());
            if (!turns) {
                runner.oneAfterTheOther();
            }
            runner.replicasOf(replicas);
            runner.messagesOf(chosen.messages());
            SequentialAb sequence = new SequentialAb(runner, looks, rule, statistics, tags, err, System::nanoTime);
            try {
                sequence.run(names);
            } catch (UsageException e) {
                // a side's benchmark contradicts its declaration: neither side measured anything to keep
                RunStore.discardUnstored(a.dir());
                RunStore.discardUnstored(b.dir());
                throw e;
            }
            InterleavedRunner.Sides outcomes = runner.outcomes();
            MeasurementSession.Stored storedA = session.store(
                    a,
                    outcomes.a(),
                    a.report(outcomes.a()).warnings(),
                    Pairing.of(
                            "A",
                            b.dir(),
                            runner.tookTurns(),
                            runner.tookMeasureTurns(),
                            sequence.rule().looks()));
            MeasurementSession.Stored storedB = session.store(
                    b,
                    outcomes.b(),
                    b.report(outcomes.b()).warnings(),
                    Pairing.of(
                            "B",
                            a.dir(),
                            runner.tookTurns(),
                            runner.tookMeasureTurns(),
                            sequence.rule().looks()));
            storedA.printReport(err);
            storedB.printReport(err);
            warnFailures("A", outcomes.a(), err);
            warnFailures("B", outcomes.b(), err);
            err.println("[ab] A results: " + a.dir());
            err.println("[ab] B results: " + b.dir());
            err.flush();
            return new Result(a.dir(), b.dir(), sequence.rule());
        } catch (IOException e) {
            throw new UsageException(e.getMessage(), e);
        }
    }

    /**
     * Checks, before any fork starts, that A's build has every benchmark to compare: a fork of one it lacks could only
     * fail, and the comparison end in "every fork of A failed" instead of the reason.
     *
     * @param inA the benchmarks A's build has
     * @param commitName A's commit as the user named it
     * @throws UsageException "A (commit HEAD) has no benchmark encode2 (A has: ...)"
     */
    static void requireInA(List<String> names, List<String> inA, String commitName) {
        List<String> missing = names.stream().filter(n -> !inA.contains(n)).toList();
        if (!missing.isEmpty()) {
            throw new UsageException(noBenchmarkInA(commitName, missing, inA));
        }
    }

    /** @return "A (commit HEAD) has no benchmark encode2 (A has: parse, book)" */
    public static String noBenchmarkInA(String commitName, List<String> missing, List<String> inA) {
        return "A (commit " + commitName + ") has no benchmark " + String.join(", ", missing) + " (A has: "
                + String.join(", ", inA) + ")";
    }

    /**
     * The looks an {@code ab} plans, the replicas a fork of each benchmark measures and the measured messages of each
     * replica, where planned (absent: the configured count).
     */
    record Planned(SequentialPlan looks, Map<String, Integer> replicas, Map<String, Integer> messages) {}

    /**
     * Plans the looks and, when {@code declaredSeries} is given, each benchmark's replicas. The replicas are first
     * planned for the most forks {@code looks} may measure, to forecast the looks' time; when the forecast leaves one
     * look of fewer forks, they are planned again for the forks the sides will measure, whose samples the launcher's
     * heap holds: planned for the most forks, a one-look {@code ab} would cap its replicas below Kalibera and Jones's
     * optimum for forks it never measures. Only the replicas finally planned are printed.
     *
     * @param declaredSeries a benchmark's series from its declaration; null when the replicas are not planned
     */
    static Planned plan(
            SequentialPlan looks,
            Map<String, Optional<ReplicaPilot>> pilots,
            MeasurementSession.Measurement a,
            List<String> names,
            ToIntFunction<String> declaredSeries,
            PrintWriter err,
            long heapBytes) {
        return plan(looks, pilots, a, names, declaredSeries, err, heapBytes, false);
    }

    /**
     * As above; {@code planMessages}: a replica's messages may be planned below the configured count (see
     * {@link #plannedShapes}).
     */
    static Planned plan(
            SequentialPlan looks,
            Map<String, Optional<ReplicaPilot>> pilots,
            MeasurementSession.Measurement a,
            List<String> names,
            ToIntFunction<String> declaredSeries,
            PrintWriter err,
            long heapBytes,
            boolean planMessages) {
        if (declaredSeries == null) {
            return new Planned(forecastLooks(looks, pilots, a, names, Map.of(), err), Map.of(), Map.of());
        }
        PrintWriter unsaid = new PrintWriter(OutputStream.nullOutputStream());
        Map<String, ReplicaPlan.Shape> forMost =
                plannedShapes(pilots, a, names, declaredSeries, unsaid, heapBytes, planMessages);
        SequentialPlan forecast = forecastLooks(looks, pilots, a, names, forMost, err);
        Map<String, ReplicaPlan.Shape> shapes = plannedShapes(
                pilots, atMostForks(a, forecast.maxForks()), names, declaredSeries, err, heapBytes, planMessages);
        Map<String, Integer> replicas = new LinkedHashMap<>();
        Map<String, Integer> messages = new LinkedHashMap<>();
        shapes.forEach((name, shape) -> {
            replicas.put(name, shape.replicas());
            if (shape.messages() != a.config().messages()) {
                messages.put(name, shape.messages());
            }
        });
        return new Planned(forecast, replicas, messages);
    }

    /** @return {@code side} measuring at most {@code forks} forks a benchmark */
    static MeasurementSession.Measurement atMostForks(MeasurementSession.Measurement side, int forks) {
        return side.config().forks() <= forks
                ? side
                : new MeasurementSession.Measurement(
                        side.config().withForks(forks), side.environment(), side.readiness(), side.warnings());
    }

    private static void warnFailures(String side, List<BenchmarkOutcome> outcomes, PrintWriter err) {
        for (BenchmarkOutcome o : outcomes) {
            o.failures().forEach(f -> err.println(Warning.line(side + ": " + f)));
        }
    }

    /**
     * @param shapes per benchmark, the replicas a fork measures and their messages when planned; else the configured
     *     counts
     * @return {@code plan} with one look when this machine's stored runs forecast that its first look leaves no room
     *     for a second ({@link SequentialPlan#forecast}), saying so in one line; else {@code plan}, also when a
     *     benchmark has no stored run to forecast from
     */
    static SequentialPlan forecastLooks(
            SequentialPlan plan,
            Map<String, Optional<ReplicaPilot>> pilots,
            MeasurementSession.Measurement a,
            List<String> names,
            Map<String, ReplicaPlan.Shape> shapes,
            PrintWriter err) {
        if (plan.looks() == 1 || names.isEmpty()) {
            return plan;
        }
        double firstLookS = 0;
        double cheapestPairS = Double.POSITIVE_INFINITY;
        for (String name : names) {
            ReplicaPlan.Shape shape = shapes.getOrDefault(
                    name,
                    new ReplicaPlan.Shape(a.config().replicas(), a.config().messages()));
            OptionalDouble pairS = pilots.get(name)
                    .map(p -> p.costs().pairS(shape.replicas(), shape.messages()))
                    .orElse(OptionalDouble.empty());
            if (pairS.isEmpty()) {
                return plan;
            }
            firstLookS += plan.minForks() * pairS.getAsDouble();
            cheapestPairS = Math.min(cheapestPairS, pairS.getAsDouble());
        }
        SequentialPlan forecast = plan.forecast(firstLookS, cheapestPairS);
        if (forecast.looks() < plan.looks()) {
            err.println(String.format(
                    Locale.ROOT,
                    "[ab] one look of %d pairs a side, alpha not split over looks:"
                            + " at this machine's stored figures it takes ~%.0fs of the %ds budget, leaving no room for %d more pairs"
                            + " (~%.0fs a pair at the cheapest)",
                    plan.minForks(),
                    firstLookS,
                    plan.budget().toSeconds(),
                    SequentialPlan.MIN_STEP_PAIRS,
                    cheapestPairS));
            err.flush();
        }
        return forecast;
    }

    /**
     * @return per benchmark, the replicas a fork should measure at this machine's stored figures (the newest runs of
     *     this machine that estimated them, pooled: {@link ReplicaPilot}), at least 2 so the spread stays measured; a
     *     benchmark without such a run keeps the configured count. Either is capped by what the launcher's heap can
     *     hold. One line each says what was chosen and why.
     */
    static Map<String, Integer> plannedReplicas(
            Map<String, Optional<ReplicaPilot>> pilots,
            MeasurementSession.Measurement a,
            List<String> names,
            ToIntFunction<String> declaredSeries,
            PrintWriter err) {
        return plannedReplicas(
                pilots, a, names, declaredSeries, err, Runtime.getRuntime().maxMemory());
    }

    /**
     * @return per benchmark, this machine's pilot: the newest runs under {@code resultsRoot} of the machine and
     *     configuration {@code a} is about to measure on, pooled ({@link ReplicaPilot#pooled}); empty for none. Read
     *     once, for the replicas and the looks alike.
     */
    static Map<String, Optional<ReplicaPilot>> pilots(
            Path resultsRoot, MeasurementSession.Measurement a, List<String> names) {
        MachineFingerprint machine = MachineFingerprint.of(
                Json.mapper().valueToTree(a.environment()), Json.mapper().valueToTree(a.config()));
        Map<String, Optional<ReplicaPilot>> pilots = new LinkedHashMap<>();
        for (String name : names) {
            pilots.put(name, ReplicaPilot.pooled(resultsRoot, machine, name));
        }
        return pilots;
    }

    /**
     * @return the series {@code benchmark} records, from its declaration, for the heap it needs before any run of it is
     *     stored: each stage, a pipeline's total and unmarked, and its tags' series, which hold each stage's samples at
     *     most once more
     */
    static int declaredSeries(BenchmarkDescriptor benchmark) {
        int stages = benchmark.stages().size();
        return stages + (stages > 1 ? 2 : 0) + (benchmark.tags().isEmpty() ? 0 : stages);
    }

    /**
     * As {@link #plannedReplicas(Map, MeasurementSession.Measurement, List, ToIntFunction, PrintWriter)}, in a launcher
     * heap of {@code heapBytes}.
     */
    static Map<String, Integer> plannedReplicas(
            Map<String, Optional<ReplicaPilot>> pilots,
            MeasurementSession.Measurement a,
            List<String> names,
            ToIntFunction<String> declaredSeries,
            PrintWriter err,
            long heapBytes) {
        Map<String, Integer> replicas = new LinkedHashMap<>();
        plannedShapes(pilots, a, names, declaredSeries, err, heapBytes, false)
                .forEach((name, shape) -> replicas.put(name, shape.replicas()));
        return replicas;
    }

    /**
     * As {@link #plannedReplicas(Map, MeasurementSession.Measurement, List, ToIntFunction, PrintWriter, long)}, with
     * each planned benchmark's messages a replica: the configured count, or, with {@code planMessages}, fewer where the
     * heap cannot hold Kalibera and Jones's optimum of that many ({@link ReplicaPlan#underHeap}): the same samples over
     * more setups. A default {@code ab} of the five reference benchmarks could otherwise hold the pipeline to one
     * replica where the optimum is several, and a fork's centre is then wider than the same samples over more setups
     * make it (docs/decisions.md, "Replicas under the launcher's heap").
     */
    static Map<String, ReplicaPlan.Shape> plannedShapes(
            Map<String, Optional<ReplicaPilot>> pilots,
            MeasurementSession.Measurement a,
            List<String> names,
            ToIntFunction<String> declaredSeries,
            PrintWriter err,
            long heapBytes,
            boolean planMessages) {
        Map<String, ReplicaPlan.Shape> planned = new LinkedHashMap<>();
        for (String name : names) {
            Optional<ReplicaPilot> pilot = pilots.get(name);
            OptionalInt optimum =
                    pilot.map(p -> p.replicas(a.config().messages())).orElse(OptionalInt.empty());
            if (optimum.isEmpty()) {
                // the configured count is capped too: uncapped, a default ab of all five reference benchmarks, some
                // of them without a stored run, ran out of the launcher's heap merging its first look; the
                // declaration's series count its tags' already
                int series = declaredSeries.applyAsInt(name);
                int configured = a.config().replicas();
                int messages = a.config().messages();
                long share = heapBytes / names.size();
                ReplicaPlan.Shape shape = planMessages
                        ? ReplicaPlan.underHeap(share, a.config().forks(), configured, messages, series)
                        : new ReplicaPlan.Shape(
                                Math.min(
                                        configured,
                                        ReplicaPlan.fittingReplicas(
                                                share, a.config().forks(), messages, series)),
                                messages);
                if (shape.replicas() < configured || shape.messages() < messages) {
                    planned.put(name, shape);
                    boolean shortened = shape.messages() < messages;
                    String of = shortened ? String.format(Locale.ROOT, " of %,d messages", shape.messages()) : "";
                    String cut = shape.replicas() == configured
                            ? String.format(Locale.ROOT, "%d replicas a fork%s, not %,d", configured, of, messages)
                            : shape.replicas() + " replica(s) a fork" + of + ", not the default " + configured
                                    + (shortened ? String.format(Locale.ROOT, " of %,d", messages) : "");
                    err.println("[ab] " + name + ": " + cut
                            + String.format(
                                    Locale.ROOT,
                                    ": %d forks a side of %d x %,d samples of %d series"
                                            + " (tags included, from its declaration; no stored run of this machine has its"
                                            + " figures) would not fit its share of this launcher's %,d MiB heap (1/%d)%s",
                                    a.config().forks(),
                                    configured,
                                    messages,
                                    series,
                                    heapBytes >> 20,
                                    names.size(),
                                    !shortened
                                            ? "; -r sets them"
                                            : shape.replicas() == configured
                                                    ? "; the samples it holds spread over the default replicas (-r and -n set them)"
                                                    : "; the samples it holds spread over as many replicas as keep at least "
                                                            + String.format(
                                                                    Locale.ROOT,
                                                                    "%,d",
                                                                    ReplicaPlan.MIN_PLANNED_MESSAGES)
                                                            + " messages each (-r and -n set them)"));
                    continue;
                }
                err.println(
                        "[ab] " + name + ": " + a.config().replicas() + " replicas a fork, the default: no stored run"
                                + " of this machine has its spread and costs to plan from (-r sets them)");
                continue;
            }
            int optimal = Math.max(2, optimum.getAsInt());
            // every benchmark's outcomes are held until the end, and a stage's tag series hold its samples again
            int series = 2 * pilot.get().spread().size();
            long share = heapBytes / names.size();
            int messages = a.config().messages();
            ReplicaPlan.Shape shape = planMessages
                    ? ReplicaPlan.underHeap(share, a.config().forks(), optimal, messages, series)
                    : new ReplicaPlan.Shape(
                            Math.min(
                                    optimal,
                                    ReplicaPlan.fittingReplicas(
                                            share, a.config().forks(), messages, series)),
                            messages);
            int replicas = shape.replicas();
            planned.put(name, shape);
            if (replicas == optimal && shape.messages() < messages) {
                err.println(String.format(
                        Locale.ROOT,
                        "[ab] %s: %d replicas a fork of %,d messages, not %,d:"
                                + " Kalibera and Jones's optimum (from %s), whose %d forks a side of %d x %,d samples of %d series"
                                + " (tags included) would not fit its share of this launcher's %,d MiB heap (1/%d); the same"
                                + " samples over more setups, whose share of the spread replicas divide (-r and -n set them)",
                        name,
                        replicas,
                        shape.messages(),
                        messages,
                        pilot.get().describe(),
                        a.config().forks(),
                        optimal,
                        messages,
                        series,
                        heapBytes >> 20,
                        names.size()));
                continue;
            }
            err.println("[ab] " + name + ": " + replicas + " replicas a fork"
                    + (shape.messages() < messages
                            ? String.format(Locale.ROOT, " of %,d messages", shape.messages())
                            : "")
                    + ", "
                    + (replicas == optimal
                            ? "the narrowest centre for the time at this machine's figures (Kalibera and Jones's optimum, at"
                                    + " least 2, from " + pilot.get().describe() + "; -r sets them)"
                            : "not the " + optimal + " of Kalibera and Jones's optimum (from "
                                    + pilot.get().describe() + "):"
                                    + String.format(
                                            Locale.ROOT,
                                            " %d forks a side of %d x %,d samples of %d series (tags"
                                                    + " included) would not fit its share of this launcher's %,d MiB heap (1/%d); -r sets them)",
                                            a.config().forks(),
                                            optimal,
                                            a.config().messages(),
                                            series,
                                            heapBytes >> 20,
                                            names.size())));
        }
        err.flush();
        return planned;
    }
}
