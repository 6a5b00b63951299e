package io.stagebench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.process.LauncherWatch;
import io.stagebench.store.RunStore;
import io.stagebench.testing.StartsProcesses;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real launcher ({@code stagebench run} in a JVM of its own) running real forks, stopped the ways a user or a CI job
 * stops it: SIGTERM and SIGKILL of the launcher, SIGKILL of a fork. The forks spin (built-in {@code spin}) long enough
 * to be caught measuring.
 */
@StartsProcesses
class LauncherSignalsTest {

    /** 26,000 ticks is about 10 us on a 2.6 GHz counter. */
    private static final String SPIN_TICKS = "ticks=26000";
    /**
     * Messages a pass of the forks that are let finish: 40,000 is about 0.5 s a pass, long enough to be caught
     * measuring. A pass during which the JIT compiled is discarded and run again, so such a fork runs several.
     */
    private static final String PASS_MESSAGES = "40000";

    @TempDir
    Path results;

    private Process launcher;
    private final StringBuffer stderr = new StringBuffer();
    private final List<ProcessHandle> started = new ArrayList<>();

    @AfterEach
    void killWhateverIsLeft() {
        started.forEach(ProcessHandle::destroyForcibly);
        if (launcher != null) {
            launcher.destroyForcibly();
        }
    }

    @Test
    void shouldLeaveNoForkAliveFiveSecondsAfterSigtermAndNameTheIncompleteRunFolder() throws Exception {
        startLauncher("--forks", "1", "-n", "2000000");
        List<ProcessHandle> forks = forksOnceMeasuring("[spin fork 1/1] measuring");

        launcher.toHandle().destroy(); // SIGTERM (Process.destroy would also close the pipes this test reads)

        assertTrue(launcher.waitFor(10, TimeUnit.SECONDS), "the launcher did not exit: " + stderr);
        assertEquals(143, launcher.exitValue(), stderr.toString());
        assertNoneAliveWithin(forks, 5);
        assertTrue(stderr.toString().contains("stagebench: stopping: killed 1 running fork(s)"), stderr.toString());
        assertTrue(stderr.toString().contains("stagebench: stopping: run folder " + results), stderr.toString());
        assertTrue(stderr.toString().contains("is left incomplete (no summary.json"), stderr.toString());
        assertEquals(List.of(), summaries(), "a stopped run is never stored");
    }

    @Test
    void shouldKeepWhatTheFinishedForksMeasuredWhenStoppedWithSigint() throws Exception {
        startLauncher("--forks", "3", "-n", PASS_MESSAGES, "--replicas", "1");
        List<ProcessHandle> forks = forksOnceMeasuring("[spin fork 2/3] measuring");

        new ProcessBuilder("kill", "-INT", Long.toString(launcher.pid()))
                .start()
                .waitFor();

        assertTrue(launcher.waitFor(30, TimeUnit.SECONDS), "the launcher did not exit: " + stderr);
        String out = new String(launcher.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        List<String> lines = out.strip().lines().toList();
        assertEquals(130, launcher.exitValue(), out + stderr);
        assertNoneAliveWithin(forks, 5);
        assertTrue(
                lines.get(lines.size() - 1)
                        .startsWith("*** STOPPED: the run was stopped after 1 of 3 forks; what they"
                                + " measured is stored in "),
                out);
        assertEquals(1, summaries().size(), "the finished fork is stored: " + stderr);
        String summary = Files.readString(summaries().get(0));
        assertTrue(summary.contains("the run was stopped (SIGINT or SIGTERM) after 1 of 3 forks"), summary);
        assertFalse(stderr.toString().contains("is left incomplete"), stderr.toString());
        assertTrue(
                Files.exists(summaries().get(0).resolveSibling(RunStore.REPORT)), "its report is written too: " + out);
    }

    @Test
    void shouldStopTheForkOnItsOwnWhenTheLauncherIsKilledWithSigkill() throws Exception {
        startLauncher("--forks", "1", "-n", "2000000");
        List<ProcessHandle> forks = forksOnceMeasuring("[spin fork 1/1] measuring");

        launcher.toHandle().destroyForcibly(); // SIGKILL: no shutdown hook runs

        assertTrue(launcher.waitFor(10, TimeUnit.SECONDS));
        assertNoneAliveWithin(forks, 5);
        waitFor("the launcher (pid " + launcher.pid() + ") is gone: stopping this fork", 5);
        assertEquals(List.of(), summaries());
    }

    @Test
    void shouldStoreTheOtherForksAndSayInTheLastLineThatAForkWasKilled() throws Exception {
        startLauncher("--forks", "2", "-n", PASS_MESSAGES, "--replicas", "1");
        List<ProcessHandle> forks = forksOnceMeasuring("[spin fork 1/2] measuring");

        forks.forEach(ProcessHandle::destroyForcibly); // SIGKILL the fork, not the launcher

        assertTrue(launcher.waitFor(120, TimeUnit.SECONDS), "the launcher did not finish: " + stderr);
        String out = new String(launcher.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        List<String> lines = out.strip().lines().toList();
        assertEquals(1, launcher.exitValue(), out + stderr);
        assertEquals(
                "*** FAILED: 1 of 2 forks failed; the results are from the others: spin fork 1/2 killed by SIGKILL"
                        + " (exit status 137); its output is above",
                lines.get(lines.size() - 1),
                out);
        assertTrue(out.contains("spin: 1/2 forks"), out);
        assertEquals(1, summaries().size(), "the run is stored with the fork that succeeded");
    }

    private void startLauncher(String... measure) throws IOException {
        // env --default-signal: a build run in the background of a script starts this JVM, and so the launcher,
        // ignoring SIGINT, which the launcher could then never see
        List<String> command = new ArrayList<>(List.of("env", "--default-signal=INT,TERM"));
        command.addAll(CommandLineProcess.command(
                "run",
                "spin",
                "--param",
                SPIN_TICKS,
                "-w",
                "0",
                "--no-mlock",
                "--no-raw",
                "--results",
                results.toString()));
        command.addAll(List.of(measure));
        launcher = new ProcessBuilder(command).start();
        launcher.getOutputStream().close();
        Thread reader = new Thread(() -> copy(launcher.getErrorStream()), "launcher stderr");
        reader.setDaemon(true);
        reader.start();
    }

    private void copy(InputStream in) {
        byte[] buffer = new byte[4096];
        try (in) {
            for (int n; (n = in.read(buffer)) >= 0; ) {
                stderr.append(new String(buffer, 0, n, StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            stderr.append("[stderr closed: ").append(e.getMessage()).append(']');
        }
    }

    /**
     * Waits for {@code progress} on the launcher's stderr; returns the forks then alive, found by their command line.
     */
    private List<ProcessHandle> forksOnceMeasuring(String progress) throws InterruptedException {
        waitFor(progress, 90);
        String marker = "-D" + LauncherWatch.PID_PROPERTY + "=" + launcher.pid();
        List<ProcessHandle> forks = launcher.descendants()
                .filter(p -> p.info()
                        .arguments()
                        .map(args -> List.of(args).contains(marker))
                        .orElse(false))
                .toList();
        started.addAll(forks);
        assertEquals(1, forks.size(), "one fork measuring: " + forks + "\n" + stderr);
        return forks;
    }

    private void waitFor(String text, int seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!stderr.toString().contains(text)) {
            assertTrue(System.nanoTime() < deadline, "no '" + text + "' within " + seconds + " s:\n" + stderr);
            assertTrue(
                    launcher.isAlive() || stderr.toString().contains(text) || text.contains("is gone"),
                    "the launcher ended early:\n" + stderr);
            Thread.sleep(50);
        }
    }

    private static void assertNoneAliveWithin(List<ProcessHandle> forks, int seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (forks.stream().anyMatch(ProcessHandle::isAlive) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertFalse(forks.stream().anyMatch(ProcessHandle::isAlive), "a fork is still alive " + seconds + " s later");
    }

    private List<Path> summaries() throws IOException {
        try (Stream<Path> files = Files.walk(results)) {
            return files.filter(f -> f.getFileName().toString().equals(RunStore.SUMMARY))
                    .toList();
        }
    }
}
