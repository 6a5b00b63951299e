package io.stagebench.diff;

import io.stagebench.result.CoreContention;
import io.stagebench.store.Pairing;
import io.stagebench.store.RunHistory;
import io.stagebench.store.StoredRun;
import io.stagebench.warning.Warning;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The measuring core's state while one benchmark was measured in two stored runs, from the issue-bound loop every
 * replica times ({@code clock.CoreLoop}): the median over each side's forks. A benchmark measured while the host ran
 * another guest on the core's other hardware thread reads slower, and a stage can move more than the loop, even between
 * two runs of one build minutes apart (docs/decisions.md, "Core levels per benchmark"). Two runs measured apart in time
 * can meet different states, and their diff then holds the host's difference beside the code's: {@code diff} shows both
 * levels under each benchmark, and warns when they are {@value #APART_PERCENT} % or more apart. Two sides measured as
 * pairs ({@code ab}) shared the host's moments: shown, never warned of; side by side when a pair's forks took turns,
 * one after the other under {@code --no-turns}.
 *
 * <p>Per benchmark, not per run: a run's benchmarks measure seconds to minutes apart, and one run can meet both states
 * (in one {@code ab} of two benchmarks side by side, each benchmark's forks clustered at a level of its own, and the
 * median over all of a side's forks fell between the two clusters).
 *
 * @param aNs A's level, ns an iteration
 * @param bNs B's level, ns an iteration
 * @param paired whether A and B were measured as pairs ({@link io.stagebench.store.Pairing#paired})
 * @param sideBySide whether the pairs' forks took turns, alive together
 *     ({@link io.stagebench.store.Pairing#sideBySide}), rather than one after the other
 */
public record CoreLevels(double aNs, double bNs, boolean paired, boolean sideBySide) {

    /**
     * Levels this far apart warn (%): above what the two sides of an {@code ab}, measured side by side, put apart even
     * with the core often shared, and below what runs of one build minutes apart can (docs/decisions.md, "Core levels
     * per benchmark").
     */
    public static final double APART_PERCENT = 3.0;
    /** How the warning's text begins, after the benchmark's name. */
    public static final String WARNING = "the measuring core was in another state in A than in B: ";

    /** @return both sides' levels of one benchmark; empty when either has none (its build did not time the loop) */
    public static Optional<CoreLevels> of(
            StoredRun.Benchmark a, StoredRun.Benchmark b, boolean paired, boolean sideBySide) {
        return of(a.coreLoopNs(), b.coreLoopNs(), paired, sideBySide);
    }

    /** @return both sides' levels of one benchmark of two stored runs, paired as the runs say */
    public static Optional<CoreLevels> of(StoredRun runA, StoredRun runB, String benchmark) {
        return of(
                runA.benchmark(benchmark).orElseThrow(),
                runB.benchmark(benchmark).orElseThrow(),
                Pairing.paired(runA, runB),
                Pairing.sideBySide(runA, runB));
    }

    /**
     * @return the levels of one benchmark in two commits' runs (each the median over its runs' levels), as measured
     *     apart; empty when either has no run that timed the loop ({@code history})
     */
    public static Optional<CoreLevels> ofCommits(
            RunHistory.CommitRuns before, RunHistory.CommitRuns after, String benchmark) {
        return of(levelOf(before, benchmark), levelOf(after, benchmark), false, false);
    }

    /**
     * @return the median of the levels of {@code benchmark} in the commit's runs it pools; empty when none timed the
     *     loop
     */
    public static OptionalDouble levelOf(RunHistory.CommitRuns commit, String benchmark) {
        return CoreContention.medianTimed(commit.runs().stream()
                .flatMap(r -> r.benchmark(benchmark).stream())
                .filter(commit::pools)
                .mapToDouble(b -> b.coreLoopNs().orElse(0))
                .toArray());
    }

    private static Optional<CoreLevels> of(
            OptionalDouble levelA, OptionalDouble levelB, boolean paired, boolean sideBySide) {
        if (levelA.isEmpty() || levelB.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new CoreLevels(levelA.getAsDouble(), levelB.getAsDouble(), paired, sideBySide));
    }

    /** @return B's level against A's, % */
    public double changePercent() {
        return 100 * (bNs / aNs - 1);
    }

    /** @return whether the levels are {@value #APART_PERCENT} % or more apart */
    public boolean apart() {
        return Math.abs(changePercent()) >= APART_PERCENT;
    }

    /**
     * @return the line under a benchmark's header, e.g. {@code core: issue-bound loop A 2.230 ns, B 2.330 ns an
     *     iteration (+4.5%)}
     */
    public String text() {
        return String.format(
                Locale.ROOT,
                "core: issue-bound loop A %.3f ns, B %.3f ns an iteration (%+.1f%%)%s",
                aNs,
                bNs,
                changePercent(),
                !paired
                        ? ""
                        : sideBySide ? ", measured side by side" : ", measured as pairs of forks one after the other");
    }

    /**
     * @param benchmark the benchmark's name, which the warning begins with
     * @return the warning, when the sides were measured apart and their levels are {@value #APART_PERCENT} % or more
     *     apart
     */
    public Optional<String> warning(String benchmark) {
        if (paired || !apart()) {
            return Optional.empty();
        }
        return Optional.of(String.format(
                Locale.ROOT,
                "%s: " + WARNING + "an issue-bound loop ran %.3f ns an iteration in"
                        + " A's forks and %.3f ns in B's (%+.1f%%): the host shared the core with another guest more while"
                        + " %s ran; stages can move more than the loop, so a difference of that order is the host's as"
                        + " much as the code's; fix: " + Warning.CORE_STATES_DIFFER.fix(),
                benchmark,
                aNs,
                bNs,
                changePercent(),
                bNs > aNs ? "B" : "A"));
    }
}
