package io.stagebench.cli;

import io.stagebench.builtin.ServiceBenchmark;
import io.stagebench.config.RunConfig;
import io.stagebench.session.SessionOptions;
import io.stagebench.stats.CoordinatedOmission;
import java.io.IOException;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code stagebench demo co}: the reference text's coordinated-omission scenario, run for real in about ten seconds -
 * one message intended every 1 ms for 10 s, 100 µs of service (the built-in {@code service} benchmark), one stall of 1
 * s at message 5 000 - through the ordinary paced runner in a pinned fork. It prints the run's report, then three views
 * of the same run side by side ({@link CoordinatedOmission}): latency from the intended send time, the naive
 * closed-loop service time, and HdrHistogram's expected-interval correction; and it writes them to {@value #FILE} in
 * the run's result folder.
 */
@Command(
        name = "co",
        mixinStandardHelpOptions = true,
        description = {
            "Show coordinated omission: one stalled paced run, reported three ways. About 10 s.",
            "A paced run at 1k/s of a 100 us service with one 1 s stall, reported from the intended send time",
            "(stagebench), as a closed loop sees it (service time), and corrected with HdrHistogram's",
            "recordValueWithExpectedInterval."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:demonstrated", "1:the fork failed, or the HTML report could not be written", "2:bad usage"})
public final class CoordinatedOmissionDemo implements Callable<Integer> {

    /** The comparison's file in the run folder. */
    public static final String FILE = "coordinated-omission.json";
    /** Schema of {@value #FILE}. */
    public static final String SCHEMA = "stagebench.coordinated-omission/1";

    @Option(names = "--rate", paramLabel = "RATE", description = "Intended send rate (default: ${DEFAULT-VALUE}).")
    String rate = "1k/s";

    @Option(
            names = {"-n", "--messages"},
            paramLabel = "N",
            description = "Measured messages (default: ${DEFAULT-VALUE}).")
    int messages = 10_000;

    @Option(
            names = "--service-us",
            paramLabel = "US",
            description = "Service time of each message (default: ${DEFAULT-VALUE}).")
    long serviceUs = ServiceBenchmark.DEFAULT_US;

    @Option(
            names = "--stall-us",
            paramLabel = "US",
            description = "Length of the one stall (default: ${DEFAULT-VALUE}).")
    long stallUs = 1_000_000;

    @Option(
            names = "--stall-at",
            paramLabel = "N",
            description = "Measured message that stalls (default: half of --messages).")
    Integer stallAt;

    @Option(
            names = {"-w", "--warmup"},
            paramLabel = "N",
            description = "Warm-up messages, paced too (default: ${DEFAULT-VALUE}).")
    long warmup = 10_000;

    @CommandLine.Mixin
    SessionOptions sessionOptions = new SessionOptions();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        CoordinatedOmissionPlan plan =
                CoordinatedOmissionPlan.of(rate, messages, serviceUs, stallUs, stallAt, warmup, this::usage);
        UnaryOperator<RunConfig.Builder> settings = sessionOptions.settings();
        return CoordinatedOmissionRun.measure(
                plan, sessionOptions.open(), settings, spec.commandLine().getOut());
    }

    private CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }
}
