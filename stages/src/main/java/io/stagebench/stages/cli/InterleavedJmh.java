package io.stagebench.stages.cli;

import io.stagebench.extension.Harness;
import io.stagebench.stages.jmh.CoreLoopProfiler;
import io.stagebench.stages.jmh.CrossCheck;
import io.stagebench.stages.jmh.JmhScore;
import io.stagebench.stages.jmh.MeasuringThread;
import io.stagebench.stages.jmh.Pairing;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * JMH's side of a {@code crosscheck}, one JMH fork at a time, each started right after a stagebench fork of the same
 * stage ends, so that a row's two figures are measured in the same minutes.
 *
 * <p>Why: on a shared host a stage's level moves with the host, in spells of tens of seconds, while each fork holds
 * steady. Run one harness after the other, minutes apart, and a row compares two states of the host, and a ratio swings
 * from run to run (docs/decisions.md, "Crosscheck").
 *
 * <p>Each row's twins run beside the stagebench run it is compared with: a batched row's beside the batched run's
 * forks, a per-message row's twins that no batched row shares beside the per-message run's. A stage's JMH fork
 * {@code i} follows its stagebench fork {@code i}; the last stagebench fork is followed by every JMH fork still owed.
 * The forks' results are merged per benchmark as one JMH run of that many forks ({@link #scores}, {@link #write}).
 */
final class InterleavedJmh {

    private final CrosscheckPlan plan;
    private final int cpu;
    private final List<String> warnings;
    private final Map<String, BenchmarkParams> paramsByBenchmark = new LinkedHashMap<>();
    private final Map<String, List<BenchmarkResult>> forksByBenchmark = new LinkedHashMap<>();
    private final Map<String, Integer> forksRunByTwins = new LinkedHashMap<>();
    private final ForkStarter starter;

    /** Starts one JMH fork of each twin; a test puts a recorder here. */
    @FunctionalInterface
    interface ForkStarter {
        void start(List<String> twins, int jmhFork);
    }

    /** @param warnings receives what went wrong (a JMH fork that failed, randomisation left on), once each */
    InterleavedJmh(CrosscheckPlan plan, int cpu, List<String> warnings) {
        this.plan = plan;
        this.cpu = cpu;
        this.warnings = warnings;
        this.starter = this::runFork;
    }

    /** A schedule whose forks {@code starter} starts instead of JMH. */
    InterleavedJmh(CrosscheckPlan plan, ForkStarter starter) {
        this.plan = plan;
        this.cpu = -1;
        this.warnings = new ArrayList<>();
        this.starter = starter;
    }

    /**
     * @param batchedRun whether the twins are for the batched run (else the per-message run)
     * @return the JMH benchmarks to run beside {@code benchmark}'s forks of that run, in order
     */
    List<String> twinsBeside(String benchmark, boolean batchedRun) {
        Set<String> batchedTwins = new LinkedHashSet<>();
        Set<String> perMessageTwins = new LinkedHashSet<>();
        for (Pairing pairing : plan.pairings()) {
            if (!pairing.benchmark().equals(benchmark)) {
                continue;
            }
            if (plan.batched() && pairing.checked()) {
                batchedTwins.addAll(pairing.forBatches().jmhBenchmarks());
            }
            perMessageTwins.add(pairing.jmh());
            if (pairing.jmhBaseline() != null) {
                perMessageTwins.add(pairing.jmhBaseline());
            }
        }
        perMessageTwins.removeAll(batchedTwins);
        return List.copyOf(batchedRun ? batchedTwins : perMessageTwins);
    }

    /**
     * After stagebench's fork {@code fork} of {@code benchmark} ended: JMH's next fork of each twin that runs beside
     * it, or every fork still owed after the last stagebench fork.
     */
    void forkEnded(String benchmark, int fork, boolean batchedRun) {
        List<String> twins = twinsBeside(benchmark, batchedRun);
        String key = String.join(",", twins);
        int done = forksRunByTwins.getOrDefault(key, 0);
        int owed = plan.jmh().forks() - done;
        if (twins.isEmpty() || owed <= 0) {
            return;
        }
        int now = fork >= plan.forks() ? owed : 1;
        for (int i = 0; i < now; i++) {
            starter.start(twins, done + i + 1);
        }
        forksRunByTwins.put(key, done + now);
    }

    /** One JMH fork of each of {@code twins}, its progress one line on stderr. */
    private void runFork(List<String> twins, int jmhFork) {
        CrosscheckPlan.Jmh jmh = plan.jmh();
        String include = "^" + CrossCheck.JMH_PACKAGE.replace(".", "\\.") + "("
                + String.join(
                        "|", twins.stream().map(n -> n.replace(".", "\\.")).toList()) + ")$";
        Options options = new OptionsBuilder()
                .include(include)
                .mode(org.openjdk.jmh.annotations.Mode.AverageTime)
                .timeUnit(TimeUnit.NANOSECONDS)
                .forks(1)
                .warmupIterations(jmh.warmup())
                .warmupTime(TimeValue.milliseconds(jmh.iterationMs()))
                .measurementIterations(jmh.iterations())
                .measurementTime(TimeValue.milliseconds(jmh.iterationMs()))
                .param("messages", Integer.toString(plan.streamMessages()))
                .param("seed", Long.toString(plan.seed()))
                // replaces the launcher's own flags; the benchmarks' @Fork appends the heap, GC and access flags
                .jvmArgs("-D" + MeasuringThread.CPU_PROPERTY + "=" + cpu)
                // the core's state around each iteration, as a stagebench replica times it
                .addProfiler(CoreLoopProfiler.class)
                .shouldFailOnError(false)
                .verbosity(VerboseMode.SILENT)
                .build();
        StringBuilder line = new StringBuilder("[crosscheck] JMH fork " + jmhFork + "/" + jmh.forks() + ":");
        try {
            // JMH starts its forks from this thread: with randomisation off they are laid out as stagebench's are
            Collection<RunResult> results = Harness.withFixedAddresses(
                    () -> new Runner(options).run(),
                    refusal -> warnOnce("JMH's forks ran with address randomisation on (" + refusal + ")"));
            for (RunResult result : results) {
                String name = shortName(result.getParams().getBenchmark());
                paramsByBenchmark.putIfAbsent(name, result.getParams());
                forksByBenchmark.computeIfAbsent(name, n -> new ArrayList<>()).addAll(result.getBenchmarkResults());
                line.append(String.format(
                        Locale.ROOT,
                        " %s %.1f ns",
                        name,
                        result.getPrimaryResult().getScore()));
                double coreNs = result.getBenchmarkResults().stream()
                        .mapToDouble(CoreLoopProfiler::forkNs)
                        .findFirst()
                        .orElse(Double.NaN);
                if (Double.isFinite(coreNs)) {
                    line.append(String.format(Locale.ROOT, " (core loop %.3f ns)", coreNs));
                }
            }
            if (results.size() < twins.size()) {
                warnOnce("JMH produced no figure for a fork of " + String.join(" or ", twins)
                        + " (a benchmark failed; its rows are missing or rest on fewer forks); fix: run it alone to see"
                        + " JMH's own error, e.g. './stagebench jmh " + twins.get(0) + " -f 1'");
            }
        } catch (RunnerException | RuntimeException e) {
            warnOnce("JMH failed: " + e.getMessage());
            line.append(" failed: ").append(e);
        }
        System.err.println(line);
    }

    private void warnOnce(String warning) {
        if (!warnings.contains(warning)) {
            warnings.add(warning);
            System.err.println("*** WARNING: " + warning);
        }
    }

    private static String shortName(String benchmark) {
        return benchmark.startsWith(CrossCheck.JMH_PACKAGE)
                ? benchmark.substring(CrossCheck.JMH_PACKAGE.length())
                : benchmark;
    }

    /** @return each benchmark's forks merged, as one JMH run of them all */
    private List<RunResult> merged() {
        List<RunResult> runs = new ArrayList<>();
        forksByBenchmark.forEach((name, forks) -> runs.add(new RunResult(paramsByBenchmark.get(name), forks)));
        return runs;
    }

    /**
     * @return each benchmark's AverageTime over all its forks, with JMH's own error (99.9 %) and each fork's, by short
     *     name
     */
    Map<String, JmhScore> scores() {
        Map<String, JmhScore> scores = new LinkedHashMap<>();
        for (RunResult run : merged()) {
            String name = shortName(run.getParams().getBenchmark());
            // in the order they ran: a twin's two benchmarks share each JMH fork, so fork i of one is beside fork i of
            // the other
            List<Double> forkNs = forksByBenchmark.get(name).stream()
                    .map(f -> f.getPrimaryResult().getScore())
                    .toList();
            List<Double> coreNs = forksByBenchmark.get(name).stream()
                    .map(CoreLoopProfiler::forkNs)
                    .toList();
            scores.put(
                    name,
                    new JmhScore(
                            run.getPrimaryResult().getScore(),
                            run.getPrimaryResult().getScoreError(),
                            forkNs,
                            coreNs));
        }
        return scores;
    }

    /** Writes the merged runs in JMH's own JSON format, atomically; nothing when JMH measured nothing. */
    void write(Path file) throws IOException {
        List<RunResult> runs = merged();
        if (runs.isEmpty()) {
            return;
        }
        Harness.writeAtomically(file, raw -> {
            // JMH's JSON format prints and leaves the stream open; the atomic write closes the file's own
            PrintStream out = new PrintStream(raw, false, StandardCharsets.UTF_8);
            ResultFormatFactory.getInstance(ResultFormatType.JSON, out).writeOut(runs);
            out.flush();
        });
    }
}
