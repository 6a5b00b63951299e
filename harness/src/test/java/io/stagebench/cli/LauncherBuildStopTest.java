package io.stagebench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.testing.StartsProcesses;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The {@code ./stagebench} script stopped by INT or TERM while it builds itself: it exits 130 / 143 at once, ends the
 * build and all it started, and leaves no stamp that says built. The checkout is a copy of the script beside a POM with
 * no build stamp, and {@code mvn} a fake on the PATH that starts a child and waits for it, as Maven's JVM does its
 * forks.
 */
@StartsProcesses
class LauncherBuildStopTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource({"INT, 130", "TERM, 143"})
    void shouldEndTheBuildAndExitAtOnceWhenStoppedWhileBuilding(String signal, int exitCode) throws Exception {
        Path checkout = Files.createDirectories(dir.resolve("checkout"));
        Path script = checkout.resolve("stagebench");
        Files.copy(Path.of("..", "stagebench"), script, StandardCopyOption.COPY_ATTRIBUTES);
        Files.writeString(checkout.resolve("pom.xml"), "<project/>\n");
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path started = dir.resolve("started");
        executable(bin.resolve("mvn"), "#!/usr/bin/env bash\nsleep 60 &\necho $! > '" + started + "'\nwait\n");
        // env --default-signal: a JVM started in the background of a script inherits SIGINT ignored, and a
        // shell started with it ignored can never trap it (as a shell in a terminal can)
        ProcessBuilder builder = new ProcessBuilder("env", "--default-signal=INT,TERM", script.toString(), "--version")
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("out").toFile());
        builder.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process launcher = builder.start();
        ProcessHandle child = null;
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!Files.exists(started) || Files.readString(started).isBlank()) {
                assertTrue(
                        launcher.isAlive() && System.nanoTime() < deadline,
                        "the fake build never started: " + Files.readString(dir.resolve("out")));
                Thread.sleep(50);
            }
            child = ProcessHandle.of(Long.parseLong(Files.readString(started).strip()))
                    .orElseThrow();

            long stoppedNs = System.nanoTime();
            new ProcessBuilder("kill", "-" + signal, Long.toString(launcher.pid()))
                    .start()
                    .waitFor();

            assertTrue(launcher.waitFor(5, TimeUnit.SECONDS), "the script went on after " + signal);
            long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - stoppedNs);
            List<String> out = Files.readAllLines(dir.resolve("out"));
            assertEquals(exitCode, launcher.exitValue(), String.join("\n", out));
            assertTrue(tookMs < 3_000, "stopped after " + tookMs + " ms");
            assertEquals(
                    "stagebench: stopped while building: the build is ended and not stamped as built; the next use"
                            + " builds again",
                    out.get(out.size() - 1));
            child.onExit().get(3, TimeUnit.SECONDS);
            assertFalse(child.isAlive(), "the build's own child is left running");
            assertFalse(
                    Files.exists(checkout.resolve("stages/target/.stagebench-build")), "a stopped build is stamped");
        } finally {
            if (child != null) {
                child.destroyForcibly();
            }
            launcher.descendants().forEach(ProcessHandle::destroyForcibly);
            launcher.destroyForcibly();
        }
    }

    private static void executable(Path file, String text) throws Exception {
        Files.writeString(file, text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
}
