package io.stagebench.session;

import com.fasterxml.jackson.databind.JsonNode;
import io.stagebench.config.RunConfig;
import io.stagebench.config.UsageException;
import io.stagebench.diff.DiffException;
import io.stagebench.diff.RunDiff;
import io.stagebench.diff.Statistic;
import io.stagebench.diff.Verdict;
import io.stagebench.diff.VerdictRule;
import io.stagebench.host.InterleavedRunner;
import io.stagebench.json.Json;
import io.stagebench.process.JvmFork;
import io.stagebench.store.MachineFingerprint;
import io.stagebench.store.Pairing;
import io.stagebench.store.ResultReader;
import io.stagebench.store.RunConfiguration;
import io.stagebench.store.RunHistory;
import io.stagebench.store.StoreException;
import io.stagebench.store.StoredRun;
import io.stagebench.system.Environment;
import io.stagebench.system.GitCheckout;
import io.stagebench.system.GitInfo;
import io.stagebench.system.GitWorktree;
import io.stagebench.system.SystemFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.stream.IntStream;

/**
 * Finds the first commit of the line from GOOD to BAD ({@link GitCheckout#ancestryLine}: BAD's first parents while they
 * contain GOOD) whose benchmarks are slower than at GOOD, as {@code git bisect} would with the verdict rule as its
 * test: each comparison is GOOD against a midpoint, both built in worktrees of their own and measured with their forks
 * interleaved (A B B A ..., the same layout seed a pair), or read from stored runs of both when this machine
 * ({@link MachineFingerprint}) measured them with this configuration before. The midpoint is bad when any row of the
 * named benchmarks is called slower. A midpoint that does not build, lacks a benchmark or has no fork that ran is
 * skipped, as {@code git bisect skip} does, and a neighbour is tried. The search ends with a confirming comparison of
 * the culprit against the last good commit before it (its parent, unless that was skipped).
 *
 * <p>{@link #step} is one such comparison of HEAD against GOOD, for {@code git bisect run}.
 */
public final class Bisection implements AutoCloseable {

    /** What one comparison said of the newer commit. */
    public enum Outcome {
        /** Not called slower. */
        GOOD("not slower"),
        /** Some row called slower. */
        BAD("slower"),
        /** Could not be judged: it does not build, lacks a benchmark, or no fork of it ran. */
        SKIP("skipped");

        private final String label;

        Outcome(String label) {
            this.label = label;
        }

        /** @return "not slower", "slower" or "skipped" */
        public String label() {
            return label;
        }
    }

    /**
     * One comparison.
     *
     * @param older the commit compared against (GOOD, or the last good one when confirming)
     * @param newer the commit judged
     * @param outcome what it said
     * @param why the rows called slower, or why it was skipped
     * @param reused true when both sides were read from stored runs instead of measured
     * @param diff the comparison, or null when skipped before one was made
     */
    public record Comparison(
            GitCheckout.Commit older,
            GitCheckout.Commit newer,
            Outcome outcome,
            String why,
            boolean reused,
            RunDiff diff) {}

    /**
     * How a search ended.
     *
     * @param line the commits from GOOD to BAD, oldest first
     * @param comparisons every comparison, in order; the confirming one last when there is one
     * @param culprit the first slower commit, or null when skipped commits leave it open
     * @param lastGood the last commit found not slower before it
     * @param undecided when the culprit is open: the commits it may be (skipped ones, then the first bad)
     * @param confirmation the culprit against {@code lastGood}, or null
     */
    public record Result(
            List<GitCheckout.Commit> line,
            List<Comparison> comparisons,
            GitCheckout.Commit culprit,
            GitCheckout.Commit lastGood,
            List<GitCheckout.Commit> undecided,
            Comparison confirmation) {

        /** @return whether the confirming comparison called the culprit slower than the commit before it */
        public boolean confirmed() {
            return confirmation != null && confirmation.outcome() == Outcome.BAD;
        }
    }

    private final AbBuilds.Recipe recipe;
    private final Path home;
    private final BenchmarkSource launcher;
    private final List<String> named;
    private final VerdictRule rule;
    private final List<Statistic> statistics;
    private final UnaryOperator<RunConfig.Builder> settings;
    private final MeasurementSession session;
    private final PrintWriter err;
    private final Map<String, AbBuilds.Checkout> built = new LinkedHashMap<>();
    private final Set<String> failed = new LinkedHashSet<>();
    private List<String> names;
    private MachineFingerprint machine;
    private String configuration;

    /**
     * @param names the benchmarks to judge; empty for GOOD's defaults (known once GOOD is built, in a project)
     * @param settings the measured runs' settings (forks, messages, warm-up, machine options)
     */
    public Bisection(
            AbBuilds.Recipe recipe,
            Path home,
            BenchmarkSource launcher,
            List<String> names,
            VerdictRule rule,
            List<Statistic> statistics,
            UnaryOperator<RunConfig.Builder> settings,
            MeasurementSession session,
            PrintWriter err) {
        this.recipe = recipe;
        this.home = home;
        this.launcher = launcher;
        this.named = List.copyOf(names);
        this.rule = rule;
        this.statistics = List.copyOf(statistics);
        this.settings = settings;
        this.session = session;
        this.err = err;
    }

    /**
     * Bisects the line from {@code good} to {@code bad} whose every commit contains {@code good}
     * ({@link GitCheckout#ancestryLine}).
     *
     * @throws UsageException when GOOD is not an ancestor of BAD, they are one commit, or GOOD does not build
     */
    public Result search(GitCheckout.Commit good, GitCheckout.Commit bad) {
        checkLine(home, good, bad, "BAD");
        if (good.hash().equals(bad.hash())) {
            throw new UsageException("GOOD and BAD are the same commit (" + good.shortHash() + "): nothing to bisect");
        }
        List<GitCheckout.Commit> line = GitCheckout.of(home).ancestryLine(good.hash(), bad.hash());
        Search search = new Search(line.size());
        err.printf(
                "[bisect] %d commit(s) after GOOD %s up to BAD %s, each containing GOOD; BAD is taken as slower,"
                        + " as git bisect takes it: at most %d comparison(s), then one to confirm%n",
                line.size() - 1, good.shortHash(), bad.shortHash(), ceilLog2(line.size() - 1));
        err.flush();
        List<Comparison> comparisons = new ArrayList<>();
        for (int mid = search.next(); mid >= 0; mid = search.next()) {
            Comparison c = compare(good, line.get(mid));
            comparisons.add(c);
            search.record(mid, c.outcome());
            err.printf(
                    "[bisect] comparison %d: %s; %s%n",
                    comparisons.size(),
                    describe(c),
                    search.untested() == 0 ? "no commit left to test" : search.untested() + " commit(s) left to test");
            err.flush();
        }
        int lo = search.lastGood();
        int hi = search.firstBad();
        if (hi - lo > 1) {
            List<GitCheckout.Commit> open = new ArrayList<>(line.subList(lo + 1, hi + 1));
            return new Result(line, comparisons, null, line.get(lo), open, null);
        }
        Comparison confirmation = compare(line.get(lo), line.get(hi));
        comparisons.add(confirmation);
        err.printf("[bisect] comparison %d (confirming): %s%n", comparisons.size(), describe(confirmation));
        err.flush();
        return new Result(line, comparisons, line.get(hi), line.get(lo), List.of(), confirmation);
    }

    /** @return one comparison of {@code head} against {@code good}: a step of {@code git bisect run} */
    public Comparison step(GitCheckout.Commit good, GitCheckout.Commit head) {
        checkLine(home, good, head, "HEAD");
        if (good.hash().equals(head.hash())) {
            return new Comparison(good, head, Outcome.GOOD, "HEAD is GOOD", true, null);
        }
        Comparison c = compare(good, head);
        err.println("[bisect] " + describe(c));
        err.flush();
        return c;
    }

    /**
     * @param role how messages name {@code newer}: "BAD" or "HEAD"
     * @throws UsageException "GOOD 0123456789ab is not an ancestor of BAD 89abcdef0123: bisect searches the commits
     *     from GOOD to BAD"
     */
    public static void checkLine(Path home, GitCheckout.Commit good, GitCheckout.Commit newer, String role) {
        if (!GitCheckout.of(home).isAncestor(good.hash(), newer.hash())) {
            throw new UsageException("GOOD " + good.shortHash() + " is not an ancestor of " + role + " "
                    + newer.shortHash() + ": bisect searches the commits from GOOD to " + role);
        }
    }

    /** @return "0123456789ab 'subject' against 89abcdef0123: slower (hold/hold tmean), measured" */
    public static String describe(Comparison c) {
        return c.newer().shortHash() + " '" + c.newer().subject() + "' against "
                + c.older().shortHash() + ": "
                + c.outcome().label() + (c.why().isEmpty() ? "" : " (" + c.why() + ")")
                + (c.outcome() == Outcome.SKIP ? "" : c.reused() ? ", from stored runs" : ", measured");
    }

    /**
     * The state of a bisection of commits 0 (GOOD) .. n - 1 (BAD): the last known good, the first known bad, the
     * skipped. Each next commit to test is the untested one nearest the middle of the two (the lower of two), as git
     * bisect picks.
     */
    static final class Search {

        private int lastGood;
        private int firstBad;
        private final Set<Integer> skipped = new LinkedHashSet<>();

        Search(int commits) {
            this.lastGood = 0;
            this.firstBad = commits - 1;
        }

        /** @return the next commit to test, or -1 when none between the last good and the first bad is left */
        int next() {
            int middle = (lastGood + firstBad) / 2;
            for (int d = 0; d < firstBad - lastGood; d++) {
                for (int i : new int[] {middle - d, middle + d}) {
                    if (i > lastGood && i < firstBad && !skipped.contains(i)) {
                        return i;
                    }
                }
            }
            return -1;
        }

        /** Takes in what commit {@code index} was found to be. */
        void record(int index, Outcome outcome) {
            switch (outcome) {
                case GOOD -> lastGood = index;
                case BAD -> firstBad = index;
                case SKIP -> skipped.add(index);
            }
        }

        /** @return the commits between the last good and the first bad not yet tested */
        int untested() {
            return (int) IntStream.range(lastGood + 1, firstBad)
                    .filter(i -> !skipped.contains(i))
                    .count();
        }

        int lastGood() {
            return lastGood;
        }

        int firstBad() {
            return firstBad;
        }
    }

    private static int ceilLog2(int n) {
        return n <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(n - 1);
    }

    /** Compares {@code newer} against {@code older}: from both stored runs when there are such, else measured. */
    private Comparison compare(GitCheckout.Commit older, GitCheckout.Commit newer) {
        List<String> benchmarks = names(older);
        Optional<StoredRun> storedOld = stored(older, benchmarks);
        Optional<StoredRun> storedNew = stored(newer, benchmarks);
        Optional<String> otherBatch = storedOld.flatMap(a -> storedNew.flatMap(b -> otherBatch(a, b, benchmarks)));
        if (otherBatch.isPresent()) {
            err.println(
                    "[bisect] " + newer.shortHash() + " against " + older.shortHash() + ": their stored runs measured "
                            + otherBatch.get() + " (--batch auto chose apart): measuring both");
            err.flush();
        } else if (storedOld.isPresent() && storedNew.isPresent()) {
            Comparison fromStore = judged(older, newer, storedOld.get(), storedNew.get(), true);
            if (fromStore.diff() == null || !unjudged(fromStore.diff())) {
                err.println("[bisect] " + newer.shortHash() + " against " + older.shortHash()
                        + ": both measured on this" + " machine before, read from "
                        + storedOld.get().dir() + " and " + storedNew.get().dir());
                err.flush();
                return fromStore;
            }
            err.println(
                    "[bisect] " + newer.shortHash() + " against " + older.shortHash() + ": their stored runs cannot be"
                            + " judged (" + firstReason(fromStore.diff()) + "): measuring both");
            err.flush();
        }
        AbBuilds.Built a = build(older)
                .orElseThrow(() -> new UsageException(older.shortHash() + " '" + older.subject()
                        + "' does not build, so nothing can be compared against it"));
        List<String> absent = benchmarks.stream()
                .filter(n -> !a.source().registry().names().contains(n))
                .toList();
        if (!absent.isEmpty()) {
            throw new UsageException(older.shortHash() + " '" + older.subject() + "' has no benchmark "
                    + String.join(", ", absent) + " (it has: "
                    + String.join(", ", a.source().registry().names()) + ")");
        }
        Optional<AbBuilds.Built> b = build(newer);
        if (b.isEmpty()) {
            return new Comparison(older, newer, Outcome.SKIP, "it does not build", false, null);
        }
        List<String> missing = benchmarks.stream()
                .filter(n -> !b.get().source().registry().names().contains(n))
                .toList();
        if (!missing.isEmpty()) {
            return new Comparison(
                    older, newer, Outcome.SKIP, "it has no benchmark " + String.join(", ", missing), false, null);
        }
        try {
            MeasurementSession.Measurement ma = session.begin(a.checkout(), benchmarks, settings);
            MeasurementSession.Measurement mb = session.begin(b.get().checkout(), benchmarks, settings);
            InterleavedRunner runner = session.interleaved(
                    new InterleavedRunner.Variant("A", ma.config(), a.source().launcher()),
                    new InterleavedRunner.Variant(
                            "B", mb.config(), b.get().source().launcher()),
                    b.get().source().registry());
            err.println("[bisect] measuring " + newer.shortHash() + " (B) against " + older.shortHash() + " (A), forks"
                    + " interleaved ...");
            err.flush();
            InterleavedRunner.Sides outcomes = runner.run();
            session.store(
                    ma,
                    outcomes.a(),
                    ma.report(outcomes.a()).warnings(),
                    Pairing.of("A", mb.dir(), runner.tookTurns(), runner.tookMeasureTurns(), rule.looks()));
            session.store(
                    mb,
                    outcomes.b(),
                    mb.report(outcomes.b()).warnings(),
                    Pairing.of("B", ma.dir(), runner.tookTurns(), runner.tookMeasureTurns(), rule.looks()));
            Comparison measured =
                    judged(older, newer, ResultReader.readSummary(ma.dir()), ResultReader.readSummary(mb.dir()), false);
            if (measured.diff() != null && unjudged(measured.diff())) {
                throw new UsageException(
                        "no row of " + newer.shortHash() + " against " + older.shortHash() + " can be judged ("
                                + firstReason(measured.diff()) + "): measure more forks a side (-f), 5 at least");
            }
            return measured;
        } catch (IOException e) {
            throw new UsageException(e.getMessage(), e);
        } finally {
            release(newer);
        }
    }

    private Comparison judged(
            GitCheckout.Commit older, GitCheckout.Commit newer, StoredRun a, StoredRun b, boolean reused) {
        RunDiff diff;
        try {
            diff = RunDiff.compare(a, b, rule, statistics, names(older));
        } catch (DiffException e) {
            return new Comparison(older, newer, Outcome.SKIP, e.getMessage(), reused, null);
        }
        Optional<String> uncompared = diff.cannotCompare();
        if (uncompared.isPresent()) {
            return new Comparison(older, newer, Outcome.SKIP, uncompared.get(), reused, diff);
        }
        List<String> slower = diff.regressions();
        return new Comparison(
                older, newer, slower.isEmpty() ? Outcome.GOOD : Outcome.BAD, String.join(", ", slower), reused, diff);
    }

    /**
     * @return "encode in batches of 8 and 16": the first benchmark two stored runs measured in other batches, if any
     */
    private static Optional<String> otherBatch(StoredRun a, StoredRun b, List<String> benchmarks) {
        return benchmarks.stream()
                .filter(n -> a.benchmark(n).orElseThrow().batch()
                        != b.benchmark(n).orElseThrow().batch())
                .findFirst()
                .map(n -> n + " in batches of " + a.benchmark(n).orElseThrow().batch() + " and "
                        + b.benchmark(n).orElseThrow().batch());
    }

    /** @return whether every row of {@code diff} is unreliable: too few forks or samples to reach any verdict */
    private static boolean unjudged(RunDiff diff) {
        return diff.rowCount() > 0 && diff.count(Verdict.UNRELIABLE) == diff.rowCount();
    }

    /** @return the reason of the first row of {@code diff}: "3 v 3 forks cannot reach p < 0.05 (smallest p 0.100)" */
    private static String firstReason(RunDiff diff) {
        return diff.benchmarks().stream()
                .flatMap(b -> b.stages().stream())
                .flatMap(st -> st.comparisons().stream())
                .map(c -> c.reason())
                .findFirst()
                .orElse("no rows");
    }

    /** @return the benchmarks judged: those named, else the defaults of {@code good}'s build (built for it) */
    private List<String> names(GitCheckout.Commit good) {
        if (names == null) {
            if (!named.isEmpty()) {
                names = named;
            } else {
                AbBuilds.Built g = build(good)
                        .orElseThrow(() -> new UsageException("GOOD " + good.shortHash() + " does not build"));
                names = g.source().registry().defaults().stream()
                        .map(d -> d.name())
                        .toList();
                if (names.isEmpty()) {
                    throw new UsageException("GOOD " + good.shortHash() + " has no default benchmark; name one of: "
                            + String.join(", ", g.source().registry().names()));
                }
            }
        }
        return names;
    }

    /**
     * @return the newest stored run of {@code commit} measured on this machine with this configuration (its
     *     {@code --batch} too) that has a fork of every benchmark, if any
     */
    private Optional<StoredRun> stored(GitCheckout.Commit commit, List<String> benchmarks) {
        if (machine == null) {
            RunConfig planned = settings.apply(RunConfig.builder(benchmarks, session.cpu(), home))
                    .build();
            JsonNode config = Json.mapper().valueToTree(planned);
            List<String> jvmFlags = new ArrayList<>(JvmFork.BASE_JVM_FLAGS);
            jvmFlags.addAll(planned.jvmFlags());
            Environment now =
                    Environment.capture(SystemFiles.host(), GitInfo.read(home), Instant.now(), session.cpu(), jvmFlags);
            machine = MachineFingerprint.of(Json.mapper().valueToTree(now), config);
            configuration = RunConfiguration.key(config, RunConfiguration.SAME_FORKS);
        }
        try {
            RunHistory.Selection selection =
                    RunHistory.select(List.of(commit), session.resultsRoot(), benchmarks, machine, configuration);
            RunHistory.CommitRuns commitRuns = selection.commits().get(0);
            List<StoredRun> runs = new ArrayList<>(commitRuns.runs());
            Collections.reverse(runs);
            return runs.stream()
                    .filter(r -> benchmarks.stream()
                            .allMatch(n -> r.benchmark(n).map(commitRuns::pools).orElse(false)))
                    .findFirst();
        } catch (StoreException e) {
            return Optional.empty();
        }
    }

    /** @return {@code commit} built in a worktree of its own (once), or empty when it does not build */
    private Optional<AbBuilds.Built> build(GitCheckout.Commit commit) {
        if (failed.contains(commit.hash())) {
            return Optional.empty();
        }
        AbBuilds.Checkout checkout = built.get(commit.hash());
        if (checkout == null) {
            err.println("[bisect] building " + commit.shortHash() + " '" + commit.subject()
                    + "' in a temporary worktree ...");
            err.flush();
            try {
                checkout = AbBuilds.checkout(
                        recipe, home, commit.hash(), launcher, session.launchers(), "commit " + commit.shortHash());
            } catch (IOException | UsageException e) {
                boolean stopped = GitWorktree.isStopping();
                err.println(buildFailure(commit.shortHash(), e.getMessage(), stopped));
                err.flush();
                if (stopped) {
                    awaitHalt(); // the stop ends the command: no neighbour is tried, no further line printed
                }
                failed.add(commit.hash());
                return Optional.empty();
            }
            built.put(commit.hash(), checkout);
        }
        return Optional.of(checkout.built());
    }

    /**
     * @return the line of a build that ended without a build: stopped by SIGINT or SIGTERM (its command killed by the
     *     stop, not failing), or failed
     */
    static String buildFailure(String shortHash, String problem, boolean stopped) {
        return stopped
                ? "[bisect] stopped while building " + shortHash + ": stagebench is stopping (nothing of it is judged)"
                : "[bisect] " + shortHash + " does not build: " + problem;
    }

    /** Waits for the JVM to halt: its shutdown hooks are ending what this command started. */
    private static void awaitHalt() {
        while (true) {
            try {
                Thread.sleep(Long.MAX_VALUE);
            } catch (InterruptedException e) {
                // keep waiting: the JVM halts once its shutdown hooks are done
            }
        }
    }

    /** Removes a commit's worktree once its comparison is made; the first one built (GOOD) is kept for the next. */
    private void release(GitCheckout.Commit commit) {
        if (!built.isEmpty() && !built.keySet().iterator().next().equals(commit.hash())) {
            AbBuilds.Checkout checkout = built.remove(commit.hash());
            if (checkout != null) {
                checkout.close();
            }
        }
    }

    /** Removes every worktree still checked out. */
    @Override
    public void close() {
        built.values().forEach(AbBuilds.Checkout::close);
        built.clear();
    }
}
