package io.stagebench.store;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * When two stored runs measured the same thing: the settings that change a latency figure (messages, warm-up, mode,
 * rate, stall, parameters, JVM flags, {@code --batch}) and, for a report's history, the fork count. One notion for the
 * report's history chart, {@code history} and {@code bisect}'s reuse of stored runs, so a {@code --quick} run is never
 * drawn or judged beside a default one, nor a run of K-message means beside one of messages. What {@code --batch auto}
 * chose for a benchmark is that benchmark's own ({@link RunHistory}).
 */
public final class RunConfiguration {

    /** The configuration fields that must match for a stored run to be part of a run's history. */
    public static final List<String> SAME_CONFIGURATION = List.of(
            "forks",
            "messages",
            "warmupMessages",
            "warmupMs",
            "mode",
            "rateHz",
            "stallUs",
            "stallEvery",
            "params",
            "jvmFlags",
            "batch",
            "profile");
    /**
     * {@link #SAME_CONFIGURATION} without the fork count: what must match for forks of several runs to be pooled, or
     * judged against each other - a fork's own value does not depend on how many forks ran beside it.
     */
    public static final List<String> SAME_FORKS =
            SAME_CONFIGURATION.stream().filter(f -> !f.equals("forks")).toList();

    private RunConfiguration() {}

    /**
     * @return the values of {@code fields} in {@code config}, as one comparable text; "" for no configuration. A stall
     *     period without a stall ({@code stallUs} 0) is no setting: {@code run} and {@code ab} record different ones. A
     *     run from before batches measured one message a sample, as {@code --batch 1} does
     */
    public static String key(JsonNode config, List<String> fields) {
        if (config == null || !config.isObject()) {
            return "";
        }
        StringBuilder key = new StringBuilder();
        for (String field : fields) {
            key.append(field).append('=').append(value(config, field)).append(';');
        }
        return key.toString();
    }

    private static String value(JsonNode config, String field) {
        if (config == null) {
            return "?";
        }
        if (field.equals("stallEvery") && config.path("stallUs").asLong(0) == 0) {
            return "no stall";
        }
        if (field.equals("batch")) {
            // stored as the count, 0 for auto (Batch); absent before batches
            long batch = config.path("batch").asLong(1);
            return batch == 0 ? "auto" : Long.toString(batch);
        }
        if (field.equals("profile")) {
            // a profiled run (--prof) is not a measurement: never one history with the runs measured without it
            return config.hasNonNull("profile") ? config.get("profile").asText() : "none";
        }
        return config.path(field).toString();
    }

    /**
     * @return "messages 5000 instead of 20000, jvmFlags [] instead of [\"-Xint\"]": how {@code config} differs from
     *     {@code reference}
     */
    public static String differences(JsonNode config, JsonNode reference, List<String> fields) {
        List<String> out = new ArrayList<>();
        for (String field : fields) {
            String a = value(config, field);
            String b = value(reference, field);
            if (!a.equals(b)) {
                out.add(field + " " + a + " instead of " + b);
            }
        }
        return out.isEmpty() ? "the same configuration" : String.join(", ", out);
    }
}
