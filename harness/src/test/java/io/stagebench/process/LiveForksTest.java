package io.stagebench.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.system.ChildProcesses;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class LiveForksTest {

    private final ByteArrayOutputStream said = new ByteArrayOutputStream();
    private final PrintStream err = new PrintStream(said, true, StandardCharsets.UTF_8);
    private final LiveForks live = new LiveForks(false, ChildProcesses.detached());

    @Test
    void shouldKillTheForksStillRunningAndNameTheRunFoldersNotStored() throws Exception {
        Process running = live.start(new ProcessBuilder("sleep", "60"));
        Process done = live.start(new ProcessBuilder("true"));
        done.waitFor();
        live.ended(done);
        live.runStarted(Path.of("results/abc/1"));
        live.runStarted(Path.of("results/abc/2"));
        live.runStored(Path.of("results/abc/2"));

        int killed = live.stop(err);

        assertEquals(1, killed);
        assertFalse(running.isAlive());
        assertEquals(
                "stagebench: stopping: killed 1 running fork(s) (pid " + running.pid() + ")\n"
                        + "stagebench: stopping: run folder results/abc/1 is left incomplete (no summary.json; diff, report and"
                        + " history skip it): delete it, or keep it for its forks' files\n",
                said.toString(StandardCharsets.UTF_8));
    }

    @Test
    void shouldStartNoForkAndStoreNoRunOnceStopping() {
        live.runStarted(Path.of("results/abc/1"));
        live.stop(err);

        assertThrows(IOException.class, () -> live.start(new ProcessBuilder("sleep", "60")));
        IllegalStateException e =
                assertThrows(IllegalStateException.class, () -> live.runStored(Path.of("results/abc/1")));
        assertTrue(e.getMessage().contains("is not stored"), e.getMessage());
    }

    @Test
    void shouldSayNothingWhenNothingIsLeft() {
        live.runStarted(Path.of("results/abc/1"));
        live.runStored(Path.of("results/abc/1"));

        assertEquals(0, live.stop(err));
        assertEquals("", said.toString(StandardCharsets.UTF_8));
    }

    @Test
    void shouldStillNameTheRunFolderOfACommandThatAStopEndedWithNothingToKeep() throws Exception {
        live.keepOnStop();
        live.runStarted(Path.of("results/abc/1"));
        Thread hook = new Thread(() -> live.stop(err));
        hook.start();
        while (!live.isStopping()) {
            Thread.sleep(1);
        }

        // the command's forks were killed before any finished: it returns, and its return may come first
        live.commandEnded();
        live.keepEnded();
        hook.join(10_000);

        assertFalse(hook.isAlive());
        assertTrue(
                said.toString(StandardCharsets.UTF_8).contains("run folder results/abc/1 is left incomplete"),
                said.toString(StandardCharsets.UTF_8));
    }
}
