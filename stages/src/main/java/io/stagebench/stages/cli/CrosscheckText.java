package io.stagebench.stages.cli;

import static io.stagebench.stages.jmh.Figures.max;
import static io.stagebench.stages.jmh.Figures.median;
import static io.stagebench.stages.jmh.Figures.min;

import io.stagebench.stages.jmh.CoreStates;
import io.stagebench.stages.jmh.CrossCheck;
import io.stagebench.stages.jmh.Explanation;
import io.stagebench.stages.jmh.Row;
import io.stagebench.stages.jmh.Verdict;
import io.stagebench.text.Table;
import io.stagebench.text.Table.Column;
import io.stagebench.text.Table.Width;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The crosscheck as a person reads it: the side-by-side table with its legend, one line per row saying why its ratio is
 * what it is, and the warnings. Every decision shown - a row's verdict, which explanation applies, whether a row is
 * noisy - is made by the comparison ({@link CrossCheck}, {@link Row}, {@link Explanation}) and carried as data; this
 * only puts it into words.
 */
final class CrosscheckText {

    private CrosscheckText() {}

    /** @return the side-by-side table with its legend; a forks' column only when a row is checked by its forks */
    static String table(List<Row> rows) {
        String nl = System.lineSeparator();
        StringBuilder out = new StringBuilder();
        boolean byForks = rows.stream().anyMatch(Row::checkedByForks);
        List<Column> columns = new ArrayList<>(List.of(
                Column.left("ns", Width.fixed(9)),
                Column.right("stagebench p50", Width.fixed(14)),
                Column.right("stagebench mean*", Width.fixed(16)),
                Column.right("JMH avgt +- error", Width.fixed(20)),
                Column.right("ratio", Width.fixed(7))));
        if (byForks) {
            columns.add(Column.right("forks'", Width.fixed(6)));
        }
        columns.add(Column.left("check", Width.fixed(7)).withGap(2));
        columns.add(Column.left("JMH figure").withGap(2));
        Table table = Table.withHeader(columns.toArray(Column[]::new)).indent(2);
        for (Row r : rows) {
            List<String> cells = new ArrayList<>(List.of(
                    r.stage(), ns(r.p50Ns()), ns(r.meanNs()), jmh(r.jmhNs(), r.jmhErrorNs()), ratio(r.ratio())));
            if (byForks) {
                cells.add(ratio(r.forkMedianRatio()));
            }
            cells.add(label(r.verdict()));
            cells.add(r.jmhSource());
            table.row(cells.toArray(String[]::new));
        }
        table.appendTo(out);
        out.append("  * mean of stagebench's samples, computed for this comparison only (JMH's AverageTime is a mean);")
                .append(nl);
        out.append("    ratio = stagebench mean / JMH avgt").append(nl);
        if (byForks) {
            out.append(String.format(
                    Locale.ROOT,
                    "    forks' = the median of stagebench's fork means / the median of"
                            + " JMH's forks: what a batched row%n    is checked by with %d forks or more a side (a fork's level"
                            + " is drawn at its start: one fork apart%n    carries a pooled mean whole)%n",
                    CrossCheck.MIN_FORKS_FOR_MEDIAN));
        }
        out.append(String.format(
                Locale.ROOT,
                "  check: the two agree within +-%d%% for stages of %.0f ns or more in"
                        + " either harness; '-' below that%n",
                CrossCheck.TOLERANCE_PERCENT,
                CrossCheck.MIN_CHECKED_NS));
        out.append("  book: JMH cannot leave the per-call preparation out cheaply, so its figure is the difference of"
                        + " two")
                .append(nl);
        out.append("    benchmarks (preparation and stage, minus preparation alone); decide: each call timed alone"
                        + " after an")
                .append(nl);
        out.append("    untimed preparation (an invocation-level setup), less the same call with nothing to time"
                        + " - batched,")
                .append(nl);
        out.append("    the difference of two benchmarks, as book's").append(nl);
        return out.toString();
    }

    /**
     * @return one line per explanation ({@link CrossCheck#explanations}): the ratio, the probe subtracted and its
     *     share, the residue, the interruptions, the ratio without both, the forks and the core where measured, then
     *     the reason the explanation carries, with its figures
     */
    static List<String> explanationLines(List<Explanation> explanations) {
        List<String> lines = new ArrayList<>();
        for (Explanation e : explanations) {
            lines.add(line(e));
        }
        return lines;
    }

    /** @return one explanation's line: the row's figures in order, then its reason in words */
    private static String line(Explanation e) {
        Row r = e.row();
        if (e.reason() == Explanation.Reason.NO_FIGURE) {
            return String.format(Locale.ROOT, "  %-9s no figure from one harness", r.stage());
        }
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "  %-9s ratio %.2f:", r.stage(), r.ratio()));
        if (r.batch() > 1) {
            line.append(String.format(Locale.ROOT, " batches of %d;", r.batch()));
        }
        if (r.probe() != null) {
            line.append(String.format(
                    Locale.ROOT,
                    " probe %.1f ns subtracted (%.0f%% of the mean%s), residue +%.1f ns",
                    r.probe().subtractedNs() * r.intervals(),
                    100 * r.probe().subtractedNs() * r.intervals() / r.meanNs(),
                    e.showsStep()
                            ? String.format(
                                    Locale.ROOT,
                                    "; step %.1f ns, no bias to a mean",
                                    r.probe().stepNs())
                            : "",
                    r.residueNs()));
            if (r.intervals() > 1) {
                line.append(" (").append(r.intervals()).append(" intervals)");
            }
            line.append(';');
        }
        line.append(String.format(Locale.ROOT, " interruptions %.1f%% of the mean;", 100 * r.stallShare()));
        line.append(String.format(Locale.ROOT, " without both %.2f", r.adjustedRatio()));
        if (r.checkedByForks()) {
            line.append(String.format(
                    Locale.ROOT,
                    "; fork by fork %.2f, the median's (stagebench's %d forks"
                            + " %.1f..%.1f ns, JMH's %d %.1f..%.1f), the figure checked",
                    r.forkMedianRatio(),
                    r.forkMeansNs().size(),
                    min(r.forkMeansNs()),
                    max(r.forkMeansNs()),
                    r.jmhForkNs().size(),
                    min(r.jmhForkNs()),
                    max(r.jmhForkNs())));
        }
        if (r.core() != null) {
            CoreStates c = r.core();
            line.append(String.format(
                    Locale.ROOT,
                    "; core loop %.2f ns an iteration in stagebench's forks, %.2f in"
                            + " JMH's (%+.0f%%), forks on a shared core (%.0f%%+ over the crosscheck's fastest, %.2f):"
                            + " stagebench's %d of %d, JMH's %d of %d",
                    c.stagebenchNs(),
                    c.jmhNs(),
                    100 * (c.jmhOverStagebench() - 1),
                    100 * (CoreStates.APART - 1),
                    c.fastestNs(),
                    c.stagebenchShared(),
                    c.stagebenchForks(),
                    c.jmhShared(),
                    c.jmhForks()));
        }
        line.append(e.reason() == Explanation.Reason.AGAINST_BATCHED ? split(r, e.split()) : reason(e));
        return line.toString();
    }

    /** @return the parts a per-message row's excess over 1 splits into against its stage's batched row */
    private static String split(Row r, Explanation.Split s) {
        Row b = s.batched();
        StringBuilder text = new StringBuilder(String.format(
                Locale.ROOT,
                "; each call fenced alone %+.1f ns against batches of %d (%+.2f)",
                s.fencedNs(),
                b.batch(),
                s.fencedNs() / r.jmhNs()));
        if (s.otherMessages()) {
            text.append(String.format(
                    Locale.ROOT,
                    ", with the message mix: %,d messages against the stream's %,d",
                    s.messages(),
                    s.batchedMessages()));
        }
        if (s.twins()) {
            text.append(String.format(
                    Locale.ROOT,
                    "; JMH's batched twin %+.1f ns over its per-call twin (%+.2f):"
                            + " a call timed between two System.nanoTime reads starts while the first read's last"
                            + " instructions run, which hide part of it",
                    b.checkedJmhNs() - r.jmhNs(),
                    b.checkedJmhNs() / r.jmhNs() - 1));
        }
        text.append(String.format(
                Locale.ROOT,
                "; left %+.2f, the batched %s own over %s",
                s.leftRatio(),
                b.checkedByForks() ? "median fork's" : "mean's",
                (s.twins() ? "JMH's batched twin" : "this JMH figure") + (b.checkedByForks() ? "'s median fork" : "")));
        text.append(
                s.explained()
                        ? String.format(Locale.ROOT, " - explained within %d%%", CrossCheck.EXPLAINED_PERCENT)
                        : " - not explained within " + CrossCheck.EXPLAINED_PERCENT + "%");
        return text.toString();
    }

    /** @return the end of a line without a batched row beside it: its reason, in words */
    private static String reason(Explanation e) {
        Row r = e.row();
        return switch (e.reason()) {
            case MARKS_COST ->
                String.format(
                        Locale.ROOT,
                        "; the 3 marks add %+.1f ns to the unmarked mean (fences that"
                                + " stop one stage overlapping the next)",
                        e.marksNs());
            case WITHIN_TOLERANCE -> " - explained";
            case STAGEBENCH_CORE_MORE_SHARED, JMH_CORE_MORE_SHARED ->
                String.format(
                        Locale.ROOT,
                        " - the rest: the two"
                                + " sides met the measuring core in different states, %s's the more shared (the host ran another"
                                + " guest on its other hardware thread), so the row compares the host's moments as much as the"
                                + " harnesses; repeat it",
                        e.reason() == Explanation.Reason.STAGEBENCH_CORE_MORE_SHARED ? "stagebench" : "JMH");
            case JMH_FORKS_APART -> {
                double medianNs = median(r.jmhForkNs());
                yield String.format(
                        Locale.ROOT,
                        " - the rest: JMH's own forks lie %.2f..%.2f of their median (%d"
                                + " forks, %.1f..%.1f ns), farther apart than the %d%% the row is checked to, so the row"
                                + " compares the host's moments as much as the harnesses; repeat it",
                        min(r.jmhForkNs()) / medianNs,
                        max(r.jmhForkNs()) / medianNs,
                        r.jmhForkNs().size(),
                        min(r.jmhForkNs()),
                        max(r.jmhForkNs()),
                        CrossCheck.TOLERANCE_PERCENT);
            }
            case NO_FORK_MEANS ->
                " - the rest is unexplained: no fence inside a batch, and no fork's own mean to" + " compare";
            case FORKS_WITHIN_TOLERANCE ->
                String.format(
                        Locale.ROOT,
                        " - the rest: the forks differ from each other,"
                                + " their means %.2f..%.2f of JMH's (%d forks), which holds its figure within 10%%: the mode each"
                                + " fork's compiled code and layout landed in, not the ruler",
                        r.fastestForkRatio(),
                        r.slowestForkRatio(),
                        r.forkMeansNs().size());
            case FORKS_BEYOND_TOLERANCE ->
                String.format(
                        Locale.ROOT,
                        " - the rest is unexplained: no fence inside a"
                                + " batch, and every fork's mean (%.2f..%.2f of JMH's) lies beyond 10%%",
                        r.fastestForkRatio(),
                        r.slowestForkRatio());
            case FENCED_ALONE ->
                " - the rest: each stagebench call runs fenced, alone; JMH's calls overlap in the" + " core";
            case UNEXPLAINED -> " - the rest is unexplained";
            case NO_FIGURE, AGAINST_BATCHED ->
                throw new IllegalArgumentException("not a reason a line ends with: " + e.reason());
        };
    }

    /** @return a warning for each row whose stagebench mean is carried by interruptions, not by the stage */
    static List<String> noiseWarnings(List<Row> rows) {
        List<String> warnings = new ArrayList<>();
        for (Row r : rows) {
            if (r.noisy()) {
                warnings.add(String.format(
                        Locale.ROOT,
                        "crosscheck %s: %d sample(s) of %.0f us or more carry %.0f%% of"
                                + " stagebench's mean (%.1f ns; %.1f ns without them; p50 %.1f ns): the measuring CPU was"
                                + " interrupted, the means are not comparable - run on a quiet machine (see 'stagebench run"
                                + " jitter')",
                        r.stage(),
                        r.stallSamples(),
                        CrossCheck.STALL_NS / 1_000,
                        100 * r.stallShare(),
                        r.meanNs(),
                        r.meanWithoutStallsNs(),
                        r.p50Ns()));
            }
        }
        return warnings;
    }

    /** @return a warning for each row that differs or lacks a figure */
    static List<String> differences(List<Row> rows) {
        List<String> warnings = new ArrayList<>();
        for (Row row : rows) {
            if (row.verdict().disagrees()) {
                String figures = row.checkedByForks()
                        ? String.format(
                                Locale.ROOT,
                                "median fork over median fork %.2f; pooled, stagebench mean %.1f" + " ns, JMH %.1f ns",
                                row.forkMedianRatio(),
                                row.meanNs(),
                                row.jmhNs())
                        : String.format(Locale.ROOT, "stagebench mean %.1f ns, JMH %.1f ns", row.meanNs(), row.jmhNs());
                warnings.add(String.format(
                        Locale.ROOT,
                        "crosscheck %s%s: %s (%s)",
                        row.stage(),
                        row.batch() > 1 ? " batched " + row.batch() : "",
                        row.verdict() == Verdict.DIFF
                                ? "the harnesses differ by more than " + CrossCheck.TOLERANCE_PERCENT + "%"
                                : "a harness produced no figure",
                        figures));
            }
        }
        return warnings;
    }

    /** @return the word the table prints for {@code verdict} */
    private static String label(Verdict verdict) {
        return switch (verdict) {
            case OK -> "OK";
            case DIFF -> "DIFF";
            case UNCHECKED -> "-";
            case MISSING -> "MISSING";
        };
    }

    private static String ratio(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.3f", v) : "-";
    }

    private static String ns(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.1f", v) : "-";
    }

    private static String jmh(double v, double error) {
        if (!Double.isFinite(v)) {
            return "-";
        }
        return Double.isFinite(error)
                ? String.format(Locale.ROOT, "%.1f +- %.1f", v, error)
                : String.format(Locale.ROOT, "%.1f", v);
    }
}
