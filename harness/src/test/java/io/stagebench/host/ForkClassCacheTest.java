package io.stagebench.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.config.MeasureDefaults;
import io.stagebench.config.RunConfig;
import io.stagebench.link.ForkEntry;
import io.stagebench.link.Warmup;
import io.stagebench.process.JvmFork;
import io.stagebench.system.CpuList;
import io.stagebench.testing.StartsProcesses;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The fork class archive: named for exactly the build, JDK and flags it was trained on, kept few, and mapped. */
class ForkClassCacheTest {

    @TempDir
    Path dir;

    private static final List<String> FLAGS = List.of("-Xms512m", "-Xmx512m");

    @Test
    void shouldNameANewArchiveWhenAJarIsRebuiltOrTheFlagsDiffer() throws Exception {
        Path jar = Files.writeString(dir.resolve("a.jar"), "one");
        String classPath = jar.toString();
        String key = ForkClassCache.key(classPath, FLAGS).orElseThrow();

        assertEquals(key, ForkClassCache.key(classPath, FLAGS).orElseThrow(), "the same build, the same name");
        assertNotEquals(
                key, ForkClassCache.key(classPath, List.of("-Xms1g", "-Xmx1g")).orElseThrow(), "other flags");
        Files.setLastModifiedTime(
                jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() + 2_000));
        assertNotEquals(key, ForkClassCache.key(classPath, FLAGS).orElseThrow(), "a rebuilt jar of the same size");
        String touched = ForkClassCache.key(classPath, FLAGS).orElseThrow();
        Files.writeString(jar, "two!");
        Files.setLastModifiedTime(
                jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis()));
        assertNotEquals(touched, ForkClassCache.key(classPath, FLAGS).orElseThrow(), "another size");
    }

    @Test
    void shouldReadEveryJarOfAWildcardEntry() throws Exception {
        Path lib = Files.createDirectories(dir.resolve("lib"));
        Files.writeString(lib.resolve("x.jar"), "x");
        String classPath = lib + File.separator + "*";
        String before = ForkClassCache.key(classPath, FLAGS).orElseThrow();

        Files.writeString(lib.resolve("y.jar"), "y");

        assertNotEquals(before, ForkClassCache.key(classPath, FLAGS).orElseThrow());
    }

    @Test
    void shouldLeaveAClassPathWithADirectoryAlone() throws Exception {
        Path classes = Files.createDirectories(dir.resolve("target/classes"));
        Path jar = Files.writeString(dir.resolve("a.jar"), "one");

        assertEquals(Optional.empty(), ForkClassCache.key(jar + File.pathSeparator + classes, FLAGS));
    }

    @Test
    void shouldKeepTheMostRecentlyUsedArchivesOnly() throws Exception {
        for (int i = 0; i < ForkClassCache.KEPT + 3; i++) {
            Path archive = Files.writeString(dir.resolve("k" + i + ".aot"), "archive");
            Files.setLastModifiedTime(archive, FileTime.fromMillis(1_000_000L * (i + 1)));
        }
        Files.writeString(dir.resolve("notes.txt"), "not an archive");

        ForkClassCache.prune(dir);

        try (Stream<Path> left = Files.list(dir)) {
            List<String> names =
                    left.map(p -> p.getFileName().toString()).sorted().toList();
            assertEquals(List.of("k3.aot", "k4.aot", "k5.aot", "k6.aot", "k7.aot", "k8.aot", "notes.txt"), names);
        }
    }

    @Test
    @StartsProcesses
    void shouldTrainAnArchiveOnceThatTheForksJvmThenMaps() throws Exception {
        String classPath = jarClassPath();
        RunConfig config = RunConfig.builder(List.of("empty"), -1, dir.resolve("run"))
                .forks(1)
                .warmup(Warmup.ofMessages(2_000))
                .messages(2_000)
                .chunk(500)
                .overheadPairs(100_000)
                .lockMemory(false)
                .forkTimeoutS(120)
                .build();
        System.setProperty(ForkClassCache.PROPERTY, dir.resolve("cache").toString());
        try {
            ForkLauncher launcher = ForkLauncher.jvm(classPath);
            Optional<String> trained = launcher.prepare(config, CpuList.parse(""));
            Optional<String> again = launcher.prepare(config, CpuList.parse(""));
            List<Path> archives;
            try (Stream<Path> files = Files.list(dir.resolve("cache"))) {
                archives = files.filter(p -> p.toString().endsWith(".aot")).toList();
            }
            // the fork's JVM, flags and class path, asked for its version: "mixed mode, sharing" when it mapped it
            List<String> command = new ArrayList<>(List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    JvmFork.NATIVE_ACCESS_FLAG,
                    ForkEntry.CLASS_CACHE_FLAG_PREFIX + archives.get(0)));
            command.addAll(MeasureDefaults.JVM_FLAGS);
            command.addAll(List.of("-cp", classPath, "-version"));
            Process version =
                    new ProcessBuilder(command).redirectErrorStream(true).start();
            String said = new String(version.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

            assertTrue(trained.orElseThrow().startsWith("fork class cache: trained in "), trained.toString());
            assertEquals(Optional.empty(), again, "trained once");
            assertEquals(1, archives.size(), archives.toString());
            assertEquals(0, version.waitFor(), said);
            assertTrue(said.contains("sharing") && !said.contains("[aot]"), said);
        } finally {
            System.clearProperty(ForkClassCache.PROPERTY);
        }
    }

    /** @return this module's packaged jar and the jars of this JVM's class path: a build an archive can hold */
    private static String jarClassPath() throws Exception {
        Path jar;
        try (Stream<Path> built = Files.list(Path.of("target"))) {
            jar = built.filter(p -> p.getFileName().toString().matches("stagebench-harness-.*\\.jar")
                            && !p.getFileName().toString().contains("sources"))
                    .findFirst()
                    .orElseThrow(() ->
                            new AssertionError("target/stagebench-harness-*.jar: this test runs after 'package'"));
        }
        List<String> entries = new ArrayList<>(List.of(jar.toAbsolutePath().toString()));
        Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(e -> e.endsWith(".jar") && Files.isRegularFile(Path.of(e)))
                .forEach(entries::add);
        return String.join(File.pathSeparator, entries);
    }
}
