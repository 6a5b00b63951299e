package io.stagebench.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChildProcessesTest {

    private final ByteArrayOutputStream said = new ByteArrayOutputStream();
    private final PrintStream err = new PrintStream(said, true, StandardCharsets.UTF_8);
    private final ChildProcesses children = ChildProcesses.detached();

    @TempDir
    Path dir;

    @Test
    void shouldKillForksAndCommandsInOneStopSayingWhatAndDeleteTheirOutputAndTheTemporaryPathsLeft() throws Exception {
        Path out = Files.createFile(dir.resolve("build.out"));
        Process fork = children.startFork(new ProcessBuilder("sleep", "60"));
        Process build = children.startCommand(new ProcessBuilder("sleep", "60"), "the build of commit abc", out);
        Process done = children.startCommand(new ProcessBuilder("true"), "git rev-parse HEAD");
        done.waitFor();
        children.ended(done);
        Path left = children.temporary(() -> Files.createDirectories(dir.resolve("worktree/a")));
        Path deleted = children.temporary(() -> Files.createFile(dir.resolve("deleted")));
        children.forget(deleted);

        assertEquals(1, children.stop(err));

        assertFalse(fork.isAlive());
        assertFalse(build.isAlive());
        assertEquals(
                "stagebench: stopping: killed 1 running fork(s) (pid " + fork.pid() + ")\n"
                        + "stagebench: stopping: killed the build of commit abc (pid " + build.pid()
                        + ") and what it started\n",
                said.toString(StandardCharsets.UTF_8));
        assertFalse(Files.exists(out));
        assertFalse(Files.exists(left));
        assertTrue(Files.exists(deleted), "a path its thread handed on is not the stop's to delete");
    }

    @Test
    void shouldStartNothingOnceStoppingButOnAThreadThatCleansUp() throws Exception {
        children.stop(err);

        assertTrue(children.isStopping());
        IOException refused =
                assertThrows(IOException.class, () -> children.startCommand(new ProcessBuilder("true"), "git"));
        assertEquals("stagebench is stopping: true is not started", refused.getMessage());
        assertThrows(IOException.class, () -> children.startFork(new ProcessBuilder("true")));
        assertThrows(IOException.class, () -> children.temporary(() -> Files.createFile(dir.resolve("late"))));
        Process prune = children.asCleanup(() -> {
            try {
                return children.startCommand(new ProcessBuilder("true"), "git worktree prune");
            } catch (IOException e) {
                throw new AssertionError(e);
            }
        });
        assertEquals(0, prune.waitFor());
    }

    @Test
    void shouldStopOnceWhenTwoHooksAskAndKillNothingTheSecondTime() throws Exception {
        Process fork = children.startFork(new ProcessBuilder("sleep", "60"));

        assertEquals(1, children.stop(err));
        assertEquals(0, children.stop(err));
        assertFalse(fork.isAlive());
        assertEquals(1, said.toString(StandardCharsets.UTF_8).lines().count());
    }
}
