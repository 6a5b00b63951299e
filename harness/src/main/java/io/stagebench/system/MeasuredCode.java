package io.stagebench.system;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Whether the code a measured pass ran was the optimising compiler's, read from HotSpot's compile log
 * ({@link CompileLog}) at the moment the pass started - checked, where "0 JIT compilations during measurement" only
 * says nothing changed while it ran (a rare stage's code that never grew hot enough to compile changes nothing).
 *
 * <p>The rule. The measured code is the measured loop's compiled code (the benchmark's {@code run} and what the
 * compiler inlined into it are part of it) and, transitively, the own code of every method that compiled code calls
 * without inlining it. Each of those must be at tier 4 (C2), or tier 1 (C1's final tier for the trivial methods HotSpot
 * never hands to C2). A method below that - in C1's profiling tiers 2-3, or interpreted (never compiled, or its code
 * thrown away and not replaced) - is named in {@link #notAtC2} when C1 compiled it after warm-up began: the replayed
 * measured messages reached it, often enough to compile once but not twice. One whose code is older than the warm-up,
 * or that never compiled, is named in {@link #seldomBelowC2}: called, if the measured messages reach it at all, by too
 * few of them to compile (a parser's branch for a message type the preamble has and the measured messages do not) - a
 * share of the tail, not of the stage. A method whose own code is stale because every caller inlined it is not measured
 * code and is not checked: that is why the rule walks calls rather than listing a package's methods (a pipeline's
 * {@code run} keeps tier-3 code of its own that nothing calls, its C2 copy being inside the loop). Calls not checked:
 * native methods, and virtual calls whose receiver the compiler could not name; see {@link CompileLog} for the rest.
 *
 * @param atC2 the measured loops and the methods they call, each at C2 (or C1's final tier), e.g.
 *     {@code "io.stagebench.stages.ouch.OuchEncoder::encodeEnterOrder"}
 * @param notAtC2 the methods of the measured code below it that C1 compiled after warm-up began, each with its tier,
 *     e.g. {@code "io.x.RareBenchmark::rare (C1, tier 3)"}: a fork warns of them
 * @param seldomBelowC2 the methods of the measured code below it that nothing compiled since warm-up began, e.g.
 *     {@code "io.x.ItchParser::decodeStockDirectory (interpreted: never compiled)"}
 * @param notChecked why no check was made (a fork started without the compile log), else null
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record MeasuredCode(List<String> atC2, List<String> notAtC2, List<String> seldomBelowC2, String notChecked) {

    public MeasuredCode {
        atC2 = atC2 == null ? List.of() : List.copyOf(atC2);
        notAtC2 = notAtC2 == null ? List.of() : List.copyOf(notAtC2);
        seldomBelowC2 = seldomBelowC2 == null ? List.of() : List.copyOf(seldomBelowC2);
    }

    /** @return a check not made, and why */
    public static MeasuredCode unchecked(String why) {
        return new MeasuredCode(List.of(), List.of(), List.of(), why);
    }

    /**
     * @param log the fork's compile log
     * @param loops the measured loops, {@code package.Class::name}
     * @param warmupStartMs when warm-up began, epoch ms
     * @param atMs when the measured pass started, epoch ms
     * @return the measured code at {@code atMs}, by the rule above
     */
    public static MeasuredCode check(CompileLog log, List<String> loops, long warmupStartMs, long atMs) {
        List<String> good = new ArrayList<>();
        List<String> bad = new ArrayList<>();
        List<String> seldom = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>(loops);
        Deque<String> todo = new ArrayDeque<>(loops);
        while (!todo.isEmpty()) {
            String method = todo.poll();
            Optional<CompileLog.Compilation> code = log.codeAt(method, atMs);
            int level = code.map(CompileLog.Compilation::level).orElse(0);
            if (level == 4 || level == 1) {
                good.add(method);
                code.get().calls().stream().filter(seen::add).forEach(todo::add);
            } else {
                String named = method + " ("
                        + (code.isPresent()
                                ? String.format(Locale.ROOT, "C1, tier %d", level)
                                : log.compiledBy(method, atMs)
                                        ? "interpreted: its compiled code was thrown away"
                                        : "interpreted: never compiled")
                        + ")";
                boolean reached = code.isPresent() && code.get().startMs() >= warmupStartMs || loops.contains(method);
                (reached ? bad : seldom).add(named);
            }
        }
        return new MeasuredCode(good, bad, seldom, null);
    }

    /**
     * Measurement hazard: a fork's later setups can run paths its first compile never saw (the warm-up's messages did
     * not take them); an uncommon trap then throws the measured code away and the JIT compiles it again, so replica 1
     * and the replicas after it measure two compilations. Seen in the reference parse, book, decide and pipeline until
     * their first setup walked its preamble twice ({@code MessageCursor}): the second setup's walk trapped in
     * {@code ItchParser::parse}.
     *
     * @param loops the measured loops, {@code package.Class::name}
     * @param firstAtMs when the first measured pass started, epoch ms
     * @param laterAtMs when a later one started, epoch ms
     * @return the methods the first pass's code reached (the loops and the calls their compiled code makes) whose code
     *     at {@code laterAtMs} is another compilation, by {@link #shortName}
     */
    public static List<String> recompiledBetween(CompileLog log, List<String> loops, long firstAtMs, long laterAtMs) {
        List<String> changed = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>(loops);
        Deque<String> todo = new ArrayDeque<>(loops);
        while (!todo.isEmpty()) {
            String method = todo.poll();
            Optional<CompileLog.Compilation> first = log.codeAt(method, firstAtMs);
            if (first.isEmpty()) {
                continue;
            }
            first.get().calls().stream().filter(seen::add).forEach(todo::add);
            Optional<CompileLog.Compilation> later = log.codeAt(method, laterAtMs);
            if (later.isEmpty() || later.get().id() != first.get().id()) {
                changed.add(shortName(method));
            }
        }
        return changed;
    }

    /** @return whether the check was made */
    @JsonIgnore
    public boolean checked() {
        return notChecked == null;
    }

    /** @return this check and {@code other}'s (a later replica's): every method found, once */
    public MeasuredCode and(MeasuredCode other) {
        if (!other.checked()) {
            return this;
        } else if (!checked()) {
            return other;
        }
        return new MeasuredCode(
                union(atC2, other.atC2),
                union(notAtC2, other.notAtC2),
                union(seldomBelowC2, other.seldomBelowC2),
                null);
    }

    private static List<String> union(List<String> a, List<String> b) {
        Set<String> both = new LinkedHashSet<>(a);
        both.addAll(b);
        return List.copyOf(both);
    }

    /** @return {@code "io.x.ItchParser::parse"} as {@code "ItchParser.parse"} */
    public static String shortName(String method) {
        String dotted = method.replace("::", ".");
        int dot = dotted.lastIndexOf('.', dotted.lastIndexOf('.') - 1);
        return dotted.substring(dot + 1);
    }
}
