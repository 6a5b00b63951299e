package io.stagebench.stages.cli;

import io.stagebench.extension.Harness;
import io.stagebench.extension.RunResults;
import io.stagebench.extension.Session;
import io.stagebench.stages.jmh.CrossCheck;
import io.stagebench.stages.jmh.Explanation;
import io.stagebench.stages.jmh.JmhScore;
import io.stagebench.stages.jmh.Pairing;
import io.stagebench.stages.jmh.Probe;
import io.stagebench.stages.jmh.Row;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One {@code crosscheck} from its plan to its exit code: stagebench's forks per message and batched (stored as complete
 * runs through {@link Session}) with JMH's AverageTime forks of the twins between them ({@link InterleavedJmh}: started
 * from here, off the measuring CPU, the benchmark thread pinned to it), then both side by side per stage with their
 * ratio and what explains it ({@link CrossCheck}, put into words by {@link CrosscheckText}), the comparison's
 * {@value CrosscheckCommand#FILE} and JMH's {@value CrosscheckCommand#JMH_FILE} beside the run's {@code summary.json}.
 */
final class CrosscheckRun {

    private final CrosscheckPlan plan;
    private final Session session;
    private final PrintWriter out;

    CrosscheckRun(CrosscheckPlan plan, Session session, PrintWriter out) {
        this.plan = plan;
        this.session = session;
        this.out = out;
    }

    /** @return 0 when every checked stage agrees and the report was written, else 1 */
    int run() throws IOException {
        // JMH's forks run between stagebench's, each row's twins beside the forks it is compared with
        List<String> jmhWarnings = new ArrayList<>();
        InterleavedJmh jmh = new InterleavedJmh(plan, session.cpu(), jmhWarnings);
        // stagebench: the reference benchmarks, back-to-back, on the same stream as JMH's
        List<String> benchmarks = plan.benchmarks();
        Session.Run run = session.begin(benchmarks, plan.perMessagePlan());
        Path runDir = run.dir();
        System.err.println("[crosscheck] stagebench: " + String.join(", ", benchmarks) + ", " + plan.forks()
                + " fork(s) each; JMH: " + plan.jmh().forks() + " fork(s) of each twin, each after a stagebench fork of"
                + " its stage");
        RunResults results = measure(run, (benchmark, fork) -> jmh.forkEnded(benchmark, fork, false));
        // the same stages in batches: the probe's share falls by K, which the per-message figure cannot show
        RunResults batched = null;
        if (plan.batched()) {
            // the whole stream, as JMH's calls walk it: a batch's figure is then of the same messages as JMH's
            Session.Run batchedRun = session.begin(benchmarks, plan.batchedPlan());
            System.err.println("[crosscheck] stagebench batched (--batch " + plan.batchText() + ", "
                    + plan.batchedMessages() + " messages a fork: the whole stream): " + String.join(", ", benchmarks));
            batched = measure(batchedRun, (benchmark, fork) -> jmh.forkEnded(benchmark, fork, true));
        }

        List<String> warnings = new ArrayList<>(results.warnings());
        warnings.addAll(jmhWarnings);
        // the batched run's own warnings stay with it (its summary, and crosscheck.json), not with the per-message run
        List<String> batchedWarnings = batched == null
                ? List.of()
                : batched.warnings().stream().map(w -> "batched run: " + w).toList();
        Map<String, JmhScore> scores = jmh.scores();
        jmh.write(runDir.resolve(CrosscheckCommand.JMH_FILE));

        List<Row> rows = rows(results, scores);
        List<Row> batchedRows = batchedRows(batched, scores, fastestCoreLoopNs(results, batched, scores));
        printTables(rows, batchedRows);
        List<Row> allRows = new ArrayList<>(rows);
        allRows.addAll(batchedRows);
        warnings.addAll(CrosscheckText.noiseWarnings(rows));
        warnings.addAll(CrosscheckText.differences(allRows));
        warnings.stream().filter(w -> w.startsWith("crosscheck ")).forEach(w -> out.println("*** WARNING: " + w));

        List<String> documented = new ArrayList<>(warnings);
        documented.addAll(batchedWarnings);
        Harness.writeJson(runDir.resolve(CrosscheckCommand.FILE), document(rows, batchedRows, run.mode(), documented));
        Session.Stored stored = session.store(results, warnings);
        if (batched != null) {
            Session.Stored batchedStored = session.store(batched, batched.warnings());
            out.println("batched run: " + batched.run().dir());
            batchedStored.printReport(out);
        }
        out.println();
        out.println("results: " + runDir + " (comparison in " + CrosscheckCommand.FILE + ", JMH's own results in "
                + CrosscheckCommand.JMH_FILE + ")");
        stored.printReport(out);
        out.flush();
        return CrossCheck.agrees(allRows) && stored.reportWritten() ? 0 : 1;
    }

    /** @return the run measured, {@code between} its forks, its report printed */
    private RunResults measure(Session.Run run, Session.BetweenForks between) throws IOException {
        RunResults results = session.measure(run, between);
        out.print(results.reportText());
        out.println();
        out.flush();
        return results;
    }

    private List<Row> rows(RunResults results, Map<String, JmhScore> scores) {
        List<Row> rows = new ArrayList<>();
        for (Pairing pairing : plan.pairings()) {
            RunResults.Benchmark figures =
                    results.benchmark(pairing.benchmark()).orElseThrow();
            Optional<RunResults.Samples> samples = figures.merged(pairing.series());
            rows.add(CrossCheck.compare(
                    pairing,
                    samples.map(RunResults.Samples::sortedNs).orElse(null),
                    samples.map(s -> s.percentileNs(50)).orElse(Double.NaN),
                    scores,
                    probe(figures)));
        }
        return rows;
    }

    private List<Row> batchedRows(RunResults batched, Map<String, JmhScore> scores, double fastestCoreLoopNs) {
        List<Row> batchedRows = new ArrayList<>();
        for (Pairing pairing : plan.pairings()) {
            RunResults.Benchmark figures = batched == null
                    ? null
                    : batched.benchmark(pairing.benchmark()).orElse(null);
            if (figures == null || !pairing.checked()) {
                continue; // the marked pipeline has no batched twin: a batch times the total with its marks off
            }
            Optional<RunResults.Samples> samples = figures.merged(figures.batchedSeries());
            List<RunResults.Samples> forks = figures.perFork(figures.batchedSeries());
            // book's and decide's batches less their preparation's: a pair is cut at 0 where an interruption lengthened
            // the preparation batch, so the samples' mean leans high; the passes' means are JMH's construction
            List<Double> forkMeans = figures.batchMeansNs().size() == forks.size()
                    ? figures.batchMeansNs()
                    : forks.stream().map(CrosscheckRun::mean).toList();
            batchedRows.add(CrossCheck.compareBatched(
                    pairing,
                    samples.map(RunResults.Samples::sortedNs).orElse(null),
                    samples.map(s -> s.percentileNs(50)).orElse(Double.NaN),
                    scores,
                    probe(figures),
                    figures.batch(),
                    forkMeans,
                    figures.coreLoopNs(),
                    fastestCoreLoopNs,
                    pooledMean(forks, forkMeans)));
        }
        return batchedRows;
    }

    /**
     * @return the fastest fork's state of the measuring core in the whole crosscheck, either harness, either run: the
     *     core as calm as it was (NaN when none was timed)
     */
    private double fastestCoreLoopNs(RunResults results, RunResults batched, Map<String, JmhScore> scores) {
        List<Double> forks = new ArrayList<>();
        for (RunResults run : batched == null ? List.of(results) : List.of(results, batched)) {
            plan.benchmarks().forEach(b -> run.benchmark(b).ifPresent(figures -> forks.addAll(figures.coreLoopNs())));
        }
        scores.values().forEach(score -> forks.addAll(score.forkCoreLoopNs()));
        return forks.stream()
                .mapToDouble(Double::doubleValue)
                .filter(ns -> ns > 0 && Double.isFinite(ns))
                .min()
                .orElse(Double.NaN);
    }

    private void printTables(List<Row> rows, List<Row> batchedRows) {
        CrosscheckPlan.Jmh jmh = plan.jmh();
        out.printf(
                Locale.ROOT,
                "cross-check: stagebench back-to-back service time (%d fork(s) x %,d messages after %,d of"
                        + " warm-up) vs JMH AverageTime (%d fork(s) x %d x %d ms after %d warm-up iteration(s)), a stage's JMH"
                        + " forks each right after one of its stagebench forks; both on CPU %d, stream of %,d messages, seed %d%n",
                plan.forks(),
                plan.messages(),
                plan.warmup(),
                jmh.forks(),
                jmh.iterations(),
                jmh.iterationMs(),
                jmh.warmup(),
                session.cpu(),
                plan.streamMessages(),
                plan.seed());
        out.println("both harnesses' forks: " + String.join(" ", Harness.SHARED_FORK_FLAGS)
                + ", address randomisation off");
        out.print(CrosscheckText.table(rows));
        // after the batched rows: a per-message line weighs what a call fenced alone adds over the batches
        out.println("why each ratio is what it is (measured):");
        List<Explanation> why = CrossCheck.explanations(rows, batchedRows, plan.messages(), plan.batchedMessages());
        CrosscheckText.explanationLines(why).forEach(out::println);
        if (!batchedRows.isEmpty()) {
            out.println();
            out.println(
                    "batched: the same stages timed in batches (each sample the mean of K messages), against the same"
                            + " JMH figures");
            out.print(CrosscheckText.table(batchedRows));
            out.println("why each batched ratio is what it is (measured):");
            CrosscheckText.explanationLines(CrossCheck.explanations(batchedRows))
                    .forEach(out::println);
        }
    }

    /** @return the forks' means weighed by their samples: the pooled mean; NaN without forks */
    private static double pooledMean(List<RunResults.Samples> forks, List<Double> forkMeansNs) {
        double sum = 0;
        long count = 0;
        for (int i = 0; i < forks.size(); i++) {
            sum += forkMeansNs.get(i) * forks.get(i).count();
            count += forks.get(i).count();
        }
        return count == 0 ? Double.NaN : sum / count;
    }

    private static double mean(RunResults.Samples samples) {
        double sum = 0;
        for (double v : samples.sortedNs()) {
            sum += v;
        }
        return samples.count() == 0 ? Double.NaN : sum / samples.count();
    }

    /** @return the mean over forks of the probe subtracted and the median probe, in ns; null without forks */
    private static Probe probe(RunResults.Benchmark figures) {
        return figures.probe()
                .map(p -> new Probe(p.subtractedNs(), p.medianNs(), p.stepNs()))
                .orElse(null);
    }

    private CrosscheckDocument document(List<Row> rows, List<Row> batchedRows, String mode, List<String> warnings) {
        CrosscheckPlan.Jmh jmh = plan.jmh();
        return CrosscheckDocument.of(
                session.cpu(),
                plan.streamMessages(),
                plan.seed(),
                new CrosscheckDocument.Stagebench(
                        mode, plan.forks(), plan.warmup(), plan.messages(), plan.batchedMessages()),
                new CrosscheckDocument.Jmh(
                        "AverageTime",
                        jmh.forks(),
                        jmh.warmup(),
                        jmh.iterations(),
                        jmh.iterationMs(),
                        CrosscheckCommand.JMH_FILE),
                rows,
                plan.batchText(),
                batchedRows,
                warnings);
    }
}
