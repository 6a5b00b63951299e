package io.stagebench.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.stagebench.testing.StartsProcesses;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@StartsProcesses
class JarMainTest {

    private static final Path JAVA_17 = Path.of("/usr/lib/jvm/java-17-openjdk-amd64/bin/java");

    @TempDir
    Path dir;

    @Test
    void shouldReadTheMajorVersionOfEveryWayJavaWritesIt() {
        assertEquals(17, JarMain.major("17.0.2"));
        assertEquals(8, JarMain.major("1.8"));
        assertEquals(25, JarMain.major("25"));
        assertEquals(25, JarMain.major("25-ea"));
        assertEquals(0, JarMain.major("unknown"));
    }

    @Test
    void shouldFindTheFirstJdk25AndNotAnOlderOne() throws Exception {
        jdk("jdk-17", "17.0.9");
        Path jdk25 = jdk("jdk-25", "25.0.1");

        assertEquals(jdk25.resolve("bin/java").toString(), JarMain.findJava(null, dir.toString()));
        assertEquals(
                jdk25.resolve("bin/java").toString(),
                JarMain.findJava(dir.resolve("jdk-17").toString(), dir.toString()));
        assertNull(JarMain.findJava(null, dir.resolve("jdk-17").toString()));
    }

    @Test
    void shouldRunTheCommandLineInAJdk25WhenStartedByJava17() throws Exception {
        assumeTrue(Files.isExecutable(JAVA_17), "no Java 17 at " + JAVA_17);
        Process run = new ProcessBuilder(
                        JAVA_17.toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        JarMain.class.getName(),
                        "--version")
                .redirectErrorStream(true)
                .start();
        String out = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertTrue(run.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, run.exitValue(), out);
        assertTrue(out.contains("stagebench"), out);
    }

    @Test
    void shouldSayInOneLineWhatToRunWhenNoJdk25IsFound() throws Exception {
        assumeTrue(Files.isExecutable(JAVA_17), "no Java 17 at " + JAVA_17);
        ProcessBuilder builder = new ProcessBuilder(
                JAVA_17.toString(),
                "-D" + JarMain.SEARCH_PROPERTY + "=" + dir,
                "-cp",
                System.getProperty("java.class.path"),
                JarMain.class.getName(),
                "--version");
        builder.environment().remove("JAVA_HOME");
        Process run = builder.redirectErrorStream(true).start();
        String out = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertTrue(run.waitFor(60, TimeUnit.SECONDS));
        assertEquals(2, run.exitValue(), out);
        List<String> lines = out.lines().toList();
        assertEquals(1, lines.size(), out);
        assertTrue(lines.get(0).startsWith("stagebench: needs a JDK 25 or newer; this is Java 17"), out);
    }

    private Path jdk(String name, String version) throws Exception {
        Path home = Files.createDirectories(dir.resolve(name));
        Path java = Files.createDirectories(home.resolve("bin")).resolve("java");
        Files.writeString(java, "#!/bin/sh\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(home.resolve("release"), "JAVA_VERSION=\"" + version + "\"\n");
        return home;
    }
}
