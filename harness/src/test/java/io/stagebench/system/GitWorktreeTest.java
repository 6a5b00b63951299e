package io.stagebench.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GitWorktreeTest {

    @TempDir
    Path repo;

    private String git(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("git", "-c", "user.name=test", "-c", "user.email=test@example.com",
                "-c", "init.defaultBranch=main", "-C", repo.toString()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.waitFor(), out);
        return out.trim();
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
            assertEquals(dir.resolve("stages/target/stagebench-stages.jar") + ":" + dir.resolve("stages/target/lib") + "/*",
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
            IOException e = assertThrows(IOException.class, worktree::build);
            assertTrue(e.getMessage().startsWith("the build of commit " + commit.substring(0, 12)), e.getMessage());
        }

        assertFalse(Files.exists(dir));
    }

    @Test
    void shouldSayWhyAWorktreeCannotBeAdded() throws Exception {
        git("init", "-q");
        commitAFile("x");

        IOException e = assertThrows(IOException.class,
                () -> GitWorktree.add(repo, "0000000000000000000000000000000000000000"));

        assertTrue(e.getMessage().startsWith("git worktree add failed"), e.getMessage());
    }
}
