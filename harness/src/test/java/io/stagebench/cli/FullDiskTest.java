package io.stagebench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.host.InProcessForks;
import io.stagebench.io.AtomicFiles;
import io.stagebench.store.RunStore;
import io.stagebench.testing.MeasuresInProcess;
import io.stagebench.testing.StartsProcesses;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A full disk at each file a run writes, injected at the write ({@link AtomicFiles#NO_SPACE_PROPERTY}): the run exits 2
 * with one line naming the file and "no space left on device", and stores no summary.json - whether the fork or the
 * launcher met it. Each file is tried with the fork in this JVM; a real fork meeting it, in a launcher of its own, is
 * tried once.
 */
class FullDiskTest {

    @TempDir
    Path results;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @AfterEach
    void clearFault() {
        System.clearProperty(AtomicFiles.NO_SPACE_PROPERTY);
    }

    @org.junit.jupiter.api.Test
    @StartsProcesses
    void shouldSayOnlyThatOneLineAsAProcessTooNotThatItWasStopped(@TempDir Path folder) throws Exception {
        CommandLineProcess.Result run = CommandLineProcess.run(
                folder,
                "run",
                "spin",
                "-f",
                "1",
                "-n",
                "2000",
                "-w",
                "2000",
                "--param",
                "ticks=100",
                "--results",
                results.toString(),
                "--jvm-arg=-D" + AtomicFiles.NO_SPACE_PROPERTY + "=fork-1.raw");

        assertEquals(2, run.exitCode(), run.err());
        List<String> lines =
                run.err().strip().lines().filter(l -> !l.startsWith("[")).toList();
        assertEquals(1, lines.size(), run.err());
        assertTrue(lines.get(0).endsWith("/fork-1.raw: cannot write (no space left on device)"), lines.get(0));
    }

    /** The fork runs in this JVM, so one system property fills the disk for the fork and the launcher alike. */
    @MeasuresInProcess
    @ParameterizedTest
    @ValueSource(strings = {"fork-1.raw", "fork-1.json", "spin.hlog", "jmh-result.json", "report.html", "summary.json"})
    void shouldExit2NamingTheFileAndStoreNoRun(String file) throws IOException {
        List<String> args = List.of(
                "run",
                "spin",
                "-f",
                "1",
                "-n",
                "2000",
                "-w",
                "2000",
                "--param",
                "ticks=100",
                "--results",
                results.toString());
        System.setProperty(AtomicFiles.NO_SPACE_PROPERTY, file);

        int code = Main.run(
                args.toArray(String[]::new),
                new PrintWriter(out, true),
                new PrintWriter(err, true),
                InProcessForks.LAUNCHERS);

        assertEquals(2, code, err.toString());
        List<String> lines =
                err.toString().strip().lines().filter(l -> !l.startsWith("[")).toList();
        assertEquals(1, lines.size(), err.toString());
        assertTrue(
                lines.get(0).startsWith("stagebench run: /")
                        && lines.get(0).contains("/" + file + ": cannot write" + " (no space left on device)"),
                lines.get(0));
        try (Stream<Path> all = Files.walk(results)) {
            List<Path> stored = all.filter(p -> p.getFileName().toString().equals(RunStore.SUMMARY)
                            || p.getFileName().toString().startsWith(AtomicFiles.TEMP_PREFIX))
                    .toList();
            assertEquals(List.of(), stored, "no run stored and no temporary file left");
        }
    }
}
