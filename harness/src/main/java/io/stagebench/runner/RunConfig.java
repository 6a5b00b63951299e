package io.stagebench.runner;

import io.stagebench.clock.Calibration;
import io.stagebench.clock.ClockBinding;
import io.stagebench.clock.ProbeOverhead;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A validated measurement - of {@code run}, either side of {@code ab}, {@code demo co} or
 * {@code crosscheck}: what to measure and how. Commands build it with {@link #builder}, the
 * one place its defaults live; the canonical constructor is for tests that script every field.
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
 * @param jitRetries        measured passes a fork may discard because the JIT compiled during them
 */
public record RunConfig(List<String> benchmarks, int forks, long warmupMessages, long warmupMs, int messages, int chunk,
                        Mode mode, double rateHz, long stallUs, long stallEvery, long stallAt, int cpu, ClockBinding binding,
                        long calibrationMs, int calibrationRounds, int overheadPairs, boolean lockMemory,
                        Map<String, String> params,
                        List<String> jvmFlags, long forkTimeoutS, Path runDir, int jitRetries) {

    /** Initial heap of every fork: the same as the maximum, so the heap never resizes while measuring. */
    public static final String HEAP_MIN_FLAG = "-Xms512m";
    /** Maximum heap of every fork. */
    public static final String HEAP_MAX_FLAG = "-Xmx512m";
    /** Touch every heap page at start-up, so no page fault lands in a measurement. */
    public static final String PRE_TOUCH_FLAG = "-XX:+AlwaysPreTouch";
    /** The serial collector: one GC thread family, nothing concurrent beside the measuring thread. */
    public static final String GC_FLAG = "-XX:+UseSerialGC";

    /** The JIT's compile thresholds for the scaled code: a tenth of their defaults. */
    public static final double JIT_THRESHOLD_SCALE = 0.1;

    /**
     * The JIT's compile thresholds at a tenth of their defaults for the code of stagebench and of
     * the benchmark's own package ({@link #jitThresholdFlags}), default elsewhere. A method the
     * measured messages call a few hundred times per pass (a book's rare level relinking, a
     * strategy's throttle) otherwise reaches C2's threshold (5000 calls) only after several
     * passes - or during measurement; a long-running process has compiled it long before. Hot
     * methods compile within the first pass either way; their profiles are shorter, and a branch
     * the shorter profile missed traps and recompiles during the later warm-up passes, which
     * replay the same messages.
     *
     * <p>Not the JVM-wide {@code -XX:CompileThresholdScaling}: that also compiles the JVM's
     * background threads' code (the Flight Recorder's periodic tasks, a watch thread's sleep)
     * ten times sooner, which a long measured pass then counts as compilations.
     *
     * @param benchmarkClass the benchmark's class name
     * @return the flags: {@code CompileCommand}s for {@code io/stagebench/*} and the benchmark's package
     */
    public static List<String> jitThresholdFlags(String benchmarkClass) {
        List<String> flags = new ArrayList<>();
        flags.add("-XX:CompileCommand=quiet");
        flags.add(thresholdCommand("io/stagebench/"));
        int dot = benchmarkClass.lastIndexOf('.');
        if (dot > 0 && !benchmarkClass.startsWith("io.stagebench.")) {
            flags.add(thresholdCommand(benchmarkClass.substring(0, dot).replace('.', '/') + "/"));
        }
        return flags;
    }

    private static String thresholdCommand(String packagePath) {
        return "-XX:CompileCommand=CompileThresholdScaling," + packagePath + "*.*," + JIT_THRESHOLD_SCALE;
    }

    /**
     * JVM flags of every fork unless overridden: fixed, pre-touched heap; one GC thread family; JIT counter access.
     * Each fork also gets {@link #jitThresholdFlags} for its benchmark.
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
                binding, calibrationMs, calibrationRounds, overheadPairs, lockMemory, params, jvmFlags, forkTimeoutS, runDir,
                DEFAULT_JIT_RETRIES);
    }

    /** Default calibration rounds per fork. */
    public static final int DEFAULT_CALIBRATION_ROUNDS = 1;
    /** Default messages per call of the measured loop (fewer when fewer are measured). */
    public static final int DEFAULT_CHUNK = 1_000;
    /**
     * Default of how many measured passes a fork may discard, and replay, because the JIT
     * compiled while they ran; each costs one pass and a 200 ms wait for the compiler.
     */
    public static final int DEFAULT_JIT_RETRIES = 8;
    /** Default fork timeout. */
    public static final long DEFAULT_FORK_TIMEOUT_S = 600;

    /**
     * @param benchmarks benchmark names, in run order
     * @param cpu        the measuring CPU, already chosen
     * @param runDir     the run's folder, already created
     * @return a builder with every default: 5 forks, 200 000 messages after 200 000 of warm-up,
     *         back to back, no stall, the FFM clock, default calibration, memory locked,
     *         {@link #DEFAULT_JVM_FLAGS}
     */
    public static Builder builder(List<String> benchmarks, int cpu, Path runDir) {
        return new Builder(benchmarks, cpu, runDir);
    }

    /** Builds a {@link RunConfig} from its defaults and what a command changes; see {@link #builder}. */
    public static final class Builder {

        private final List<String> benchmarks;
        private final int cpu;
        private final Path runDir;
        private int forks = 5;
        private long warmupMessages = 200_000;
        private long warmupMs;
        private int messages = 200_000;
        private int chunk = DEFAULT_CHUNK;
        private Mode mode = Mode.BACK_TO_BACK;
        private double rateHz;
        private long stallUs;
        private long stallEvery = 1;
        private long stallAt = -1;
        private ClockBinding binding = ClockBinding.FFM;
        private long calibrationMs = Calibration.DEFAULT_INTERVAL_MS;
        private int calibrationRounds = DEFAULT_CALIBRATION_ROUNDS;
        private boolean lockMemory = true;
        private final Map<String, String> params = new LinkedHashMap<>();
        private final List<String> extraJvmFlags = new ArrayList<>();
        private long forkTimeoutS = DEFAULT_FORK_TIMEOUT_S;
        private int jitRetries = DEFAULT_JIT_RETRIES;

        private Builder(List<String> benchmarks, int cpu, Path runDir) {
            this.benchmarks = List.copyOf(benchmarks);
            this.cpu = cpu;
            this.runDir = runDir;
        }

        public Builder forks(int count) {
            forks = count;
            return this;
        }

        /** Warm-up bounded by {@code count} messages, or by {@code ms} when it is positive. */
        public Builder warmup(long count, long ms) {
            warmupMessages = count;
            warmupMs = ms;
            return this;
        }

        public Builder messages(int count) {
            messages = count;
            return this;
        }

        /** Messages per call of the measured loop; capped at the measured messages. */
        public Builder chunk(int count) {
            chunk = count;
            return this;
        }

        /** Paced at {@code hz} messages per second; back to back when {@code hz} is 0. */
        public Builder paced(double hz) {
            mode = hz > 0 ? Mode.PACED : Mode.BACK_TO_BACK;
            rateHz = hz;
            return this;
        }

        /** An injected stall of {@code us} every {@code every} messages, or once at measured message {@code at} (-1: periodic). */
        public Builder stall(long us, long every, long at) {
            stallUs = us;
            stallEvery = every;
            stallAt = at;
            return this;
        }

        public Builder binding(ClockBinding value) {
            binding = value;
            return this;
        }

        public Builder calibration(long ms, int rounds) {
            calibrationMs = ms;
            calibrationRounds = rounds;
            return this;
        }

        public Builder lockMemory(boolean value) {
            lockMemory = value;
            return this;
        }

        /** Adds benchmark parameters; later ones win. */
        public Builder params(Map<String, String> values) {
            params.putAll(values);
            return this;
        }

        /** Adds JVM flags after {@link #DEFAULT_JVM_FLAGS}. */
        public Builder jvmFlags(List<String> flags) {
            extraJvmFlags.addAll(flags);
            return this;
        }

        public Builder forkTimeoutS(long seconds) {
            forkTimeoutS = seconds;
            return this;
        }

        /** Measured passes a fork may discard because the JIT compiled during them (0: keep the first). */
        public Builder jitRetries(int retries) {
            jitRetries = retries;
            return this;
        }

        public RunConfig build() {
            List<String> jvmFlags = new ArrayList<>(DEFAULT_JVM_FLAGS);
            jvmFlags.addAll(extraJvmFlags);
            return new RunConfig(benchmarks, forks, warmupMessages, warmupMs, messages, Math.min(chunk, messages), mode,
                    rateHz, stallUs, stallEvery, stallAt, cpu, binding, calibrationMs, calibrationRounds,
                    ProbeOverhead.MIN_PAIRS * 2, lockMemory, params, jvmFlags, forkTimeoutS, runDir, jitRetries);
        }
    }

    /** @return the spec of fork {@code fork} of {@code benchmark} */
    ForkSpec forkSpec(String benchmark, int fork, Path outDir) {
        return new ForkSpec(benchmark, fork, forks, binding, cpu, warmupMessages, warmupMs, messages, chunk, mode, rateHz,
                stallUs, stallEvery, stallAt, calibrationMs, calibrationRounds, overheadPairs, lockMemory, params,
                outDir.toString(), jitRetries);
    }
}
