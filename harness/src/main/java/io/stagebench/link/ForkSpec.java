package io.stagebench.link;

import io.stagebench.clock.ClockBinding;
import java.util.List;
import java.util.Map;

/**
 * Everything one fork needs, written by the parent as JSON and read by the fork's main class ({@link ForkEntry#MAIN_CLASS}).
 *
 * @param benchmark         benchmark name
 * @param fork              fork number, from 1
 * @param forks             forks of this benchmark in the run
 * @param binding           clock binding to load
 * @param cpu               CPU to pin the measuring thread to, -1 for none
 * @param warmupMessages    warm-up messages (used when {@code warmupMs} is 0)
 * @param warmupMs          warm-up duration in ms (0: count-bounded)
 * @param measuredMessages  messages to measure
 * @param chunk             messages per call of the measured loop
 * @param mode              back-to-back or paced
 * @param rateHz            paced rate in messages per second (0 when back-to-back)
 * @param stallUs           injected stall length in µs (0: none)
 * @param stallEvery        inject the stall every this many messages
 * @param stallAt           inject the stall once, at this measured message (from 0), instead; -1: periodic
 * @param calibrationMs     calibration round length
 * @param calibrationRounds calibration rounds
 * @param overheadPairs     probe-overhead pairs
 * @param lockMemory        whether to mlockall (best effort)
 * @param params            {@code --param} pairs
 * @param outDir            where to write {@code fork-N.json} and {@code fork-N.raw}
 * @param jitRetries        measured passes the fork may discard because the JIT compiled during them
 * @param layoutSeed        the fork's layout seed ({@link ForkLayout})
 * @param addressRandomisation what the launcher obtained for the fork's addresses: {@link ForkLayout#FIXED},
 *                          {@link ForkLayout#RANDOMISED} (asked for), or why fixing them was refused
 * @param progressToken     the token of the fork's progress lines ({@link ProgressChannel}), null for plain lines
 * @param batch             messages per timed interval ({@code --batch K}; 1: one interval a message)
 * @param benchmarkClassPath a project's own entries ({@code --classpath}), loaded apart from the harness's libraries
 *                          (its {@code BenchmarkClassLoader}); empty when the benchmarks are on the fork's class path
 * @param replicas          fresh setups the fork measures one after another, each with its own data ({@code --replicas};
 *                          1 in specs written before replicas existed)
 * @param turns             whether the fork waits for its turn on the measuring CPU before each replica ({@link Turns}),
 *                          and from {@link LinkVersion#MEASURE_TURNS} before its measured pass too: true when an A/B
 *                          comparison keeps A's and B's forks alive together; false (and absent) else
 * @param linkVersion       the {@link LinkVersion} the spec is written at, the forks' build's; {@link
 *                          LinkVersion#UNVERSIONED} in specs written before versions
 */
public record ForkSpec(String benchmark, int fork, int forks, ClockBinding binding, int cpu, long warmupMessages,
                       long warmupMs, int measuredMessages, int chunk, Mode mode, double rateHz, long stallUs,
                       long stallEvery, long stallAt, long calibrationMs, int calibrationRounds, int overheadPairs,
                       boolean lockMemory, Map<String, String> params, String outDir, int jitRetries,
                       long layoutSeed, String addressRandomisation, String progressToken, int batch,
                       List<String> benchmarkClassPath, int replicas, boolean turns, int linkVersion) {

    /** Measured passes a fork may discard because the JIT compiled during them, unless told otherwise. */
    public static final int DEFAULT_JIT_RETRIES = 8;

    public ForkSpec {
        // absent in specs written before batches existed
        batch = Math.max(1, batch);
        // absent in specs written before replicas existed
        replicas = Math.max(1, replicas);
        params = Map.copyOf(params);
        // absent in specs written before a project's benchmarks were loaded apart
        benchmarkClassPath = benchmarkClassPath == null ? List.of() : List.copyOf(benchmarkClassPath);
        // absent in specs written before layouts existed
        addressRandomisation = addressRandomisation == null ? ForkLayout.RANDOMISED : addressRandomisation;
        linkVersion = LinkVersion.of(linkVersion);
    }

    /** A spec whose stall, if any, is periodic. */
    public ForkSpec(String benchmark, int fork, int forks, ClockBinding binding, int cpu, long warmupMessages,
                    long warmupMs, int measuredMessages, int chunk, Mode mode, double rateHz, long stallUs,
                    long stallEvery, long calibrationMs, int calibrationRounds, int overheadPairs,
                    boolean lockMemory, Map<String, String> params, String outDir) {
        this(benchmark, fork, forks, binding, cpu, warmupMessages, warmupMs, measuredMessages, chunk, mode, rateHz, stallUs,
                stallEvery, -1, calibrationMs, calibrationRounds, overheadPairs, lockMemory, params, outDir,
                DEFAULT_JIT_RETRIES, 0, ForkLayout.RANDOMISED, null, 1, List.of(), 1, false, LinkVersion.CURRENT);
    }

    /**
     * Makes a spec of its components' values in declaration order, as a fork reads its spec
     * ({@code RecordJson.Canonical}): one direct call of the canonical constructor, where reflection's would cost
     * ~0.15 s of the fork's start. A component added to the record fails to compile here until it is added below.
     *
     * @throws ClassCastException when a value is not of its component's type
     */
    @SuppressWarnings("unchecked")
    public static ForkSpec ofComponents(Object[] c) {
        return new ForkSpec((String) c[0], (int) c[1], (int) c[2], (ClockBinding) c[3], (int) c[4], (long) c[5],
                (long) c[6], (int) c[7], (int) c[8], (Mode) c[9], (double) c[10], (long) c[11],
                (long) c[12], (long) c[13], (long) c[14], (int) c[15], (int) c[16],
                (boolean) c[17], (Map<String, String>) c[18], (String) c[19], (int) c[20],
                (long) c[21], (String) c[22], (String) c[23], (int) c[24],
                (List<String>) c[25], (int) c[26], (boolean) c[27], (int) c[28]);
    }

    /** @return this spec, its benchmarks loaded from {@code entries} apart from the harness's libraries */
    public ForkSpec withBenchmarkClassPath(List<String> entries) {
        return new ForkSpec(benchmark, fork, forks, binding, cpu, warmupMessages, warmupMs, measuredMessages, chunk, mode,
                rateHz, stallUs, stallEvery, stallAt, calibrationMs, calibrationRounds, overheadPairs, lockMemory, params,
                outDir, jitRetries, layoutSeed, addressRandomisation, progressToken, batch, entries, replicas, turns,
                linkVersion);
    }

    /** @return this spec, its fork waiting for a turn before each replica ({@link Turns}) or not */
    public ForkSpec withTurns(boolean takesTurns) {
        return new ForkSpec(benchmark, fork, forks, binding, cpu, warmupMessages, warmupMs, measuredMessages, chunk, mode,
                rateHz, stallUs, stallEvery, stallAt, calibrationMs, calibrationRounds, overheadPairs, lockMemory, params,
                outDir, jitRetries, layoutSeed, addressRandomisation, progressToken, batch, benchmarkClassPath, replicas,
                takesTurns, linkVersion);
    }

    /** @return this spec, written at {@code version}: the {@link LinkVersion} of the build its fork runs */
    public ForkSpec withLinkVersion(int version) {
        return new ForkSpec(benchmark, fork, forks, binding, cpu, warmupMessages, warmupMs, measuredMessages, chunk, mode,
                rateHz, stallUs, stallEvery, stallAt, calibrationMs, calibrationRounds, overheadPairs, lockMemory, params,
                outDir, jitRetries, layoutSeed, addressRandomisation, progressToken, batch, benchmarkClassPath, replicas,
                turns, version);
    }

    /** @return the summary file's name */
    public String resultFileName() {
        return ForkFiles.result(fork);
    }

    /** @return the raw stamps file's name */
    public String rawFileName() {
        return ForkFiles.raw(fork);
    }

    /** @return the file the benchmark's own stdout goes to */
    public String stdoutFileName() {
        return ForkFiles.stdout(fork);
    }

    /** @return the raw stamps file of a handoff's second thread, {@code thread} */
    public String threadRawFileName(String thread) {
        return ForkFiles.threadRaw(fork, thread);
    }

    /** @return the raw stamps file of a pipeline's unmarked pass */
    public String unmarkedRawFileName() {
        return ForkFiles.unmarkedRaw(fork);
    }

    /** @return the raw stamps file of a batched run's preparation pass ({@link io.stagebench.api.Preparation}) */
    public String preparationRawFileName() {
        return ForkFiles.preparationRaw(fork);
    }
}
