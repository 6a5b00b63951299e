package io.stagebench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.stagebench.config.RunConfig;
import io.stagebench.json.Json;
import io.stagebench.link.Warmup;
import io.stagebench.process.JvmFork;
import io.stagebench.result.BenchmarkOutcome;
import io.stagebench.session.MeasuringCpu;
import io.stagebench.store.RunFixture;
import io.stagebench.store.RunStore;
import io.stagebench.system.Environment;
import io.stagebench.system.GitInfo;
import io.stagebench.system.SystemFiles;
import io.stagebench.system.TestGit;
import io.stagebench.testing.StartsProcesses;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bisect}, {@code git bisect run} with {@code bisect --step}, and {@code history}, on projects whose one
 * benchmark spins 2 000 counter ticks until a commit makes it 6 000, each commit built by its own command (javac) in a
 * worktree of its own:
 *
 * <ul>
 *   <li>end to end on a short line of 3 commits: both sides built and measured by real forks, the culprit confirmed
 *       from the runs that stored, and found again by {@code git bisect run};
 *   <li>the search over 8 commits whose runs are stored already, as CI stores one per commit: every comparison read
 *       from them, none built or measured, and {@code history}'s one change point at the same commit. Their forks'
 *       values are written through the real store, for this machine and the configuration bisect plans, so bisect takes
 *       them for runs of its own.
 * </ul>
 */
@StartsProcesses
class BisectTest {

    private static final String[] MEASURE = {"--warmup", "20000", "--messages", "5000", "--replicas", "1"};
    private static final int FORKS = 4;

    @TempDir
    Path repo;

    private final List<String> commits = new ArrayList<>();

    private void line(int commitCount, int culprit) throws Exception {
        Files.writeString(repo.resolve(".gitignore"), "out/\nresults/\nstep.sh\n");
        TestGit.git(repo, "init", "-q");
        for (int i = 1; i <= commitCount; i++) {
            HoldProject.write(repo, i < culprit ? 2_000 : 6_000, i == culprit ? "hold 6000 ticks" : "commit " + i);
            TestGit.git(repo, "add", ".");
            TestGit.git(repo, "commit", "-q", "-m", i == culprit ? "hold 6000 ticks" : "commit " + i);
            commits.add(TestGit.git(repo, "rev-parse", "HEAD"));
        }
    }

    private static String[] args(String... first) {
        List<String> all = new ArrayList<>(List.of(first));
        all.addAll(List.of("--build", HoldProject.build(), "--classpath", "out", "--forks", Integer.toString(FORKS)));
        all.addAll(List.of(MEASURE));
        return all.toArray(String[]::new);
    }

    private void assertNoWorktreeLeft() throws Exception {
        String own = "worktree " + repo.toRealPath();
        assertEquals(
                "",
                TestGit.git(repo, "worktree", "list", "--porcelain")
                        .lines()
                        .filter(l -> l.startsWith("worktree ") && !l.equals(own))
                        .collect(Collectors.joining()),
                "bisect leaves no worktree behind");
    }

    /** @return N of the "comparisons: N (...; R from stored runs)" line, after checking it is at most {@code most} */
    private static int[] comparisons(String out, int most) {
        Matcher count = Pattern.compile("comparisons: (\\d+) .*; (\\d+) from stored runs\\)")
                .matcher(out);
        assertTrue(count.find(), out);
        int made = Integer.parseInt(count.group(1));
        assertTrue(made <= most, "at most " + most + ": " + out);
        return new int[] {made, Integer.parseInt(count.group(2))};
    }

    @Test
    void shouldNameTheCommitThatAddedTheDelayMeasuringBothSidesAndAgainAsAGitBisectRunStep() throws Exception {
        line(3, 2);
        String culprit = commits.get(1);

        // bad input: one line, exit 2, nothing measured (GOOD after BAD, and history with no stored run, are
        // HistoryCommandTest's, in this JVM: a process each here cost ~1.5 s of a suite near its 5 minutes)
        CommandLineProcess.Result unknown =
                CommandLineProcess.run(repo, args("bisect", commits.get(0), commits.get(2), "nope"));
        assertEquals(2, unknown.exitCode(), unknown.err());
        assertTrue(
                unknown.err().strip().lines().reduce((a, b) -> b).orElse("").contains("has no benchmark nope"),
                unknown.err());

        CommandLineProcess.Result bisect =
                CommandLineProcess.run(repo, args("bisect", commits.get(0), commits.get(2), "hold"));

        System.out.println(bisect.out());
        assertEquals(0, bisect.exitCode(), bisect.out() + bisect.err());
        assertTrue(bisect.out().contains("first slower commit: " + culprit + " hold 6000 ticks"), bisect.out());
        int[] made = comparisons(bisect.out(), 2); // ceil(log2 2) + 1
        assertEquals(1, made[1], "the confirmation reads the runs the measured comparison stored: " + bisect.out());
        assertTrue(bisect.err().contains("measuring " + culprit.substring(0, 12) + " (B) against "), bisect.err());
        assertTrue(bisect.out().contains("confirmed: "), bisect.out());
        assertNoWorktreeLeft();

        // git bisect run, with the step: the same commit, from the runs bisect stored
        Path step = repo.resolve("step.sh");
        List<String> line = new ArrayList<>(CommandLineProcess.command("bisect", "--step", commits.get(0), "hold"));
        line.addAll(List.of(args()));
        Files.writeString(
                step,
                "#!/bin/sh\nexec "
                        + line.stream()
                                .map(a -> "'" + a.replace("'", "'\\''") + "'")
                                .collect(Collectors.joining(" ")) + "\n");
        assertTrue(step.toFile().setExecutable(true));
        TestGit.git(repo, "bisect", "start", commits.get(2), commits.get(0));
        String run = TestGit.git(repo, "bisect", "run", step.toString());
        System.out.println(run);
        assertTrue(run.contains(culprit + " is the first bad commit"), run);
        TestGit.git(repo, "bisect", "reset");
    }

    @Test
    void shouldFindTheCulpritOfEightCommitsFromTheirStoredRunsAndMarkItAsHistorysOneChangePoint() throws Exception {
        line(8, 5);
        String culprit = commits.get(4);
        Random random = new Random(20261202);
        for (int i = 0; i < commits.size(); i++) {
            TestGit.git(repo, "checkout", "-q", commits.get(i));
            store(i < 4 ? 2_000 : 6_000, random);
        }
        TestGit.git(repo, "checkout", "-q", "main");

        CommandLineProcess.Result bisect =
                CommandLineProcess.run(repo, args("bisect", commits.get(0), commits.get(7), "hold"));

        System.out.println(bisect.out());
        assertEquals(0, bisect.exitCode(), bisect.out() + bisect.err());
        assertTrue(bisect.out().contains("first slower commit: " + culprit + " hold 6000 ticks"), bisect.out());
        int[] made = comparisons(bisect.out(), 4); // ceil(log2 7) + 1
        assertEquals(made[0], made[1], "every comparison read from the stored runs, none measured: " + bisect.err());
        assertTrue(bisect.out().contains("confirmed: "), bisect.out());
        assertTrue(
                !bisect.err().contains("building "),
                "nothing built for commits whose runs are stored: " + bisect.err());
        assertNoWorktreeLeft();

        CommandLineProcess.Result history = CommandLineProcess.run(
                repo,
                "history",
                "hold",
                "--json",
                "--html",
                repo.resolve("trend.html").toString());
        assertEquals(0, history.exitCode(), history.err());
        System.out.println(CommandLineProcess.run(repo, "history", "hold").out());
        JsonNode series = Json.mapper().readTree(history.out()).get("series").get(0);
        assertEquals(8, series.get("commits").size(), history.out());
        assertEquals(1, series.get("changePoints").size(), history.out());
        assertEquals(culprit, series.get("changePoints").get(0).get("commit").asText(), history.out());
        assertTrue(Files.readString(repo.resolve("trend.html"))
                .contains("change point at <code>" + culprit.substring(0, 12)));
    }

    /**
     * Stores a run of the checked-out commit as {@code bisect} would have measured it here: this machine's environment,
     * the configuration its options plan, and {@value #FORKS} forks of {@code hold} spinning {@code ticks} at 2.6 ticks
     * a nanosecond, each fork at a level of its own.
     */
    private void store(long ticks, Random random) throws Exception {
        int cpu = MeasuringCpu.choose(null, false).cpu();
        Path runDir = RunStore.prepareRunDir(repo.resolve("results"), GitInfo.read(repo));
        RunConfig config = RunConfig.builder(List.of("hold"), cpu, runDir)
                .forks(FORKS)
                .warmup(Warmup.ofMessages(20_000))
                .messages(5_000)
                .build();
        List<Map<String, double[]>> forks = new ArrayList<>();
        for (int f = 0; f < FORKS; f++) {
            double levelNs = ticks / 2.6 * (1 + 0.004 * random.nextGaussian());
            double[] samples = new double[5_000];
            for (int i = 0; i < samples.length; i++) {
                samples[i] = levelNs + Math.abs(random.nextGaussian()) * 3;
            }
            Map<String, double[]> series = new LinkedHashMap<>();
            series.put("hold", samples);
            forks.add(series);
        }
        BenchmarkOutcome outcome = RunFixture.outcome("hold", List.of("hold"), forks);
        List<String> jvmFlags = new ArrayList<>(JvmFork.BASE_JVM_FLAGS);
        jvmFlags.addAll(config.jvmFlags());
        RunFixture.store(
                runDir,
                config,
                List.of(outcome),
                List.of(),
                Environment.capture(SystemFiles.host(), GitInfo.read(repo), Instant.now(), cpu, jvmFlags));
    }
}
