package io.stagebench.api;

import java.util.Map;
import java.util.TreeMap;

/**
 * What a benchmark may know about the fork it runs in: message counts and the
 * {@code --param key=value} pairs given on the command line.
 *
 * @param benchmark        the benchmark's name
 * @param fork             this fork's number, from 1
 * @param warmupMessages   messages in warm-up (-1 when warm-up is bounded by time)
 * @param measuredMessages messages measured
 * @param params           {@code --param} pairs
 */
public record BenchmarkParams(String benchmark, int fork, long warmupMessages, long measuredMessages,
                              Map<String, String> params) {

    public BenchmarkParams {
        params = Map.copyOf(new TreeMap<>(params));
    }

    /** @return the most messages this fork runs when warm-up is bounded by count, else -1 */
    public long totalMessages() {
        return warmupMessages < 0 ? -1 : warmupMessages + measuredMessages;
    }

    /**
     * @return {@code --param name=...} as a long, or {@code defaultValue} when absent
     * @throws IllegalArgumentException naming the parameter when its value is not a number
     */
    public long longParam(String name, long defaultValue) {
        String value = params.get(name);
        if (value == null) {
            return defaultValue;
        }
        try {
            return Long.parseLong(value.trim().replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--param " + name + "=" + value + " is not a whole number");
        }
    }

    /** @return {@code --param name=...}, or {@code defaultValue} when absent */
    public String param(String name, String defaultValue) {
        return params.getOrDefault(name, defaultValue);
    }
}
