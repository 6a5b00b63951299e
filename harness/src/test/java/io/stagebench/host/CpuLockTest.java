package io.stagebench.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.cli.Main;
import io.stagebench.config.UsageException;
import io.stagebench.testing.MachineCpus;
import io.stagebench.testing.StartsProcesses;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Another launcher on the measuring CPU is a process of its own: these start one ({@link CpuLockHolder}). */
@StartsProcesses
class CpuLockTest {

    private static final int CPU = MachineCpus.measuring();

    @TempDir
    Path locks;

    private final List<Process> holders = new ArrayList<>();

    @BeforeEach
    void useTheTestsLockFolder() {
        System.setProperty(CpuLock.DIRECTORY_PROPERTY, locks.toString());
    }

    @AfterEach
    void endTheHolders() {
        holders.forEach(Process::destroyForcibly);
        CpuLock.releaseThisThreads();
        System.clearProperty(CpuLock.DIRECTORY_PROPERTY);
    }

    private Process holder(String command) throws IOException {
        Process process = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-XX:TieredStopAtLevel=1",
                        "-D" + CpuLock.DIRECTORY_PROPERTY + "=" + locks,
                        "-cp",
                        System.getProperty("java.class.path"),
                        CpuLockHolder.class.getName(),
                        Integer.toString(CPU),
                        command)
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        holders.add(process);
        String first =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8)).readLine();
        assertEquals("held", first);
        return process;
    }

    @Test
    void shouldNameTheHolderInOneLineAndStopWhenToldNotToWait() throws Exception {
        Process other = holder("stagebench run encode -f 3");
        StringWriter err = new StringWriter();

        UsageException refused = assertThrows(
                UsageException.class,
                () -> CpuLock.acquire(CPU, "stagebench run decide", false, new PrintWriter(err), new ArrayList<>()));

        assertTrue(
                refused.getMessage()
                        .startsWith("CPU " + CPU + " is measuring for pid " + other.pid()
                                + " (stagebench run encode -f 3) since "),
                refused.getMessage());
        assertTrue(refused.getMessage().contains("--no-wait"), refused.getMessage());
        assertFalse(refused.getMessage().contains("\n"), refused.getMessage());
        assertEquals("", err.toString());
    }

    @Test
    void shouldWaitWhileAnotherLauncherMeasuresAndGoOnWhenItsProcessDies() throws Exception {
        Process other = holder("stagebench ab HEAD~1");
        StringWriter err = new StringWriter();
        List<String> warnings = new ArrayList<>();

        CompletableFuture<Optional<CpuLock.Token>> mine = CompletableFuture.supplyAsync(
                () -> CpuLock.acquire(CPU, "stagebench run", true, new PrintWriter(err, true), warnings));
        Thread.sleep(500);
        assertFalse(mine.isDone(), "took a CPU another process holds");
        other.destroyForcibly()
                .waitFor(10, TimeUnit.SECONDS); // killed: the kernel releases its lock, nothing is left stale

        Optional<CpuLock.Token> token = mine.get(10, TimeUnit.SECONDS);
        assertTrue(token.isPresent(), warnings.toString());
        assertTrue(
                err.toString()
                        .startsWith("[stagebench] CPU " + CPU + " is measuring for pid " + other.pid()
                                + " (stagebench ab HEAD~1) since "),
                err.toString());
        assertTrue(Files.readString(locks.resolve("cpu-" + CPU + ".lock"))
                .startsWith(ProcessHandle.current().pid() + "\t"));
        token.get().close();
    }

    @Test
    void shouldShareOneLockAmongTheCommandsOfOneJvmAndFreeItWithTheLast() throws Exception {
        List<String> warnings = new ArrayList<>();
        PrintWriter err = new PrintWriter(new StringWriter());
        CpuLock.Token first = CpuLock.acquire(CPU, "one", false, err, warnings).orElseThrow();
        CpuLock.Token second = CpuLock.acquire(CPU, "two", false, err, warnings).orElseThrow();
        assertEquals(1, CpuLock.heldCount());

        first.close();
        assertEquals(1, CpuLock.heldCount());
        second.close();
        assertEquals(0, CpuLock.heldCount());
        holder("after both"); // another process can take it now
        assertEquals(List.of(), warnings);
    }

    @Test
    void shouldExitTwoInOneLineWhenARunIsToldNotToWait() throws Exception {
        Process other = holder("stagebench run pipeline");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();

        int code = Main.run(
                new String[] {
                    "run",
                    "spin",
                    "-f",
                    "1",
                    "--cpu",
                    Integer.toString(CPU),
                    "--no-wait",
                    "--results",
                    locks.resolve("results").toString()
                },
                new PrintWriter(out, true),
                new PrintWriter(err, true),
                InProcessForks.LAUNCHERS);

        assertEquals(2, code, err.toString());
        assertEquals(1, err.toString().lines().count(), err.toString());
        assertTrue(
                err.toString().startsWith("stagebench run: CPU " + CPU + " is measuring for pid " + other.pid()),
                err.toString());
        assertEquals(0, CpuLock.heldCount());
    }

    @Test
    void shouldHaveClocksWaitForTheCpuOrExitTwoInOneLineWhenToldNotTo() throws Exception {
        Process other = holder("stagebench run encode");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();

        int code = Main.run(
                new String[] {"clocks", "--cpu", Integer.toString(CPU), "--no-wait"},
                new PrintWriter(out, true),
                new PrintWriter(err, true));

        assertEquals(2, code, err.toString());
        assertEquals(1, err.toString().lines().count(), err.toString());
        assertTrue(
                err.toString()
                        .startsWith("stagebench clocks: CPU " + CPU + " is measuring for pid " + other.pid()
                                + " (stagebench run encode) since "),
                err.toString());
        assertEquals("", out.toString());
        assertEquals(0, CpuLock.heldCount());
    }
}
