package io.stagebench.system;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Names the JIT's work: HotSpot's own log of compilations, their inlining and deoptimisations (unified logging,
 * {@code -Xlog:jit+compilation=debug,jit+inlining=debug,deoptimization=debug}, each line stamped with the epoch
 * millisecond and the thread that wrote it), which the launcher turns on for each fork with {@link #logFlag} into a
 * file beside its results, so a fork that counts compilations during its measurement can say which methods compiled and
 * why code was thrown away ({@code compiled io.stagebench.stages.book.OrderBook::stock (C2)}, {@code deoptimised
 * io.stagebench.stages.itch.ItchParser.parse(ByteBuffer) at bci 12 (unstable_if, reinterpret)}), not just how many, and
 * every fork can check that the code it measured was C2's ({@link MeasuredCode}).
 *
 * <p>Cost and hazards: the log is written by the compiler threads, on the service CPUs, as they start a compilation or
 * meet an uncommon trap - nothing is written while the JIT is quiet, so it adds nothing to a measured pass that
 * compiled nothing, and nothing starts in the fork (a Flight Recorder recording, which this replaced, added to every
 * fork's start; docs/decisions.md, "Fork start"). A compilation's line carries the time it started, so one that began
 * before a window and finished in it is counted by {@link JitActivity} but not named. Compiled methods are named
 * without their parameters (the log gives none); deoptimised ones with them. A fork started without the flag (by hand,
 * or in a test's JVM) names nothing and says why.
 */
public final class JitEvents {

    /** System property that turns the log off ({@code -Dstagebench.jitEvents=false}): the count alone remains. */
    public static final String ENABLED_PROPERTY = "stagebench.jitEvents";

    /** How many named events a fork keeps. */
    public static final int MAX_NAMED = 10;

    private static final String WHAT = "jit+compilation=debug,jit+inlining=debug,deoptimization=debug";

    /** How {@link #logFlag} begins, whatever its file. */
    public static final String LOG_FLAG_PREFIX = "-Xlog:" + WHAT + ":file=";

    /** {@code [1796179662598ms] 774 % b 4 java.lang.Integer::toString @ 12 (55 bytes) COMPILE SKIPPED: ...} */
    private static final Pattern COMPILE = Pattern.compile(
            "^\\[(\\d+)ms\\](?:\\[\\d+\\])?\\s+\\d+\\s+([%sbn! ]*?)\\s*(\\d)\\s+(\\S+::\\S+)(?:\\s+@\\s+\\d+)?\\s+\\([^)]*\\)\\s*(.*)$");
    /**
     * {@code [1796179662678ms] cid= 783 osr level=4 Vml.main([Ljava/lang/String;)V trap_bci=84 osr_bci=80 unstable_if
     * reinterpret pc=...}
     */
    private static final Pattern TRAP = Pattern.compile(
            "^\\[(\\d+)ms\\](?:\\[\\d+\\])?\\s+cid=\\s*\\d+\\s+(?:osr\\s+)?level=(\\d)\\s+([^\\s(]+)(\\([^)]*\\)\\S*)\\s+trap_bci=(\\d+)"
                    + "(?:\\s+osr_bci=\\d+)?\\s+(\\S+)\\s+(\\S+)");

    private final Path log;
    private final String unavailableReason;
    /** The compile log read so far, and how many of the file's bytes it holds: whole lines only. */
    private CompileLog compiled;

    private long compiledBytes;

    private JitEvents(Path log, String unavailableReason) {
        this.log = log;
        this.unavailableReason = unavailableReason;
    }

    /**
     * @param logFile where the fork's log goes (its folder exists)
     * @return the JVM flag that writes the log there, for the fork's command line
     */
    public static String logFlag(Path logFile) {
        return LOG_FLAG_PREFIX + quoted(logFile.toAbsolutePath().toString()) + ":timemillis,tid:filecount=0";
    }

    /** @return whether {@code jvmFlags} leave the log on (no {@code -Dstagebench.jitEvents=false}) */
    public static boolean wanted(List<String> jvmFlags) {
        return !jvmFlags.contains("-D" + ENABLED_PROPERTY + "=false");
    }

    /** @return a reader of {@code logFile}, a log this JVM did not start (a test's, or one left by a fork) */
    static JitEvents reading(Path logFile) {
        return new JitEvents(logFile, null);
    }

    /**
     * @param logFile the log {@link #logFlag} names for this fork
     * @return this JVM's compile log, or a recorder that names nothing and says why when this JVM was started without
     *     it
     */
    public static JitEvents of(Path logFile) {
        if (!Boolean.parseBoolean(System.getProperty(ENABLED_PROPERTY, "true"))) {
            return new JitEvents(null, "turned off with -D" + ENABLED_PROPERTY + "=false");
        }
        String flag = logFlag(logFile);
        boolean started =
                ManagementFactory.getRuntimeMXBean().getInputArguments().contains(flag);
        return started
                ? new JitEvents(logFile, null)
                : new JitEvents(null, "this JVM was started without its compile log (-Xlog:jit+compilation)");
    }

    /** @return why methods cannot be named, or null when they can */
    public String unavailableReason() {
        return unavailableReason;
    }

    /**
     * Names what the JIT did within the windows: a compilation that started in one, a deoptimisation that happened in
     * one. Identical events are folded into one line with a count; at most {@link #MAX_NAMED} lines, most frequent
     * first.
     *
     * @return one line per event kind and method, e.g. {@code "deoptimised
     *     io.stagebench.stages.book.OrderBook.stock(int) at bci 120 (unstable_if, reinterpret)"}
     */
    public List<String> namedWithin(List<long[]> windowsEpochMs) {
        if (log == null) {
            return List.of();
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            return List.of("(the JIT's log could not be read: " + e.getMessage() + ")");
        }
        return named(lines, windowsEpochMs);
    }

    /** @return {@link #namedWithin} of these log lines */
    static List<String> named(List<String> logLines, List<long[]> windowsEpochMs) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (String line : logLines) {
            describe(line, windowsEpochMs).ifPresent(d -> counts.merge(d, 1, Integer::sum));
        }
        List<Map.Entry<String, Integer>> sorted = new ArrayList<>(counts.entrySet());
        sorted.sort((a, b) -> Integer.compare(b.getValue(), a.getValue()));
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, Integer> entry : sorted.subList(0, Math.min(MAX_NAMED, sorted.size()))) {
            out.add(entry.getValue() > 1 ? entry.getKey() + " x" + entry.getValue() : entry.getKey());
        }
        if (sorted.size() > MAX_NAMED) {
            out.add("... and " + (sorted.size() - MAX_NAMED) + " more");
        }
        return out;
    }

    /**
     * @return the log read for what code each method had ({@link MeasuredCode}); empty, with {@link #unavailableReason}
     *     or the reading's problem in {@code problem}, when it cannot be read
     */
    public Optional<CompileLog> compileLog(Consumer<String> problem) {
        if (log == null) {
            problem.accept(unavailableReason);
            return Optional.empty();
        }
        try {
            // read once, in pieces: each check adds the lines written since the last (a whole read and parse of the
            // log at every check was slow in a fork, most of it foreground compilation of the parser under -Xbatch;
            // CompileLog now indexes the bytes and parses only what a check asks for)
            CompileLog read = compiled == null ? CompileLog.empty() : compiled;
            byte[] bytes;
            try (FileChannel channel = FileChannel.open(log, StandardOpenOption.READ)) {
                long size = channel.size();
                bytes = new byte[(int) Math.max(0, Math.min(Integer.MAX_VALUE - 8, size - compiledBytes))];
                ByteBuffer buffer = ByteBuffer.wrap(bytes);
                int n;
                do {
                    n = channel.read(buffer, compiledBytes + buffer.position());
                } while (n > 0 && buffer.hasRemaining());
                bytes = Arrays.copyOf(bytes, buffer.position());
            }
            int whole = 0;
            for (int i = bytes.length - 1; i >= 0; i--) {
                if (bytes[i] == '\n') {
                    whole = i + 1;
                    break;
                }
            }
            read.add(bytes, whole);
            compiled = read;
            compiledBytes += whole;
            return Optional.of(read);
        } catch (IOException | RuntimeException e) {
            compiled = null; // a piece half taken: the next check reads the log from its start
            compiledBytes = 0;
            problem.accept("the JIT's log could not be read: " + e.getMessage());
            return Optional.empty();
        }
    }

    /** Deletes the log, once what it says has been taken; never throws. */
    public void delete() {
        if (log != null) {
            try {
                Files.deleteIfExists(log);
            } catch (IOException | RuntimeException ignored) {
                // a stale log is harmless
            }
        }
    }

    private static Optional<String> describe(String line, List<long[]> windowsEpochMs) {
        Matcher trap = TRAP.matcher(line);
        if (trap.find()) {
            if (!within(Long.parseLong(trap.group(1)), windowsEpochMs)) {
                return Optional.empty();
            }
            return Optional.of("deoptimised " + trap.group(3) + parameters(trap.group(4)) + " at bci " + trap.group(5)
                    + " (" + trap.group(6) + ", " + trap.group(7) + ")");
        }
        Matcher compile = COMPILE.matcher(line);
        if (!compile.find() || !within(Long.parseLong(compile.group(1)), windowsEpochMs)) {
            return Optional.empty();
        }
        String rest = compile.group(5).strip();
        if (rest.startsWith("made not entrant") || rest.startsWith("made zombie")) {
            return Optional.empty(); // the trap line beside it says why
        }
        int level = Integer.parseInt(compile.group(3));
        String tier = tier(level) + (compile.group(2).contains("%") ? ", on-stack replacement" : "");
        if (rest.contains("COMPILE SKIPPED")) {
            return Optional.of("failed to compile " + compile.group(4) + " (" + tier + "): "
                    + rest.substring(rest.indexOf("COMPILE SKIPPED") + "COMPILE SKIPPED".length())
                            .replaceFirst("^:\\s*", ""));
        }
        return Optional.of("compiled " + compile.group(4) + " (" + tier + ")");
    }

    private static boolean within(long ms, List<long[]> windowsEpochMs) {
        for (long[] window : windowsEpochMs) {
            if (ms >= window[0] && ms <= window[1]) {
                return true;
            }
        }
        return false;
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

    /** A path the log option's parser reads whole: quoted when it holds a ':' or a space. */
    private static String quoted(String path) {
        return path.contains(":") || path.contains(" ") ? "\"" + path + "\"" : path;
    }
}
