package io.stagebench.cli;

import io.stagebench.config.Rate;
import io.stagebench.config.RunConfig;
import io.stagebench.link.Mode;
import io.stagebench.link.Warmup;
import io.stagebench.stats.CoordinatedOmission;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * What {@code demo co} measures, checked once from its options: the intended rate, the service time, and the one stall.
 * It says what the run's fork is given ({@link #configure}), what the scenario is in words, what shape its three views
 * should have ({@link #shapeWarnings}), and the comparison's document.
 *
 * @param rateHz intended send rate
 * @param intervalNs intended interval between two messages
 * @param messages measured messages
 * @param serviceUs service time of each message
 * @param stallUs length of the one stall
 * @param stallMessage the measured message (from 0) that stalls
 * @param warmup warm-up messages, paced too
 */
record CoordinatedOmissionPlan(
        double rateHz, long intervalNs, int messages, long serviceUs, long stallUs, int stallMessage, long warmup) {

    /** The built-in benchmark the demo runs: a busy wait of the service time. */
    static final String BENCHMARK = "service";
    /** One paced-loop call per message, so a 1 s warm-up gets it compiled by C2. */
    private static final int CHUNK = 1;

    /**
     * @param stallAt the stalling message, or null for half of {@code messages}
     * @param usage makes the exception for a bad option (exit 2), from its one line
     */
    static CoordinatedOmissionPlan of(
            String rate,
            int messages,
            long serviceUs,
            long stallUs,
            Integer stallAt,
            long warmup,
            Function<String, RuntimeException> usage) {
        double rateHz;
        try {
            rateHz = Rate.parsePerSecond(rate);
        } catch (IllegalArgumentException e) {
            throw usage.apply("--rate: " + e.getMessage());
        }
        long intervalNs = Math.round(1e9 / rateHz);
        int stallMessage = stallAt != null ? stallAt : messages / 2;
        if (messages < 1 || warmup < 0) {
            throw usage.apply("--messages must be at least 1 and --warmup not negative");
        }
        if (serviceUs < 1 || serviceUs * 1_000 >= intervalNs) {
            throw usage.apply("--service-us must be at least 1 and shorter than the interval (" + intervalNs / 1_000
                    + " us at " + Rate.format(rateHz) + "), or every message queues without any stall");
        }
        if (stallUs < 1 || stallMessage < 0 || stallMessage >= messages) {
            throw usage.apply(
                    "--stall-us must be at least 1 and --stall-at a measured message in [0, " + (messages - 1) + "]");
        }
        return new CoordinatedOmissionPlan(rateHz, intervalNs, messages, serviceUs, stallUs, stallMessage, warmup);
    }

    /** @return the run's one fork: paced at the rate, one stall, the service time as the benchmark's parameter */
    RunConfig.Builder configure(RunConfig.Builder builder) {
        return builder.forks(1)
                .warmup(Warmup.ofMessages(warmup))
                .messages(messages)
                .chunk(CHUNK)
                .paced(rateHz)
                .stall(stallUs, messages, stallMessage)
                .params(Map.of("us", Long.toString(serviceUs)));
    }

    /** @return the scenario in words, for the console and the curves' page */
    String scenario() {
        return String.format(
                Locale.ROOT,
                "one message intended every %,d us (%s) for %,d messages, %d us of service, one"
                        + " stall of %,d us at message %,d",
                intervalNs / 1_000,
                Rate.format(rateHz),
                messages,
                serviceUs,
                stallUs,
                stallMessage);
    }

    /** @return warnings when the run did not show the scenario's expected shape */
    List<String> shapeWarnings(CoordinatedOmission.Comparison comparison) {
        List<String> shape = new ArrayList<>();
        double serviceNs = serviceUs * 1_000.0;
        double stallNs = stallUs * 1_000.0;
        long queued = Math.round(stallNs / (1e9 / rateHz));
        if (queued >= messages / 100 && comparison.paced().p99Ns() < 0.9 * stallNs) {
            shape.add(String.format(
                    Locale.ROOT,
                    "the paced p99 (%,.1f us) is below 0.9 x the stall (%,d us): the stall did"
                            + " not delay the messages behind it as expected",
                    comparison.paced().p99Ns() / 1_000,
                    stallUs));
        }
        if (comparison.naive().p99Ns() > 2 * serviceNs) {
            shape.add(String.format(
                    Locale.ROOT,
                    "the closed-loop p99 (%,.1f us) is more than twice the service time (%d us):"
                            + " the machine added its own stalls (see 'stagebench run jitter')",
                    comparison.naive().p99Ns() / 1_000,
                    serviceUs));
        }
        return shape;
    }

    /** @return {@value CoordinatedOmissionDemo#FILE}'s document: the scenario and the three columns */
    Map<String, Object> document(CoordinatedOmission.Comparison comparison, List<String> warnings) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("schema", CoordinatedOmissionDemo.SCHEMA);
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
}
