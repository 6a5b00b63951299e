package io.stagebench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.store.RunFixture;
import io.stagebench.store.RunStore;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportCommandTest {

    @TempDir
    Path results;

    @TempDir
    Path fakeRoot;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int report(String... args) {
        String[] all = new String[args.length + 3];
        all[0] = "report";
        all[1] = "--results";
        all[2] = results.toString();
        System.arraycopy(args, 0, all, 3, args.length);
        return Main.run(all, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    private void assertOneLineError(int code, String... expected) {
        assertEquals(2, code, err.toString());
        assertEquals(1, err.toString().strip().lines().count(), err.toString());
        for (String e : expected) {
            assertTrue(err.toString().contains(e), err.toString());
        }
    }

    @Test
    void shouldWriteTheLatestRunsReportAndPrintItsPath() throws Exception {
        Path run = RunFixture.writeRun(results, fakeRoot, RunFixture.COMMIT, false, RunFixture.START, 3, List.of());

        int code = report();

        assertEquals(0, code, err.toString());
        assertEquals("report: " + run.resolve(RunStore.REPORT), out.toString().strip());
        assertTrue(Files.readString(run.resolve(RunStore.REPORT)).startsWith("<!DOCTYPE html>"));
    }

    @Test
    void shouldWriteWhereTheOutputOptionSays() throws Exception {
        RunFixture.writeRun(results, fakeRoot, RunFixture.COMMIT, false, RunFixture.START, 3, List.of());
        Path html = results.resolve("elsewhere/r.html");

        int code = report("0123456789ab", "--output", html.toString());

        assertEquals(0, code, err.toString());
        assertTrue(Files.exists(html));
    }

    @Test
    void shouldExitTwoNamingATruncatedSummary() throws Exception {
        Path run = RunFixture.writeRun(results, fakeRoot, RunFixture.COMMIT, false, RunFixture.START, 3, List.of());
        Path summary = run.resolve(RunStore.SUMMARY);
        Files.writeString(summary, Files.readString(summary).substring(0, 300));

        assertOneLineError(report(run.toString()), summary.toString(), "not valid JSON");
    }

    @Test
    void shouldExitTwoNamingACorruptLog() throws Exception {
        Path run = RunFixture.writeRun(results, fakeRoot, RunFixture.COMMIT, false, RunFixture.START, 3, List.of());
        Path hlog = run.resolve(RunStore.hlogPath("pipe", "parse"));
        Files.writeString(hlog, "Tag=fork-1,0.000,1.500,40.000,notbase64!!\n");

        assertOneLineError(report(run.toString()), hlog.toString(), "corrupt HdrHistogram log");
    }

    @Test
    void shouldExitTwoNamingAForkResultTheSummaryNamesThatWasDeleted() throws Exception {
        Path run = RunFixture.writeRun(results, fakeRoot, RunFixture.COMMIT, false, RunFixture.START, 3, List.of());
        Path fork = run.resolve(RunStore.forkResultPath("pipe", 2));
        Files.delete(fork);

        assertOneLineError(report(run.toString()), fork + ": missing (named in summary.json)");
    }

    @Test
    void shouldExitTwoWhenNothingIsStored() {
        assertOneLineError(report(), "no complete run under " + results);
    }

    @Test
    void shouldExitTwoWithOneLineWhenTheOutputIsADirectory() throws Exception {
        Path run = RunFixture.writeRun(results, fakeRoot, RunFixture.COMMIT, false, RunFixture.START, 3, List.of());
        Path directory = Files.createDirectories(results.resolve("a-directory"));

        assertOneLineError(report(run.toString(), "-o", directory.toString()), directory + ": is a directory");
        assertTrue(Files.isDirectory(directory));
        try (var left = Files.list(directory.getParent())) {
            assertTrue(
                    left.noneMatch(p -> p.getFileName().toString().startsWith(".tmp-")), "no temporary file is left");
        }
    }

    @Test
    void shouldExitTwoWithOneLineWhenTheOutputCannotBeCreated() throws Exception {
        Assumptions.assumeTrue(Files.isDirectory(Path.of("/proc/self")), "needs Linux /proc");
        Path run = RunFixture.writeRun(results, fakeRoot, RunFixture.COMMIT, false, RunFixture.START, 3, List.of());

        assertOneLineError(report(run.toString(), "-o", "/proc/x"), "/proc/x: cannot write (");
        assertFalse(err.toString().contains("Exception"), err.toString());
    }

    @Test
    void shouldNameTheFileInTheWayWhenTheOutputsFolderIsAFile() throws Exception {
        Path run = RunFixture.writeRun(results, fakeRoot, RunFixture.COMMIT, false, RunFixture.START, 3, List.of());
        Path file = Files.writeString(results.resolve("plain-file"), "not a folder");

        assertOneLineError(
                report(run.toString(), "-o", file.resolve("r.html").toString()),
                file.resolve("r.html") + ": cannot write (" + file);
    }
}
