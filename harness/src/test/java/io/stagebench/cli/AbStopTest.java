package io.stagebench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.host.UserBuild;
import io.stagebench.system.TestGit;
import io.stagebench.testing.StartsProcesses;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A real {@code ab} stopped by SIGTERM or SIGINT while it builds A and while it measures: it exits 143 / 130 and leaves
 * no process (the build's shell and what it started), no worktree, no temporary folder and no captured build log
 * behind.
 */
@StartsProcesses
class AbStopTest {

    private static final Path TMP = Path.of(System.getProperty("java.io.tmpdir"));

    @TempDir
    Path repo;

    private void commitBenchmark() throws Exception {
        Path source = repo.resolve("src/com/acme/Idle.java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, """
                package com.acme;

                import io.stagebench.api.Benchmark;
                import io.stagebench.api.Operation;
                import io.stagebench.api.Sink;
                import io.stagebench.api.Stamps;

                @Benchmark(name = "idle")
                public final class Idle implements Operation {
                    @Override
                    public void run(long seq, Stamps stamps, Sink sink) {
                        sink.consume(seq);
                    }
                }
                """);
        Files.writeString(repo.resolve(".gitignore"), "out/\nresults/\n");
        TestGit.git(repo, "init", "-q");
        TestGit.git(repo, "add", ".");
        TestGit.git(repo, "commit", "-q", "-m", "idle");
    }

    private static Set<Path> abTemporaries() throws IOException {
        try (Stream<Path> files = Files.list(TMP)) {
            return files.filter(p -> p.getFileName().toString().startsWith("stagebench-ab-"))
                    .collect(Collectors.toSet());
        }
    }

    @ParameterizedTest
    @CsvSource({"TERM, building, 143", "INT, building, 130", "TERM, measuring, 143", "INT, measuring, 130"})
    void shouldLeaveNothingBehindWhenStopped(String signal, String phase, int exitCode) throws Exception {
        commitBenchmark();
        Set<Path> before = abTemporaries();
        String javac = Path.of(System.getProperty("java.home"), "bin", "javac").toString();
        String compile = javac + " "
                + UserBuild.javacOptions(Path.of("out")).stream()
                        .map(o -> "'" + o + "'")
                        .collect(Collectors.joining(" "))
                + " $(find src -name '*.java')";
        // building: a build that takes a minute; measuring: a quick build, then forks that take a while
        String build = phase.equals("building") ? "sleep 60; " + compile : compile;
        // env --default-signal: a build run in the background of a script starts this JVM, and so ab, ignoring
        // SIGINT, which ab could then never see
        List<String> command = new ArrayList<>(List.of("env", "--default-signal=INT,TERM"));
        command.addAll(CommandLineProcess.command(
                "ab",
                "HEAD",
                "idle",
                "--build",
                build,
                "--classpath",
                "out",
                "--forks",
                "4",
                "--messages",
                "2000000",
                "--warmup",
                "2000000"));
        Path err = Files.createTempFile("ab-stop", ".err");
        Process ab = new ProcessBuilder(command)
                .directory(repo.toFile())
                .redirectErrorStream(false)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(err.toFile())
                .start();
        try {
            String awaited = phase.equals("building") ? "[ab] building A" : "measuring";
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (!Files.readString(err).contains(awaited) && ab.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            assertTrue(Files.readString(err).contains(awaited), Files.readString(err));
            Thread.sleep(500);
            List<ProcessHandle> started = ab.descendants().toList();
            assertTrue(phase.equals("measuring") || !started.isEmpty(), "the build runs in a process of its own");

            new ProcessBuilder("kill", "-" + signal, Long.toString(ab.pid()))
                    .start()
                    .waitFor();

            assertTrue(ab.waitFor(60, TimeUnit.SECONDS), "ab stops");
            assertEquals(exitCode, ab.exitValue(), Files.readString(err));
            assertTrue(
                    phase.equals("measuring")
                            || Files.readString(err).contains("stagebench: stopping: killed the build of"),
                    Files.readString(err));
            assertTrue(
                    !Files.readString(err).contains(") failed (exit"),
                    "a stopped build is not reported as failed: " + Files.readString(err));
            for (ProcessHandle child : started) {
                child.onExit().get(10, TimeUnit.SECONDS);
                assertTrue(
                        !child.isAlive(),
                        "left running: " + child.info().commandLine().orElse("pid " + child.pid()));
            }
            Set<Path> left = abTemporaries();
            left.removeAll(before);
            assertEquals(Set.of(), left, "temporary folders and captured build logs");
            String own = "worktree " + repo.toRealPath();
            assertEquals(
                    "",
                    TestGit.git(repo, "worktree", "list", "--porcelain")
                            .lines()
                            .filter(l -> l.startsWith("worktree ") && !l.equals(own))
                            .collect(Collectors.joining()),
                    "no worktree left");
        } finally {
            ab.descendants().forEach(ProcessHandle::destroyForcibly);
            ab.destroyForcibly();
            Files.deleteIfExists(err);
        }
    }
}
