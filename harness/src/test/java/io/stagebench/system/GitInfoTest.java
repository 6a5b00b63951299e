package io.stagebench.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.testing.StartsProcesses;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GitInfoTest {

    @Test
    void shouldNameGitsRefusalOfAnotherUsersCheckoutAndItsFix() {
        SystemFiles.Output refused = new SystemFiles.Output(128, "", """
                fatal: detected dubious ownership in repository at '/srv/app'
                To add an exception for this directory, call:

                \tgit config --global --add safe.directory /srv/app
                """);

        assertEquals(
                "git refuses to read /srv/app: detected dubious ownership in repository at '/srv/app'"
                        + " (fix: git config --global --add safe.directory /srv/app)",
                GitInfo.problem("/srv/app", Optional.of(refused)));
    }

    @Test
    void shouldSayAFolderOutsideAnyCheckoutIsOne() {
        SystemFiles.Output none = new SystemFiles.Output(
                128, "", "fatal: not a git repository (or any of the parent directories): .git\n");

        assertEquals("/tmp/x is not in a git checkout", GitInfo.problem("/tmp/x", Optional.of(none)));
        assertEquals("git could not be run in /tmp/x (is it installed?)", GitInfo.problem("/tmp/x", Optional.empty()));
    }

    @Test
    void shouldCountATrackedChangeOrAnUntrackedSourceOutsideTheResultStoreAsAChange() {
        Path top = Path.of("/work/project");
        List<Path> store = List.of(top.resolve("results"));

        assertTrue(GitInfo.changed("?? src/main/java/x/Encode2Benchmark.java\0", top, store));
        assertTrue(GitInfo.changed(" M src/main/java/x/EncodeBenchmark.java\0", top, store));
        assertFalse(GitInfo.changed("?? results/0123456789ab/20261205-101010/src/Copy.java\0", top, store));
        assertTrue(GitInfo.changed("?? results/0123456789ab/20261205-101010/src/Copy.java\0", top, List.of()));
        assertFalse(GitInfo.changed("", top, store));
        // what a script writes beside the checkout - CI's run.txt, a gate's gate.md - is no source
        assertFalse(GitInfo.changed("?? run.txt\0?? gate.md\0?? ab.log\0", top, store));
        assertTrue(GitInfo.changed("?? gate.md\0?? native/src/extra.c\0", top, store));
        assertTrue(GitInfo.changed("?? tools/pom.xml\0", top, store));
    }

    @Test
    @StartsProcesses
    void shouldStoreARunWithAnUntrackedSourceAsDirtyButNotOneBesideIgnoredOrStoredFiles(@TempDir Path repo)
            throws Exception {
        Files.writeString(repo.resolve(".gitignore"), "target/\n");
        Files.writeString(repo.resolve("Bench.java"), "class Bench {}");
        TestGit.git(repo, "init", "-q");
        TestGit.git(repo, "add", ".");
        TestGit.git(repo, "commit", "-q", "-m", "first");
        Files.createDirectories(repo.resolve("target"));
        Files.writeString(repo.resolve("target/Bench.class"), "built");
        Files.createDirectories(repo.resolve("results/run"));
        Files.writeString(repo.resolve("results/run/summary.json"), "{}");
        List<Path> store = List.of(repo.toRealPath().resolve("results"));

        assertFalse(GitInfo.read(repo, store).dirty(), "build output and stored runs are not sources");
        Files.writeString(repo.resolve("Bench2.java"), "class Bench2 {}");
        assertTrue(GitInfo.read(repo, store).dirty(), "a new, untracked source is");
        assertTrue(GitInfo.read(repo, store).folderName().endsWith("-dirty"));
    }

    @Test
    void shouldTellAKnownCommitFromAnUnknownOne() {
        assertTrue(new GitInfo("0123456789abcdef", "0123456789ab", false, "main").known());
        GitInfo unknown =
                new GitInfo(GitInfo.NO_COMMIT, GitInfo.NO_COMMIT, false, "", "git refuses to read /srv/app: ...");
        assertFalse(unknown.known());
        assertEquals("nocommit", unknown.folderName());
    }
}
