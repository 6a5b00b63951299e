package io.stagebench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.stagebench.json.Json;
import io.stagebench.system.TestGit;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bisect}, {@code git bisect run} with {@code bisect --step}, and {@code history}, end to
 * end on a project of 8 commits whose one benchmark spins 2 000 counter ticks, until the fifth
 * commit makes it 6 000: each commit built by its own command (javac) in a worktree of its own.
 */
class BisectTest {

    private static final String[] MEASURE = {"--warmup", "100000", "--messages", "5000"};

    @TempDir
    Path repo;

    private final List<String> commits = new ArrayList<>();

    private void commit(long ticks, String subject) throws Exception {
        HoldProject.write(repo, ticks, subject);
        TestGit.git(repo, "add", ".");
        TestGit.git(repo, "commit", "-q", "-m", subject);
        commits.add(TestGit.git(repo, "rev-parse", "HEAD"));
    }

    private String[] args(String... first) {
        List<String> all = new ArrayList<>(List.of(first));
        all.addAll(List.of(MEASURE));
        return all.toArray(String[]::new);
    }

    @Test
    void shouldNameTheCommitThatAddedTheDelayByBisectByGitBisectRunAndAsHistorysOneChangePoint() throws Exception {
        Files.writeString(repo.resolve(".gitignore"), "out/\nresults/\nstep.sh\n");
        TestGit.git(repo, "init", "-q");
        for (int i = 1; i <= 8; i++) {
            commit(i < 5 ? 2_000 : 6_000, i == 5 ? "hold 6000 ticks" : "commit " + i);
        }
        String culprit = commits.get(4);

        // bad input: one line, exit 2, nothing measured
        CommandLineProcess.Result reversed = CommandLineProcess.run(repo, "bisect", commits.get(7), commits.get(0), "hold");
        assertEquals(2, reversed.exitCode(), reversed.err());
        assertTrue(reversed.err().strip().lines().count() == 1 && reversed.err().contains("is not an ancestor of"), reversed.err());
        CommandLineProcess.Result unknown = CommandLineProcess.run(repo, args("bisect", commits.get(0), commits.get(7), "nope",
                "--build", HoldProject.build(), "--classpath", "out", "--forks", "5"));
        assertEquals(2, unknown.exitCode(), unknown.err());
        assertTrue(unknown.err().strip().lines().reduce((a, b) -> b).orElse("").contains("has no benchmark nope"), unknown.err());
        CommandLineProcess.Result none = CommandLineProcess.run(repo, "history", "hold");
        assertEquals(2, none.exitCode(), none.err());
        assertTrue(none.err().strip().lines().count() == 1 && none.err().contains("no stored run of hold"), none.err());

        CommandLineProcess.Result bisect = CommandLineProcess.run(repo, args("bisect", commits.get(0), commits.get(7), "hold",
                "--build", HoldProject.build(), "--classpath", "out", "--forks", "5"));

        System.out.println(bisect.out());
        assertEquals(0, bisect.exitCode(), bisect.out() + bisect.err());
        assertTrue(bisect.out().contains("first slower commit: " + culprit + " hold 6000 ticks"), bisect.out());
        Matcher count = Pattern.compile("comparisons: (\\d+) ").matcher(bisect.out());
        assertTrue(count.find(), bisect.out());
        assertTrue(Integer.parseInt(count.group(1)) <= 4, "ceil(log2 8) + 1 = 4 at most: " + bisect.out());
        assertTrue(bisect.out().contains("confirmed: "), bisect.out());
        String own = "worktree " + repo.toRealPath();
        assertEquals("", TestGit.git(repo, "worktree", "list", "--porcelain").lines()
                .filter(l -> l.startsWith("worktree ") && !l.equals(own)).collect(Collectors.joining()),
                "bisect leaves no worktree behind");

        // git bisect run, with the step: the same commit
        Path step = repo.resolve("step.sh");
        List<String> line = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "bisect", "--step", commits.get(0), "hold", "--build", HoldProject.build(), "--classpath", "out", "--forks", "5"));
        line.addAll(List.of(MEASURE));
        Files.writeString(step, "#!/bin/sh\nexec " + line.stream().map(a -> "'" + a.replace("'", "'\\''") + "'")
                .collect(Collectors.joining(" ")) + "\n");
        assertTrue(step.toFile().setExecutable(true));
        TestGit.git(repo, "bisect", "start", commits.get(7), commits.get(0));
        String run = TestGit.git(repo, "bisect", "run", step.toString());
        System.out.println(run);
        assertTrue(run.contains(culprit + " is the first bad commit"), run);
        TestGit.git(repo, "bisect", "reset");

        // a run stored per commit: history's one change point is the culprit
        for (String commit : commits) {
            if (!Files.isDirectory(repo.resolve("results").resolve(commit.substring(0, 12)))) {
                TestGit.git(repo, "checkout", "-q", commit);
                Process javac = new ProcessBuilder("sh", "-c", HoldProject.build()).directory(repo.toFile()).inheritIO().start();
                assertEquals(0, javac.waitFor());
                CommandLineProcess.Result stored = CommandLineProcess.run(repo, args("run", "hold", "--classpath", "out",
                        "--forks", "3"));
                assertEquals(0, stored.exitCode(), stored.err());
            }
        }
        TestGit.git(repo, "checkout", "-q", "main");
        CommandLineProcess.Result history = CommandLineProcess.run(repo, "history", "hold", "--json", "--html",
                repo.resolve("trend.html").toString());
        assertEquals(0, history.exitCode(), history.err());
        System.out.println(CommandLineProcess.run(repo, "history", "hold").out());
        JsonNode series = Json.mapper().readTree(history.out()).get("series").get(0);
        assertEquals(8, series.get("commits").size(), history.out());
        assertEquals(1, series.get("changePoints").size(), history.out());
        assertEquals(culprit, series.get("changePoints").get(0).get("commit").asText(), history.out());
        assertTrue(Files.readString(repo.resolve("trend.html")).contains("change point at <code>" + culprit.substring(0, 12)));
    }
}
