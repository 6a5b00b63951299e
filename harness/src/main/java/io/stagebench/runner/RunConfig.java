package io.stagebench.runner;

import io.stagebench.clock.ClockBinding;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A validated {@code stagebench run}: what to measure and how.
 *
 * @param benchmarks        benchmark names, in run order
 * @param forks             fresh JVMs per benchmark
 * @param warmupMessages    warm-up messages per fork (when {@code warmupMs} is 0)
 * @param warmupMs          warm-up time per fork (0: count-bounded)
 * @param messages          measured messages per fork
 * @param chunk             messages per call of the measured loop
 * @param mode              back-to-back or paced
 * @param rateHz            paced rate (0 when back-to-back)
 * @param stallUs           injected stall in µs (0: none)
 * @param stallEvery        stall period in messages
 * @param stallAt           inject the stall once, at this measured message (from 0), instead; -1: periodic
 * @param cpu               measuring CPU, already chosen
 * @param binding           clock binding
 * @param calibrationMs     calibration round length
 * @param calibrationRounds calibration rounds
 * @param overheadPairs     probe-overhead pairs per fork
 * @param lockMemory        whether forks mlockall (best effort)
 * @param params            {@code --param} pairs
 * @param jvmFlags          flags of every fork
 * @param forkTimeoutS      kill a fork after this long
 * @param runDir            where this run's files go
 */
public record RunConfig(List<String> benchmarks, int forks, long warmupMessages, long warmupMs, int messages, int chunk,
                        Mode mode, double rateHz, long stallUs, long stallEvery, long stallAt, int cpu, ClockBinding binding,
                        long calibrationMs, int calibrationRounds, int overheadPairs, boolean lockMemory,
                        Map<String, String> params,
                        List<String> jvmFlags, long forkTimeoutS, Path runDir) {

    /** Initial heap of every fork: the same as the maximum, so the heap never resizes while measuring. */
    public static final String HEAP_MIN_FLAG = "-Xms512m";
    /** Maximum heap of every fork. */
    public static final String HEAP_MAX_FLAG = "-Xmx512m";
    /** Touch every heap page at start-up, so no page fault lands in a measurement. */
    public static final String PRE_TOUCH_FLAG = "-XX:+AlwaysPreTouch";
    /** The serial collector: one GC thread family, nothing concurrent beside the measuring thread. */
    public static final String GC_FLAG = "-XX:+UseSerialGC";

    /**
     * JVM flags of every fork unless overridden: fixed, pre-touched heap; one GC thread family; JIT counter access.
     * The JMH cross-check benchmarks start their forks with the same heap, pre-touch and collector constants.
     */
    public static final List<String> DEFAULT_JVM_FLAGS = List.of(
            HEAP_MIN_FLAG, HEAP_MAX_FLAG, PRE_TOUCH_FLAG, GC_FLAG,
            "--add-exports", "java.management/sun.management=ALL-UNNAMED");

    public RunConfig {
        benchmarks = List.copyOf(benchmarks);
        params = Map.copyOf(params);
        jvmFlags = List.copyOf(jvmFlags);
    }

    /** A run whose stall, if any, is periodic. */
    public RunConfig(List<String> benchmarks, int forks, long warmupMessages, long warmupMs, int messages, int chunk,
                     Mode mode, double rateHz, long stallUs, long stallEvery, int cpu, ClockBinding binding,
                     long calibrationMs, int calibrationRounds, int overheadPairs, boolean lockMemory,
                     Map<String, String> params, List<String> jvmFlags, long forkTimeoutS, Path runDir) {
        this(benchmarks, forks, warmupMessages, warmupMs, messages, chunk, mode, rateHz, stallUs, stallEvery, -1, cpu,
                binding, calibrationMs, calibrationRounds, overheadPairs, lockMemory, params, jvmFlags, forkTimeoutS, runDir);
    }

    /** @return the spec of fork {@code fork} of {@code benchmark} */
    ForkSpec forkSpec(String benchmark, int fork, Path outDir) {
        return new ForkSpec(benchmark, fork, forks, binding, cpu, warmupMessages, warmupMs, messages, chunk, mode, rateHz,
                stallUs, stallEvery, stallAt, calibrationMs, calibrationRounds, overheadPairs, lockMemory, params,
                outDir.toString());
    }
}
