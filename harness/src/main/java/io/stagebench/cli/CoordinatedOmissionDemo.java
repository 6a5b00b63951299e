package io.stagebench.cli;

import io.stagebench.api.SeriesNames;
import io.stagebench.builtin.ServiceBenchmark;
import io.stagebench.console.RunReport;
import io.stagebench.host.Rate;
import io.stagebench.host.RunConfig;
import io.stagebench.io.AtomicFiles;
import io.stagebench.json.Json;
import io.stagebench.link.Mode;
import io.stagebench.registry.BenchmarkRegistry;
import io.stagebench.report.CoordinatedOmissionPage;
import io.stagebench.result.BenchmarkOutcome;
import io.stagebench.result.LatencySeries;
import io.stagebench.session.MeasurementSession;
import io.stagebench.session.SessionOptions;
import io.stagebench.stats.CoordinatedOmission;
import io.stagebench.store.RunStore;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code stagebench demo co}: the reference text's coordinated-omission scenario, run for real
 * in about ten seconds - one message intended every 1 ms for 10 s, 100 µs of service (the
 * built-in {@code service} benchmark), one stall of 1 s at message 5 000 - through the
 * ordinary paced runner in a pinned fork. It prints the run's report, then three views of the
 * same run side by side ({@link CoordinatedOmission}): latency from the intended send time,
 * the naive closed-loop service time, and HdrHistogram's expected-interval correction; and it
 * writes them to {@value #FILE} in the run's result folder.
 */
@Command(name = "co", mixinStandardHelpOptions = true,
        description = {"Show coordinated omission: one stalled paced run, reported three ways. About 10 s.",
            "A paced run at 1k/s of a 100 us service with one 1 s stall, reported from the intended send time",
            "(stagebench), as a closed loop sees it (service time), and corrected with HdrHistogram's",
            "recordValueWithExpectedInterval."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:demonstrated", "1:the fork failed, or the HTML report could not be written", "2:bad usage"})
public final class CoordinatedOmissionDemo implements Callable<Integer> {

    /** The comparison's file in the run folder. */
    public static final String FILE = "coordinated-omission.json";
    /** Schema of {@value #FILE}. */
    public static final String SCHEMA = "stagebench.coordinated-omission/1";

    private static final String BENCHMARK = "service";
    private static final int CHUNK = 1; // one paced-loop call per message, so a 1 s warm-up gets it compiled by C2

    @Option(names = "--rate", paramLabel = "RATE", description = "Intended send rate (default: ${DEFAULT-VALUE}).")
    String rate = "1k/s";

    @Option(names = {"-n", "--messages"}, paramLabel = "N", description = "Measured messages (default: ${DEFAULT-VALUE}).")
    int messages = 10_000;

    @Option(names = "--service-us", paramLabel = "US", description = "Service time of each message (default: ${DEFAULT-VALUE}).")
    long serviceUs = ServiceBenchmark.DEFAULT_US;

    @Option(names = "--stall-us", paramLabel = "US", description = "Length of the one stall (default: ${DEFAULT-VALUE}).")
    long stallUs = 1_000_000;

    @Option(names = "--stall-at", paramLabel = "N", description = "Measured message that stalls (default: half of --messages).")
    Integer stallAt;

    @Option(names = {"-w", "--warmup"}, paramLabel = "N", description = "Warm-up messages, paced too (default: ${DEFAULT-VALUE}).")
    long warmup = 10_000;

    @CommandLine.Mixin
    SessionOptions sessionOptions = new SessionOptions();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        double rateHz;
        try {
            rateHz = Rate.parsePerSecond(rate);
        } catch (IllegalArgumentException e) {
            throw usage("--rate: " + e.getMessage());
        }
        long intervalNs = Math.round(1e9 / rateHz);
        int stallMessage = stallAt != null ? stallAt : messages / 2;
        if (messages < 1 || warmup < 0) {
            throw usage("--messages must be at least 1 and --warmup not negative");
        }
        if (serviceUs < 1 || serviceUs * 1_000 >= intervalNs) {
            throw usage("--service-us must be at least 1 and shorter than the interval (" + intervalNs / 1_000
                    + " us at " + Rate.format(rateHz) + "), or every message queues without any stall");
        }
        if (stallUs < 1 || stallMessage < 0 || stallMessage >= messages) {
            throw usage("--stall-us must be at least 1 and --stall-at a measured message in [0, " + (messages - 1) + "]");
        }
        UnaryOperator<RunConfig.Builder> machine = sessionOptions.settings();
        MeasurementSession session = sessionOptions.open();
        MeasurementSession.Measurement run = session.begin(RunStore.projectHome(), List.of(BENCHMARK),
                builder -> machine.apply(builder).forks(1).warmup(warmup, 0).messages(messages).chunk(CHUNK).paced(rateHz)
                        .stall(stallUs, messages, stallMessage).params(Map.of("us", Long.toString(serviceUs))));

        List<BenchmarkOutcome> outcomes = session.run(run, BenchmarkRegistry.load(), session.launchers().own());
        RunReport report = run.report(outcomes);
        out.print(report.toText());
        List<String> warnings = new ArrayList<>(report.warnings());
        BenchmarkOutcome outcome = outcomes.get(0);
        if (outcome.forks().isEmpty()) {
            MeasurementSession.Stored stored = session.store(run, outcomes, warnings);
            out.println();
            out.println("results: " + run.dir());
            stored.printReport(out);
            out.flush();
            return 1;
        }

        double[] responseNs = outcome.merged().get(SeriesNames.RESPONSE).sortedValues();
        double[] serviceNs = outcome.merged().get(BENCHMARK).sortedValues();
        CoordinatedOmission.Comparison comparison = CoordinatedOmission.compare(responseNs, serviceNs, intervalNs);
        List<String> shape = shapeWarnings(comparison);
        warnings.addAll(shape);
        out.println();
        String scenario = String.format(Locale.ROOT, "one message intended every %,d us (%s) for %,d messages, %d us of"
                + " service, one stall of %,d us at message %,d", intervalNs / 1_000, Rate.format(rateHz), messages,
                serviceUs, stallUs, stallMessage);
        out.println("coordinated omission: " + scenario);
        out.print(comparison.toText());
        out.printf(Locale.ROOT, "  the closed loop's p99 is %,.1f us; measured from the intended send time, 1%% of the"
                + " messages waited %,.1f us or more%n", comparison.naive().p99Ns() / 1_000, comparison.paced().p99Ns() / 1_000);
        shape.forEach(w -> out.println("*** WARNING: " + w));

        AtomicFiles.writeString(run.dir().resolve(FILE), Json.write(document(comparison, rateHz, stallMessage, warnings)));
        MeasurementSession.Stored stored = session.store(run, outcomes, warnings);
        Path page = CoordinatedOmissionPage.write(comparison, responseNs, serviceNs, scenario,
                run.dir().resolve(CoordinatedOmissionPage.FILE));
        out.println();
        out.println("results: " + run.dir() + " (three columns in " + FILE + ")");
        out.println("curves:  " + page);
        stored.printReport(out);
        out.flush();
        return stored.report() != null ? 0 : 1;
    }

    /** @return warnings when the run did not show the scenario's expected shape */
    private List<String> shapeWarnings(CoordinatedOmission.Comparison comparison) {
        List<String> shape = new ArrayList<>();
        double serviceNs = serviceUs * 1_000.0;
        double stallNs = stallUs * 1_000.0;
        long queued = Math.round(stallNs / (1e9 / Rate.parsePerSecond(rate)));
        if (queued >= messages / 100 && comparison.paced().p99Ns() < 0.9 * stallNs) {
            shape.add(String.format(Locale.ROOT, "the paced p99 (%,.1f us) is below 0.9 x the stall (%,d us): the stall did"
                    + " not delay the messages behind it as expected", comparison.paced().p99Ns() / 1_000, stallUs));
        }
        if (comparison.naive().p99Ns() > 2 * serviceNs) {
            shape.add(String.format(Locale.ROOT, "the closed-loop p99 (%,.1f us) is more than twice the service time (%d us):"
                    + " the machine added its own stalls (see 'stagebench run jitter')", comparison.naive().p99Ns() / 1_000,
                    serviceUs));
        }
        return shape;
    }

    private Map<String, Object> document(CoordinatedOmission.Comparison comparison, double rateHz, int stallMessage,
                                         List<String> warnings) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("schema", SCHEMA);
        root.put("benchmark", BENCHMARK);
        root.put("mode", Mode.PACED);
        root.put("rateHz", rateHz);
        root.put("expectedIntervalNs", comparison.expectedIntervalNs());
        root.put("messages", messages);
        root.put("serviceUs", serviceUs);
        root.put("stallUs", stallUs);
        root.put("stallAtMessage", stallMessage);
        root.put("hdrSignificantDigits", CoordinatedOmission.SIGNIFICANT_DIGITS);
        root.put("columns", comparison.columns());
        root.put("warnings", warnings);
        return root;
    }

    private CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }
}
