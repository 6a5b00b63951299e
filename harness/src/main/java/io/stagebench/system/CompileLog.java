package io.stagebench.system;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * HotSpot's compile log ({@link JitEvents}' file: {@code jit+compilation} and {@code jit+inlining}, each line stamped
 * with the epoch millisecond and the writing thread) read as what code each method had at a moment: its compilations by
 * id and tier, which were made not entrant when, and for each compilation the calls it made without inlining (a call
 * into the callee's own code, whatever tier that is at).
 *
 * <p>IMPLEMENTATION NOTES. A compilation's inlining lines follow its own line, written by the same compiler thread, so
 * they are attributed by the thread id ({@code [tid]}), not by order: C1 and C2 compile at once. Methods are named
 * without their parameters (the log gives none), so overloads share one name, and the latest code of any of them stands
 * for all. The lines are indexed as read and parsed only for the methods asked about ({@link #add}). A compilation's
 * line carries the time it started; a fork reads the log at a pass's start, after the compiler has been quiet for
 * {@code JitRetries.QUIET_MS}, so every compilation started before then has been installed.
 */
public final class CompileLog {

    /**
     * {@code [1796221888955ms][7996] 1982 % b 4 io.x.MeasureLoop::backToBack @ 18 (114 bytes) made not entrant: ...}
     */
    private static final Pattern COMPILE = Pattern.compile(
            "^\\[(\\d+)ms\\](?:\\[(\\d+)\\])?\\s+(\\d+)\\s+([%sbn! ]*?)\\s*(\\d)\\s+(\\S+::\\S+)(?:\\s+@\\s+\\d+)?\\s+\\([^)]*\\)\\s*(.*)$");
    /**
     * {@code [1796221888957ms][7996] @ 69 io.x.ItchParser::parse (556 bytes) failed to inline: hot method too big};
     * before the {@code @}, the callee's attributes as HotSpot prints them: {@code s} synchronized, {@code !} exception
     * handlers, {@code m} monitors ({@code s!m @ 3 java.io.BufferedReader::readLine ...})
     */
    private static final Pattern CALL = Pattern.compile(
            "^\\[\\d+ms\\]\\[(\\d+)\\][\\s!sm]*@\\s+\\d+\\s+(\\S+::\\S+)\\s+\\(\\d+ bytes\\)\\s+failed to inline:\\s*(.*)$");

    /**
     * Reasons a call was not inlined after which no callee's code of its own is known to run: a native method, a
     * virtual call whose receiver the compiler could not name, a call site never reached in the profile (reached while
     * measuring, it runs through an uncommon trap, and the fork counts the recompilation that follows).
     */
    private static final String FAILED_TO_INLINE = "failed to inline:";

    private static final List<String> UNCHECKED_CALLS = List.of(
            "native",
            "no static binding",
            "never executed",
            "call site not reached",
            "receiver not constant",
            "not static or statically bindable");

    /**
     * One compilation: its id, tier, whether on-stack replacement, the method, when it started and (if) stopped being
     * entrant.
     */
    record Compilation(int id, int level, boolean osr, String method, long startMs, List<String> calls) {}

    private static final byte[] FAILED_TO_INLINE_BYTES = FAILED_TO_INLINE.getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NOT_ENTRANT = "made not entrant".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SKIPPED = "COMPILE SKIPPED".getBytes(StandardCharsets.US_ASCII);

    /** A line of {@link #text}: from its first byte to its newline (excluded). */
    private record Line(int start, int end) {}

    /** The log's whole lines read so far, as the file holds them. */
    private byte[] text = new byte[0];

    private int length;
    /** Where the first line not yet indexed starts: a piece that ended within a line leaves its start here. */
    private int unindexed;
    /** Each method's compile lines (its compilations, their failures and their ends), in the log's order. */
    private final Map<String, List<Line>> compileLines = new HashMap<>();
    /** The failed inlining lines of each compilation, by the start of its compile line. */
    private final Map<Integer, List<Line>> failedCalls = new HashMap<>();
    /**
     * Each compiler thread's latest compilation, by the start of its line: the owner of the inlining lines it writes
     * next.
     */
    private final Map<Integer, Integer> lastByThread = new HashMap<>();

    /**
     * The methods asked for since the last {@link #add}, parsed: their compilations, and when each stopped being
     * entrant.
     */
    private final Map<String, List<Compilation>> byMethod = new HashMap<>();

    private final Map<Integer, Long> notEntrantSinceMs = new HashMap<>();

    private CompileLog() {}

    /** @return the log these lines hold: lines of no kind it knows are passed over */
    public static CompileLog of(List<String> lines) {
        byte[] bytes = (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8);
        return new CompileLog().add(bytes, bytes.length);
    }

    /** @return an empty log, which {@link #add} then extends as the file grows */
    static CompileLog empty() {
        return new CompileLog();
    }

    /**
     * Reads the log's next bytes ({@code bytes[0, n)}), as if they had been part of the lines this log was made of: a
     * fork reads its file once, in pieces, rather than whole at every check. A line is read once its newline is.
     *
     * <p>Cost: the log of a fork's warm-up runs to megabytes and thousands of lines, most of them inlining decisions of
     * code no measured loop reaches, and a fork reads it in its foreground under {@code -Xbatch}, where what the parse
     * costs is mostly the JIT compiling the parse. So the lines are only indexed here, by a scan of their bytes - each
     * compile line under its method's name, each failed inlining under the compilation that wrote it - and parsed with
     * the patterns only for the methods a check asks about ({@link #codeAt}), a few dozen. In a fresh {@code -Xbatch}
     * JVM that takes a fraction of the time of every line through the patterns, and every method's code came out the
     * same either way (docs/decisions.md, "Fork's own work under -Xbatch").
     *
     * @return this log
     */
    CompileLog add(byte[] bytes, int n) {
        if (length + n > text.length) {
            text = Arrays.copyOf(text, Math.max(length + n, 2 * text.length));
        }
        System.arraycopy(bytes, 0, text, length, n);
        int scanFrom = length;
        length += n;
        for (int i = scanFrom; i < length; i++) {
            if (text[i] == '\n') {
                index(unindexed, i);
                unindexed = i + 1;
            }
        }
        byMethod.clear();
        notEntrantSinceMs.clear();
        return this;
    }

    /**
     * Indexes the line {@code text[start, end)}: a compile line under its method, a failed inlining under its
     * compilation.
     */
    private void index(int start, int end) {
        int body = bodyStart(text, start, end);
        if (body < 0) {
            return;
        }
        byte first = text[body];
        if (first == '@' || first == '!' || first == 's' || first == 'm') {
            // most lines are inlining decisions (a callee's attributes, if any, before its '@'); only a failed one
            // matters,
            // to the compilation its thread wrote last
            if (contains(start, end, FAILED_TO_INLINE_BYTES)) {
                Integer owner = lastByThread.get(threadOf(start, end));
                if (owner != null) {
                    failedCalls.computeIfAbsent(owner, k -> new ArrayList<>()).add(new Line(start, end));
                }
            }
            return;
        }
        if (first < '0' || first > '9') {
            return;
        }
        String method = methodOf(body, end);
        if (method == null) {
            return;
        }
        compileLines.computeIfAbsent(method, k -> new ArrayList<>()).add(new Line(start, end));
        int thread = threadOf(start, end);
        if (thread >= 0 && !contains(start, end, NOT_ENTRANT) && !contains(start, end, SKIPPED)) {
            lastByThread.put(thread, start);
        }
    }

    /**
     * @return the first word of {@code text[from, end)} that holds {@code ::}: a compile line's method; null when none
     */
    private String methodOf(int from, int end) {
        int i = from;
        while (i < end) {
            while (i < end && text[i] == ' ') {
                i++;
            }
            int word = i;
            boolean named = false;
            while (i < end && text[i] != ' ') {
                named |= text[i] == ':' && i + 1 < end && text[i + 1] == ':';
                i++;
            }
            if (named) {
                return new String(text, word, i - word, StandardCharsets.UTF_8);
            }
        }
        return null;
    }

    /** @return the writing thread's id of a line decorated {@code [ms][tid]}; -1 when it has none */
    private int threadOf(int start, int end) {
        int close = indexOf(start, end, (byte) ']');
        if (close < 0 || close + 1 >= end || text[close + 1] != '[') {
            return -1;
        }
        int id = 0;
        int i = close + 2;
        for (; i < end && text[i] >= '0' && text[i] <= '9'; i++) {
            id = id * 10 + (text[i] - '0');
        }
        return i < end && text[i] == ']' && i > close + 2 ? id : -1;
    }

    private int indexOf(int from, int end, byte b) {
        for (int i = from; i < end; i++) {
            if (text[i] == b) {
                return i;
            }
        }
        return -1;
    }

    private boolean contains(int from, int end, byte[] word) {
        outer:
        for (int i = from; i <= end - word.length; i++) {
            for (int j = 0; j < word.length; j++) {
                if (text[i + j] != word[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    /** @return {@code method}'s compilations, parsed from its compile lines the first time a check asks */
    private List<Compilation> compilations(String method) {
        List<Compilation> parsed = byMethod.get(method);
        if (parsed != null) {
            return parsed;
        }
        Map<Integer, Compilation> byId = new LinkedHashMap<>();
        for (Line line : compileLines.getOrDefault(method, List.of())) {
            Matcher compile =
                    COMPILE.matcher(new String(text, line.start(), line.end() - line.start(), StandardCharsets.UTF_8));
            if (!compile.find()) {
                continue;
            }
            long ms = Long.parseLong(compile.group(1));
            int id = Integer.parseInt(compile.group(3));
            String rest = compile.group(7).strip();
            if (rest.startsWith("made not entrant")) {
                notEntrantSinceMs.merge(id, ms, Math::min);
            } else if (rest.contains("COMPILE SKIPPED")) {
                byId.remove(id);
            } else {
                byId.put(
                        id,
                        new Compilation(
                                id,
                                Integer.parseInt(compile.group(5)),
                                compile.group(4).contains("%"),
                                compile.group(6),
                                ms,
                                calls(line.start())));
            }
        }
        parsed = List.copyOf(byId.values());
        byMethod.put(method, parsed);
        return parsed;
    }

    /**
     * @return the callees the compilation whose line starts at {@code compileLine} failed to inline, that run code of
     *     their own
     */
    private List<String> calls(int compileLine) {
        List<String> calls = new ArrayList<>();
        for (Line line : failedCalls.getOrDefault(compileLine, List.of())) {
            Matcher call =
                    CALL.matcher(new String(text, line.start(), line.end() - line.start(), StandardCharsets.UTF_8));
            if (call.find()) {
                String reason = call.group(3).strip();
                if (UNCHECKED_CALLS.stream().noneMatch(reason::startsWith)) {
                    calls.add(call.group(2));
                }
            }
        }
        return calls;
    }

    /**
     * @return where a line's text starts after its decorations ({@code [ms]}, then {@code [tid]} when logged) and the
     *     spaces after them; -1 for a line without them or without text
     */
    static int bodyStart(String line) {
        byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
        return bodyStart(bytes, 0, bytes.length);
    }

    /** {@link #bodyStart(String)} of the line {@code bytes[start, end)}, as an offset into {@code bytes} */
    private static int bodyStart(byte[] bytes, int start, int end) {
        if (start >= end || bytes[start] != '[') {
            return -1;
        }
        int close = start;
        while (close < end && bytes[close] != ']') {
            close++;
        }
        if (close + 1 < end && bytes[close + 1] == '[') {
            close++;
            while (close < end && bytes[close] != ']') {
                close++;
            }
        }
        if (close >= end) {
            return -1;
        }
        int i = close + 1;
        while (i < end && bytes[i] == ' ') {
            i++;
        }
        return i < end ? i : -1;
    }

    /**
     * @param method {@code package.Class::name}
     * @return the code a call of {@code method} entered at {@code atMs}: its latest compilation (not on-stack
     *     replacement) started by then and not made not entrant by then; empty when it ran interpreted
     */
    Optional<Compilation> codeAt(String method, long atMs) {
        Compilation latest = null;
        for (Compilation c : compilations(method)) {
            Long gone = notEntrantSinceMs.get(c.id());
            if (!c.osr()
                    && c.startMs() <= atMs
                    && (gone == null || gone > atMs)
                    && (latest == null || c.id() > latest.id())) {
                latest = c;
            }
        }
        return Optional.ofNullable(latest);
    }

    /** @return whether {@code method} had been compiled at all by {@code atMs} (its code since thrown away, maybe) */
    boolean compiledBy(String method, long atMs) {
        return compilations(method).stream().anyMatch(c -> c.startMs() <= atMs);
    }
}
