package io.stagebench.stages.cli;

import io.stagebench.extension.Harness;
import io.stagebench.extension.Measuring;
import io.stagebench.extension.RunResults;
import io.stagebench.extension.Session;
import io.stagebench.stages.bench.ReferenceWorkload;
import io.stagebench.stages.jmh.CrossCheck;
import io.stagebench.stages.jmh.MeasuringThread;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code stagebench crosscheck}: measures the reference stages with stagebench (back-to-back
 * service time, forked and pinned, as {@code stagebench run} does) and with JMH's AverageTime
 * (JMH's own runner and forks, the benchmark thread pinned to the same CPU, the other threads
 * kept off it), then prints both per stage with their ratio (see {@link CrossCheck} for what
 * is compared and why). The stagebench side is stored as a complete run, like any run's
 * (through {@link Session}), with {@value #FILE} and JMH's own {@value #JMH_FILE}
 * beside {@code summary.json}.
 */
@Command(name = "crosscheck", mixinStandardHelpOptions = true,
        description = {"Measure the reference stages with stagebench and with JMH and print both per stage.",
            "JMH runs AverageTime; with their ratio, stages of 50 ns or more must agree within +-10%%; then the same, batched. About 7 minutes."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every checked stage agrees", "1:a stage differs, a harness produced no figure, or the HTML"
            + " report could not be written",
            "2:bad usage"})
public final class CrosscheckCommand implements Callable<Integer> {

    /** The comparison's file in the run folder. */
    public static final String FILE = "crosscheck.json";
    /** JMH's own result file in the run folder (stagebench's results in JMH's schema are {@code jmh-result.json}). */
    public static final String JMH_FILE = "crosscheck-jmh.json";
    /** Schema of {@value #FILE}. */
    public static final String SCHEMA = "stagebench.crosscheck/1";

    @Parameters(paramLabel = "STAGE", arity = "0..*",
            description = "Stages to compare: parse, book, decide, encode, pipeline (default: all).")
    List<String> stages = new ArrayList<>();

    @Option(names = {"-f", "--forks"}, paramLabel = "N", description = "stagebench forks per stage (default: ${DEFAULT-VALUE}).")
    int forks = 3;

    @Option(names = {"-w", "--warmup"}, paramLabel = "N", description = "stagebench warm-up messages per fork (default: ${DEFAULT-VALUE}).")
    long warmup = 200_000;

    @Option(names = {"-n", "--messages"}, paramLabel = "N", description = "stagebench measured messages per fork"
            + " (default: the whole stream, --stream-messages: the messages JMH's calls walk).")
    Integer messages;

    @Option(names = "--batch", paramLabel = "K|auto",
            description = {"Also measure each stage in batches of K messages (one begin/end pair around K) and compare"
                    + " that mean with JMH's too: the probe then costs a K-th per message (default: ${DEFAULT-VALUE};"
                    + " 1: per message only)."})
    String batch = "auto";

    @Option(names = "--jmh-forks", paramLabel = "N", description = "JMH forks per benchmark (default: ${DEFAULT-VALUE}).")
    int jmhForks = 2;

    @Option(names = "--jmh-warmup", paramLabel = "N", description = "JMH warm-up iterations (default: ${DEFAULT-VALUE}).")
    int jmhWarmup = 2;

    @Option(names = "--jmh-iterations", paramLabel = "N", description = "JMH measurement iterations (default: ${DEFAULT-VALUE}).")
    int jmhIterations = 4;

    @Option(names = "--jmh-iteration-ms", paramLabel = "MS", description = "Length of one JMH iteration (default: ${DEFAULT-VALUE}).")
    long jmhIterationMs = 1_000;

    @Option(names = "--stream-messages", paramLabel = "N",
            description = "Length of the replayed stream, the same in both harnesses (default: ${DEFAULT-VALUE}).")
    int streamMessages = ReferenceWorkload.DEFAULT_STREAM_MESSAGES;

    @Option(names = "--seed", paramLabel = "S", description = "Stream seed, the same in both harnesses (default: ${DEFAULT-VALUE}).")
    long seed = ReferenceWorkload.DEFAULT_SEED;

    @CommandLine.Mixin
    Measuring measuring = new Measuring();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        List<CrossCheck.Pairing> pairings = selected();
        if (forks < 1 || messages() < 1 || warmup < 0) {
            throw usage("--forks and --messages must be at least 1 and --warmup not negative");
        }
        if (jmhForks < 1 || jmhWarmup < 0 || jmhIterations < 1 || jmhIterationMs < 10) {
            throw usage("--jmh-forks and --jmh-iterations must be at least 1, --jmh-warmup not negative and"
                    + " --jmh-iteration-ms at least 10");
        }
        if (streamMessages < 1 || streamMessages > ReferenceWorkload.MAX_STREAM_MESSAGES) {
            throw usage("--stream-messages must be in [1, " + ReferenceWorkload.MAX_STREAM_MESSAGES + "]");
        }
        int batchSize = batchSize();
        Session session = measuring.open();

        // stagebench: the reference benchmarks, back-to-back, on the same stream as JMH's
        List<String> benchmarks = pairings.stream().map(CrossCheck.Pairing::benchmark).distinct().toList();
        Map<String, String> params = Map.of("messages", Integer.toString(streamMessages), "seed", Long.toString(seed));
        Session.Run run = session.begin(benchmarks, new Session.Plan(forks, warmup, messages(), 1, params));
        Path runDir = run.dir();
        System.err.println("[crosscheck] stagebench: " + String.join(", ", benchmarks) + ", " + forks + " fork(s) each");
        RunResults results = session.measure(run);
        out.print(results.reportText());
        out.println();
        out.flush();
        // the same stages in batches: the probe's share falls by K, which the per-message figure cannot show
        RunResults batched = null;
        if (batchSize != 1) {
            // the whole stream, as JMH's calls walk it: a batch's figure is then of the same messages as JMH's
            Session.Run batchedRun = session.begin(benchmarks,
                    new Session.Plan(forks, warmup, batchedMessages(), batchSize, params));
            System.err.println("[crosscheck] stagebench batched (--batch " + batch + ", " + batchedMessages()
                    + " messages a fork: the whole stream): " + String.join(", ", benchmarks));
            batched = session.measure(batchedRun);
            out.print(batched.reportText());
            out.println();
            out.flush();
        }

        // JMH: AverageTime of the twins, its forks started from here (off the measuring CPU), benchmark thread pinned
        List<String> warnings = new ArrayList<>(results.warnings());
        // the batched run's own warnings stay with it (its summary, and crosscheck.json), not with the per-message run
        List<String> batchedWarnings = batched == null ? List.of()
                : batched.warnings().stream().map(w -> "batched run: " + w).toList();
        Map<String, CrossCheck.JmhScore> scores = runJmh(pairings, session.cpu(), runDir, warnings);

        List<CrossCheck.Row> rows = new ArrayList<>();
        for (CrossCheck.Pairing pairing : pairings) {
            RunResults.Benchmark figures = results.benchmark(pairing.benchmark()).orElseThrow();
            Optional<RunResults.Samples> samples = figures.merged(pairing.series());
            rows.add(CrossCheck.compare(pairing, samples.map(RunResults.Samples::sortedNs).orElse(null),
                    samples.map(s -> s.percentileNs(50)).orElse(Double.NaN), scores, probe(figures)));
        }
        out.printf(Locale.ROOT, "cross-check: stagebench back-to-back service time (%d fork(s) x %,d messages after %,d of"
                + " warm-up) vs JMH AverageTime (%d fork(s) x %d x %d ms after %d warm-up iteration(s)); both on CPU %d,"
                + " stream of %,d messages, seed %d%n", forks, messages(), warmup, jmhForks, jmhIterations, jmhIterationMs,
                jmhWarmup, session.cpu(), streamMessages, seed);
        out.println("both harnesses' forks: " + String.join(" ", Harness.SHARED_FORK_FLAGS)
                + ", address randomisation off");
        out.print(CrossCheck.toText(rows));
        List<CrossCheck.Row> batchedRows = new ArrayList<>();
        for (CrossCheck.Pairing pairing : pairings) {
            RunResults.Benchmark figures = batched == null ? null : batched.benchmark(pairing.benchmark()).orElse(null);
            if (figures == null || !pairing.checked()) {
                continue; // the marked pipeline has no batched twin: a batch times the total with its marks off
            }
            Optional<RunResults.Samples> samples = figures.merged(figures.batchedSeries());
            List<Double> forkMeans = figures.perFork(figures.batchedSeries()).stream().map(CrosscheckCommand::mean).toList();
            batchedRows.add(CrossCheck.compareBatched(pairing, samples.map(RunResults.Samples::sortedNs).orElse(null),
                    samples.map(s -> s.percentileNs(50)).orElse(Double.NaN), scores, probe(figures), figures.batch(),
                    forkMeans));
        }
        // after the batched rows: a per-message line weighs what a call fenced alone adds over the batches
        out.println("why each ratio is what it is (measured):");
        CrossCheck.explanations(rows, batchedRows, messages(), batchedMessages()).forEach(out::println);
        if (!batchedRows.isEmpty()) {
            out.println();
            out.println("batched: the same stages timed in batches (each sample the mean of K messages), against the same"
                    + " JMH figures");
            out.print(CrossCheck.toText(batchedRows));
            out.println("why each batched ratio is what it is (measured):");
            CrossCheck.explanations(batchedRows).forEach(out::println);
        }
        warnings.addAll(CrossCheck.noiseWarnings(rows));
        List<CrossCheck.Row> allRows = new ArrayList<>(rows);
        allRows.addAll(batchedRows);
        for (CrossCheck.Row row : allRows) {
            if (row.verdict() == CrossCheck.Verdict.DIFF || row.verdict() == CrossCheck.Verdict.MISSING) {
                warnings.add(String.format(Locale.ROOT, "crosscheck %s%s: %s (stagebench mean %.1f ns, JMH %.1f ns)",
                        row.stage(), row.batch() > 1 ? " batched " + row.batch() : "", row.verdict() == CrossCheck.Verdict.DIFF ? "the harnesses differ by more than "
                                + CrossCheck.TOLERANCE_PERCENT + "%" : "a harness produced no figure", row.meanNs(), row.jmhNs()));
            }
        }
        warnings.stream().filter(w -> w.startsWith("crosscheck ")).forEach(w -> out.println("*** WARNING: " + w));

        List<String> documented = new ArrayList<>(warnings);
        documented.addAll(batchedWarnings);
        Harness.writeJson(runDir.resolve(FILE), document(rows, batchedRows, session.cpu(), run.mode(), documented));
        Session.Stored stored = session.store(results, warnings);
        if (batched != null) {
            Session.Stored batchedStored = session.store(batched, batched.warnings());
            out.println("batched run: " + batched.run().dir());
            batchedStored.printReport(out);
        }
        out.println();
        out.println("results: " + runDir + " (comparison in " + FILE + ", JMH's own results in " + JMH_FILE + ")");
        stored.printReport(out);
        out.flush();
        return CrossCheck.agrees(allRows) && stored.reportWritten() ? 0 : 1;
    }

    /** @return the batch {@code --batch} asks for: 1 (per message only), K, or {@link Session.Plan#BATCH_AUTO} */
    private int batchSize() {
        OptionalInt count;
        try {
            count = Session.Plan.parseBatch(batch);
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
        int k = count.orElse(Session.Plan.BATCH_AUTO);
        if (count.isPresent() && (k < 1 || k > batchedMessages())) {
            throw usage("--batch must be in [1, " + batchedMessages() + "] (the batched run's messages), got " + k);
        }
        return k;
    }

    /**
     * @return the batched run's measured messages a fork: the whole stream (or {@code -n}, when larger), so its
     *         messages are those JMH's calls walk (measured on the EPYC: book's batched p50 41.3 ns over the first
     *         500 000 of a 2 000 000-message stream, 31.3 ns over all of it)
     */
    private int batchedMessages() {
        return Math.max(messages(), streamMessages);
    }

    /**
     * @return the per-message run's measured messages a fork: {@code -n}, by default the whole stream, so its messages
     *         are those JMH's calls and the batched run walk and the two tables differ by how, not by which, messages
     *         are timed
     */
    private int messages() {
        return messages == null ? streamMessages : messages;
    }

    private static double mean(RunResults.Samples samples) {
        double sum = 0;
        for (double v : samples.sortedNs()) {
            sum += v;
        }
        return samples.count() == 0 ? Double.NaN : sum / samples.count();
    }

    /** @return the mean over forks of the probe subtracted and the median probe, in ns; null without forks */
    private static CrossCheck.Probe probe(RunResults.Benchmark figures) {
        return figures.probe().map(p -> new CrossCheck.Probe(p.subtractedNs(), p.medianNs(), p.stepNs())).orElse(null);
    }

    private Map<String, CrossCheck.JmhScore> runJmh(List<CrossCheck.Pairing> pairings, int measuringCpu, Path runDir,
                                                    List<String> warnings) {
        List<String> names = CrossCheck.jmhBenchmarks(pairings);
        String include = "^" + CrossCheck.JMH_PACKAGE.replace(".", "\\.") + "("
                + String.join("|", names.stream().map(n -> n.replace(".", "\\.")).toList()) + ")$";
        Options options = new OptionsBuilder()
                .include(include)
                .mode(org.openjdk.jmh.annotations.Mode.AverageTime)
                .timeUnit(TimeUnit.NANOSECONDS)
                .forks(jmhForks)
                .warmupIterations(jmhWarmup)
                .warmupTime(TimeValue.milliseconds(jmhIterationMs))
                .measurementIterations(jmhIterations)
                .measurementTime(TimeValue.milliseconds(jmhIterationMs))
                .param("messages", Integer.toString(streamMessages))
                .param("seed", Long.toString(seed))
                // replaces the launcher's own flags; the benchmarks' @Fork appends the heap, GC and access flags
                .jvmArgs("-D" + MeasuringThread.CPU_PROPERTY + "=" + measuringCpu)
                .result(runDir.resolve(JMH_FILE).toString())
                .resultFormat(ResultFormatType.JSON)
                .shouldFailOnError(false)
                .build();
        System.err.println("[crosscheck] JMH: " + String.join(", ", names) + ", " + jmhForks + " fork(s) each");
        Map<String, CrossCheck.JmhScore> scores = new LinkedHashMap<>();
        try {
            PrintStream progress = new PrintStream(new FilterOutputStream(System.err) {
                @Override
                public void close() throws IOException {
                    flush(); // JMH closes its output at the end; stderr stays open
                }
            }, true);
            // JMH starts its forks from this thread: with randomisation off they are laid out as stagebench's are
            Collection<RunResult> results = Harness.withFixedAddresses(() -> new org.openjdk.jmh.runner.Runner(options,
                    OutputFormatFactory.createFormatInstance(progress, VerboseMode.NORMAL)).run(),
                    refusal -> warnings.add("JMH's forks ran with address randomisation on (" + refusal + ")"));
            for (RunResult result : results) {
                String name = result.getParams().getBenchmark();
                if (name.startsWith(CrossCheck.JMH_PACKAGE)) {
                    name = name.substring(CrossCheck.JMH_PACKAGE.length());
                }
                scores.put(name, new CrossCheck.JmhScore(result.getPrimaryResult().getScore(),
                        result.getPrimaryResult().getScoreError()));
            }
        } catch (RunnerException | RuntimeException e) {
            warnings.add("JMH failed: " + e.getMessage());
            System.err.println("*** WARNING: JMH failed: " + e);
        }
        return scores;
    }

    private List<CrossCheck.Pairing> selected() {
        if (stages.isEmpty()) {
            return CrossCheck.PAIRINGS;
        }
        List<CrossCheck.Pairing> chosen = new ArrayList<>();
        List<String> valid = CrossCheck.PAIRINGS.stream().map(CrossCheck.Pairing::benchmark).distinct().toList();
        for (String stage : stages) {
            if (!valid.contains(stage)) {
                throw usage("unknown stage '" + stage + "' (valid: " + String.join(", ", valid) + ")");
            }
            // a benchmark's every row: the pipeline's unmarked and marked totals together
            CrossCheck.PAIRINGS.stream().filter(p -> p.benchmark().equals(stage) && !chosen.contains(p)).forEach(chosen::add);
        }
        return chosen;
    }

    private CrosscheckDocument document(List<CrossCheck.Row> rows, List<CrossCheck.Row> batchedRows, int measuringCpu,
                                        String mode, List<String> warnings) {
        return CrosscheckDocument.of(measuringCpu, streamMessages, seed,
                new CrosscheckDocument.Stagebench(mode, forks, warmup, messages(), batchedMessages()),
                new CrosscheckDocument.Jmh("AverageTime", jmhForks, jmhWarmup, jmhIterations, jmhIterationMs, JMH_FILE),
                rows, batch, batchedRows, warnings);
    }

    private CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }
}
