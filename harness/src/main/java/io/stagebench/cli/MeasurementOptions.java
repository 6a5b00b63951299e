package io.stagebench.cli;

import io.stagebench.clock.Calibration;
import io.stagebench.clock.ClockBinding;
import io.stagebench.runner.BenchmarkRegistry;
import io.stagebench.runner.Rate;
import io.stagebench.runner.RunConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * The options every measuring command shares ({@code run}, {@code ab}), and their checks:
 * each bad value is one line and exit 2, before anything is measured. {@link #settings}
 * turns them into what a {@link RunConfig.Builder} changes from its defaults;
 * {@code --cpu} and {@code --results} go to {@link MeasurementSession#open}.
 */
final class MeasurementOptions {

    private static final Pattern DURATION = Pattern.compile("([0-9]+)\\s*(ms|s)");

    @Option(names = {"-f", "--forks"}, paramLabel = "N", description = "Fresh JVMs per benchmark (default: 5; fewer with --quick).")
    Integer forks;

    @Option(names = {"-w", "--warmup"}, paramLabel = "N|TIME",
            description = "Warm-up per fork: a message count or a time such as 2s or 500ms (default: 200000; --quick: 100000).")
    String warmup;

    @Option(names = {"-n", "--messages"}, paramLabel = "N", description = "Measured messages per fork (default: 200000; --quick: 20000).")
    Integer messages;

    @Option(names = "--rate", paramLabel = "RATE", description = "Paced rate, e.g. 100k/s, 2500/s, 1M/s; measures paced instead of back to back.")
    String rate;

    @Option(names = "--cpu", paramLabel = "N", description = "CPU to measure on (default: an isolated CPU, else the highest one).")
    Integer cpu;

    @Option(names = "--clock", paramLabel = "BINDING", converter = ClocksCommand.BindingConverter.class,
            description = "Clock binding: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    ClockBinding clock = ClockBinding.FFM;

    @Option(names = "--calibration-ms", paramLabel = "MS", description = "Calibration round per fork, 200 to 10000 ms (default: ${DEFAULT-VALUE}).")
    long calibrationMs = Calibration.DEFAULT_INTERVAL_MS;

    @Option(names = "--fork-timeout-s", paramLabel = "S", description = "Kill a fork after this long (default: ${DEFAULT-VALUE}).")
    long forkTimeoutS = 600;

    @Option(names = "--results", paramLabel = "DIR", description = "Results folder (default: the project's results/).")
    Path results;

    @Option(names = "--no-mlock", description = "Do not lock the forks' memory (mlockall).")
    boolean noMlock;

    @CommandLine.Spec(CommandLine.Spec.Target.MIXEE)
    CommandLine.Model.CommandSpec mixee;

    /** Warm-up bounded by a message count ({@code ms == 0}) or by time. */
    record Warmup(long messages, long ms) {
    }

    int forks(int defaultForks) {
        int count = forks != null ? forks : defaultForks;
        if (count < 1) {
            throw usage("--forks must be at least 1, got " + count);
        }
        return count;
    }

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
            return new Warmup(0, ms);
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
        return new Warmup(count, 0);
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
     * Checks every shared option now and returns what they change in a run's configuration.
     *
     * @param defaultForks    forks per benchmark without {@code --forks}
     * @param defaultMessages measured messages per fork without {@code --messages}
     * @param defaultWarmup   warm-up without {@code --warmup}
     */
    UnaryOperator<RunConfig.Builder> settings(int defaultForks, int defaultMessages, String defaultWarmup) {
        int forkCount = forks(defaultForks);
        int measured = messages(defaultMessages);
        Warmup warm = warmup(defaultWarmup);
        double hz = rateHz();
        checkLimits();
        return builder -> builder.forks(forkCount).messages(measured).warmup(warm.messages(), warm.ms()).paced(hz)
                .binding(clock).calibration(calibrationMs, RunConfig.DEFAULT_CALIBRATION_ROUNDS).lockMemory(!noMlock)
                .forkTimeoutS(forkTimeoutS);
    }

    /** Checks the calibration length and the fork timeout. */
    void checkLimits() {
        try {
            Calibration.checkInterval(calibrationMs);
        } catch (IllegalArgumentException e) {
            throw usage("--calibration-ms: " + e.getMessage());
        }
        if (forkTimeoutS < 1) {
            throw usage("--fork-timeout-s must be at least 1");
        }
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

    CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(mixee.commandLine(), message);
    }
}
