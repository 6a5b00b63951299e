package io.stagebench.store;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import io.stagebench.clock.Calibration;
import io.stagebench.link.CoreWindows;
import io.stagebench.link.CrossCoreOffset;
import io.stagebench.link.ForkChecks;
import io.stagebench.link.ForkLayout;
import io.stagebench.link.ForkMeasurement;
import io.stagebench.link.ForkPlacement;
import io.stagebench.link.ForkResult;
import io.stagebench.link.ForkRuler;
import io.stagebench.link.Replica;
import io.stagebench.link.ThreadPlacement;
import io.stagebench.result.BatchChoice;
import io.stagebench.result.BenchmarkOutcome;
import io.stagebench.result.CoreContention;
import io.stagebench.result.LayoutSensitivity;
import io.stagebench.result.MarkCost;
import io.stagebench.result.RepetitionCosts;
import io.stagebench.result.ReplicaPlan;
import io.stagebench.result.SpreadComponents;
import io.stagebench.result.TailExemplars;
import io.stagebench.result.WindowCentres;
import io.stagebench.stats.StageSummary;
import io.stagebench.system.MeasuredCode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;

/**
 * A run's {@code summary.json}, schema {@value RunStore#SCHEMA} (keys documented in {@code results/README.md}): what
 * {@link RunStore} writes, in this order, and what {@link ResultReader} reads back. Components marked required are in
 * every summary ever written; a summary written before another key existed reads it as null, or as the default its
 * component names. Latencies are nanoseconds.
 *
 * @param schema {@value RunStore#SCHEMA}
 * @param commit full commit hash measured, or "nocommit"
 * @param dirty whether tracked files had uncommitted changes
 * @param branch branch, "" when detached
 * @param runId the run folder's name
 * @param startTime ISO-8601 UTC start
 * @param endTime ISO-8601 UTC end
 * @param config the run's settings as {@code RunConfig} writes them
 * @param environment the machine as {@code Environment} writes it, with the forks' ruler
 * @param jmh the JMH-format file, relative to the run folder
 * @param pairing how the forks were paired with another run's ({@code ab} only), else null and not written
 * @param benchmarks the benchmarks, in run order
 * @param warnings every warning of the run
 */
public record Summary(
        @JsonProperty(required = true) String schema,
        @JsonProperty(required = true) String commit,
        @JsonProperty(required = true) boolean dirty,
        String branch,
        String runId,
        String startTime,
        String endTime,
        JsonNode config,
        JsonNode environment,
        String jmh,
        @JsonInclude(JsonInclude.Include.NON_NULL) Pairing pairing,
        @JsonProperty(required = true) List<Benchmark> benchmarks,
        List<String> warnings) {

    public Summary {
        benchmarks = List.copyOf(benchmarks);
        warnings = listOrEmpty(warnings);
    }

    /**
     * One benchmark of the run.
     *
     * @param name benchmark name
     * @param stages its stage names
     * @param batch messages a sample ({@code --batch K}); 1 when absent (written before batches)
     * @param samples what a sample is: "message", or "mean of K messages"
     * @param batchAuto how {@code --batch auto}'s pilot chose {@code batch}, else null and not written
     * @param forksSucceeded forks that produced a result; the forks listed when absent
     * @param failures one line per fork that did not
     * @param summaries per series, all forks merged
     * @param markCost what a pipeline's inner marks cost, else null and not written
     * @param layoutSensitivity per series measured on at least two layout seeds twice each; not written when empty
     * @param histograms series name to its HdrHistogram files; empty when absent (written before them)
     * @param forks per successful fork
     * @param spread per series, how its centre spread between forks, setups and within a setup
     *     ({@link SpreadComponents}); not written when not estimated
     * @param costs what a fork, a setup and a message cost in wall time; not written when not measured
     * @param plannedReplicas the replicas a fork should measure at these figures ({@link ReplicaPlan}); not written
     *     when the run could not tell (one fork, one replica)
     * @param tail each series' tail shown: the messages above its p99.9, the slowest named ({@link TailExemplars}); not
     *     written when not read (a handoff, a batched run, an {@code ab}'s sides)
     */
    public record Benchmark(
            @JsonProperty(required = true) String name,
            @JsonProperty(required = true) List<String> stages,
            Integer batch,
            String samples,
            @JsonInclude(JsonInclude.Include.NON_NULL) PilotChoice batchAuto,
            Integer forksSucceeded,
            List<String> failures,
            @JsonProperty(required = true) List<StageSummary> summaries,
            @JsonInclude(JsonInclude.Include.NON_NULL) InnerMarkCost markCost,
            @JsonInclude(JsonInclude.Include.NON_EMPTY) List<LayoutSpread> layoutSensitivity,
            Map<String, SeriesFiles> histograms,
            @JsonProperty(required = true) List<Fork> forks,
            @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, SpreadComponents> spread,
            @JsonInclude(JsonInclude.Include.NON_NULL) RepetitionCosts costs,
            @JsonInclude(JsonInclude.Include.NON_NULL) Integer plannedReplicas,
            @JsonInclude(JsonInclude.Include.NON_EMPTY) List<TailExemplars> tail) {

        public Benchmark {
            spread = spread == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(spread));
            forks = List.copyOf(forks);
            batch = batch == null ? 1 : batch;
            forksSucceeded = forksSucceeded == null ? forks.size() : forksSucceeded;
            failures = listOrEmpty(failures);
            layoutSensitivity = listOrEmpty(layoutSensitivity);
            histograms = histograms == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(histograms));
            tail = listOrEmpty(tail);
        }

        /** @return {@code outcome} as the summary records it, its series' files {@code histograms} */
        public static Benchmark of(BenchmarkOutcome outcome, Map<String, SeriesFiles> histograms) {
            String name = outcome.descriptor().name();
            int batch = outcome.batch();
            List<Fork> forks = new ArrayList<>();
            for (int i = 0; i < outcome.forks().size(); i++) {
                forks.add(Fork.of(
                        name,
                        outcome.forks().get(i),
                        outcome.forkSummaries(i),
                        outcome.replicaCentres(i),
                        outcome.windowCentres(i)));
            }
            return new Benchmark(
                    name,
                    outcome.descriptor().stages(),
                    batch,
                    batch > 1 ? "mean of " + batch + " messages" : "message",
                    outcome.batchChoice() == null ? null : PilotChoice.of(outcome.batchChoice()),
                    outcome.forks().size(),
                    outcome.failures(),
                    outcome.summaries(),
                    MarkCost.of(outcome).map(InnerMarkCost::of).orElse(null),
                    LayoutSensitivity.of(outcome).stream().map(LayoutSpread::of).toList(),
                    histograms,
                    forks,
                    outcome.spread(),
                    outcome.costs(),
                    ReplicaPlan.optimum(outcome).stream().boxed().findFirst().orElse(null),
                    outcome.tail());
        }
    }

    /**
     * How {@code --batch auto}'s pilot fork chose a benchmark's batch.
     *
     * @param batch the K chosen
     * @param pilotProbeNs the pilot's probe overhead; null when the pilot failed
     * @param pilotPerMessageNs the pilot's p50 a message; null when the pilot failed
     * @param probeShare probe / interval of K messages at those figures; null when the pilot failed
     * @param failure why the pilot gave no figure, else null
     */
    public record PilotChoice(
            int batch, Double pilotProbeNs, Double pilotPerMessageNs, Double probeShare, String failure) {

        static PilotChoice of(BatchChoice choice) {
            return new PilotChoice(
                    choice.batch(),
                    figure(choice.probeNs()),
                    figure(choice.perMessageNs()),
                    figure(choice.probeShare()),
                    choice.failure());
        }

        /** @return a failed pilot's figure (NaN) as null */
        private static Double figure(double value) {
            return Double.isNaN(value) ? null : value;
        }
    }

    /**
     * What a pipeline's inner marks cost: its {@code total} minus its {@code unmarked} total.
     *
     * @param innerMarks marks a message (stages - 1)
     * @param p50Ns the cost at p50
     * @param tmeanNs the cost in trimmed mean
     * @param perMarkTmeanNs the trimmed-mean cost of one mark
     */
    public record InnerMarkCost(int innerMarks, double p50Ns, double tmeanNs, double perMarkTmeanNs) {

        static InnerMarkCost of(MarkCost cost) {
            return new InnerMarkCost(cost.innerMarks(), cost.p50Ns(), cost.tmeanNs(), cost.perMarkTmeanNs());
        }
    }

    /**
     * How far one series' centre moves across layout seeds.
     *
     * @param series the series
     * @param layouts seeds each measured by two forks
     * @param minCentreNs the lowest seed's median trimmed mean
     * @param maxCentreNs the highest seed's median trimmed mean
     * @param medianNs the median over those seeds' forks
     * @param range (max - min) / median
     * @param p one-way analysis of variance, seeds against forks of one seed
     * @param sensitive whether the range and p call the series layout-sensitive
     */
    public record LayoutSpread(
            String series,
            int layouts,
            double minCentreNs,
            double maxCentreNs,
            double medianNs,
            double range,
            double p,
            boolean sensitive) {

        static LayoutSpread of(LayoutSensitivity l) {
            return new LayoutSpread(
                    l.series(),
                    l.layouts(),
                    l.minCentreNs(),
                    l.maxCentreNs(),
                    l.medianNs(),
                    l.range(),
                    l.p(),
                    l.sensitive());
        }
    }

    /**
     * A series' HdrHistogram files, relative to the run folder.
     *
     * @param hlog the histogram log: one interval per fork, then all forks merged
     * @param hgrm the merged percentile distribution
     */
    public record SeriesFiles(
            @JsonProperty(required = true) String hlog,
            @JsonProperty(required = true) String hgrm) {}

    /**
     * One successful fork. Keys a summary written before them lacks read as 0, null or empty.
     *
     * @param fork fork number, from 1
     * @param result its {@code forks/<benchmark>/fork-N.json}, relative to the run folder
     * @param summaries per series, this fork only
     * @param binding the clock binding in use
     * @param cpuPinned CPU the measuring thread ran on (-1: unknown)
     * @param calibratedMhz the counter's calibrated frequency
     * @param overheadMinTicks minimum probe overhead
     * @param overheadMinNs the same in ns
     * @param overheadSubtractedTicks overhead subtracted from every interval
     * @param stepTicks counter step: the coarser of the back-to-back and the interval step
     * @param stepNs the same in ns
     * @param readStepTicks the step between back-to-back raw reads; not written when unknown (0)
     * @param threads a handoff benchmark's threads; not written for one thread
     * @param crossCoreOffset the bound on the counter offset between those threads' CPUs, else null and not written
     * @param layout where the fork's memory lay, else null and not written
     * @param warmupPasses warm-up passes run
     * @param warmupStageRuns each stage's runs before the kept measured pass; not written when not counted
     * @param jitEvents what the JIT compiled or deoptimised during measurement
     * @param measuredCode whether the code measuring started in was C2's, by method (the compile log); not written when
     *     not checked (a fork without the log, or written before)
     * @param warnings the fork's warnings
     * @param replicas its replicas ({@link Replica}); not written for one
     * @param replicaTmeansNs per series, each replica's centre ({@code tmean}) in ns; not written for one replica
     * @param runQueueWaitNs ns its measuring thread waited in the run queue over the kept passes, another task holding
     *     the measuring CPU (-1 unknown); not written when 0
     * @param involuntarySwitches its measuring thread's involuntary context switches over the kept passes (-1 unknown);
     *     not written when 0
     * @param coreLoopNs the median over its replicas of the loop that times the core's share, ns an iteration
     *     ({@link Replica#coreLoopNs()}); not written when not timed (0)
     * @param coreWindows the core's state through its kept passes, window by window, every replica's in turn
     *     ({@link CoreWindows}); not written when its passes were not probed
     * @param windowCentresNs per series, each of those windows' centre in ns ({@link WindowCentres}; null for a window
     *     with no sample); not written when not probed
     */
    public record Fork(
            @JsonProperty(required = true) int fork,
            @JsonProperty(required = true) String result,
            @JsonProperty(required = true) List<StageSummary> summaries,
            String binding,
            int cpuPinned,
            double calibratedMhz,
            long overheadMinTicks,
            double overheadMinNs,
            double overheadSubtractedTicks,
            long stepTicks,
            double stepNs,
            @JsonInclude(JsonInclude.Include.NON_DEFAULT) long readStepTicks,
            @JsonInclude(JsonInclude.Include.NON_EMPTY) List<HandoffThread> threads,
            @JsonInclude(JsonInclude.Include.NON_NULL) CrossCoreBound crossCoreOffset,
            @JsonInclude(JsonInclude.Include.NON_NULL) ForkLayout layout,
            int warmupPasses,
            @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Long> warmupStageRuns,
            List<String> jitEvents,
            @JsonInclude(JsonInclude.Include.NON_NULL) MeasuredCode measuredCode,
            List<String> warnings,
            @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Replica> replicas,
            @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, List<Double>> replicaTmeansNs,
            @JsonInclude(JsonInclude.Include.NON_DEFAULT) long runQueueWaitNs,
            @JsonInclude(JsonInclude.Include.NON_DEFAULT) long involuntarySwitches,
            @JsonInclude(JsonInclude.Include.NON_DEFAULT) double coreLoopNs,
            @JsonInclude(JsonInclude.Include.NON_NULL) CoreWindows coreWindows,
            @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, List<Double>> windowCentresNs) {

        public Fork {
            windowCentresNs = windowCentresNs == null
                    ? Map.of()
                    : Collections.unmodifiableMap(new LinkedHashMap<>(windowCentresNs));
            replicas = listOrEmpty(replicas);
            replicaTmeansNs = replicaTmeansNs == null
                    ? Map.of()
                    : Collections.unmodifiableMap(new LinkedHashMap<>(replicaTmeansNs));
            summaries = List.copyOf(summaries);
            warmupStageRuns = warmupStageRuns == null
                    ? Map.of()
                    : Collections.unmodifiableMap(new LinkedHashMap<>(warmupStageRuns));
            threads = listOrEmpty(threads);
            jitEvents = listOrEmpty(jitEvents);
            warnings = listOrEmpty(warnings);
        }

        static Fork of(
                String benchmark,
                ForkResult fork,
                List<StageSummary> summaries,
                Map<String, double[]> centres,
                Map<String, double[]> windowCentres) {
            ForkRuler ruler = fork.ruler();
            ForkPlacement placed = fork.placement();
            ForkMeasurement measured = fork.measurement();
            ForkChecks checks = fork.checks();
            Calibration c = ruler.calibration();
            List<Replica> replicas = measured.replicas();
            return new Fork(
                    fork.run().fork(),
                    RunStore.forkResultPath(benchmark, fork.run().fork()),
                    summaries,
                    ruler.binding().id(),
                    placed.cpuPinned(),
                    c.mhz(),
                    ruler.overhead().minTicks(),
                    c.toNs(ruler.overhead().minTicks()),
                    ruler.overhead().subtractedTicks(),
                    ruler.stepTicks(),
                    ruler.stepNs(),
                    ruler.readStepTicks(),
                    placed.threads().stream().map(HandoffThread::of).toList(),
                    placed.crossCore() == null ? null : CrossCoreBound.of(placed.crossCore(), c),
                    placed.layout(),
                    measured.warmupPasses(),
                    stageRuns(fork),
                    checks.jitEvents(),
                    checks.measuredCode() == null || !checks.measuredCode().checked() ? null : checks.measuredCode(),
                    checks.warnings(),
                    replicas.size() > 1
                            ? replicas.stream().map(Replica::withoutWindows).toList()
                            : List.of(),
                    replicas.size() > 1 ? asLists(centres) : Map.of(),
                    total(replicas, Replica::runQueueWaitNs),
                    total(replicas, Replica::involuntarySwitches),
                    CoreContention.of(List.of(fork)).medianNs(),
                    windowCentres.isEmpty() ? null : CoreWindows.joined(replicas),
                    windowCentres.isEmpty() ? Map.of() : WindowCentres.asStored(windowCentres));
        }

        /** @return the replicas' figure summed, -1 when any replica's is unknown */
        private static long total(List<Replica> replicas, ToLongFunction<Replica> figure) {
            long sum = 0;
            for (Replica r : replicas) {
                long value = figure.applyAsLong(r);
                if (value < 0) {
                    return -1;
                }
                sum += value;
            }
            return sum;
        }

        private static Map<String, List<Double>> asLists(Map<String, double[]> centres) {
            Map<String, List<Double>> out = new LinkedHashMap<>();
            centres.forEach((series, values) ->
                    out.put(series, Arrays.stream(values).boxed().toList()));
            return out;
        }

        /** @return each stage's warm-up runs by name, in stage order; empty when the fork did not count them */
        private static Map<String, Long> stageRuns(ForkResult fork) {
            Map<String, Long> runs = new LinkedHashMap<>();
            for (int s = 0;
                    s < fork.measurement().warmupStageRuns().size()
                            && s < fork.run().stages().size();
                    s++) {
                runs.put(
                        fork.run().stages().get(s),
                        fork.measurement().warmupStageRuns().get(s));
            }
            return runs;
        }
    }

    /**
     * One thread of a handoff benchmark.
     *
     * @param name the thread's name in the benchmark
     * @param stages the stages it ran
     * @param cpuPinned CPU it ran on (-1: unknown)
     * @param affinity its affinity as read back
     * @param allocatedBytes bytes it allocated during measurement
     */
    public record HandoffThread(String name, List<String> stages, int cpuPinned, String affinity, long allocatedBytes) {

        static HandoffThread of(ThreadPlacement t) {
            return new HandoffThread(t.name(), t.stages(), t.cpuPinned(), t.affinity(), t.allocatedBytes());
        }
    }

    /**
     * The bound on the counter offset between a handoff's two CPUs.
     *
     * @param fromCpu CPU of the feed thread
     * @param toCpu CPU of the strategy thread
     * @param boundTicks the largest offset either way the rounds leave possible
     * @param boundNs the same in ns
     * @param lowTicks the largest lower bound on the offset (to minus from)
     * @param highTicks the smallest upper bound
     * @param minRoundTripTicks the fastest round trip seen
     */
    public record CrossCoreBound(
            int fromCpu,
            int toCpu,
            long boundTicks,
            double boundNs,
            long lowTicks,
            long highTicks,
            long minRoundTripTicks) {

        static CrossCoreBound of(CrossCoreOffset offset, Calibration calibration) {
            return new CrossCoreBound(
                    offset.fromCpu(),
                    offset.toCpu(),
                    offset.boundTicks(),
                    calibration.toNs(offset.boundTicks()),
                    offset.lowTicks(),
                    offset.highTicks(),
                    offset.minRoundTripTicks());
        }
    }

    private static <T> List<T> listOrEmpty(List<T> list) {
        return list == null ? List.of() : List.copyOf(list);
    }
}
