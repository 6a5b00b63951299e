package io.stagebench.api;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a benchmark may know about the fork it runs in: message counts, the {@code --param key=value} pairs given on the
 * command line, and the fork's layout offset.
 *
 * @param benchmark the benchmark's name
 * @param fork this fork's number, from 1
 * @param warmupMessages messages in warm-up (-1 when warm-up is bounded by time)
 * @param measuredMessages messages measured
 * @param params {@code --param} pairs, with the default each declared parameter has where none was given
 * @param layoutOffsetBytes the fork's layout offset, a whole number of 64-byte lines in [0, 4096), set by its layout
 *     seed: stagebench moves what the benchmark allocates on the heap by it; a benchmark with off-heap buffers starts
 *     them this far into a page-aligned allocation, so its runs sample their placement too
 * @param tags the tag names the benchmark declares ({@link Benchmark#tags()}), in index order
 */
public record BenchmarkParams(
        String benchmark,
        int fork,
        long warmupMessages,
        long measuredMessages,
        Map<String, String> params,
        int layoutOffsetBytes,
        List<String> tags) {

    public BenchmarkParams {
        params = Map.copyOf(new TreeMap<>(params));
        tags = tags == null ? List.of() : List.copyOf(tags);
        if (layoutOffsetBytes < 0 || layoutOffsetBytes >= 4096 || layoutOffsetBytes % 64 != 0) {
            throw new IllegalArgumentException(
                    "layoutOffsetBytes must be a multiple of 64 in [0, 4096), got " + layoutOffsetBytes);
        }
    }

    /** Parameters of a benchmark that declares no tags. */
    public BenchmarkParams(
            String benchmark,
            int fork,
            long warmupMessages,
            long measuredMessages,
            Map<String, String> params,
            int layoutOffsetBytes) {
        this(benchmark, fork, warmupMessages, measuredMessages, params, layoutOffsetBytes, List.of());
    }

    /** Parameters of a fork at layout offset 0. */
    public BenchmarkParams(
            String benchmark, int fork, long warmupMessages, long measuredMessages, Map<String, String> params) {
        this(benchmark, fork, warmupMessages, measuredMessages, params, 0);
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
            throw new IllegalArgumentException("--param " + name + "=" + ParameterDeclaration.shown(value)
                    + (value.trim().replace("_", "").matches("[+-]?[0-9]+")
                            ? " is out of range (a 64-bit whole number)"
                            : " is not a whole number"));
        }
    }

    /** @return {@code --param name=...}, or {@code defaultValue} when absent */
    public String param(String name, String defaultValue) {
        return params.getOrDefault(name, defaultValue);
    }

    /**
     * @return {@code --param name=...} as a long, or the default its {@link Parameter} declares
     * @throws DeclarationException when the benchmark declares no default for it and none was given (the fork refuses
     *     the benchmark in one line); {@link #longParam(String, long)} is for a default the benchmark computes
     */
    public long longParam(String name) {
        declared(name); // a parameter with neither a value nor a declared default is refused here
        return longParam(name, 0);
    }

    /** @return {@code --param name=...}, or the default its {@link Parameter} declares ({@link #longParam(String)}) */
    public String param(String name) {
        return params.getOrDefault(name, declared(name));
    }

    private String declared(String name) {
        String value = params.get(name);
        if (value == null) {
            throw new DeclarationException("benchmark '" + benchmark + "' reads --param " + name + " without a default:"
                    + " declare it with one (@Parameter(name = \"" + name + "\", defaultValue = ...)) or give it");
        }
        return value;
    }

    /**
     * @return the index of the declared tag {@code name}, for {@link Stamps#tag(int)}; look it up once, in setup, and
     *     keep the int
     * @throws DeclarationException naming the tag and what the benchmark declares, when it declares no such tag: the
     *     fork refuses the benchmark and the launcher exits 2 with that line
     */
    public int tag(String name) {
        int index = tags.indexOf(name);
        if (index < 0) {
            throw new DeclarationException("benchmark '" + benchmark + "' tags messages '" + name + "' but declares "
                    + (tags.isEmpty() ? "no tags" : "only the tags " + String.join(", ", tags))
                    + " (@Benchmark(tags = {...}))");
        }
        return index;
    }
}
