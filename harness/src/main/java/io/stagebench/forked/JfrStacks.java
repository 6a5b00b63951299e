package io.stagebench.forked;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;
import java.util.regex.Pattern;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordingFile;

/**
 * Stacks from a flight recording, whoever wrote it (async-profiler's {@code jfr} output or the JDK's own recorder),
 * named as async-profiler's collapsed stacks name frames ({@code io/x/Class.method}), so every profile reads alike.
 */
final class JfrStacks {

    /** Allocation events, each weighed by the bytes it stands for. */
    static final Set<String> ALLOCATIONS = Set.of("jdk.ObjectAllocationInNewTLAB", "jdk.ObjectAllocationOutsideTLAB");

    private JfrStacks() {}

    /**
     * @param recording a flight recording
     * @param events the events to read
     * @param within a frame every stack kept has (the measured loop), by its collapsed name
     * @param weight what an event weighs
     * @param lines whether a frame names its line ({@code Class.method:42})
     * @param leaf what ends each stack beyond its frames, e.g. the allocated type; null for nothing
     * @return each stack, outermost frame first and {@code ;}-separated, with its weight
     */
    static Map<String, Long> read(
            Path recording,
            Predicate<RecordedEvent> events,
            Pattern within,
            ToLongFunction<RecordedEvent> weight,
            boolean lines,
            Function<RecordedEvent, String> leaf)
            throws IOException {
        Map<String, Long> stacks = new LinkedHashMap<>();
        try (RecordingFile file = new RecordingFile(recording)) {
            while (file.hasMoreEvents()) {
                RecordedEvent event = file.readEvent();
                if (!events.test(event) || event.getStackTrace() == null) {
                    continue;
                }
                List<RecordedFrame> frames = event.getStackTrace().getFrames();
                StringBuilder stack = new StringBuilder();
                boolean kept = false;
                for (int i = frames.size() - 1; i >= 0; i--) {
                    String name = name(frames.get(i), lines && i == 0);
                    kept |= within.matcher(name).matches();
                    stack.append(stack.isEmpty() ? "" : ";").append(name);
                }
                if (kept) {
                    if (leaf != null) {
                        stack.append(';').append(leaf.apply(event));
                    }
                    stacks.merge(stack.toString(), weight.applyAsLong(event), Long::sum);
                }
            }
        }
        return stacks;
    }

    /** @return the bytes an allocation event stands for: its buffer's size when it took a new one, else its own */
    static long allocatedBytes(RecordedEvent event) {
        return event.hasField("tlabSize") ? event.getLong("tlabSize") : event.getLong("allocationSize");
    }

    /** @return the allocated type of an allocation event as Java writes it: {@code long[]}, {@code java.lang.Long} */
    static String allocatedType(RecordedEvent event) {
        return javaName(event.getClass("objectClass").getName());
    }

    /** @return {@code [J} as {@code long[]}, {@code [Ljava.lang.String;} as {@code java.lang.String[]} */
    static String javaName(String jvmName) {
        int dims = 0;
        while (dims < jvmName.length() && jvmName.charAt(dims) == '[') {
            dims++;
        }
        if (dims == 0) {
            return jvmName;
        }
        String element = jvmName.substring(dims);
        String base = switch (element) {
            case "J" -> "long";
            case "I" -> "int";
            case "B" -> "byte";
            case "C" -> "char";
            case "S" -> "short";
            case "Z" -> "boolean";
            case "D" -> "double";
            case "F" -> "float";
            default ->
                element.startsWith("L") && element.endsWith(";") ? element.substring(1, element.length() - 1) : element;
        };
        return base + "[]".repeat(dims);
    }

    private static String name(RecordedFrame frame, boolean line) {
        RecordedMethod method = frame.getMethod();
        String name = method.getType().getName().replace('.', '/') + "." + method.getName();
        return line && frame.getLineNumber() > 0 ? name + ":" + frame.getLineNumber() : name;
    }
}
