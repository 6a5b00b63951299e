package io.stagebench.host;

import io.stagebench.config.Batch;
import io.stagebench.config.RunConfig;
import io.stagebench.io.AtomicFiles;
import io.stagebench.json.Json;
import io.stagebench.registry.BenchmarkDescriptor;
import io.stagebench.registry.BenchmarkRegistry;
import io.stagebench.result.BatchChoice;
import io.stagebench.result.BenchmarkOutcome;
import io.stagebench.system.CpuList;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * An A/B run: the same benchmarks measured in two variants - two builds, or one build with different JVM flags - with
 * their forks interleaved, A 1, B 1, B 2, A 2, A 3, B 3, ..., on the same measuring CPU. Whatever drifts while the
 * comparison runs (temperature, a neighbour's load, the page cache) then falls on both variants alike instead of on
 * whichever ran second. When forks measure several replicas, the two forks of a pair are alive together and their
 * replicas take turns, A1 B1 B2 A2 ... ({@link PairTurns}): what the host does in a given second lands on both. Each
 * variant keeps its own run folder and is merged exactly as {@link Runner} merges a run.
 */
public final class InterleavedRunner {

    /**
     * One side of the comparison.
     *
     * @param name "A" or "B", used in progress lines
     * @param config its run configuration (own run folder, JVM flags and parameters)
     * @param launcher starts its forks (its own build's class path)
     */
    public record Variant(String name, RunConfig config, ForkLauncher launcher) {}

    /**
     * What both sides measured.
     *
     * @param a the outcomes of A, in benchmark order
     * @param b the outcomes of B, in benchmark order
     */
    public record Sides(List<BenchmarkOutcome> a, List<BenchmarkOutcome> b) {
        public Sides {
            a = List.copyOf(a);
            b = List.copyOf(b);
        }
    }

    private final Variant a;
    private final Variant b;
    private final BenchmarkRegistry registry;
    private final CpuList serviceCpus;
    private final PrintStream progress;
    private final Map<String, BenchmarkForks[]> forks = new LinkedHashMap<>();
    private final Map<String, Integer> pairsRun = new LinkedHashMap<>();
    private final Map<String, List<PairSchedule>> schedule = new LinkedHashMap<>();
    private boolean turnsAllowed = true;
    private final Map<String, Integer> replicasByBenchmark = new LinkedHashMap<>();
    private final Map<String, Integer> messagesByBenchmark = new LinkedHashMap<>();

    /** The file, in each side's {@code forks/BENCHMARK/} folder, that records the turns its pairs took. */
    public static final String TURNS_FILE = "turns.json";

    /**
     * @throws IllegalArgumentException when the variants differ in benchmarks, fork count, measuring CPU or layout
     *     seeds - what an interleaved comparison must share (fork i of either side runs the same layout seed, so a
     *     layout is common to a pair)
     */
    public InterleavedRunner(
            Variant a, Variant b, BenchmarkRegistry registry, CpuList serviceCpus, PrintStream progress) {
        if (!a.config().benchmarks().equals(b.config().benchmarks())
                || a.config().forks() != b.config().forks()
                || a.config().cpu() != b.config().cpu()
                || a.config().layoutSeed() != b.config().layoutSeed()
                || a.config().fixedAddresses() != b.config().fixedAddresses()
                || !a.config().batch().equals(b.config().batch())) {
            throw new IllegalArgumentException(
                    "A and B must run the same benchmarks with the same forks on the same CPU,"
                            + " from the same layout seeds and batch");
        }
        this.a = a;
        this.b = b;
        this.registry = registry;
        this.serviceCpus = serviceCpus;
        this.progress = progress;
    }

    /** Runs every benchmark's configured forks, interleaved; returns both sides' merged outcomes. */
    public Sides run() throws IOException {
        for (String name : a.config().benchmarks()) {
            runPairs(name, a.config().forks());
        }
        return outcomes();
    }

    /**
     * Runs {@code pairs} more fork pairs of {@code benchmark}. The order within a pair alternates, A B then B A (an
     * ABBA design): whatever a fork leaves behind for the next one (page cache, a warm branch predictor on the host, a
     * thermal state) falls on both sides alike instead of always on B.
     *
     * @throws IllegalArgumentException when the benchmark is not one of the comparison's or the configured fork count
     *     would be exceeded
     */
    public void runPairs(String benchmark, int pairs) throws IOException {
        if (!a.config().benchmarks().contains(benchmark)) {
            throw new IllegalArgumentException("benchmark '" + benchmark + "' is not part of this comparison");
        }
        int done = pairsRun.getOrDefault(benchmark, 0);
        if (done + pairs > a.config().forks()) {
            throw new IllegalArgumentException(
                    "at most " + a.config().forks() + " forks a side, asked for " + (done + pairs));
        }
        BenchmarkForks[] sides = sides(benchmark);
        for (int fork = done + 1; fork <= done + pairs; fork++) {
            boolean aFirst = fork % 2 == 1;
            if (takesTurns(benchmark)) {
                int pair = fork;
                long startNs = System.nanoTime();
                List<PairTurns.Turn> turns = PairTurns.run(
                        replicas(benchmark),
                        aFirst,
                        side -> sides[0].runFork(pair, side),
                        side -> sides[1].runFork(pair, side));
                schedule.computeIfAbsent(benchmark, k -> new ArrayList<>()).add(new PairSchedule(pair, turns));
                progress.printf(
                        Locale.ROOT,
                        "[ab] %s pair %d/%d: turns %s, both forks alive together (%.1f s)%n",
                        benchmark,
                        pair,
                        a.config().forks(),
                        turns.stream().map(PairTurns.Turn::toString).collect(Collectors.joining(" ")),
                        (System.nanoTime() - startNs) / 1e9);
                writeSchedule(benchmark);
            } else {
                sides[aFirst ? 0 : 1].runFork(fork);
                sides[aFirst ? 1 : 0].runFork(fork);
            }
        }
        pairsRun.put(benchmark, done + pairs);
    }

    /**
     * @return whether A's and B's forks of a pair are alive together and take turns on the measuring CPU replica by
     *     replica ({@link PairTurns}): when both builds' forks can ({@link ForkLauncher#takesTurns()}) and a fork
     *     measures more than one replica; else a pair's forks run one after the other, A B then B A
     */
    public boolean takesTurns() {
        return takesTurns(a.config().replicas());
    }

    private boolean takesTurns(String benchmark) {
        return takesTurns(replicas(benchmark));
    }

    private boolean takesTurns(int replicas) {
        return turnsAllowed && a.launcher().takesTurns() && b.launcher().takesTurns() && replicas > 1;
    }

    /** @return whether some pair so far took turns: the design the stored runs' pairing names */
    public boolean tookTurns() {
        return !schedule.isEmpty();
    }

    /** @return whether some pair so far gave a measured pass a turn of its own ({@link PairTurns.Turn#MEASURE}) */
    public boolean tookMeasureTurns() {
        return schedule.values().stream()
                .flatMap(List::stream)
                .flatMap(pair -> pair.turns().stream())
                .anyMatch(turn -> turn.part().equals(PairTurns.Turn.MEASURE));
    }

    /**
     * Measures {@code replicas} replicas a fork of the benchmarks it names instead of the configured count (a plan's
     * choice per benchmark); for a benchmark before its first pair.
     *
     * @throws IllegalArgumentException when a count is below 1, or a benchmark named has run pairs already
     */
    public void replicasOf(Map<String, Integer> replicas) {
        replicasByBenchmark.putAll(beforeFirstPair(replicas, "replicas"));
    }

    /**
     * @return {@code counts}, each a plan's choice for a benchmark that has run no pair yet
     * @throws IllegalArgumentException when a count is below 1, or a benchmark named has run pairs already
     */
    private Map<String, Integer> beforeFirstPair(Map<String, Integer> counts, String what) {
        counts.forEach((name, count) -> {
            if (count < 1 || forks.containsKey(name)) {
                throw new IllegalArgumentException(
                        name + ": " + count + " " + what + ", after " + pairsRun(name) + " pairs");
            }
        });
        return counts;
    }

    private int replicas(String benchmark) {
        return replicasByBenchmark.getOrDefault(benchmark, a.config().replicas());
    }

    /**
     * Measures {@code messages} messages a replica of the benchmarks it names instead of the configured count (a plan's
     * choice per benchmark, with {@link #replicasOf}); for a benchmark before its first pair.
     *
     * @throws IllegalArgumentException when a count is below 1, or a benchmark named has run pairs already
     */
    public void messagesOf(Map<String, Integer> messages) {
        messagesByBenchmark.putAll(beforeFirstPair(messages, "messages a replica"));
    }

    private RunConfig shaped(RunConfig config, String benchmark) {
        RunConfig withReplicas = config.withReplicas(replicas(benchmark));
        Integer messages = messagesByBenchmark.get(benchmark);
        return messages == null ? withReplicas : withReplicas.withMessages(messages);
    }

    /**
     * Runs every pair's forks one after the other from now on, even where they could take turns ({@code ab --no-turns}:
     * to compare the two designs).
     */
    public void oneAfterTheOther() {
        turnsAllowed = false;
    }

    /**
     * The turns of one pair, as given.
     *
     * @param pair the pair (fork number of either side), from 1
     * @param turns its turns in the order given
     */
    record PairSchedule(int pair, List<PairTurns.Turn> turns) {}

    /** @return the turns given so far for {@code benchmark}, pair by pair (empty when its pairs took none) */
    List<PairSchedule> schedule(String benchmark) {
        return List.copyOf(schedule.getOrDefault(benchmark, List.of()));
    }

    /**
     * Writes the benchmark's schedule so far into both sides' fork folders ({@code forks/BENCHMARK/turns.json}): when
     * each replica of each side held the measuring CPU.
     */
    private void writeSchedule(String benchmark) throws IOException {
        String json = Json.write(Map.of("benchmark", benchmark, "pairs", schedule(benchmark)));
        for (Variant side : List.of(a, b)) {
            AtomicFiles.writeString(
                    side.config().runDir().resolve("forks").resolve(benchmark).resolve(TURNS_FILE), json);
        }
    }

    /** @return the pairs run so far for {@code benchmark} */
    public int pairsRun(String benchmark) {
        return pairsRun.getOrDefault(benchmark, 0);
    }

    /** @return both sides' outcomes so far, merged, in benchmark order (benchmarks not started are left out) */
    public Sides outcomes() {
        List<BenchmarkOutcome> outA = new ArrayList<>();
        List<BenchmarkOutcome> outB = new ArrayList<>();
        for (BenchmarkForks[] sides : forks.values()) {
            outA.add(sides[0].merge());
            outB.add(sides[1].merge());
        }
        return new Sides(outA, outB);
    }

    private BenchmarkForks[] sides(String benchmark) throws IOException {
        BenchmarkForks[] sides = forks.get(benchmark);
        if (sides == null) {
            BenchmarkDescriptor descriptor = registry.get(benchmark);
            RunConfig configA = shaped(a.config(), benchmark);
            RunConfig configB = shaped(b.config(), benchmark);
            BatchChoice choice = null;
            // before either side's first fork starts: an A/B pair's forks are alive together
            for (Variant side : List.of(a, b)) {
                RunConfig config = side == a ? configA : configB;
                side.launcher()
                        .prepare(config, serviceCpus)
                        .ifPresent(line -> progress.println("[ab " + side.name() + "] " + line));
            }
            if (configA.batch().isAuto()) {
                // one pilot, on A's build: both sides must time the same K
                choice = BatchPilot.pilot(
                        configA, descriptor, a.launcher(), serviceCpus, progress, "[ab " + a.name() + "]");
                configA = configA.withBatch(Batch.of(choice.batch()));
                configB = configB.withBatch(Batch.of(choice.batch()));
            }
            sides = new BenchmarkForks[] {
                new BenchmarkForks(
                        configA, descriptor, a.launcher(), serviceCpus, progress, "[ab " + a.name() + "]", choice),
                new BenchmarkForks(
                        configB, descriptor, b.launcher(), serviceCpus, progress, "[ab " + b.name() + "]", choice)
            };
            forks.put(benchmark, sides);
        }
        return sides;
    }
}
