package io.stagebench.system;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordingFile;

/**
 * Names the JIT's work: a Flight Recorder recording of compilations and deoptimisations only,
 * so a fork that counts compilations during its measurement can say which methods compiled
 * and why code was thrown away ({@code OrderBook.stock compiled (C2)}, {@code
 * ItchParser.parse deoptimised (unstable_if)}), not just how many.
 *
 * <p>Cost and hazards: starting the recorder takes ~0.3 s and loads and compiles code of its
 * own, so a fork starts it first, before it pins its measuring thread - the recorder's threads
 * inherit the affinity of the thread that starts them and must stay off the measuring CPU -
 * and long before warm-up ends. Only these three event types are enabled; none of them is
 * emitted by the measuring thread's own code, so the recording adds nothing to the measured
 * loop. Where Flight Recorder is missing or refuses to start, {@link #start} returns a
 * recorder that names nothing, and {@link JitActivity}'s count stands alone.
 */
public final class JitEvents implements AutoCloseable {

    /** System property that turns the recording off ({@code -Dstagebench.jitEvents=false}): the count alone remains. */
    public static final String ENABLED_PROPERTY = "stagebench.jitEvents";

    /** How many named events a fork keeps. */
    public static final int MAX_NAMED = 10;

    private static final String COMPILATION = "jdk.Compilation";
    private static final String DEOPTIMIZATION = "jdk.Deoptimization";
    private static final String COMPILATION_FAILURE = "jdk.CompilationFailure";

    private final java.util.concurrent.CompletableFuture<JitEvents> started;
    private Recording recording;
    private String unavailableReason;
    private Path dumped;

    private JitEvents(Recording recording, String unavailableReason) {
        this.recording = recording;
        this.unavailableReason = unavailableReason;
        this.started = null;
    }

    private JitEvents(java.util.concurrent.CompletableFuture<JitEvents> started) {
        this.started = started;
    }

    /**
     * Starts the recording on a new daemon thread and returns at once; the first call that
     * needs it waits for the start. The thread, and the recorder's threads it creates, take the
     * caller's CPU affinity at this moment: call it before pinning the measuring thread.
     */
    public static JitEvents startInBackground() {
        if (!Boolean.parseBoolean(System.getProperty(ENABLED_PROPERTY, "true"))) {
            return new JitEvents(null, "turned off with -D" + ENABLED_PROPERTY + "=false");
        }
        java.util.concurrent.CompletableFuture<JitEvents> future = new java.util.concurrent.CompletableFuture<>();
        Thread starter = new Thread(() -> future.complete(start()), "stagebench-jit-events");
        starter.setDaemon(true);
        starter.start();
        return new JitEvents(future);
    }

    /**
     * Waits until the recording runs. Call it before warm-up: the recorder generates and
     * compiles classes while it starts, and that work must be over before anything is measured.
     */
    public void awaitStart() {
        if (started != null && recording == null && unavailableReason == null) {
            JitEvents inner = started.join();
            recording = inner.recording;
            unavailableReason = inner.unavailableReason;
        }
    }

    /** Starts recording compilations and deoptimisations; never throws. */
    public static JitEvents start() {
        try {
            Recording recording = new Recording();
            recording.setName("stagebench-jit");
            recording.enable(COMPILATION).withThreshold(Duration.ZERO);
            recording.enable(DEOPTIMIZATION);
            recording.enable(COMPILATION_FAILURE);
            recording.setToDisk(true);
            recording.start();
            return new JitEvents(recording, null);
        } catch (Throwable e) {
            return new JitEvents(null, "Flight Recorder unavailable (" + e.getClass().getSimpleName() + ": "
                    + e.getMessage() + ")");
        }
    }

    /** @return why methods cannot be named, or null when they can */
    public String unavailableReason() {
        awaitStart();
        return unavailableReason;
    }

    /**
     * Stops the recording and names what the JIT did within the windows: a compilation counts
     * when it finished in one (as {@link JitActivity}'s count does), a deoptimisation when it
     * happened in one. Identical events are folded into one line with
     * a count; at most {@link #MAX_NAMED} lines, most frequent first.
     *
     * <p>The first call stops the recording; later calls read the same events.
     *
     * @param scratch a file to dump the recording to; deleted by {@link #close()}
     * @return one line per event kind and method, e.g. {@code "deoptimised
     *         io.stagebench.stages.book.OrderBook.stock(int) line 120 (unstable_if, reinterpret)"}
     */
    public List<String> namedWithin(List<long[]> windowsEpochMs, Path scratch) {
        awaitStart();
        if (recording == null) {
            return List.of();
        }
        Map<String, Integer> counts = new LinkedHashMap<>();
        try {
            if (dumped == null) {
                recording.stop();
                recording.dump(scratch);
                dumped = scratch;
            }
            for (RecordedEvent event : RecordingFile.readAllEvents(dumped)) {
                String line = describe(event, windowsEpochMs);
                if (line != null) {
                    counts.merge(line, 1, Integer::sum);
                }
            }
        } catch (IOException | RuntimeException e) {
            return List.of("(the JIT events could not be read: " + e.getMessage() + ")");
        }
        List<Map.Entry<String, Integer>> sorted = new ArrayList<>(counts.entrySet());
        sorted.sort((a, b) -> Integer.compare(b.getValue(), a.getValue()));
        List<String> lines = new ArrayList<>();
        for (Map.Entry<String, Integer> entry : sorted.subList(0, Math.min(MAX_NAMED, sorted.size()))) {
            lines.add(entry.getValue() > 1 ? entry.getKey() + " x" + entry.getValue() : entry.getKey());
        }
        if (sorted.size() > MAX_NAMED) {
            lines.add("... and " + (sorted.size() - MAX_NAMED) + " more");
        }
        return lines;
    }

    private static boolean within(Instant at, List<long[]> windowsEpochMs) {
        long ms = at.toEpochMilli();
        for (long[] window : windowsEpochMs) {
            if (ms >= window[0] && ms <= window[1]) {
                return true;
            }
        }
        return false;
    }

    private static String describe(RecordedEvent event, List<long[]> windowsEpochMs) {
        String type = event.getEventType().getName();
        switch (type) {
            case COMPILATION -> {
                if (!within(event.getEndTime(), windowsEpochMs)) {
                    return null;
                }
                int level = event.getInt("compileLevel");
                boolean osr = event.getBoolean("isOsr");
                // HotSpot spells the field "succeded"; accept a corrected spelling too
                boolean ok = event.hasField("succeded") ? event.getBoolean("succeded")
                        : !event.hasField("succeeded") || event.getBoolean("succeeded");
                return (ok ? "compiled " : "failed to compile ") + method(event.getValue("method"))
                        + " (" + tier(level) + (osr ? ", on-stack replacement" : "") + ")";
            }
            case DEOPTIMIZATION -> {
                if (!within(event.getStartTime(), windowsEpochMs)) {
                    return null;
                }
                return "deoptimised " + method(event.getValue("method")) + " line " + event.getInt("lineNumber")
                        + " (" + event.getString("reason") + ", " + event.getString("action") + ")";
            }
            case COMPILATION_FAILURE -> {
                if (!within(event.getStartTime(), windowsEpochMs)) {
                    return null;
                }
                return "compilation failed: " + event.getString("failureMessage");
            }
            default -> {
                return null;
            }
        }
    }

    private static String method(RecordedMethod method) {
        if (method == null) {
            return "(unknown method)";
        }
        return method.getType().getName() + "." + method.getName() + parameters(method.getDescriptor());
    }

    /** {@code (IJ)V} as {@code (int, long)}: a JVM descriptor's parameters in Java's words. */
    static String parameters(String descriptor) {
        int close = descriptor.indexOf(')');
        if (!descriptor.startsWith("(") || close < 0) {
            return "";
        }
        List<String> names = new ArrayList<>();
        int i = 1;
        while (i < close) {
            int dims = 0;
            while (descriptor.charAt(i) == '[') {
                dims++;
                i++;
            }
            String name;
            char c = descriptor.charAt(i);
            if (c == 'L') {
                int semi = descriptor.indexOf(';', i);
                String full = descriptor.substring(i + 1, semi).replace('/', '.');
                name = full.substring(full.lastIndexOf('.') + 1);
                i = semi + 1;
            } else {
                name = switch (c) {
                    case 'Z' -> "boolean";
                    case 'B' -> "byte";
                    case 'C' -> "char";
                    case 'S' -> "short";
                    case 'I' -> "int";
                    case 'J' -> "long";
                    case 'F' -> "float";
                    case 'D' -> "double";
                    default -> String.valueOf(c);
                };
                i++;
            }
            names.add(name + "[]".repeat(dims));
        }
        return "(" + String.join(", ", names) + ")";
    }

    private static String tier(int level) {
        return switch (level) {
            case 1, 2, 3 -> "C1, tier " + level;
            case 4 -> "C2";
            default -> String.format(Locale.ROOT, "tier %d", level);
        };
    }

    /** Stops the recording if it still runs and discards it, with its dump. */
    @Override
    public void close() {
        awaitStart();
        if (recording != null) {
            try {
                recording.close();
            } catch (RuntimeException ignored) {
                // closing twice or after a failed stop is harmless
            }
        }
        if (dumped != null) {
            try {
                Files.deleteIfExists(dumped);
            } catch (IOException ignored) {
                // a stale dump is harmless
            }
        }
    }
}
