package io.stagebench.diff;

import io.stagebench.api.TagDeclaration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A regression gate over a {@link RunDiff}: what {@code --fail-on-regression} decides, and what it can catch.
 *
 * <p>It <b>fails</b> when any row is called slower. It <b>passes</b> only when, besides, every gated row - the centre
 * statistic ({@code tmean}) of every series that is not a tag's - could have called a change of
 * {@code maxRegressionPercent} (its {@code detect} is at most that) and rules one out (the upper end of its shift's 95
 * % interval lies below it). Otherwise it <b>cannot judge</b>: a comparison that could not have seen the regression it
 * promises to catch is never a pass, and its exit code says so apart from a pass and a failure.
 *
 * <p>The second condition closes the gap the first leaves: {@code detect} is the change at which this row's data would
 * just be called, so a true change of about that size is called about half the time. Asking the interval to end below
 * the limit as well keeps a change of {@code maxRegressionPercent} from passing in more than 2.5 % of gated rows
 * (one-sided, per row), whatever {@code detect} was.
 *
 * @param maxRegressionPercent the smallest slowdown of a gated row the gate promises to catch, in %, &gt; 0
 */
public record Gate(double maxRegressionPercent) {

    /**
     * The gate's limit unless told, in %; a gated {@code ab}'s plan stops adding forks to a benchmark at the same
     * change.
     */
    public static final double DEFAULT_MAX_REGRESSION_PERCENT = 5.0;

    /** What the gate decided, with its exit code. */
    public enum Outcome {
        /** Nothing slower, and every gated row could have called and rules out a slowdown of the limit. */
        PASS(0, "PASS"),
        /** A row was called slower. */
        FAIL(1, "FAIL"),
        /** Nothing slower, but a gated row could not have called, or does not rule out, a slowdown of the limit. */
        CANNOT_JUDGE(3, "CANNOT JUDGE"),
        /**
         * Nothing slower, but a benchmark has no data on a side (every fork failed): bad data, as {@code diff} says.
         */
        CANNOT_COMPARE(2, "CANNOT COMPARE");

        private final int exitCode;
        private final String label;

        Outcome(int exitCode, String label) {
            this.exitCode = exitCode;
            this.label = label;
        }

        /** @return the command's exit code for this outcome */
        public int exitCode() {
            return exitCode;
        }

        /** @return "PASS", "FAIL" or "CANNOT JUDGE" */
        public String label() {
            return label;
        }
    }

    /** @throws IllegalArgumentException "--max-regression must be a positive percentage, got 0.0" */
    public Gate {
        if (!(maxRegressionPercent > 0) || Double.isInfinite(maxRegressionPercent)) {
            throw new IllegalArgumentException(
                    "--max-regression must be a positive percentage, got " + maxRegressionPercent);
        }
    }

    /**
     * One gated row.
     *
     * @param name "encode" for a benchmark's series of its own name, else "pipeline/decide"
     * @param comparison the row's comparison
     * @param upperPercent the upper end of the shift's 95 % interval, in % of A's per-fork median (NaN: no interval)
     * @param problem why this row does not let the gate pass, or null when it does
     */
    public record Row(String name, Comparison comparison, double upperPercent, Problem problem) {}

    /**
     * Why a gated row keeps the gate from passing.
     *
     * @param kind which condition it misses
     * @param detail the row's figure for it: "6.0%" (what it could call), "+3.1%, up to +5.8%" (its shift and the upper
     *     end of its interval), or the reason it is unreliable
     */
    public record Problem(Kind kind, String detail) {

        /** @return the problem in words, after the row's name */
        @Override
        public String toString() {
            return switch (kind) {
                case UNRELIABLE -> "is unreliable (" + detail + ")";
                case NOTHING_CALLABLE -> "could call no change at all (its fork counts cannot reach the level)";
                case ONLY_LARGER -> "could call only " + detail;
                case INTERVAL_REACHES -> "moved " + detail;
            };
        }
    }

    /** The conditions a gated row can miss, in the order the outcome line names them. */
    public enum Kind {
        /** No test was possible: too few forks or samples. */
        UNRELIABLE("unreliable"),
        /** Its fork counts cannot reach the level Holm's first step asks for: {@code detect} is infinite. */
        NOTHING_CALLABLE("no change can be called at these fork counts"),
        /** It could call only a change larger than the limit. */
        ONLY_LARGER("only a larger change could be called"),
        /** Not called, but its shift's 95 % interval reaches the limit: the slowdown may be real. */
        INTERVAL_REACHES("the 95% interval reaches the limit");

        private final String heading;

        Kind(String heading) {
            this.heading = heading;
        }
    }

    /**
     * The gate's decision over one diff.
     *
     * @param gate the gate
     * @param outcome pass, fail or cannot judge
     * @param centre the gated statistic
     * @param rows every gated row, in the diff's order
     * @param slower every row called slower, any statistic, as "benchmark/series statistic"
     * @param uncompared one line per benchmark with no data on a side ({@link RunDiff#uncompared()})
     */
    public record Decision(
            Gate gate,
            Outcome outcome,
            Statistic centre,
            List<Row> rows,
            List<String> slower,
            List<String> uncompared) {

        public Decision {
            rows = List.copyOf(rows);
            slower = List.copyOf(slower);
            uncompared = List.copyOf(uncompared);
        }

        /** @return the rows that keep the gate from passing */
        public List<Row> problems() {
            return rows.stream().filter(r -> r.problem() != null).toList();
        }

        /**
         * @return what the gate can catch, its first line: "gate: the smallest tmean change this gate can call is 2.5%
         *     in encode, 6.0% in parse, none in book, decide; it promises 5%" (rows that can call alike, together)
         */
        public String reachLine() {
            Map<String, List<String>> byReach = new LinkedHashMap<>();
            for (Row row : rows) {
                byReach.computeIfAbsent(detectText(row.comparison().detectablePercent()), k -> new ArrayList<>())
                        .add(row.name());
            }
            List<String> each = new ArrayList<>();
            byReach.forEach((reach, names) -> each.add(reach + " in " + String.join(", ", names)));
            return String.format(
                    Locale.ROOT,
                    "gate: the smallest %s change this gate can call is %s; it promises %s%%",
                    centre.label(),
                    each.isEmpty() ? "none (no row gated)" : String.join("; ", each),
                    VerdictRule.formatAlpha(gate.maxRegressionPercent()));
        }

        /** @return the outcome in one line: "gate: FAIL (exit 1): slower: encode tmean +10.4% [+8.1, +12.9]" */
        public String outcomeLine() {
            String limit = VerdictRule.formatAlpha(gate.maxRegressionPercent()) + "%";
            String head = "gate: " + outcome.label() + " (exit " + outcome.exitCode() + "): ";
            return switch (outcome) {
                case FAIL -> head + slower.size() + " row(s) slower: " + String.join(", ", slower);
                case PASS ->
                    head + "nothing slower; every " + centre.label() + " row could call a " + limit
                            + " slowdown and its 95% interval ends below +" + limit;
                case CANNOT_JUDGE ->
                    head + "nothing slower, but " + problems().size() + " of " + rows.size() + " "
                            + centre.label() + " rows cannot rule out a " + limit + " slowdown: " + problemsText()
                            + "; fix: "
                            + fix();
                case CANNOT_COMPARE ->
                    head + "nothing slower in what could be compared, but " + String.join("; ", uncompared);
            };
        }

        /**
         * @return the rows that keep the gate from passing, grouped by the condition they miss: "no change can be
         *     called at these fork counts: parse, book; only a larger change could be called: decide 6.9%"
         */
        private String problemsText() {
            List<String> groups = new ArrayList<>();
            for (Kind kind : Kind.values()) {
                List<String> names = problems().stream()
                        .filter(r -> r.problem().kind() == kind)
                        .map(r -> kind == Kind.NOTHING_CALLABLE
                                ? r.name()
                                : r.name() + " " + r.problem().detail())
                        .toList();
                if (!names.isEmpty()) {
                    groups.add(kind.heading + ": " + String.join(", ", names));
                }
            }
            return String.join("; ", groups);
        }

        /** @return what makes a row judgeable: more forks, compared side by side, or a limit the machine can judge */
        private String fix() {
            boolean nothingCallable =
                    problems().stream().anyMatch(r -> r.problem().kind() == Kind.NOTHING_CALLABLE);
            String forks = nothingCallable
                    ? "more forks a side (these fork counts can call nothing over this many rows: compare base and head"
                            + " side by side with 'ab BASE --fail-on-regression', whose pairs start at "
                            + SequentialPlan.DEFAULT_MIN_FORKS + ")"
                    : "more forks (ab: --min-forks, --budget), a quieter measuring core ('stagebench check')";
            return forks + ", or a --max-regression this machine can judge";
        }
    }

    /** @return the gate's decision over {@code diff}: the rows it gates, what each can call, and the outcome */
    public Decision decide(RunDiff diff) {
        Statistic centre = Statistic.centreOf(diff.statistics());
        Map<String, Comparison> gated = new LinkedHashMap<>();
        for (RunDiff.BenchmarkDiff benchmark : diff.benchmarks()) {
            for (RunDiff.StageDiff stage : benchmark.stages()) {
                if (TagDeclaration.isStageShare(stage.stage())) {
                    continue; // a tag's share of a stage is a part of it, which is gated
                }
                for (Comparison c : stage.comparisons()) {
                    if (c.statistic() == centre) {
                        gated.put(
                                stage.stage().equals(benchmark.name())
                                        ? stage.stage()
                                        : benchmark.name() + "/" + stage.stage(),
                                c);
                    }
                }
            }
        }
        return decide(centre, gated, diff.regressions(), diff.uncompared());
    }

    /**
     * @param centre the gated statistic
     * @param gated each gated row by its name, in order
     * @param slower every row of the comparison called slower, any statistic
     * @param uncompared one line per benchmark with no data on a side
     * @return the gate's decision over those rows
     */
    public Decision decide(
            Statistic centre, Map<String, Comparison> gated, List<String> slower, List<String> uncompared) {
        List<Row> rows = new ArrayList<>();
        gated.forEach((name, c) -> {
            double upper = upperPercent(c);
            rows.add(new Row(name, c, upper, problem(c, upper)));
        });
        Outcome outcome = !slower.isEmpty()
                ? Outcome.FAIL
                : !uncompared.isEmpty()
                        ? Outcome.CANNOT_COMPARE
                        : rows.isEmpty() || rows.stream().anyMatch(r -> r.problem() != null)
                                ? Outcome.CANNOT_JUDGE
                                : Outcome.PASS;
        return new Decision(this, outcome, centre, rows, slower, uncompared);
    }

    /** @return why {@code c} keeps the gate from passing, or null when it does not */
    private Problem problem(Comparison c, double upperPercent) {
        if (c.verdict() == Verdict.UNRELIABLE) {
            return new Problem(Kind.UNRELIABLE, c.reason());
        }
        if (c.verdict() == Verdict.SLOWER) {
            return null; // the gate fails on it
        }
        double detect = c.detectablePercent();
        if (!(detect <= maxRegressionPercent)) {
            return Double.isFinite(detect)
                    ? new Problem(Kind.ONLY_LARGER, detectText(detect))
                    : new Problem(Kind.NOTHING_CALLABLE, "");
        }
        if (c.verdict() != Verdict.FASTER && !(upperPercent < maxRegressionPercent)) {
            return new Problem(
                    Kind.INTERVAL_REACHES,
                    String.format(Locale.ROOT, "%+.1f%%, up to %+.1f%%", c.shiftPercent(), upperPercent));
        }
        return null;
    }

    /** @return the upper end of the shift's interval in % of A's per-fork median; NaN when there is none */
    static double upperPercent(Comparison c) {
        double[] a = c.oldForksNs();
        if (a.length == 0 || !Double.isFinite(c.shiftHighNs())) {
            return Double.NaN;
        }
        double[] sorted = a.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        return median == 0 ? Double.NaN : 100 * c.shiftHighNs() / Math.abs(median);
    }

    /** @return "2.5%"; "none" for a row whose fork counts cannot reach the level; "no test" */
    static String detectText(double percent) {
        if (Double.isNaN(percent)) {
            return "no test";
        }
        return Double.isInfinite(percent) ? "none" : String.format(Locale.ROOT, "%.1f%%", percent);
    }
}
