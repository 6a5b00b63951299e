package io.stagebench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.cli.Main;
import io.stagebench.config.RunConfig;
import io.stagebench.diff.SummaryFixture;
import io.stagebench.link.ForkChecks;
import io.stagebench.link.ForkResult;
import io.stagebench.link.Warmup;
import io.stagebench.output.RunReport;
import io.stagebench.probe.ClocksExample;
import io.stagebench.result.BenchmarkOutcome;
import io.stagebench.result.TailExemplars;
import io.stagebench.stats.Distribution;
import io.stagebench.store.RunFixture;
import io.stagebench.system.ReadinessExample;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every example of stagebench's output in the README and the manual is what the current code prints: a block marked
 * {@code <!-- output: NAME -->} is the output of the example NAME below, made from fixtures through the same code a
 * command runs, and this test fails when the two differ ({@code -Dstagebench.writeDocs=true} writes the blocks anew).
 * Every other fenced block names its language - {@code sh} for commands (each parsed by the stages'
 * {@code DocsCommandLinesTest}), {@code java}, {@code xml}, {@code yaml}, {@code json} - so no hand-written output can
 * stand in a document unchecked.
 */
class DocExamplesTest {

    private static final Path ROOT = Path.of("..");
    private static final Pattern MARKER = Pattern.compile("^<!-- output: ([a-z0-9-]+) -->$");
    private static final List<String> LANGUAGES = List.of("sh", "java", "xml", "yaml", "json", "text");

    /** @return the documents whose blocks are checked */
    static List<Path> documents() throws IOException {
        List<Path> out = new ArrayList<>(List.of(
                ROOT.resolve("README.md"), ROOT.resolve("stages/README.md"), ROOT.resolve("results/README.md")));
        try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")
                            && !p.getFileName().toString().equals("cli.md"))
                    .sorted()
                    .forEach(out::add);
        }
        return out.stream().filter(Files::exists).toList();
    }

    /** The examples by name: each a command's output over fixtures, as the command prints it, made once. */
    static Map<String, Supplier<String>> examples() {
        Map<String, Supplier<String>> out = new TreeMap<>();
        out.put("run", once("run", () -> runReportText(false)));
        out.put("diff-gate-fail", once("diff-gate-fail", () -> gate(false)));
        out.put("diff-gate-cannot-judge", once("diff-gate-cannot-judge", () -> gate(true)));
        out.put("diff-calm", once("diff-calm", DocExamplesTest::calmDiff));
        out.put("clocks", once("clocks", ClocksExample::text));
        out.put("check", once("check", DocExamplesTest::check));
        return out;
    }

    private static final Map<String, String> MADE = new ConcurrentHashMap<>();

    private static Supplier<String> once(String name, Supplier<String> example) {
        return () -> MADE.computeIfAbsent(name, k -> example.get());
    }

    // ---- the examples ----

    private static String check() {
        try {
            Path root = Files.createTempDirectory("stagebench-doc-machine");
            try {
                return ReadinessExample.text(root);
            } finally {
                delete(root);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void delete(Path tree) throws IOException {
        try (Stream<Path> files = Files.walk(tree)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    /** A run of the five reference benchmarks' names over synthetic forks: 5 forks, 20,000 messages each. */
    private static String runReportText(boolean verbose) {
        SplittableRandom random = new SplittableRandom(20261205);
        List<BenchmarkOutcome> outcomes = new ArrayList<>();
        Map<String, Double> stages = referenceStages();
        for (Map.Entry<String, Double> stage : stages.entrySet()) {
            List<Map<String, double[]>> forks = new ArrayList<>();
            for (int f = 0; f < FORKS; f++) {
                forks.add(Map.of(stage.getKey(), samples(random, stage.getValue() * (1 + 0.01 * f))));
            }
            outcomes.add(clean(RunFixture.outcome(stage.getKey(), List.of(stage.getKey()), forks)));
        }
        List<Map<String, double[]>> pipeline = new ArrayList<>();
        for (int f = 0; f < FORKS; f++) {
            Map<String, double[]> series = new LinkedHashMap<>();
            double[] total = new double[MESSAGES];
            for (String stage : List.of("parse", "book", "decide", "encode")) {
                double[] ns = samples(random, stages.get(stage) * 1.1);
                series.put(stage, ns);
                for (int i = 0; i < MESSAGES; i++) {
                    total[i] += ns[i];
                }
            }
            series.put("total", total);
            pipeline.add(series);
        }
        outcomes.add(clean(RunFixture.outcome("pipeline", List.of("parse", "book", "decide", "encode"), pipeline)));
        RunConfig config = RunConfig.builder(
                        List.of("parse", "book", "decide", "encode", "pipeline"), 1, Path.of("run"))
                .forks(FORKS)
                .warmup(Warmup.ofMessages(1_000))
                .messages(MESSAGES)
                .lockMemory(true)
                .build();
        List<String> checks = List.of(
                "check: isolcpus; nohz_full; rcu_nocbs: CPU 1 is not isolated; CPU 1 is not in"
                        + " nohz_full; CPU 1 is not in rcu_nocbs (fix: add 'isolcpus=1 nohz_full=1 rcu_nocbs=1' to"
                        + " GRUB_CMDLINE_LINUX in /etc/default/grub, then 'sudo update-grub' and reboot)",
                "check: hypervisor:"
                        + " running under a hypervisor: the host can preempt, migrate or slow this vCPU (steal time) without this"
                        + " kernel knowing (fix: run on bare metal, or pin every vCPU to a dedicated host core that nothing else"
                        + " uses)");
        return new RunReport(config, outcomes, List.of(), checks, false).toText(verbose) + "\n";
    }

    private static final int MESSAGES = 20_000;
    private static final int FORKS = 5;

    /** @return the reference stages' names, in run order, each with a centre of its own in ns */
    private static Map<String, Double> referenceStages() {
        Map<String, Double> stages = new LinkedHashMap<>();
        stages.put("parse", 21.0);
        stages.put("book", 27.0);
        stages.put("decide", 22.0);
        stages.put("encode", 42.0);
        return stages;
    }

    /** @return a stage's samples on a 10 ns counter step: most at its centre's step, a tail, a rare long one */
    private static double[] samples(SplittableRandom random, double centreNs) {
        double[] ns = new double[MESSAGES];
        for (int i = 0; i < MESSAGES; i++) {
            double x = centreNs * (0.8 + 0.4 * random.nextDouble())
                    + (random.nextInt(50) == 0 ? 40 * random.nextDouble() : 0)
                    + (random.nextInt(5_000) == 0 ? 2_000 * random.nextDouble() : 0);
            ns[i] = Math.max(0, Math.round(x / 10) * 10 + 0.4 * random.nextDouble() - 0.2);
        }
        return ns;
    }

    /** @return {@code outcome} with forks that saw nothing odd */
    private static BenchmarkOutcome clean(BenchmarkOutcome outcome) {
        List<ForkResult> forks = outcome.forks().stream()
                .map(f -> new ForkResult(
                        f.run(),
                        f.ruler(),
                        f.placement(),
                        f.measurement(),
                        new ForkChecks(0, 0, 0, List.of(), f.checks().measuredCode(), List.of(), null),
                        f.linkVersion()))
                .toList();
        return new BenchmarkOutcome(
                        outcome.descriptor(), forks, outcome.failures(), outcome.perFork(), outcome.merged())
                .withTail(List.of(exampleTail(outcome)));
    }

    /**
     * @return a tail as a run reads it from its raw stamps, which a fixture has none of: its messages above p99.9, the
     *     slowest the largest sample, a quarter of them in passes that waited in the run queue against a tenth of every
     *     message, and a benchmark's tail on a shared core as often as its place in the run says
     */
    private static TailExemplars exampleTail(BenchmarkOutcome outcome) {
        String series = outcome.descriptor().stages().size() > 1
                ? "total"
                : outcome.descriptor().stages().get(0);
        Distribution d = outcome.merged().get(series);
        double sharedShare = 0.1 * (outcome.descriptor().name().length() % 4);
        TailExemplars.Exemplar slowest =
                new TailExemplars.Exemplar(31_337, null, 2, 1, d.max(), 1_337, 0.5, 12_000, 1, false, true);
        return new TailExemplars(
                series,
                d.percentile(TailExemplars.FROM_PERCENTILE),
                (int) (d.count() / 1000),
                List.of(slowest),
                new TailExemplars.Coincidence(0.25, 0.25, sharedShare, 0.6),
                new TailExemplars.Coincidence(0.1, 0.1, sharedShare / 2, null));
    }

    /**
     * @param fiveForks whether both sides are two runs of five forks of the four stand-alone stages (which can call
     *     nothing over their rows: the gate's two lines), else thirteen forks a side of parse and encode with encode 10
     *     % slower in B (the whole output)
     * @return {@code diff A B --fail-on-regression}'s output over two stored fixture runs, their folders as under
     *     results/
     */
    private static String gate(boolean fiveForks) {
        try {
            Path results = Files.createTempDirectory("stagebench-doc-example");
            try {
                Path a = fixtureRun(results, "0123456789ab", "20261205-101500", 0, fiveForks);
                Path b = fixtureRun(results, "fedcba987654", "20261205-102000", fiveForks ? 0 : 0.10, fiveForks);
                StringWriter out = new StringWriter();
                StringWriter err = new StringWriter();
                Main.run(
                        new String[] {
                            "diff",
                            a.toString(),
                            b.toString(),
                            "--fail-on-regression",
                            "--stat",
                            "tmean,p99",
                            "--results",
                            results.toString()
                        },
                        new PrintWriter(out, true),
                        new PrintWriter(err, true));
                String text = out.toString().replace(results + "/", "results/");
                // unable to judge, the gate's two lines say it all: the tables under them are the other example's
                return fiveForks ? text.substring(0, text.indexOf("\n\n") + 1) : text;
            } finally {
                delete(results);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * @return {@code diff A B --stat tmean} over two stored runs of thirteen encode forks whose passes were probed: B 3
     *     % slower, and six of A's forks half in a spell of another guest on the core (30 % slower while it lasted),
     *     which hides most of the change from every sample's tmean and none of it from the calm windows'
     */
    private static String calmDiff() {
        try {
            Path results = Files.createTempDirectory("stagebench-doc-example");
            try {
                double[] spread = {-0.02, 0.01, -0.015, 0.02, 0, -0.01, 0.015, -0.005, 0.005, 0.01, -0.02, 0.02, 0};
                int[] spelled = {10, 0, 10, 0, 10, 0, 10, 0, 10, 0, 10, 0, 0};
                double[] a = new double[spread.length];
                double[] b = new double[spread.length];
                for (int i = 0; i < spread.length; i++) {
                    a[i] = 42 * (1 + spread[i]) * (1 + 0.3 * spelled[i] / 20.0);
                    b[i] = 42 * 1.03 * (1 + spread[(i + 5) % spread.length]);
                }
                Path runA = SummaryFixture.run()
                        .commit("0123456789ab" + "0".repeat(28))
                        .benchmark("encode", Map.of("encode", a))
                        .writeTo(results.resolve("0123456789ab").resolve("20261205-101500"));
                Path runB = SummaryFixture.run()
                        .commit("fedcba987654" + "0".repeat(28))
                        .benchmark("encode", Map.of("encode", b))
                        .writeTo(results.resolve("fedcba987654").resolve("20261205-102000"));
                SummaryFixture.probeWindows(runA, "encode", "encode", 20, spelled, 0.3);
                SummaryFixture.probeWindows(runB, "encode", "encode", 20, new int[] {0}, 0.3);
                StringWriter out = new StringWriter();
                Main.run(
                        new String[] {
                            "diff", runA.toString(), runB.toString(), "--stat", "tmean", "--results", results.toString()
                        },
                        new PrintWriter(out, true),
                        new PrintWriter(new StringWriter(), true));
                return out.toString().replace(results + "/", "results/");
            } finally {
                delete(results);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path fixtureRun(Path results, String commit, String runId, double encodeShift, boolean fiveForks) {
        SummaryFixture run = SummaryFixture.run().commit(commit + "0".repeat(28));
        double[] spread = fiveForks
                ? new double[] {-0.02, -0.01, 0, 0.01, 0.02}
                : new double[] {-0.03, -0.02, -0.015, -0.01, -0.005, 0, 0.002, 0.005, 0.01, 0.015, 0.02, 0.025, 0.03};
        for (Map.Entry<String, Double> stage : referenceStages().entrySet()) {
            if (!fiveForks && !List.of("parse", "encode").contains(stage.getKey())) {
                continue; // two benchmarks show the table; five are what leave five forks a side unable to call
            }
            double[] forks = new double[spread.length];
            double shift = stage.getKey().equals("encode") ? encodeShift : 0;
            for (int i = 0; i < forks.length; i++) {
                forks[i] = stage.getValue()
                        * (1 + spread[(i * 7 + stage.getKey().length()) % spread.length])
                        * (1 + shift);
            }
            run.benchmark(stage.getKey(), Map.of(stage.getKey(), forks));
        }
        return run.writeTo(results.resolve(commit).resolve(runId));
    }

    // ---- the check ----

    /** A fenced block of a document, with the output marker before it, if any. */
    private record Block(Path file, int line, String language, String marker, String text) {}

    private static List<Block> blocks(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        List<Block> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (!line.startsWith("```")) {
                continue;
            }
            String language = line.substring(3).strip();
            Matcher marker = i > 0 ? MARKER.matcher(lines.get(i - 1).strip()) : MARKER.matcher("");
            int start = i;
            StringBuilder text = new StringBuilder();
            for (i++; i < lines.size() && !lines.get(i).strip().equals("```"); i++) {
                text.append(lines.get(i)).append('\n');
            }
            out.add(new Block(file, start + 1, language, marker.matches() ? marker.group(1) : null, text.toString()));
        }
        return out;
    }

    @Test
    void shouldShowOnlyOutputTheCodePrintsAndNameEveryOtherBlocksLanguage() throws IOException {
        Map<String, Supplier<String>> examples = examples();
        List<String> problems = new ArrayList<>();
        boolean write = Boolean.getBoolean("stagebench.writeDocs");
        int checked = 0;
        for (Path file : documents()) {
            List<String> lines = new ArrayList<>(Files.readAllLines(file, StandardCharsets.UTF_8));
            List<Block> found = blocks(file);
            // back to front, so a block written anew leaves the line numbers of those before it as they were
            for (int i = found.size() - 1; i >= 0; i--) {
                Block block = found.get(i);
                String where = ROOT.relativize(block.file()) + ":" + block.line();
                if (block.marker() == null) {
                    if (!LANGUAGES.contains(block.language())
                            || block.language().equals("text")) {
                        problems.add(where + ": a block that is neither marked <!-- output: NAME --> nor names its"
                                + " language (sh, java, xml, yaml, json): '```" + block.language() + "'");
                    }
                    continue;
                }
                Supplier<String> example = examples.get(block.marker());
                if (example == null) {
                    problems.add(
                            where + ": no example named " + block.marker() + " (known: " + examples.keySet() + ")");
                    continue;
                }
                checked++;
                String expected = example.get();
                if (!expected.equals(block.text())) {
                    problems.add(where + ": the output of example " + block.marker() + " is not what the code prints");
                    int first = block.line(); // the line after the opening fence, 0-based
                    int bodyLines = (int) block.text().lines().count();
                    lines.subList(first, first + bodyLines).clear();
                    lines.addAll(first, expected.lines().toList());
                }
            }
            if (write) {
                Files.write(file, lines, StandardCharsets.UTF_8);
            }
        }

        assertEquals(
                List.of(),
                write ? List.of() : problems,
                "write the outputs anew with 'mvn -q test -pl harness"
                        + " -Dtest=DocExamplesTest -Dstagebench.writeDocs=true'");
        assertTrue(write || checked > 0 || problems.isEmpty(), "no example checked");
    }

    @Test
    void shouldPrintEveryExampleWhenAsked() {
        if (Boolean.getBoolean("stagebench.printExamples")) {
            examples()
                    .forEach((name, example) -> System.out.println("<!-- output: " + name + " -->\n" + example.get()));
        }
        assertTrue(
                examples().values().stream().map(Supplier::get).noneMatch(String::isBlank),
                "an example printed nothing");
    }

    @Test
    void shouldFindAPlantedOutputThatTheCodeNoLongerPrints() throws IOException {
        Path planted = Files.createTempFile("planted", ".md");
        try {
            Files.writeString(
                    planted,
                    "<!-- output: diff-gate-fail -->\n```text\ngate: PASS, as it never was\n```\n\n```\n"
                            + "an unnamed block\n```\n");
            List<Block> found = blocks(planted);

            assertEquals(2, found.size());
            assertEquals("diff-gate-fail", found.get(0).marker());
            assertTrue(
                    !examples().get("diff-gate-fail").get().equals(found.get(0).text()), "the planted output differs");
            assertEquals("", found.get(1).language(), "the unnamed block is found, and refused by the check above");
        } finally {
            Files.delete(planted);
        }
    }
}
