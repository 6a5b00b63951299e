package io.stagebench.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.link.ForkEntry;
import io.stagebench.testing.StartsProcesses;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@StartsProcesses
class GitWorktreeTest {

    @TempDir
    Path repo;

    private String git(String... args) throws IOException, InterruptedException {
        return TestGit.git(repo, args);
    }

    private String commitAFile(String content) throws Exception {
        Files.writeString(repo.resolve("file.txt"), content);
        git("add", "file.txt");
        git("commit", "-q", "-m", content);
        return git("rev-parse", "HEAD");
    }

    @Test
    void shouldCheckOutTheCommitBesideTheWorkTreeAndRemoveIt() throws Exception {
        git("init", "-q");
        String old = commitAFile("old");
        commitAFile("new");

        Path dir;
        try (GitWorktree worktree = GitWorktree.add(repo, old)) {
            dir = worktree.dir();
            assertEquals("old", Files.readString(dir.resolve("file.txt")));
            assertEquals(old, worktree.commit());
            assertTrue(git("worktree", "list").contains(dir.toString()));
            assertEquals(
                    dir.resolve("stages/target/stagebench-stages.jar") + ":" + dir.resolve("stages/target/lib") + "/*",
                    worktree.classPath());
        }

        assertFalse(Files.exists(dir));
        assertFalse(Files.exists(dir.getParent()));
        assertFalse(git("worktree", "list").contains(dir.toString()));
        assertEquals("new", Files.readString(repo.resolve("file.txt")));
    }

    @Test
    void shouldRemoveTheWorktreeWhenTheBuildFails() throws Exception {
        git("init", "-q");
        String commit = commitAFile("not a maven project");

        Path dir;
        try (GitWorktree worktree = GitWorktree.add(repo, commit)) {
            dir = worktree.dir();
            IOException e = assertThrows(IOException.class, () -> worktree.build(ForkEntry.MAIN_RESOURCES));
            assertTrue(e.getMessage().startsWith("the build of commit " + commit.substring(0, 12)), e.getMessage());
        }

        assertFalse(Files.exists(dir));
    }

    @Test
    void shouldSnapshotTheWorkingTreeWithItsUncommittedChangesButNotItsIgnoredFiles() throws Exception {
        git("init", "-q");
        Files.writeString(repo.resolve(".gitignore"), "target/\n");
        Files.createDirectories(repo.resolve("src"));
        for (String name : List.of("edited", "staged", "deleted", "renamed", "same")) {
            Files.writeString(repo.resolve("src").resolve(name), "committed " + name);
        }
        git("add", ".");
        git("commit", "-q", "-m", "base");
        Files.writeString(repo.resolve("src/edited"), "edited, not staged");
        Files.writeString(repo.resolve("src/staged"), "edited and staged");
        git("add", "src/staged");
        git("rm", "-q", "src/deleted");
        git("mv", "src/renamed", "src/moved");
        Files.createDirectories(repo.resolve("src/fresh"));
        Files.writeString(repo.resolve("src/fresh/untracked"), "new, never added");
        Files.createDirectories(repo.resolve("target"));
        Files.writeString(repo.resolve("target/output"), "build output");

        Path dir;
        try (GitWorktree snapshot = GitWorktree.addWorkingTree(repo.resolve("src"))) {
            dir = snapshot.dir();
            assertEquals("edited, not staged", Files.readString(dir.resolve("src/edited")));
            assertEquals("edited and staged", Files.readString(dir.resolve("src/staged")));
            assertEquals("committed same", Files.readString(dir.resolve("src/same")));
            assertEquals("committed renamed", Files.readString(dir.resolve("src/moved")));
            assertEquals("new, never added", Files.readString(dir.resolve("src/fresh/untracked")));
            assertFalse(Files.exists(dir.resolve("src/deleted")));
            assertFalse(Files.exists(dir.resolve("src/renamed")));
            assertFalse(Files.exists(dir.resolve("target")));
        }

        assertFalse(Files.exists(dir));
        assertEquals("edited, not staged", Files.readString(repo.resolve("src/edited")));
    }

    @Test
    void shouldBuildWithAnyCommandInTheProjectsFolderAndQuoteItsErrors() throws Exception {
        git("init", "-q");
        Files.createDirectories(repo.resolve("app"));
        Files.writeString(repo.resolve("app/input"), "source");
        git("add", ".");
        git("commit", "-q", "-m", "app");
        String commit = git("rev-parse", "HEAD");

        try (GitWorktree worktree = GitWorktree.add(repo, commit)) {
            worktree.build("mkdir -p out && cp input out/built", Path.of("app"));
            assertEquals("source", Files.readString(worktree.dir().resolve("app/out/built")));

            IOException e = assertThrows(
                    IOException.class,
                    () -> worktree.build("echo 'ERROR: no compiler here' >&2; exit 3", Path.of("app")));
            assertEquals(
                    "the build of commit " + commit.substring(0, 12)
                            + " (echo 'ERROR: no compiler here' >&2; exit 3 in "
                            + worktree.dir().resolve("app") + ") failed (exit 3): ERROR: no compiler here",
                    e.getMessage());
        }
    }

    @Test
    void shouldSayWhyAWorktreeCannotBeAdded() throws Exception {
        git("init", "-q");
        commitAFile("x");

        IOException e = assertThrows(
                IOException.class, () -> GitWorktree.add(repo, "0000000000000000000000000000000000000000"));

        assertTrue(e.getMessage().startsWith("git worktree add failed"), e.getMessage());
    }
}
