package io.stagebench.cli;

import io.stagebench.host.BatchPilot;
import io.stagebench.host.ForkHeap;
import io.stagebench.host.MeasureDefaults;
import io.stagebench.host.Rate;
import io.stagebench.extension.command.Batch;
import io.stagebench.host.RunConfig;
import io.stagebench.host.RunDuration;
import io.stagebench.link.Warmup;
import io.stagebench.registry.BenchmarkDescriptor;
import io.stagebench.registry.BenchmarkRegistry;
import io.stagebench.session.SessionOptions;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * How much {@code run} and {@code ab} measure - forks, warm-up, messages, rate - and their
 * checks: each bad value is one line and exit 2, before anything is measured. {@link #settings}
 * turns them, with the {@link SessionOptions} every measuring command has, into what a
 * {@link RunConfig.Builder} changes from its defaults.
 */
final class MeasurementOptions {

    private static final Pattern DURATION = Pattern.compile("([0-9]+)\\s*(ms|s)");

    @Option(names = {"-f", "--forks"}, paramLabel = "N", description = "Fresh JVMs per benchmark: for run, default " + MeasureDefaults.RUN_FORKS + " (--quick: "
            + MeasureDefaults.QUICK_FORKS + "); for ab,"
            + " a fixed count a side instead of its sequential plan.")
    Integer forks;

    @Option(names = {"-r", "--replicas"}, paramLabel = "R", description = "Fresh setups each fork measures, one after another"
            + " in its JVM (new data, new allocations, the compiled code kept), each a draw of the level a setup sets"
            + " (default: run " + MeasureDefaults.RUN_REPLICAS + ", ab and bisect " + MeasureDefaults.COMPARE_REPLICAS
            + ", --quick " + MeasureDefaults.QUICK_REPLICAS + "). -n and the counts a run reports are per replica.")
    Integer replicas;

    @Option(names = {"-w", "--warmup"}, paramLabel = "N|TIME",
            description = "Warm-up per fork: a message count or a time such as 2s or 500ms (default: "
                    + MeasureDefaults.WARMUP_MESSAGES + "; --quick: " + MeasureDefaults.QUICK_WARMUP_MESSAGES + ").")
    String warmup;

    @Option(names = {"-n", "--messages"}, paramLabel = "N", description = "Measured messages per replica, each fork measuring -r of them (default: "
            + MeasureDefaults.MESSAGES + "; --quick: " + MeasureDefaults.QUICK_MESSAGES + ").")
    Integer messages;

    @Option(names = "--rate", paramLabel = "RATE", description = "Paced rate, e.g. 100k/s, 2500/s, 1M/s; measures paced instead of back to back.")
    String rate;

    @Option(names = "--batch", paramLabel = "K|auto",
            description = {"Time K consecutive messages between one begin and one end read, for stages the probe would"
                    + " swamp: each sample is then the mean of K messages (its percentiles are of K-message means, not of"
                    + " messages), the probe paid once per K. 'auto': the smallest power of two putting the probe below "
                    + BatchPilot.TARGET_PROBE_PERCENT + "%% of the interval, from a pilot fork per benchmark (the run's warm-up, then at most "
                    + BatchPilot.PILOT_MESSAGES + " messages)."
                    + " Back to back only; not for handoff benchmarks."})
    String batch;

    @Option(names = "--jit-retries", paramLabel = "N",
            description = "Measured passes a fork may discard and replay because the JIT compiled while they ran"
                    + " (default: " + RunConfig.DEFAULT_JIT_RETRIES + "; 0 keeps the first pass whatever happened).")
    Integer jitRetries;

    @CommandLine.Spec(CommandLine.Spec.Target.MIXEE)
    CommandLine.Model.CommandSpec mixee;

    int forks(int defaultForks) {
        int count = forks != null ? forks : defaultForks;
        if (count < 1) {
            throw usage("--forks must be at least 1, got " + count);
        }
        return count;
    }

    int replicas(int defaultReplicas) {
        int count = replicas != null ? replicas : defaultReplicas;
        if (count < 1 || count > MAX_REPLICAS) {
            throw usage("--replicas must be in [1, " + MAX_REPLICAS + "], got " + count);
        }
        return count;
    }

    /** The most replicas a fork measures: each keeps its own recording in the fork's folder. */
    static final int MAX_REPLICAS = 1_000;

    int messages(int defaultMessages) {
        int count = messages != null ? messages : defaultMessages;
        if (count < 1) {
            throw usage("--messages must be at least 1, got " + count);
        }
        return count;
    }

    Warmup warmup(String defaultWarmup) {
        String text = warmup != null ? warmup : defaultWarmup;
        Matcher duration = DURATION.matcher(text.trim());
        if (duration.matches()) {
            long ms = Long.parseLong(duration.group(1)) * (duration.group(2).equals("s") ? 1000 : 1);
            if (ms < 1) {
                throw usage("--warmup time must be positive, got '" + text + "'");
            }
            return Warmup.ofTime(Duration.ofMillis(ms));
        }
        long count;
        try {
            count = Long.parseLong(text.trim().replace("_", ""));
        } catch (NumberFormatException e) {
            throw usage("--warmup: cannot parse '" + text + "' (a message count such as 100000, or a time such as 2s or 500ms)");
        }
        if (count < 0) {
            throw usage("--warmup must not be negative, got " + count);
        }
        return Warmup.ofMessages(count);
    }

    /**
     * @param measuredMessages the measured messages per fork
     * @param rateHz           the paced rate, 0 back to back
     * @return messages per timed interval: {@link Batch#ONE} without {@code --batch}, {@link Batch#AUTO} for
     *         {@code auto}
     */
    Batch batch(int measuredMessages, double rateHz) {
        if (batch == null) {
            return Batch.ONE;
        }
        OptionalInt count;
        try {
            count = Batch.parseCount(batch);
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
        if (count.isPresent()) {
            int k = count.getAsInt();
            if (k < 1) {
                throw usage("--batch must be at least 1 message, got " + k);
            }
            if (k > measuredMessages) {
                throw usage("--batch " + k + " is larger than the " + measuredMessages + " measured messages (-n)");
            }
        }
        Batch k = count.isPresent() ? Batch.of(count.getAsInt()) : Batch.AUTO;
        if (rateHz > 0 && !k.equals(Batch.ONE)) {
            throw usage("--batch applies only back to back: a paced run times each message from its own arrival (drop --rate)");
        }
        return k;
    }

    /**
     * Refuses {@code --batch} for a handoff benchmark, before any fork: its messages cross two threads,
     * and a batch of them is no one thread's interval.
     */
    void checkBatch(BenchmarkRegistry registry, List<String> benchmarks) {
        if (batch == null || batch.trim().equals("1")) {
            return;
        }
        for (String name : benchmarks) {
            if (registry.get(name).isHandoff()) {
                throw usage("--batch: " + name + " is a handoff benchmark; its messages cross two threads, so no one"
                        + " thread's interval holds a batch of them (measure it without --batch)");
            }
        }
    }

    /** @return the paced rate in messages per second, 0 when none was given */
    double rateHz() {
        if (rate == null) {
            return 0;
        }
        try {
            return Rate.parsePerSecond(rate);
        } catch (IllegalArgumentException e) {
            throw usage("--rate: " + e.getMessage());
        }
    }

    /**
     * Checks every option now, these and {@code session}'s, and returns what they change in a
     * run's configuration.
     *
     * @param defaultForks    forks per benchmark without {@code --forks}
     * @param defaultReplicas replicas per fork without {@code --replicas} or {@code --quick}
     * @param quick           {@code --quick}: the quick defaults of {@link MeasureDefaults} for what is not given
     */
    UnaryOperator<RunConfig.Builder> settings(SessionOptions session, int defaultForks, int defaultReplicas, boolean quick) {
        int forkCount = forks(defaultForks);
        int replicaCount = replicas(quick ? MeasureDefaults.QUICK_REPLICAS : defaultReplicas);
        int measured = messages(MeasureDefaults.messages(quick));
        Warmup warm = warmup(MeasureDefaults.warmup(quick));
        double hz = rateHz();
        Batch k = batch(measured, hz);
        int retries = jitRetries != null ? jitRetries : RunConfig.DEFAULT_JIT_RETRIES;
        if (retries < 0 || retries > 100) {
            throw usage("--jit-retries must be in [0, 100], got " + retries);
        }
        UnaryOperator<RunConfig.Builder> machine = session.settings();
        return builder -> machine.apply(builder).forks(forkCount).messages(measured).warmup(warm)
                .paced(hz).jitRetries(retries).batch(k)
                .replicas(replicaCount);
    }

    /** @return the named benchmarks, or every default one when none is named */
    List<String> benchmarks(BenchmarkRegistry registry, List<String> names) {
        List<String> out = new ArrayList<>();
        if (names.isEmpty()) {
            registry.defaults().forEach(d -> out.add(d.name()));
            if (out.isEmpty()) {
                throw usage("no benchmarks on the class path; name one of: " + String.join(", ", registry.names()));
            }
            return out;
        }
        for (String name : names) {
            try {
                out.add(registry.get(name).name());
            } catch (IllegalArgumentException e) {
                throw usage(e.getMessage());
            }
        }
        return out;
    }

    /**
     * Checks {@code --param}s against the benchmarks to run, before anything is measured or written.
     *
     * @throws CommandLine.ParameterException one line naming the parameter and listing the valid ones
     */
    void checkParams(BenchmarkRegistry registry, List<String> benchmarks, Map<String, String> params) {
        try {
            registry.checkParams(benchmarks, params);
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
        checkBatch(registry, benchmarks);
    }

    /**
     * Runs the benchmarks' own checks of what they derive from the message counts and
     * parameters ({@link io.stagebench.api.CheckParams}), before anything is measured or written.
     *
     * @param settings what the command's options change in a run's configuration
     * @throws CommandLine.ParameterException one line naming the benchmark and the limit
     */
    void checkDerived(BenchmarkRegistry registry, List<String> benchmarks, UnaryOperator<RunConfig.Builder> settings,
                      Map<String, String> params) {
        RunConfig planned = settings.apply(RunConfig.builder(benchmarks, -1, java.nio.file.Path.of("."))).build();
        try {
            registry.checkDerived(benchmarks, planned.warmup().knownMessages(), planned.messages(), params);
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
    }

    /**
     * Sizes the forks' heap from what their stream needs ({@link ForkHeap}), before any fork starts;
     * a sized heap is said in one line on {@code err}, and so is a run that takes an hour or more
     * ({@link RunDuration}).
     *
     * @return {@code settings}, with the sized heap's flags when it was sized
     * @throws io.stagebench.extension.command.UsageException one line with the fix, when the need cannot fit
     */
    UnaryOperator<RunConfig.Builder> forkHeap(BenchmarkRegistry registry, List<String> benchmarks,
                                              UnaryOperator<RunConfig.Builder> settings, PrintWriter err) {
        RunConfig planned = settings.apply(RunConfig.builder(benchmarks, -1, java.nio.file.Path.of("."))).build();
        List<BenchmarkDescriptor> descriptors = benchmarks.stream().map(registry::get).toList();
        ForkHeap.Plan heap = ForkHeap.plan(planned, descriptors);
        heap.line().ifPresent(err::println);
        RunDuration.line(planned, descriptors).ifPresent(err::println);
        return heap.sized() ? builder -> settings.apply(builder).jvmFlags(heap.flags()) : settings;
    }

    CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(mixee.commandLine(), message);
    }
}
