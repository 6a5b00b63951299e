package io.stagebench.cli;

import io.stagebench.config.Batch;
import io.stagebench.config.MeasureDefaults;
import io.stagebench.config.Rate;
import io.stagebench.config.RunConfig;
import io.stagebench.config.WarmupOption;
import io.stagebench.host.ForkHeap;
import io.stagebench.host.RunDuration;
import io.stagebench.link.Warmup;
import io.stagebench.registry.BenchmarkDescriptor;
import io.stagebench.registry.BenchmarkRegistry;
import io.stagebench.result.BatchChoice;
import io.stagebench.session.SessionOptions;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * How much {@code run} and {@code ab} measure - forks, warm-up, messages, rate - and their checks: each bad value is
 * one line and exit 2, before anything is measured. {@link #settings} turns them, with the {@link SessionOptions} every
 * measuring command has, into what a {@link RunConfig.Builder} changes from its defaults.
 */
final class MeasurementOptions {

    @Option(
            names = {"-f", "--forks"},
            paramLabel = "N",
            description = "Fresh JVMs per benchmark: for run, default " + MeasureDefaults.RUN_FORKS + " (--quick: "
                    + MeasureDefaults.QUICK_FORKS + "); for ab,"
                    + " a fixed count a side instead of its sequential plan.")
    Integer forks;

    @Option(
            names = {"-r", "--replicas"},
            paramLabel = "R",
            description = "Fresh setups each fork measures, one after another"
                    + " in its JVM (new data, new allocations, the compiled code kept), each a draw of the level a setup sets"
                    + " (default: run " + MeasureDefaults.RUN_REPLICAS + ", ab and bisect "
                    + MeasureDefaults.COMPARE_REPLICAS
                    + ", --quick " + MeasureDefaults.QUICK_REPLICAS
                    + "). -n and the counts a run reports are per replica.")
    Integer replicas;

    @Option(
            names = {"-w", "--warmup"},
            paramLabel = "N|TIME",
            description = "Warm-up per fork: a message count or a time such as 2s or 500ms (default: "
                    + MeasureDefaults.WARMUP_MESSAGES + "; --quick: " + MeasureDefaults.QUICK_WARMUP_MESSAGES + ").")
    String warmup;

    @Option(
            names = {"-n", "--messages"},
            paramLabel = "N",
            description = "Measured messages per replica, each fork measuring -r of them (default: "
                    + MeasureDefaults.MESSAGES + "; --quick: " + MeasureDefaults.QUICK_MESSAGES + ").")
    Integer messages;

    @Option(
            names = "--rate",
            paramLabel = "RATE",
            description = "Paced rate, e.g. 100k/s, 2500/s, 1M/s; measures paced instead of back to back.")
    String rate;

    @Option(
            names = "--batch",
            paramLabel = "K|auto",
            description = {
                "Time K consecutive messages between one begin and one end read, for stages the probe would"
                        + " swamp: each sample is then the mean of K messages (its percentiles are of K-message means, not of"
                        + " messages), the probe paid once per K. 'auto': the smallest power of two putting the probe below "
                        + BatchChoice.TARGET_PROBE_PERCENT
                        + "%% of the interval, from a pilot fork per benchmark (the run's warm-up, then at most "
                        + BatchChoice.PILOT_MESSAGES + " messages)."
                        + " Back to back only; not for handoff benchmarks."
            })
    String batch;

    @Option(
            names = "--jit-retries",
            paramLabel = "N",
            description = "Measured passes a fork may discard and replay because the JIT compiled while they ran"
                    + " (default: " + MeasureDefaults.JIT_RETRIES + "; 0 keeps the first pass whatever happened).")
    Integer jitRetries;

    @CommandLine.Spec(CommandLine.Spec.Target.MIXEE)
    CommandLine.Model.CommandSpec mixee;

    /** @return {@code --forks} as given, or {@code defaultForks}; its range is the plan's to check */
    int forksOr(int defaultForks) {
        return forks != null ? forks : defaultForks;
    }

    /** @return {@code --messages} as given, or {@code defaultMessages}; its range is the plan's to check */
    int messagesOr(int defaultMessages) {
        return messages != null ? messages : defaultMessages;
    }

    /** @return {@code text} parsed by its option's own type, whose refusal is a usage error naming the option */
    private <T> T parsed(String option, String text, Function<String, T> parse) {
        try {
            return parse.apply(text);
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage().startsWith("--") ? e.getMessage() : option + ": " + e.getMessage());
        }
    }

    /**
     * Refuses {@code --batch} for a handoff benchmark, before any fork: its messages cross two threads, and a batch of
     * them is no one thread's interval; and for one that maps kernel timestamps, whose messages start or end outside
     * the process.
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
            if (registry.mapsKernelStamps(name)) {
                throw usage("--batch: " + name + " starts or ends its messages at kernel timestamps, outside the"
                        + " process, so no interval of it holds a batch of them (measure it without --batch)");
            }
        }
    }

    /**
     * Checks every option now, these and {@code session}'s, and returns what they change in a run's configuration.
     *
     * @param defaultForks forks per benchmark without {@code --forks}
     * @param defaultReplicas replicas per fork without {@code --replicas} or {@code --quick}
     * @param quick {@code --quick}: the quick defaults of {@link MeasureDefaults} for what is not given
     */
    UnaryOperator<RunConfig.Builder> settings(
            SessionOptions session, int defaultForks, int defaultReplicas, boolean quick) {
        int forkCount = forksOr(defaultForks);
        int replicaCount = replicas != null ? replicas : quick ? MeasureDefaults.QUICK_REPLICAS : defaultReplicas;
        int measured = messagesOr(MeasureDefaults.messages(quick));
        Warmup warm = parsed("--warmup", warmup != null ? warmup : MeasureDefaults.warmup(quick), WarmupOption::parse);
        double hz = rate == null ? 0 : parsed("--rate", rate, Rate::parsePerSecond);
        Batch k = batch == null ? Batch.ONE : parsed("--batch", batch, Batch::parse);
        int retries = jitRetries != null ? jitRetries : MeasureDefaults.JIT_RETRIES;
        UnaryOperator<RunConfig.Builder> machine = session.settings();
        UnaryOperator<RunConfig.Builder> settings = builder -> machine.apply(builder)
                .forks(forkCount)
                .messages(measured)
                .warmup(warm)
                .paced(hz)
                .jitRetries(retries)
                .batch(k)
                .replicas(replicaCount);
        try {
            settings.apply(RunConfig.builder(List.of(), -1, Path.of("."))).build();
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
        return settings;
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
     * Runs the benchmarks' own checks of what they derive from the message counts and parameters
     * ({@link io.stagebench.api.CheckParams}), before anything is measured or written.
     *
     * @param settings what the command's options change in a run's configuration
     * @throws CommandLine.ParameterException one line naming the benchmark and the limit
     */
    void checkDerived(
            BenchmarkRegistry registry,
            List<String> benchmarks,
            UnaryOperator<RunConfig.Builder> settings,
            Map<String, String> params) {
        RunConfig planned =
                settings.apply(RunConfig.builder(benchmarks, -1, Path.of("."))).build();
        try {
            registry.checkDerived(benchmarks, planned.warmup().knownMessages(), planned.messages(), params);
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
    }

    /**
     * Sizes the forks' heap from what their stream needs ({@link ForkHeap}), before any fork starts; a sized heap is
     * said in one line on {@code err}, and so is a run that takes an hour or more ({@link RunDuration}).
     *
     * @return {@code settings}, with the sized heap's flags when it was sized
     * @throws io.stagebench.config.UsageException one line with the fix, when the need cannot fit
     */
    UnaryOperator<RunConfig.Builder> forkHeap(
            BenchmarkRegistry registry,
            List<String> benchmarks,
            UnaryOperator<RunConfig.Builder> settings,
            PrintWriter err) {
        RunConfig planned =
                settings.apply(RunConfig.builder(benchmarks, -1, Path.of("."))).build();
        List<BenchmarkDescriptor> descriptors =
                benchmarks.stream().map(registry::get).toList();
        ForkHeap.Plan heap = ForkHeap.plan(planned, descriptors);
        heap.line().ifPresent(err::println);
        RunDuration.line(planned, descriptors).ifPresent(err::println);
        return heap.sized() ? builder -> settings.apply(builder).jvmFlags(heap.flags()) : settings;
    }

    CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(mixee.commandLine(), message);
    }
}
