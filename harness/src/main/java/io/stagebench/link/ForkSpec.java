package io.stagebench.link;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.stagebench.clock.ClockBinding;
import io.stagebench.json.RecordJson;
import java.util.List;
import java.util.Map;

/**
 * Everything one fork needs, written by the parent as JSON and read by the fork's main class
 * ({@link ForkEntry#MAIN_CLASS}), in four named parts whose fields are written among the spec's own
 * ({@link JsonUnwrapped}): the file is one flat object, as every build before the parts wrote and read it.
 *
 * <p>What an older build's file lacks reads as {@link OlderBuilds} says.
 *
 * @param job what to run and where its files go
 * @param ruler how the fork reads its ruler
 * @param placement where and how its measuring thread and heap are placed
 * @param measurement how it warms up and measures
 * @param linkVersion the {@link LinkVersion} the spec is written at, the forks' build's
 */
public record ForkSpec(
        @JsonUnwrapped Job job,
        @JsonUnwrapped Ruler ruler,
        @JsonUnwrapped Placement placement,
        @JsonUnwrapped Measurement measurement,
        int linkVersion) {

    /**
     * Makes each part of a spec and the spec itself from their components' values, as a fork reads its spec: one direct
     * call of each canonical constructor, where reflection's would add to the fork's start
     * ({@link RecordJson.Canonical}). A component added to a record fails to compile in its {@code ofComponents} until
     * it is added there.
     */
    public static final Map<Class<? extends Record>, RecordJson.Canonical<?>> CANONICAL = Map.of(
            ForkSpec.class,
            ForkSpec::ofComponents,
            Job.class,
            Job::ofComponents,
            Ruler.class,
            Ruler::ofComponents,
            Placement.class,
            Placement::ofComponents,
            Measurement.class,
            Measurement::ofComponents,
            Warmup.class,
            Warmup::ofComponents);

    /**
     * What to run and where its files go.
     *
     * @param benchmark benchmark name
     * @param fork fork number, from 1
     * @param forks forks of this benchmark in the run
     * @param params {@code --param} pairs
     * @param benchmarkClassPath a project's own entries ({@code --classpath}), loaded apart from the harness's
     *     libraries (its {@code BenchmarkClassLoader}); empty when the benchmarks are on the fork's class path
     * @param outDir where to write {@code fork-N.json} and {@code fork-N.raw}
     * @param progressToken the token of the fork's progress lines ({@link ProgressChannel}), null for plain lines
     */
    public record Job(
            String benchmark,
            int fork,
            int forks,
            Map<String, String> params,
            List<String> benchmarkClassPath,
            String outDir,
            String progressToken)
            implements RecordJson.Part {

        public Job {
            params = Map.copyOf(params);
            benchmarkClassPath = OlderBuilds.emptyUnlessGiven(benchmarkClassPath);
        }

        /** @return a job whose output lines are plain, its benchmarks on the fork's class path */
        public static Job of(String benchmark, int fork, int forks, Map<String, String> params, String outDir) {
            return new Job(benchmark, fork, forks, params, List.of(), outDir, null);
        }

        /** The job of its components' values in declaration order ({@link ForkSpec#CANONICAL}). */
        @SuppressWarnings("unchecked")
        static Job ofComponents(Object[] c) {
            return new Job(
                    (String) c[0],
                    (int) c[1],
                    (int) c[2],
                    (Map<String, String>) c[3],
                    (List<String>) c[4],
                    (String) c[5],
                    (String) c[6]);
        }
    }

    /**
     * How the fork reads its ruler.
     *
     * @param binding clock binding to load
     * @param calibrationMs calibration round length
     * @param calibrationRounds calibration rounds
     * @param overheadPairs probe-overhead pairs
     */
    public record Ruler(ClockBinding binding, long calibrationMs, int calibrationRounds, int overheadPairs)
            implements RecordJson.Part {

        /** The ruler of its components' values in declaration order ({@link ForkSpec#CANONICAL}). */
        static Ruler ofComponents(Object[] c) {
            return new Ruler((ClockBinding) c[0], (long) c[1], (int) c[2], (int) c[3]);
        }
    }

    /**
     * Where and how the fork's measuring thread and heap are placed.
     *
     * @param cpu CPU to pin the measuring thread to, -1 for none
     * @param lockMemory whether to mlockall (best effort)
     * @param layoutSeed the fork's layout seed ({@link ForkLayout})
     * @param addressRandomisation what the launcher obtained for the fork's addresses: {@link ForkLayout#FIXED},
     *     {@link ForkLayout#RANDOMISED} (asked for), or why fixing them was refused
     */
    public record Placement(int cpu, boolean lockMemory, long layoutSeed, String addressRandomisation)
            implements RecordJson.Part {

        public Placement {
            addressRandomisation = OlderBuilds.randomisedUnlessSaid(addressRandomisation);
        }

        /** The placement of its components' values in declaration order ({@link ForkSpec#CANONICAL}). */
        static Placement ofComponents(Object[] c) {
            return new Placement((int) c[0], (boolean) c[1], (long) c[2], (String) c[3]);
        }
    }

    /**
     * How the fork warms up and measures.
     *
     * @param warmup each replica's warm-up: messages, a time or none
     * @param measuredMessages messages to measure
     * @param chunk messages per call of the measured loop
     * @param mode back-to-back or paced
     * @param rateHz paced rate in messages per second (0 when back-to-back)
     * @param stallUs injected stall length in µs (0: none)
     * @param stallEvery inject the stall every this many messages
     * @param stallAt inject the stall once, at this measured message (from 0), instead; -1: periodic
     * @param batch messages per timed interval ({@code --batch K}; 1 for one interval a message)
     * @param replicas fresh setups the fork measures one after another, each with its own data ({@code --replicas})
     * @param jitRetries measured passes the fork may discard because the JIT compiled during them
     * @param turns whether the fork waits for its turn on the measuring CPU before each replica ({@link Turns}), and
     *     from {@link LinkVersion#MEASURE_TURNS} before its measured pass too: true when an A/B comparison keeps A's
     *     and B's forks alive together; false else
     * @param profile the async-profiler event the fork samples its measured passes with ({@code --prof}), or null
     * @param profileInterval the event's sampling interval (ns, or bytes for {@code alloc})
     */
    public record Measurement(
            @JsonUnwrapped Warmup warmup,
            int measuredMessages,
            int chunk,
            Mode mode,
            double rateHz,
            long stallUs,
            long stallEvery,
            long stallAt,
            int batch,
            int replicas,
            int jitRetries,
            boolean turns,
            String profile,
            long profileInterval)
            implements RecordJson.Part {

        public Measurement {
            batch = OlderBuilds.atLeastOne(batch);
            replicas = OlderBuilds.atLeastOne(replicas);
        }

        /** The measurement of its components' values in declaration order ({@link ForkSpec#CANONICAL}). */
        static Measurement ofComponents(Object[] c) {
            return new Measurement(
                    (Warmup) c[0],
                    (int) c[1],
                    (int) c[2],
                    (Mode) c[3],
                    (double) c[4],
                    (long) c[5],
                    (long) c[6],
                    (long) c[7],
                    (int) c[8],
                    (int) c[9],
                    (int) c[10],
                    (boolean) c[11],
                    (String) c[12],
                    (long) c[13]);
        }
    }

    public ForkSpec {
        linkVersion = LinkVersion.of(linkVersion);
    }

    /** The spec of its parts, made by their own {@code ofComponents}, and its version ({@link #CANONICAL}). */
    static ForkSpec ofComponents(Object[] c) {
        return new ForkSpec((Job) c[0], (Ruler) c[1], (Placement) c[2], (Measurement) c[3], (int) c[4]);
    }

    /** @return this spec, its benchmarks loaded from {@code entries} apart from the harness's libraries */
    public ForkSpec withBenchmarkClassPath(List<String> entries) {
        return withJob(job.forks(), entries);
    }

    /** @return this spec, its fork one of {@code planned} forks of its benchmark (as its progress lines count them) */
    public ForkSpec withPlannedForks(int planned) {
        return withJob(planned, job.benchmarkClassPath());
    }

    private ForkSpec withJob(int forks, List<String> benchmarkClassPath) {
        return new ForkSpec(
                new Job(
                        job.benchmark(),
                        job.fork(),
                        forks,
                        job.params(),
                        benchmarkClassPath,
                        job.outDir(),
                        job.progressToken()),
                ruler,
                placement,
                measurement,
                linkVersion);
    }

    /** @return this spec, its fork waiting for a turn before each replica ({@link Turns}) or not */
    public ForkSpec withTurns(boolean takesTurns) {
        Measurement m = measurement;
        return new ForkSpec(
                job,
                ruler,
                placement,
                new Measurement(
                        m.warmup(),
                        m.measuredMessages(),
                        m.chunk(),
                        m.mode(),
                        m.rateHz(),
                        m.stallUs(),
                        m.stallEvery(),
                        m.stallAt(),
                        m.batch(),
                        m.replicas(),
                        m.jitRetries(),
                        takesTurns,
                        m.profile(),
                        m.profileInterval()),
                linkVersion);
    }

    /** @return this spec, written at {@code version}: the {@link LinkVersion} of the build its fork runs */
    public ForkSpec withLinkVersion(int version) {
        return new ForkSpec(job, ruler, placement, measurement, version);
    }

    /** @return the summary file's name */
    public String resultFileName() {
        return ForkFiles.result(job.fork());
    }

    /** @return the raw stamps file's name */
    public String rawFileName() {
        return ForkFiles.raw(job.fork());
    }

    /** @return the file the benchmark's own stdout goes to */
    public String stdoutFileName() {
        return ForkFiles.stdout(job.fork());
    }

    /** @return the file a failed fork's whole stack trace goes to */
    public String traceFileName() {
        return ForkFiles.trace(job.fork());
    }

    /** @return the raw stamps file of a handoff's second thread, {@code thread} */
    public String threadRawFileName(String thread) {
        return ForkFiles.threadRaw(job.fork(), thread);
    }

    /** @return the raw stamps file of a pipeline's unmarked pass */
    public String unmarkedRawFileName() {
        return ForkFiles.unmarkedRaw(job.fork());
    }

    /** @return the raw stamps file of a batched run's preparation pass ({@link io.stagebench.api.Preparation}) */
    public String preparationRawFileName() {
        return ForkFiles.preparationRaw(job.fork());
    }
}
