package io.stagebench.stages.cli;

import io.stagebench.extension.Measuring;
import io.stagebench.stages.bench.ReferenceWorkload;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code stagebench crosscheck}: measures the reference stages with stagebench (back-to-back service time, forked and
 * pinned, as {@code stagebench run} does) and with JMH's AverageTime (JMH's own runner and forks, the benchmark thread
 * pinned to the same CPU, the other threads kept off it), then prints both per stage with their ratio (see
 * {@link io.stagebench.stages.jmh.CrossCheck} for what is compared and why). The stagebench side is stored as a
 * complete run, like any run's, with {@value #FILE} and JMH's own {@value #JMH_FILE} beside {@code summary.json}. The
 * options make a {@link CrosscheckPlan}, checked once; {@link CrosscheckRun} measures it.
 */
@Command(
        name = "crosscheck",
        mixinStandardHelpOptions = true,
        description = {
            "Measure the reference stages with stagebench and with JMH and print both per stage.",
            "JMH runs AverageTime; with their ratio, stages of 50 ns or more must agree within +-10%%; then the same,"
                    + " batched. JMH's forks run between stagebench's. About 6 minutes."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:every checked stage agrees",
            "1:a stage differs, a harness produced no figure, or the HTML" + " report could not be written",
            "2:bad usage"
        })
public final class CrosscheckCommand implements Callable<Integer> {

    /** The comparison's file in the run folder. */
    public static final String FILE = "crosscheck.json";
    /** JMH's own result file in the run folder (stagebench's results in JMH's schema are {@code jmh-result.json}). */
    public static final String JMH_FILE = "crosscheck-jmh.json";
    /** Schema of {@value #FILE}. */
    public static final String SCHEMA = "stagebench.crosscheck/1";

    @Parameters(
            paramLabel = "STAGE",
            arity = "0..*",
            description = "Stages to compare: parse, book, decide, encode, pipeline (default: all).")
    List<String> stages = new ArrayList<>();

    @Option(
            names = {"-f", "--forks"},
            paramLabel = "N",
            description = "stagebench forks per stage (default: ${DEFAULT-VALUE}).")
    int forks = 3;

    @Option(
            names = {"-w", "--warmup"},
            paramLabel = "N",
            description = "stagebench warm-up messages per fork (default: ${DEFAULT-VALUE}).")
    long warmup = 200_000;

    @Option(
            names = {"-n", "--messages"},
            paramLabel = "N",
            description = "stagebench measured messages per fork"
                    + " (default: the whole stream, --stream-messages: the messages JMH's calls walk).")
    Integer messages;

    @Option(
            names = "--batch",
            paramLabel = "K|auto",
            description = {
                "Also measure each stage in batches of K messages (one begin/end pair around K) and compare"
                        + " that mean with JMH's too: the probe then costs a K-th per message (default: ${DEFAULT-VALUE};"
                        + " 1: per message only)."
            })
    String batch = "auto";

    @Option(
            names = "--jmh-forks",
            paramLabel = "N",
            description = "JMH forks per benchmark, each run right after a"
                    + " stagebench fork of its stage (default: ${DEFAULT-VALUE}, one beside each of stagebench's).")
    int jmhForks = 3;

    @Option(
            names = "--jmh-warmup",
            paramLabel = "N",
            description = "JMH warm-up iterations (default: ${DEFAULT-VALUE}).")
    int jmhWarmup = 2;

    @Option(
            names = "--jmh-iterations",
            paramLabel = "N",
            description = "JMH measurement iterations (default: ${DEFAULT-VALUE}).")
    int jmhIterations = 4;

    @Option(
            names = "--jmh-iteration-ms",
            paramLabel = "MS",
            description = "Length of one JMH iteration (default: ${DEFAULT-VALUE}).")
    long jmhIterationMs = 1_000;

    @Option(
            names = "--stream-messages",
            paramLabel = "N",
            description = "Length of the replayed stream, the same in both harnesses (default: ${DEFAULT-VALUE}).")
    int streamMessages = ReferenceWorkload.DEFAULT_STREAM_MESSAGES;

    @Option(
            names = "--seed",
            paramLabel = "S",
            description = "Stream seed, the same in both harnesses (default: ${DEFAULT-VALUE}).")
    long seed = ReferenceWorkload.DEFAULT_SEED;

    @CommandLine.Mixin
    Measuring measuring = new Measuring();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        CrosscheckPlan plan = CrosscheckPlan.of(
                stages,
                forks,
                warmup,
                messages,
                batch,
                new CrosscheckPlan.Jmh(jmhForks, jmhWarmup, jmhIterations, jmhIterationMs),
                streamMessages,
                seed,
                this::usage);
        return new CrosscheckRun(plan, measuring.open(), spec.commandLine().getOut()).run();
    }

    private CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }
}
