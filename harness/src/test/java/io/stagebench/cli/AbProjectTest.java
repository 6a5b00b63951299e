package io.stagebench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.system.TestGit;
import io.stagebench.testing.StartsProcesses;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ab} in a project of its own, end to end: a git repository whose one benchmark spins a different, known number
 * of ticks in each version, built by its own command (javac, as {@code --build}) and compared from its own folder.
 */
@StartsProcesses
class AbProjectTest {

    @TempDir
    Path repo;

    private void writeBenchmark(long ticks) throws Exception {
        HoldProject.write(repo, ticks, "hold " + ticks + " ticks");
    }

    @Test
    void shouldBuildEachSideWithTheProjectsOwnCommandAndMeasureEachSidesOwnCode() throws Exception {
        Files.writeString(repo.resolve(".gitignore"), "out/\nresults/\n");
        TestGit.git(repo, "init", "-q");
        writeBenchmark(2_000);
        TestGit.git(repo, "add", ".");
        TestGit.git(repo, "commit", "-q", "-m", "hold 2000 ticks");
        String old = TestGit.git(repo, "rev-parse", "--short=12", "HEAD");
        writeBenchmark(3_000);
        TestGit.git(repo, "commit", "-q", "-am", "hold 3000 ticks");
        String head = TestGit.git(repo, "rev-parse", "--short=12", "HEAD");
        writeBenchmark(4_000); // B is the working tree: this uncommitted change, not HEAD
        String build = HoldProject.build();

        CommandLineProcess.Result ab = CommandLineProcess.run(
                repo,
                "ab",
                "HEAD~1",
                "hold",
                "--build",
                build,
                "--classpath",
                "out",
                "--forks",
                "2",
                "--warmup",
                "100000",
                "--messages",
                "5000",
                "--replicas",
                "1",
                "--stat",
                "p50");

        assertEquals(0, ab.exitCode(), ab.err());
        StoredStage.read(repo.resolve("results").resolve(old), "hold", "hold").assertSpun(2_000);
        StoredStage.read(repo.resolve("results").resolve(head + "-dirty"), "hold", "hold")
                .assertSpun(4_000);
        assertTrue(ab.out().contains("hold"), ab.out());
        assertTrue(ab.err().contains("[ab] building B, the working tree"), ab.err());
        String own = "worktree " + repo.toRealPath();
        assertEquals(
                "",
                TestGit.git(repo, "worktree", "list", "--porcelain")
                        .lines()
                        .filter(l -> l.startsWith("worktree ") && !l.equals(own))
                        .collect(Collectors.joining()),
                "ab leaves no worktree behind");
        assertTrue(Files.notExists(repo.resolve("out")), "the working tree's own build output is not touched");
    }
}
