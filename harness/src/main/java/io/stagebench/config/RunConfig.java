package io.stagebench.config;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.stagebench.clock.ClockBinding;
import io.stagebench.clock.ProbeOverhead;
import io.stagebench.link.ForkLayout;
import io.stagebench.link.ForkSpec;
import io.stagebench.link.LinkVersion;
import io.stagebench.link.Mode;
import io.stagebench.link.ProgressChannel;
import io.stagebench.link.Warmup;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A validated measurement - of {@code run}, either side of {@code ab}, {@code demo co} or {@code crosscheck}: what to
 * measure and how. Commands build it with {@link #builder}, the one place its defaults live; a variant of one (a
 * sweep's parameters, a pilot's batch, a plan's forks) is copied through {@link #toBuilder}, so no field is copied by
 * hand.
 *
 * @param benchmarks benchmark names, in run order
 * @param forks fresh JVMs per benchmark
 * @param warmup each fork's (each replica's) warm-up: messages or a time
 * @param messages measured messages per fork
 * @param chunk messages per call of the measured loop
 * @param mode back-to-back or paced
 * @param rateHz paced rate (0 when back-to-back)
 * @param stallUs injected stall in µs (0: none)
 * @param stallEvery stall period in messages
 * @param stallAt inject the stall once, at this measured message (from 0), instead; -1: periodic
 * @param cpu measuring CPU, already chosen
 * @param binding clock binding
 * @param calibrationMs calibration round length
 * @param calibrationRounds calibration rounds
 * @param overheadPairs probe-overhead pairs per fork
 * @param lockMemory whether forks mlockall (best effort)
 * @param params {@code --param} pairs
 * @param jvmFlags flags of every fork
 * @param forkTimeoutS kill a fork after this long
 * @param runDir where this run's files go
 * @param jitRetries measured passes a fork may discard because the JIT compiled during them
 * @param fixedAddresses whether forks start with address randomisation off ({@link ForkLayout})
 * @param layoutSeed the run's first layout seed ({@link #layoutSeedOf})
 * @param batch messages per timed interval ({@code --batch K}): {@link Batch#ONE} for one interval a message,
 *     {@link Batch#AUTO} until a pilot has chosen K for a benchmark (the launcher's pilot)
 * @param replicas fresh setups each fork measures, one after another ({@code ForkExecution})
 * @param profile what {@code --prof} samples in the measured passes, or null: a profiled run is not a measurement
 * @param calmForks the most forks {@code run} adds to a benchmark of whose forks too few had windows the host left the
 *     core to it ({@code io.stagebench.result.CalmForks}), measured after every benchmark's own; 0: none
 */
public record RunConfig(
        List<String> benchmarks,
        int forks,
        @JsonUnwrapped Warmup warmup,
        int messages,
        int chunk,
        Mode mode,
        double rateHz,
        long stallUs,
        long stallEvery,
        long stallAt,
        int cpu,
        ClockBinding binding,
        long calibrationMs,
        int calibrationRounds,
        int overheadPairs,
        boolean lockMemory,
        Map<String, String> params,
        List<String> jvmFlags,
        long forkTimeoutS,
        Path runDir,
        int jitRetries,
        boolean fixedAddresses,
        long layoutSeed,
        Batch batch,
        int replicas,
        ProfileEvent profile,
        int calmForks) {

    /** The most replicas a fork measures: each keeps its own recording in the fork's folder. */
    public static final int MAX_REPLICAS = 1_000;
    /** The most measured passes a fork may discard for the JIT's sake. */
    public static final int MAX_JIT_RETRIES = 100;

    /**
     * Checks the whole plan once, each bad value in one line naming its option, so a command only maps the exception to
     * a usage error and no other layer checks these ranges again.
     *
     * @throws IllegalArgumentException the first value out of its range, e.g. "--forks must be at least 1, got 0"
     */
    public RunConfig {
        benchmarks = List.copyOf(benchmarks);
        params = Map.copyOf(params);
        jvmFlags = List.copyOf(jvmFlags);
        Objects.requireNonNull(warmup, "warmup");
        Objects.requireNonNull(batch, "batch");
        requireAtLeast("--forks", forks, 1);
        if (replicas < 1 || replicas > MAX_REPLICAS) {
            throw new IllegalArgumentException("--replicas must be in [1, " + MAX_REPLICAS + "], got " + replicas);
        }
        requireAtLeast("--messages", messages, 1);
        requireAtLeast("--calm-forks", calmForks, 0);
        if (rateHz < 0 || Double.isNaN(rateHz)) {
            throw new IllegalArgumentException("--rate must not be negative, got " + rateHz);
        }
        if (!batch.isAuto() && batch.messages() > messages) {
            throw new IllegalArgumentException(
                    "--batch " + batch + " is larger than the " + messages + " measured messages (-n)");
        }
        if (rateHz > 0 && !batch.equals(Batch.ONE)) {
            throw new IllegalArgumentException("--batch applies only back to back: a paced run times each message from"
                    + " its own arrival (drop --rate)");
        }
        if (jitRetries < 0 || jitRetries > MAX_JIT_RETRIES) {
            throw new IllegalArgumentException(
                    "--jit-retries must be in [0, " + MAX_JIT_RETRIES + "], got " + jitRetries);
        }
        if (layoutSeed < 0) {
            throw new IllegalArgumentException("layout seed must not be negative, got " + layoutSeed);
        }
    }

    private static void requireAtLeast(String option, long value, long least) {
        if (value < least) {
            throw new IllegalArgumentException(option + " must be at least " + least + ", got " + value);
        }
    }

    /** @return a builder holding every field of this configuration, for a variant of it */
    public Builder toBuilder() {
        return copyInto(new Builder(benchmarks, cpu, runDir));
    }

    private Builder copyInto(Builder builder) {
        return builder.forks(forks)
                .warmup(warmup)
                .messages(messages)
                .chunk(chunk)
                .paced(rateHz)
                .stall(stallUs, stallEvery, stallAt)
                .binding(binding)
                .calibration(calibrationMs, calibrationRounds)
                .overheadPairs(overheadPairs)
                .lockMemory(lockMemory)
                .params(params)
                .jvmFlagsInsteadOfDefaults(jvmFlags)
                .forkTimeoutS(forkTimeoutS)
                .jitRetries(jitRetries)
                .layout(fixedAddresses, layoutSeed)
                .batch(batch)
                .replicas(replicas)
                .profile(profile)
                .calmForks(calmForks);
    }

    /**
     * @return this config measuring with {@code values} as its parameters (one variant of a sweep, {@code ParamSweep})
     */
    public RunConfig withParams(Map<String, String> values) {
        return toBuilder().paramsInsteadOf(values).build();
    }

    /** @return this configuration measuring {@code count} forks a benchmark (its layout seeds spread over them anew) */
    public RunConfig withForks(int count) {
        return toBuilder().forks(count).build();
    }

    /** @return this configuration with {@code count} replicas a fork */
    public RunConfig withReplicas(int count) {
        return toBuilder().replicas(count).build();
    }

    /** @return this configuration measuring {@code count} messages a replica (its loop's chunk at most as many) */
    public RunConfig withMessages(int count) {
        return toBuilder().messages(count).build();
    }

    /** @return this configuration with {@code batch} messages per timed interval */
    public RunConfig withBatch(Batch batch) {
        return toBuilder().batch(batch).build();
    }

    /**
     * @return this configuration for a short pilot of one benchmark: one fork, the run's warm-up, at most
     *     {@code pilotMessages} measured, one interval a message, no stall, in its own folder (a shorter warm-up would
     *     time code the JIT has not finished, and choose too small a batch)
     */
    public RunConfig pilot(String benchmark, int pilotMessages, Path pilotDir) {
        return copyInto(new Builder(List.of(benchmark), cpu, pilotDir))
                .forks(1)
                .messages(Math.min(messages, pilotMessages))
                .stall(0, 1, -1)
                .batch(Batch.ONE)
                .replicas(1)
                .profile(null)
                .build();
    }

    /**
     * @param benchmarks benchmark names, in run order
     * @param cpu the measuring CPU, already chosen
     * @param runDir the run's folder, already created
     * @return a builder with every default of {@link MeasureDefaults}: {@code run}'s forks, messages and warm-up, one
     *     replica, back to back, no stall, the FFM clock, memory locked, {@link MeasureDefaults#JVM_FLAGS}
     */
    public static Builder builder(List<String> benchmarks, int cpu, Path runDir) {
        return new Builder(benchmarks, cpu, runDir);
    }

    /** Builds a {@link RunConfig} from its defaults and what a command changes; see {@link #builder}. */
    public static final class Builder {

        private final List<String> benchmarks;
        private int cpu;
        private final Path runDir;
        private int forks = MeasureDefaults.RUN_FORKS;
        private Warmup warmup = Warmup.ofMessages(MeasureDefaults.WARMUP_MESSAGES);
        private int messages = MeasureDefaults.MESSAGES;
        private int chunk = MeasureDefaults.CHUNK;
        private Mode mode = Mode.BACK_TO_BACK;
        private double rateHz;
        private long stallUs;
        private long stallEvery = 1;
        private long stallAt = -1;
        private ClockBinding binding = ClockBinding.FFM;
        private long calibrationMs = MeasureDefaults.CALIBRATION_MS;
        private int calibrationRounds = MeasureDefaults.CALIBRATION_ROUNDS;
        private boolean lockMemory = true;
        private final Map<String, String> params = new LinkedHashMap<>();
        private final List<String> jvmFlags = new ArrayList<>(MeasureDefaults.JVM_FLAGS);
        private int overheadPairs = MeasureDefaults.OVERHEAD_PAIRS;
        private long forkTimeoutS = MeasureDefaults.FORK_TIMEOUT_S;
        private int jitRetries = MeasureDefaults.JIT_RETRIES;
        private boolean fixedAddresses = true;
        private long layoutSeed;
        private Batch batch = Batch.ONE;
        private int replicas = MeasureDefaults.PLAN_REPLICAS;
        private ProfileEvent profile;
        private int calmForks;

        private Builder(List<String> benchmarks, int cpu, Path runDir) {
            this.benchmarks = List.copyOf(benchmarks);
            this.cpu = cpu;
            this.runDir = runDir;
        }

        /** The measuring CPU, already chosen (a copy's, moved). */
        public Builder cpu(int value) {
            cpu = value;
            return this;
        }

        public Builder forks(int count) {
            forks = count;
            return this;
        }

        /** Each fork's warm-up: messages, a time, or {@link Warmup#NONE}. */
        public Builder warmup(Warmup bound) {
            warmup = Objects.requireNonNull(bound, "warmup");
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

        /**
         * An injected stall of {@code us} every {@code every} messages, or once at measured message {@code at} (-1:
         * periodic).
         */
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

        /** Parameters {@code values} and no others. */
        Builder paramsInsteadOf(Map<String, String> values) {
            params.clear();
            params.putAll(values);
            return this;
        }

        /** Adds JVM flags after {@link MeasureDefaults#JVM_FLAGS}. */
        public Builder jvmFlags(List<String> flags) {
            jvmFlags.addAll(flags);
            return this;
        }

        /**
         * JVM flags {@code flags} and no others, not even {@link MeasureDefaults#JVM_FLAGS}: for a fork that is not to
         * measure as a run's do (a test's fork that need not pre-touch 512 MiB), and a copy of a configuration.
         */
        public Builder jvmFlagsInsteadOfDefaults(List<String> flags) {
            jvmFlags.clear();
            jvmFlags.addAll(flags);
            return this;
        }

        /**
         * Probe-overhead pairs each fork measures (its minimum and median need at least
         * {@link ProbeOverhead#MIN_PAIRS}).
         */
        public Builder overheadPairs(int pairs) {
            overheadPairs = pairs;
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

        /**
         * @param fixed whether forks start with address randomisation off (the default)
         * @param seed the first layout seed ({@link RunConfig#layoutSeedOf})
         */
        public Builder layout(boolean fixed, long seed) {
            fixedAddresses = fixed;
            layoutSeed = seed;
            return this;
        }

        /** Messages per timed interval ({@link Batch#ONE}: one a message; {@link Batch#AUTO}: chosen per benchmark). */
        public Builder batch(Batch value) {
            batch = value;
            return this;
        }

        /** {@code count} fresh setups a fork measures, one after another. */
        public Builder replicas(int count) {
            replicas = count;
            return this;
        }

        /** What {@code --prof} samples in the measured passes, or null (the default) for a measurement. */
        public Builder profile(ProfileEvent event) {
            profile = event;
            return this;
        }

        /** At most {@code count} forks more for a benchmark short of forks with calm windows; 0 (the default): none. */
        public Builder calmForks(int count) {
            calmForks = count;
            return this;
        }

        public RunConfig build() {
            return new RunConfig(
                    benchmarks,
                    forks,
                    warmup,
                    messages,
                    Math.min(chunk, messages),
                    mode,
                    rateHz,
                    stallUs,
                    stallEvery,
                    stallAt,
                    cpu,
                    binding,
                    calibrationMs,
                    calibrationRounds,
                    overheadPairs,
                    lockMemory,
                    params,
                    jvmFlags,
                    forkTimeoutS,
                    runDir,
                    jitRetries,
                    fixedAddresses,
                    layoutSeed,
                    batch,
                    replicas,
                    profile,
                    calmForks);
        }
    }

    /** Forks from which each layout seed is measured twice. */
    static final int REPLICATED_LAYOUT_FORKS = 4;

    /**
     * @return how many layout seeds the run's forks sample: half the forks (rounded up) from 4 forks on, else one a
     *     fork
     */
    public int layouts() {
        return forks >= REPLICATED_LAYOUT_FORKS ? (forks + 1) / 2 : forks;
    }

    /**
     * @return the layout seed of fork {@code fork} (from 1): {@code layoutSeed + (fork - 1) mod layouts()}, so from 4
     *     forks on each seed is measured by two forks (fork i and fork i + layouts()), and a stage's spread across
     *     layouts can be told from the spread between forks of one layout; the same for that fork of either side of an
     *     A/B pair
     */
    public long layoutSeedOf(int fork) {
        return layoutSeed + (fork - 1) % layouts();
    }

    /** @return the spec of fork {@code fork} of {@code benchmark}, for a fork started without fixing its addresses */
    public ForkSpec forkSpec(String benchmark, int fork, Path outDir) {
        return forkSpec(benchmark, fork, outDir, ForkLayout.RANDOMISED);
    }

    /**
     * @param randomisation what the launcher obtained for this fork's addresses: {@link ForkLayout#FIXED},
     *     {@link ForkLayout#RANDOMISED} (asked for) or a refusal's reason
     * @return the spec of fork {@code fork} of {@code benchmark}
     */
    public ForkSpec forkSpec(String benchmark, int fork, Path outDir, String randomisation) {
        if (batch.isAuto()) {
            throw new IllegalStateException(
                    benchmark + ": --batch auto must be resolved by a pilot before a fork starts");
        }
        return new ForkSpec(
                new ForkSpec.Job(
                        benchmark, fork, forks, params, List.of(), outDir.toString(), ProgressChannel.newToken()),
                new ForkSpec.Ruler(binding, calibrationMs, calibrationRounds, overheadPairs),
                new ForkSpec.Placement(cpu, lockMemory, layoutSeedOf(fork), randomisation),
                new ForkSpec.Measurement(
                        warmup,
                        messages,
                        chunk,
                        mode,
                        rateHz,
                        stallUs,
                        stallEvery,
                        stallAt,
                        batch.messages(),
                        replicas,
                        jitRetries,
                        false,
                        profile == null ? null : profile.id(),
                        profile == null ? 0 : profile.interval()),
                LinkVersion.CURRENT);
    }
}
