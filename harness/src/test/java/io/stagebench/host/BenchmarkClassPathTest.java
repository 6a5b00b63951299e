package io.stagebench.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.link.ForkEntry;
import io.stagebench.link.LinkVersion;
import io.stagebench.link.Turns;
import io.stagebench.registry.BenchmarkDescriptor;
import io.stagebench.registry.BenchmarkRegistry;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchmarkClassPathTest {

    @TempDir
    Path dir;

    private Path jar(String name, String... entries) throws IOException {
        Path jar = dir.resolve(name);
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(jar))) {
            for (String entry : entries) {
                zip.putNextEntry(new ZipEntry(entry));
                zip.write(new byte[] {1, 2, 3});
                zip.closeEntry();
            }
        }
        return jar;
    }

    private Path folderHolding(String name, String... resources) throws IOException {
        Path folder = dir.resolve(name);
        for (String resource : resources) {
            Files.createDirectories(folder.resolve(resource).getParent());
            Files.writeString(folder.resolve(resource), "");
        }
        return folder;
    }

    @Test
    void shouldNameAnEntryThatDoesNotExist() throws IOException {
        Path classes = Files.createDirectories(dir.resolve("classes"));

        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> BenchmarkClassPath.parse("classes" + File.pathSeparator + "target/nope.jar", dir));

        assertEquals("no such file or folder: " + dir.resolve("target/nope.jar"), e.getMessage());
        assertEquals(List.of(classes), BenchmarkClassPath.parse("classes", dir).entries());
    }

    @Test
    void shouldRejectAFileThatIsNeitherAJarNorAFolder() throws IOException {
        Files.writeString(dir.resolve("notes.txt"), "not a jar");

        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> BenchmarkClassPath.parse("notes.txt", dir));

        assertEquals("not a jar or a folder: " + dir.resolve("notes.txt"), e.getMessage());
    }

    @Test
    void shouldRejectAJarWithoutBenchmarks() throws IOException {
        jar("plain.jar", "com/acme/Util.class");
        BenchmarkClassPath classPath = BenchmarkClassPath.parse("plain.jar", dir);

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, classPath::registry);

        assertEquals(
                "no benchmarks in " + dir.resolve("plain.jar") + ": no entry holds META-INF/stagebench/benchmarks.list"
                        + " (compile the @Benchmark classes with the harness's annotation processor: <proc>full</proc> in"
                        + " maven-compiler-plugin, -proc:full for javac)",
                e.getMessage());
    }

    @Test
    void shouldRejectTwoBenchmarksWithTheSameNameNamingBothClassesAndWhereTheyAre() throws IOException {
        Path one = UserBuild.compile(dir.resolve("one"), UserBuild.benchmark("com.one", "Fast", "quote"));
        Path two = UserBuild.compile(dir.resolve("two"), UserBuild.benchmark("com.two", "Slow", "quote"));
        BenchmarkClassPath classPath = BenchmarkClassPath.parse("one" + File.pathSeparator + "two", dir);

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, classPath::registry);

        assertEquals(
                "two benchmarks are named 'quote': com.one.Fast (in " + one + ") and com.two.Slow (in " + two + ")",
                e.getMessage());
    }

    @Test
    void shouldRejectABenchmarkThatTakesABuiltInsName() throws IOException {
        UserBuild.compile(dir.resolve("classes"), UserBuild.benchmark("com.acme", "Spin", "spin"));

        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> BenchmarkClassPath.parse("classes", dir).registry());

        assertEquals(
                "two benchmarks are named 'spin': io.stagebench.builtin.SpinBenchmark (built in) and com.acme.Spin"
                        + " (in " + dir.resolve("classes") + ")",
                e.getMessage());
    }

    @Test
    void shouldOfferTheBuiltInsAndOnlyTheClassPathsOwnBenchmarks() throws IOException {
        UserBuild.compile(dir.resolve("classes"), UserBuild.benchmark("com.acme", "Quote", "quote"));

        BenchmarkRegistry registry = BenchmarkClassPath.parse("classes", dir).registry();

        assertEquals(List.of("spin", "empty", "jitter", "service", "quote"), registry.names());
        assertEquals(
                List.of("quote"),
                registry.defaults().stream().map(BenchmarkDescriptor::name).toList());
        assertEquals("com.acme.Quote", registry.get("quote").className());
    }

    @Test
    void shouldExpandAFolderWildcardToTheJarsInIt() throws IOException {
        Path lib = Files.createDirectories(dir.resolve("lib"));
        Files.move(jar("b.jar", "x"), lib.resolve("b.jar"));
        Files.move(jar("a.JAR", "x"), lib.resolve("a.JAR"));
        Files.writeString(lib.resolve("README"), "not a jar");

        BenchmarkClassPath classPath = BenchmarkClassPath.parse("lib" + File.separator + "*", dir);

        assertEquals(List.of(lib.resolve("a.JAR"), lib.resolve("b.jar")), classPath.entries());
    }

    @Test
    void shouldStartForksOnTheLaunchersLibrariesAloneAndLoadTheClassPathApart() throws IOException {
        Path harness = folderHolding("harness", BenchmarkClassPath.HARNESS_CLASS);
        Path reference = folderHolding("reference", BenchmarkRegistry.LIST_RESOURCE);
        Path mine = folderHolding("mine", BenchmarkRegistry.LIST_RESOURCE);
        String launcher = reference + File.pathSeparator + harness;

        BenchmarkClassPath classPath = BenchmarkClassPath.parse("mine", dir);

        assertEquals(harness.toString(), classPath.forkClassPath(launcher));
        assertEquals(
                List.of(mine.toString()),
                classPath.launcher(ForkLaunchers.jvm()).benchmarkClassPath());
    }

    @Test
    void shouldKeepALauncherJarThatBundlesTheHarnessAndLoadTheClassPathApart() throws IOException {
        Path bundle = jar("benchmarks.jar", BenchmarkClassPath.HARNESS_CLASS, BenchmarkRegistry.LIST_RESOURCE);
        Path mine = folderHolding("mine", BenchmarkRegistry.LIST_RESOURCE);

        BenchmarkClassPath classPath = BenchmarkClassPath.parse("mine", dir);

        assertEquals(bundle.toString(), classPath.forkClassPath(bundle.toString()));
        assertEquals(
                List.of(mine.toString()),
                classPath.launcher(ForkLaunchers.jvm()).benchmarkClassPath());
    }

    @Test
    void shouldNameTheFixWhenTheProjectsDependenciesWereNeverCopied() throws IOException {
        Files.createDirectories(dir.resolve("target/classes"));

        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> BenchmarkClassPath.parse("target/classes:target/dependency/*", dir));

        assertEquals(
                "no such folder: " + dir.resolve("target/dependency") + " (from 'target/dependency/*'); copy the"
                        + " project's dependencies there: mvn dependency:copy-dependencies -DincludeScope=runtime (the example"
                        + " project's pom does it in package)",
                e.getMessage());
    }

    @Test
    void shouldNameTheForkMainClassABuildFromBeforeTheForkedPackageHas() throws IOException {
        Path old = jar("old-harness.jar", ForkEntry.resource(ForkEntry.LEGACY_MAIN_CLASS));
        Path current = folderHolding("current", ForkEntry.resource(ForkEntry.MAIN_CLASS));

        assertEquals(ForkEntry.LEGACY_MAIN_CLASS, BenchmarkClassPath.forkMainOn(old.toString()));
        assertEquals(ForkEntry.MAIN_CLASS, BenchmarkClassPath.forkMainOn(current + File.pathSeparator + old));
        assertEquals(ForkEntry.LEGACY_MAIN_CLASS, BenchmarkClassPath.forkMainOn(dir + File.separator + "*"));
    }

    @Test
    void shouldLetOnlyABuildWhoseForksKnowTurnsTakeThem() throws Exception {
        Path before = jar("before-turns.jar", ForkEntry.resource(ForkEntry.MAIN_CLASS));
        Path after = folderHolding("with-turns", ForkEntry.resource(ForkEntry.MAIN_CLASS), Turns.RESOURCE);

        assertFalse(
                ForkLauncher.jvm(before.toString()).takesTurns(), "a build from before turns measures back to back");
        assertTrue(ForkLauncher.jvm(after + File.pathSeparator + before).takesTurns());
        assertTrue(ForkLauncher.jvm().takesTurns(), "this build's own forks");
    }

    @Test
    void shouldReadAnotherBuildsLinkVersionFromItsJarOrFolderAndUnversionedWithout() throws IOException {
        Path lib = Files.createDirectories(dir.resolve("lib"));
        Path versioned = lib.resolve("harness.jar");
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(versioned))) {
            zip.putNextEntry(new ZipEntry(LinkVersion.RESOURCE));
            zip.write("3\n".getBytes(StandardCharsets.UTF_8));
            zip.closeEntry();
        }
        Path classes = folderHolding("classes", "com/acme/Bench.class");
        Path older = folderHolding("older", "io/stagebench/link/ForkSpec.class");
        Files.writeString(
                Files.createDirectories(dir.resolve("newer/io/stagebench/link")).resolve("link-version"), "4");

        ForkLauncher fromJar = ForkLauncher.jvm(classes + File.pathSeparator + lib + "/*");
        ForkLauncher fromOlder = ForkLauncher.jvm(older.toString());

        assertEquals(3, fromJar.linkVersion());
        assertEquals(LinkVersion.UNVERSIONED, fromOlder.linkVersion());
        assertEquals(
                Optional.of("4"),
                BenchmarkClassPath.readOnPath(
                        dir.resolve("newer") + File.pathSeparator + versioned, LinkVersion.RESOURCE),
                "the first entry that holds it, as a class loader finds it");
        assertEquals(LinkVersion.CURRENT, ForkLauncher.jvm().linkVersion());
    }
}
