package io.stagebench.host;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.stagebench.api.SeriesNames;
import io.stagebench.config.RunConfig;
import io.stagebench.config.UsageException;
import io.stagebench.io.AtomicFiles;
import io.stagebench.io.IoProblems;
import io.stagebench.io.Terminal;
import io.stagebench.json.Json;
import io.stagebench.link.ForkEntry;
import io.stagebench.link.ForkFiles;
import io.stagebench.link.ForkLayout;
import io.stagebench.link.ForkResult;
import io.stagebench.link.ForkSpec;
import io.stagebench.link.LinkVersion;
import io.stagebench.link.ProgressChannel;
import io.stagebench.link.ProgressEvent;
import io.stagebench.link.RawStamps;
import io.stagebench.nativeaccess.Personality;
import io.stagebench.process.JvmFork;
import io.stagebench.process.LiveForks;
import io.stagebench.registry.BenchmarkDescriptor;
import io.stagebench.result.BatchChoice;
import io.stagebench.result.BenchmarkOutcome;
import io.stagebench.result.HandoffJoin;
import io.stagebench.result.LatencySeries;
import io.stagebench.result.RepetitionCosts;
import io.stagebench.result.SpreadComponents;
import io.stagebench.result.TailExemplars;
import io.stagebench.result.WindowCentres;
import io.stagebench.stats.Distribution;
import io.stagebench.system.CpuList;
import io.stagebench.system.JitEvents;
import io.stagebench.warning.Warning;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * The forks of one benchmark in one run, launched one at a time and merged at the end: each fork's spec is written
 * under {@code <runDir>/forks/<benchmark>/}, the fork is launched, and its summary and raw stamps are read back and
 * turned into latency series. A fork that crashes, hangs past its timeout or writes an unreadable result becomes one
 * failure line; the others are kept.
 *
 * <p>{@link Runner} runs a benchmark's forks back to back; an A/B comparison interleaves the forks of two of these (A
 * 1, B 1, A 2, B 2, ...), one per variant.
 */
public final class BenchmarkForks {

    private final RunConfig config;
    private final BenchmarkDescriptor descriptor;
    private final ForkLauncher launcher;
    private final CpuList serviceCpus;
    private final ForkProgress progress;
    private final Path forkDir;
    private final List<ForkResult> results = new ArrayList<>();
    private final List<ForkSamples> samples = new ArrayList<>();
    /** Per successful fork of a batched run, its batches' mean per message over its replicas (empty: not batched). */
    private final List<Double> batchMeansNs = new ArrayList<>();

    private final List<Long> wallMs = new ArrayList<>();
    /**
     * each fork's time from launch to its first measured message; -1 for one that took turns (it waited on the other's)
     */
    private final List<Long> startMs = new ArrayList<>();

    private final List<String> failures = new ArrayList<>();
    private final BatchChoice batchChoice;
    private BooleanSupplier stopped = () -> false;
    /** The forks planned: the config's, and any planned since ({@link #planOneMore}). */
    private int planned;

    /**
     * @param progress where progress goes: redrawn in place when it is this process's stderr on a terminal, else one
     *     line per fork
     * @param tag progress prefix, e.g. "[run]" or "[ab A]"
     * @throws IOException when the benchmark's fork folder cannot be created
     */
    public BenchmarkForks(
            RunConfig config,
            BenchmarkDescriptor descriptor,
            ForkLauncher launcher,
            CpuList serviceCpus,
            PrintStream progress,
            String tag)
            throws IOException {
        this(config, descriptor, launcher, serviceCpus, progress, tag, null);
    }

    /**
     * @param config the run's configuration, its batch already resolved for this benchmark
     * @param batchChoice how {@code --batch auto} chose that batch, or null
     */
    public BenchmarkForks(
            RunConfig config,
            BenchmarkDescriptor descriptor,
            ForkLauncher launcher,
            CpuList serviceCpus,
            PrintStream progress,
            String tag,
            BatchChoice batchChoice)
            throws IOException {
        this.batchChoice = batchChoice;
        this.config = config;
        this.descriptor = descriptor;
        this.launcher = launcher;
        this.serviceCpus = serviceCpus;
        this.progress = new ForkProgress(
                progress,
                progress == System.err ? Terminal.current() : Terminal.plain(),
                tag + " " + descriptor.name(),
                config.forks(),
                System::nanoTime);
        this.forkDir = config.runDir().resolve("forks").resolve(descriptor.name());
        this.planned = config.forks();
        Files.createDirectories(forkDir);
    }

    /**
     * Plans one fork more than planned so far, numbered on from the last (its layout seed cycles on as the config's
     * forks' do); labels and progress count it.
     */
    public void planOneMore() {
        planned++;
        progress.planned(planned);
    }

    /** @return the forks planned: the config's and any planned since */
    public int planned() {
        return planned;
    }

    /**
     * A fork that ends while {@code stop} is true was ended by the stop: {@link #runFork} then throws
     * {@link LiveForks.Stopped} instead of counting it as failed.
     */
    public BenchmarkForks stoppedBy(BooleanSupplier stop) {
        this.stopped = stop;
        return this;
    }

    /** @return the forks that succeeded so far */
    public int succeeded() {
        return results.size();
    }

    /** Launches fork {@code fork} (from 1) and collects what it wrote; a failure is recorded, never thrown. */
    public void runFork(int fork) throws IOException {
        runFork(fork, null);
    }

    /**
     * Launches fork {@code fork} (from 1), taking turns on the measuring CPU through {@code turns} when it is not null
     * ({@link PairTurns}; the launcher must {@link ForkLauncher#takesTurns() take turns}), and collects what it wrote.
     * Such a fork lives through its partner's turns too: its timeout is doubled, and the time it waited is not its
     * cost.
     */
    void runFork(int fork, PairTurns.Side turns) throws IOException {
        // a build newer than this launcher may read a spec otherwise: one line, before any of its forks starts
        Optional<String> newer = LinkVersion.refusal("the forks' build", launcher.linkVersion());
        if (newer.isPresent()) {
            throw new UsageException(newer.get());
        }
        String label = descriptor.name() + " fork " + fork + "/" + planned;
        progress.started(fork);
        // the personality is the starting thread's: set right before this fork starts, undone right after
        Personality.Result fixed = config.fixedAddresses() ? launcher.fixAddresses() : null;
        JvmFork.Exit outcome;
        long launchedNs = System.nanoTime();
        long launchedEpochMs = System.currentTimeMillis();
        String randomisation =
                fixed == null ? ForkLayout.RANDOMISED : fixed.disabled() ? ForkLayout.FIXED : fixed.refusal();
        ForkSpec spec = config.forkSpec(descriptor.name(), fork, forkDir, randomisation)
                .withBenchmarkClassPath(launcher.benchmarkClassPath())
                .withTurns(turns != null)
                .withPlannedForks(planned)
                .withLinkVersion(launcher.linkVersion());
        String token = spec.job().progressToken();
        try {
            Path specFile = forkDir.resolve(ForkFiles.spec(fork));
            AtomicFiles.writeString(specFile, Json.write(spec));
            // only the fork's framed lines are progress; anything else on its stdout is dropped
            Consumer<String> lines = line -> ProgressChannel.read(token, line)
                    .map(ProgressEvent::parse)
                    .ifPresent(event -> {
                        progress.forkSaid(event);
                        if (turns != null) {
                            turns.said(event);
                        }
                    });
            Duration timeout = Duration.ofSeconds(config.forkTimeoutS());
            outcome = turns == null
                    ? launcher.launch(specFile, forkJvmFlags(fork), serviceCpus, timeout, lines)
                    : launcher.launch(
                            specFile, forkJvmFlags(fork), serviceCpus, timeout.multipliedBy(2), lines, turns::attach);
        } finally {
            if (fixed != null) {
                launcher.restoreAddresses(fixed);
            }
        }
        if (stopped.getAsBoolean()) {
            // killed by the stop, not failed: not one of the forks a stopped run keeps
            throw new LiveForks.Stopped();
        }
        if (outcome.exitCode() == ForkEntry.EXIT_CANNOT_WRITE && !outcome.timedOut()) {
            // not a crashed fork: the run's own folder cannot take its results, and no later fork's would fit either
            String why = outcome.stdoutTail().stream()
                    .flatMap(l -> ProgressChannel.read(token, l).stream())
                    .map(ProgressEvent::parse)
                    .filter(e -> e.phase() == ProgressEvent.Phase.CANNOT_WRITE)
                    .reduce((first, second) -> second)
                    .map(ProgressEvent::phaseText)
                    .orElse(forkDir + ": cannot write");
            throw new IOException(why);
        }
        if (outcome.exitCode() == ForkEntry.EXIT_REFUSED && !outcome.timedOut()) {
            // not a crashed fork: the benchmark contradicts its declaration, and every later fork would refuse it too
            String why = outcome.stdoutTail().stream()
                    .flatMap(l -> ProgressChannel.read(token, l).stream())
                    .map(ProgressEvent::parse)
                    .filter(e -> e.phase() == ProgressEvent.Phase.REFUSED)
                    .reduce((first, second) -> second)
                    .map(ProgressEvent::phaseText)
                    .orElse("benchmark '" + descriptor.name() + "' contradicts its declaration");
            throw new UsageException(why);
        }
        if (!outcome.succeeded()) {
            OptionalInt alike = progress.failed(
                    outcome.failure(),
                    outcome.stdoutTail().stream()
                            .map(l -> ProgressChannel.read(token, l)
                                    .map(p -> ProgressEvent.parse(p).line())
                                    .orElse(l))
                            .filter(l -> !l.isEmpty())
                            .toList());
            failures.add(label + " " + outcome.failure()
                    + (alike.isPresent()
                            ? "; " + Warning.SAME_FAILURE_AS + alike.getAsInt() + "/" + planned
                            : "; its output is above"));
            return;
        }
        if (!Files.exists(forkDir.resolve(spec.resultFileName()))) {
            // exit 0 and no result: the JVM was ended from inside before the fork could write one
            failures.add(
                    label + " " + outcome.failure() + " without writing its result (" + spec.resultFileName()
                            + "): its JVM ended before the fork finished - a System.exit or Runtime.halt in the benchmark's code?");
            progress.failed("wrote no result", List.of(failures.get(failures.size() - 1)));
            return;
        }
        try {
            ForkResult result = Json.mapper()
                    .readValue(forkDir.resolve(spec.resultFileName()).toFile(), ForkResult.class);
            if (result.run().batch() != spec.measurement().batch()) {
                // a build from before batches ignores the spec's batch: its figures would be of another kind
                failures.add(label + " measured " + result.run().batch() + " message(s) a sample, not the "
                        + spec.measurement().batch()
                        + " asked for: its build does not know --batch");
                progress.failed("measured unbatched", List.of(failures.get(failures.size() - 1)));
                return;
            }
            List<Map<String, double[]>> replicas = new ArrayList<>();
            for (int r = 1; r <= result.replicaCount(); r++) {
                replicas.add(replicaSeries(result.ofReplica(r), label));
            }
            // read before anything is kept: an unreadable file fails the fork whole, not one list of its figures
            double forkBatchMeanNs = result.run().batch() > 1 ? batchMeanNs(result) : Double.NaN;
            samples.add(ForkSamples.of(replicas));
            if (result.run().batch() > 1) {
                batchMeansNs.add(forkBatchMeanNs);
            }
            wallMs.add((System.nanoTime() - launchedNs) / 1_000_000 - (turns == null ? 0 : turns.waitedMs()));
            long firstMeasuredEpochMs = result.measurement().measureStartEpochMs();
            startMs.add(turns == null && firstMeasuredEpochMs > 0 ? firstMeasuredEpochMs - launchedEpochMs : -1);
            results.add(result);
            progress.succeeded();
            return;
        } catch (JsonProcessingException e) {
            failures.add(label + " wrote an unreadable result: " + spec.resultFileName() + " " + Json.problem(e));
        } catch (IOException e) {
            failures.add(label + " wrote an unreadable result: " + IoProblems.describe(e));
        } catch (RuntimeException e) {
            failures.add(label + " wrote an unreadable result: " + e.getMessage());
        }
        progress.failed("wrote an unreadable result", List.of(failures.get(failures.size() - 1)));
    }

    /** @return one replica's series, from its raw files ({@link ForkResult#ofReplica}) */
    private Map<String, double[]> replicaSeries(ForkResult result, String label) throws IOException {
        RawStamps raw = readRaw(forkDir, result, label);
        double overheadTicks = result.ruler().overhead().subtractedTicks();
        double ticksPerNs = result.ruler().calibration().ticksPerNs();
        Map<String, double[]> out = result.run().batch() > 1
                ? batchedSeries(forkDir, result, raw)
                : LatencySeries.compute(raw, result.run().stages(), result.run().tags(), overheadTicks, ticksPerNs);
        String unmarked = result.measurement().unmarkedRawFile();
        if (unmarked != null) {
            out.put(
                    SeriesNames.UNMARKED,
                    LatencySeries.unmarked(RawStamps.read(forkDir.resolve(unmarked)), overheadTicks, ticksPerNs));
        }
        return out;
    }

    /**
     * @return the run's JVM flags, and the one that writes the fork's JIT log beside its results ({@link JitEvents})
     */
    /** @return fork {@code fork}'s flags: the run's, then the benchmark's own ({@code @Benchmark(jvmArgs = ...)}) */
    List<String> forkJvmFlags(int fork) {
        List<String> flags = new ArrayList<>(config.jvmFlags());
        flags.addAll(descriptor.jvmArgs());
        if (JitEvents.wanted(config.jvmFlags())) {
            flags.add(JitEvents.logFlag(forkDir.resolve(ForkFiles.jitLog(fork))));
        }
        return flags;
    }

    private static Map<String, double[]> batchedSeries(Path forkDir, ForkResult result, RawStamps raw)
            throws IOException {
        RawStamps preparation = result.measurement().preparationRawFile() == null
                ? null
                : RawStamps.read(forkDir.resolve(result.measurement().preparationRawFile()));
        Map<String, double[]> series = new LinkedHashMap<>();
        series.put(
                LatencySeries.batchedSeries(result.run().stages()),
                LatencySeries.batched(
                        raw,
                        preparation,
                        result.ruler().overhead().subtractedTicks(),
                        result.ruler().calibration().ticksPerNs(),
                        result.run().batch()));
        return series;
    }

    /**
     * @return the fork's mean per message over its replicas' batches ({@link LatencySeries#batchedMeanNs}), each
     *     replica weighed by its batches
     */
    private double batchMeanNs(ForkResult result) throws IOException {
        double sumNs = 0;
        long batches = 0;
        for (int r = 1; r <= result.replicaCount(); r++) {
            ForkResult replica = result.ofReplica(r);
            RawStamps raw = RawStamps.read(forkDir.resolve(replica.measurement().rawFile()));
            RawStamps preparation = replica.measurement().preparationRawFile() == null
                    ? null
                    : RawStamps.read(forkDir.resolve(replica.measurement().preparationRawFile()));
            if (raw.count() > 0) {
                sumNs += LatencySeries.batchedMeanNs(
                                raw,
                                preparation,
                                replica.ruler().overhead().subtractedTicks(),
                                replica.ruler().calibration().ticksPerNs(),
                                replica.run().batch())
                        * raw.count();
                batches += raw.count();
            }
        }
        return batches == 0 ? Double.NaN : sumNs / batches;
    }

    /** A handoff fork's two threads' stamps joined by sequence number; a one-thread fork's stamps as written. */
    private RawStamps readRaw(Path forkDir, ForkResult result, String label) throws IOException {
        RawStamps raw = RawStamps.read(forkDir.resolve(result.measurement().rawFile()));
        if (!result.handoff()) {
            return raw;
        }
        HandoffJoin joined = HandoffJoin.join(
                raw,
                RawStamps.read(
                        forkDir.resolve(result.placement().threads().get(1).rawFile())));
        if (joined.negativeHandoffs() > 0) {
            // a line of the fork's own progress, so it is shown with the fork it belongs to
            String warning = Warning.line(label + ": " + joined.negativeHandoffs() + " messages were consumed"
                    + " before they were published by the two CPUs' counters (stored as 0): the cross-core offset"
                    + " shows");
            progress.forkSaid(new ProgressEvent(ProgressEvent.Phase.OTHER, warning, warning));
        }
        return joined.raw();
    }

    /**
     * @return the forks collected so far, merged; the stages are those the forks measured (another build of the
     *     benchmark may name them differently from this one's)
     */
    public BenchmarkOutcome merge() {
        BenchmarkDescriptor measured = descriptor;
        if (!results.isEmpty() && !results.get(0).run().stages().equals(descriptor.stages())) {
            measured = new BenchmarkDescriptor(
                    descriptor.name(),
                    results.get(0).run().stages(),
                    descriptor.description(),
                    descriptor.className(),
                    List.of(),
                    List.of(),
                    results.get(0).run().tags(),
                    descriptor.jvmArgs());
        } else if (!results.isEmpty() && !results.get(0).run().tags().equals(descriptor.tags())) {
            measured = new BenchmarkDescriptor(
                    descriptor.name(),
                    descriptor.stages(),
                    descriptor.description(),
                    descriptor.className(),
                    descriptor.parameters(),
                    descriptor.threads(),
                    results.get(0).run().tags(),
                    descriptor.jvmArgs());
        }
        Map<String, SpreadComponents> spread = new LinkedHashMap<>();
        Map<String, List<double[]>> centres = new LinkedHashMap<>();
        Map<String, List<double[]>> windows = new LinkedHashMap<>();
        for (String name :
                samples.isEmpty() ? List.<String>of() : samples.get(0).series()) {
            // one series' replicas cut out at a time: a copy of every series at once would double the launcher's heap
            List<List<double[]>> replicas = replicaSamples(name);
            if (replicas == null) {
                continue;
            }
            SpreadComponents c = SpreadComponents.estimate(replicas);
            if (c != null) {
                spread.put(name, c);
            }
            centres.put(
                    name,
                    replicas.stream()
                            .map(fork -> fork.stream()
                                    .mapToDouble(r -> r.length == 0
                                            ? Double.NaN
                                            : Distribution.of(r).trimmedMean(99))
                                    .toArray())
                            .toList());
            List<double[]> windowCentres = new ArrayList<>();
            // the probes bracket the marked pass's windows: not a second pass's (unmarked, or a preparation subtracted)
            boolean oneMarkedPass = !name.equals(SeriesNames.UNMARKED)
                    && results.stream().allMatch(r -> r.measurement().preparationRawFile() == null);
            for (int f = 0; f < replicas.size() && oneMarkedPass; f++) {
                windowCentres.add(WindowCentres.of(
                        replicas.get(f),
                        results.get(f).measurement().replicas(),
                        samples.get(f).distributions().get(name).percentile(99),
                        results.get(f).run().batch()));
            }
            if (windowCentres.stream().anyMatch(Objects::nonNull)) {
                windows.put(name, windowCentres);
            }
        }
        return BenchmarkOutcome.mergeSorted(
                        measured,
                        results,
                        samples.stream().map(ForkSamples::distributions).toList(),
                        failures,
                        batchChoice,
                        config.batch().messagesOr(1))
                .withSpread(spread, RepetitionCosts.of(results, wallMs, startMs), centres, windows)
                .withBatchMeans(batchMeansNs.size() == results.size() ? batchMeansNs : List.of());
    }

    /**
     * @return {@link #merge()} with each series' tail shown ({@link TailExemplars}), read again from the raw files: a
     *     run's, once at its end (an {@code ab}'s looks leave it out); without it when a raw file cannot be read again
     *     or does not hold what the fork said (the run's figures stand without its tail, which it then lacks)
     */
    public BenchmarkOutcome mergeWithTail() {
        BenchmarkOutcome outcome = merge();
        try {
            return outcome.withTail(TailExemplars.of(forkDir, results, outcome.merged()));
        } catch (IOException | RuntimeException e) {
            return outcome;
        }
    }

    /** @return per fork, each replica's samples of {@code series} in message order; null when some fork lacks it */
    private List<List<double[]>> replicaSamples(String series) {
        List<List<double[]>> out = new ArrayList<>();
        for (ForkSamples fork : samples) {
            List<double[]> replicas = fork.replicas(series);
            if (replicas == null) {
                return null;
            }
            out.add(replicas);
        }
        return out;
    }
}
