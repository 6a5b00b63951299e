package io.stagebench.system;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * HotSpot's compile log ({@link JitEvents}' file: {@code jit+compilation} and {@code jit+inlining}, each line stamped
 * with the epoch millisecond and the writing thread) read as what code each method had at a moment: its compilations
 * by id and tier, which were made not entrant when, and for each compilation the calls it made without inlining (a
 * call into the callee's own code, whatever tier that is at).
 *
 * <p>IMPLEMENTATION NOTES. A compilation's inlining lines follow its own line, written by the same compiler thread,
 * so they are attributed by the thread id ({@code [tid]}), not by order: C1 and C2 compile at once. Methods are
 * named without their parameters (the log gives none), so overloads share one name, and the latest code of any of
 * them stands for all. A compilation's line carries the time it started; a fork reads the log at a pass's start,
 * after the compiler has been quiet for {@code JitRetries.QUIET_MS}, so every compilation started before then has
 * been installed.
 */
public final class CompileLog {

    /** {@code [1796221888955ms][7996] 1982 %  b  4       io.x.MeasureLoop::backToBack @ 18 (114 bytes)   made not entrant: ...} */
    private static final Pattern COMPILE = Pattern.compile(
            "^\\[(\\d+)ms\\](?:\\[(\\d+)\\])?\\s+(\\d+)\\s+([%sbn! ]*?)\\s*(\\d)\\s+(\\S+::\\S+)(?:\\s+@\\s+\\d+)?\\s+\\([^)]*\\)\\s*(.*)$");
    /** {@code [1796221888957ms][7996]          @ 69   io.x.ItchParser::parse (556 bytes)   failed to inline: hot method too big} */
    private static final Pattern CALL = Pattern.compile(
            "^\\[\\d+ms\\]\\[(\\d+)\\][\\s!]*@\\s+\\d+\\s+(\\S+::\\S+)\\s+\\(\\d+ bytes\\)\\s+failed to inline:\\s*(.*)$");

    /**
     * Reasons a call was not inlined after which no callee's code of its own is known to run: a native method, a
     * virtual call whose receiver the compiler could not name, a call site never reached in the profile (reached
     * while measuring, it runs through an uncommon trap, and the fork counts the recompilation that follows).
     */
    private static final String FAILED_TO_INLINE = "failed to inline:";

    private static final List<String> UNCHECKED_CALLS = List.of("native", "no static binding", "never executed",
            "call site not reached", "receiver not constant", "not static or statically bindable");

    /** One compilation: its id, tier, whether on-stack replacement, the method, when it started and (if) stopped being entrant. */
    record Compilation(int id, int level, boolean osr, String method, long startMs, List<String> calls) {
    }

    private final Map<Integer, Compilation> byId = new HashMap<>();
    private final Map<String, List<Compilation>> byMethod = new HashMap<>();
    private final Map<Integer, Long> notEntrantSinceMs = new HashMap<>();

    /** Each compiler thread's latest compilation: the owner of the inlining lines that thread writes next. */
    private final Map<String, Compilation> lastByThread = new HashMap<>();

    private CompileLog() {
    }

    /** @return the log these lines hold: lines of no kind it knows are passed over */
    public static CompileLog of(List<String> lines) {
        return new CompileLog().add(lines);
    }

    /** @return an empty log, which {@link #add} then extends as the file grows */
    static CompileLog empty() {
        return new CompileLog();
    }

    /**
     * Reads the log's next whole lines, as if they had been part of the lines this log was made of: a fork reads its
     * file once in pieces rather than whole at every check.
     *
     * @return this log
     */
    CompileLog add(List<String> lines) {
        for (String line : lines) {
            // most lines are inlining decisions; only a failed one matters, and only a compilation's line starts with its
            // id: a character or two tells them apart before any pattern runs. Under the fork's -Xbatch the parse's cost
            // is mostly its own foreground compilation (12,600 lines in a fresh JVM: 470 ms by patterns alone, 400-450 ms
            // so; a parser by hand took 540-690 ms, slower in the interpreter), which is why the log is read only once
            int body = bodyStart(line);
            if (body < 0) {
                continue;
            }
            char first = line.charAt(body);
            if (first == '@' || first == '!') {
                if (!line.contains(FAILED_TO_INLINE)) {
                    continue;
                }
                Matcher call = CALL.matcher(line);
                if (call.find()) {
                    Compilation owner = lastByThread.get(call.group(1));
                    String reason = call.group(3).strip();
                    if (owner != null && UNCHECKED_CALLS.stream().noneMatch(reason::startsWith)) {
                        owner.calls().add(call.group(2));
                    }
                }
                continue;
            }
            if (first < '0' || first > '9') {
                continue;
            }
            Matcher compile = COMPILE.matcher(line);
            if (!compile.find()) {
                continue;
            }
            long ms = Long.parseLong(compile.group(1));
            int id = Integer.parseInt(compile.group(3));
            String rest = compile.group(7).strip();
            if (rest.startsWith("made not entrant")) {
                notEntrantSinceMs.merge(id, ms, Math::min);
            } else if (rest.contains("COMPILE SKIPPED")) {
                Compilation failed = byId.remove(id);
                if (failed != null) {
                    byMethod.get(failed.method()).remove(failed);
                }
            } else {
                Compilation c = new Compilation(id, Integer.parseInt(compile.group(5)), compile.group(4).contains("%"),
                        compile.group(6), ms, new ArrayList<>());
                byId.put(id, c);
                byMethod.computeIfAbsent(c.method(), k -> new ArrayList<>()).add(c);
                if (compile.group(2) != null) {
                    lastByThread.put(compile.group(2), c);
                }
            }
        }
        return this;
    }

    /**
     * @return where a line's text starts after its decorations ({@code [ms]}, then {@code [tid]} when logged) and the
     *         spaces after them; -1 for a line without them or without text
     */
    static int bodyStart(String line) {
        if (line.isEmpty() || line.charAt(0) != '[') {
            return -1;
        }
        int end = line.indexOf(']');
        if (end > 0 && end + 1 < line.length() && line.charAt(end + 1) == '[') {
            end = line.indexOf(']', end + 1);
        }
        if (end < 0) {
            return -1;
        }
        int i = end + 1;
        while (i < line.length() && line.charAt(i) == ' ') {
            i++;
        }
        return i < line.length() ? i : -1;
    }

    /**
     * @param method {@code package.Class::name}
     * @return the code a call of {@code method} entered at {@code atMs}: its latest compilation (not on-stack
     *         replacement) started by then and not made not entrant by then; empty when it ran interpreted
     */
    Optional<Compilation> codeAt(String method, long atMs) {
        Compilation latest = null;
        for (Compilation c : byMethod.getOrDefault(method, List.of())) {
            Long gone = notEntrantSinceMs.get(c.id());
            if (!c.osr() && c.startMs() <= atMs && (gone == null || gone > atMs) && (latest == null || c.id() > latest.id())) {
                latest = c;
            }
        }
        return Optional.ofNullable(latest);
    }

    /** @return whether {@code method} had been compiled at all by {@code atMs} (its code since thrown away, maybe) */
    boolean compiledBy(String method, long atMs) {
        return byMethod.getOrDefault(method, List.of()).stream().anyMatch(c -> c.startMs() <= atMs);
    }
}
