package io.stagebench.host;

import io.stagebench.link.ForkEntry;
import io.stagebench.registry.BenchmarkClassLoader;
import io.stagebench.registry.BenchmarkRegistry;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Benchmarks from outside the launcher: the jars and folders of {@code --classpath} ({@code :}-separated; {@code dir/*}
 * means every jar in {@code dir}, as for {@code java -cp}), checked before any fork starts - every entry exists and is
 * a jar or a folder, they list at least one benchmark, no two benchmarks share a name - and the class path their forks
 * run on.
 *
 * <p>A fork's class path is the launcher's libraries (its class path without the entries that list benchmarks): the
 * harness that wrote the fork's spec is the one that reads it. When those libraries do not hold the harness (a runnable
 * jar that bundles it with its own benchmarks), the launcher's remaining entries follow. These entries are not on it:
 * the fork loads them apart, in a {@link BenchmarkClassLoader} that sees of the harness only its API, so only these
 * entries' benchmarks are on offer and a library of these entries is the one the benchmark runs with, whatever version
 * of it the launcher carries.
 */
public final class BenchmarkClassPath {

    /** The class whose presence marks an entry as holding the harness (this build's; {@link ForkEntry}). */
    public static final String HARNESS_CLASS = ForkEntry.MAIN_RESOURCES.get(0);

    private final List<Path> entries;

    private BenchmarkClassPath(List<Path> entries) {
        this.entries = List.copyOf(entries);
    }

    /**
     * @param text {@code --classpath}: entries separated by {@link File#pathSeparator}
     * @param base the folder relative entries are resolved against
     * @throws IllegalArgumentException "no such file or folder: /p/target/clases"
     */
    public static BenchmarkClassPath parse(String text, Path base) {
        List<Path> entries = new ArrayList<>();
        for (String part : text.split(File.pathSeparator)) {
            String entry = part.strip();
            if (entry.isEmpty()) {
                continue;
            }
            if (entry.equals("*") || entry.endsWith(File.separator + "*")) {
                Path dir = base.resolve(entry.substring(0, entry.length() - 1))
                        .toAbsolutePath()
                        .normalize();
                if (!Files.isDirectory(dir)) {
                    throw new IllegalArgumentException("no such folder: " + dir + " (from '" + entry + "')"
                            + (dir.endsWith(Path.of("target", "dependency"))
                                    ? "; copy the project's dependencies there:"
                                            + " mvn dependency:copy-dependencies -DincludeScope=runtime (the example project's pom does it"
                                            + " in package)"
                                    : ""));
                }
                entries.addAll(jarsIn(dir));
                continue;
            }
            Path path = base.resolve(entry).toAbsolutePath().normalize();
            if (!Files.exists(path)) {
                throw new IllegalArgumentException("no such file or folder: " + path);
            }
            if (!Files.isDirectory(path) && !isZip(path)) {
                throw new IllegalArgumentException("not a jar or a folder: " + path);
            }
            entries.add(path);
        }
        if (entries.isEmpty()) {
            throw new IllegalArgumentException("no jar or folder in '" + text + "'");
        }
        return new BenchmarkClassPath(entries);
    }

    /** @return the entries, absolute, wildcards expanded */
    public List<Path> entries() {
        return entries;
    }

    /**
     * @return the built-ins and the benchmarks these entries list
     * @throws IllegalArgumentException "no benchmarks in ...: ..." when no entry lists one, "two benchmarks are named
     *     'x': ..." when two classes claim a name
     */
    public BenchmarkRegistry registry() {
        // loaded as the fork loads them: a class that needs a library of the launcher's fails here, not in a fork
        try (BenchmarkClassLoader loader = BenchmarkClassLoader.of(entries, BenchmarkRegistry.class.getClassLoader())) {
            List<URL> lists = loader.benchmarkLists();
            if (lists.isEmpty()) {
                throw new IllegalArgumentException("no benchmarks in " + this + ": no entry holds "
                        + BenchmarkRegistry.LIST_RESOURCE + " (compile the @Benchmark classes with the harness's"
                        + " annotation processor: <proc>full</proc> in maven-compiler-plugin, -proc:full for javac)");
            }
            return BenchmarkRegistry.load(loader, lists);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + this, e);
        }
    }

    /**
     * @param launcherClassPath the launcher's own class path ({@code java.class.path})
     * @return the forks' class path: see the class comment
     */
    public String forkClassPath(String launcherClassPath) {
        List<String> libraries = new ArrayList<>();
        List<String> benchmarkEntries = new ArrayList<>();
        for (String entry : launcherClassPath.split(File.pathSeparator)) {
            if (entry.isBlank()) {
                continue;
            }
            Path path = Path.of(entry).toAbsolutePath();
            (holds(path, BenchmarkRegistry.LIST_RESOURCE) ? benchmarkEntries : libraries).add(path.toString());
        }
        boolean harnessInLibraries = libraries.stream()
                .anyMatch(e -> ForkEntry.MAIN_RESOURCES.stream().anyMatch(r -> holds(Path.of(e), r)));
        List<String> fork = new ArrayList<>(libraries);
        if (!harnessInLibraries) {
            fork.addAll(benchmarkEntries);
        }
        return String.join(File.pathSeparator, fork);
    }

    /** @return the fork launcher for these entries: the running JVM's libraries, these entries loaded apart */
    public ForkLauncher launcher(ForkLaunchers launchers) {
        return launchers.project(
                forkClassPath(System.getProperty("java.class.path")),
                entries.stream().map(Path::toString).toList());
    }

    /** @return the entries, {@code :}-separated */
    @Override
    public String toString() {
        return String.join(
                File.pathSeparator, entries.stream().map(Path::toString).toList());
    }

    /**
     * @param classPath a fork's class path: entries separated by {@link File#pathSeparator}, a folder's jars as
     *     {@code dir/*}
     * @return the fork main class its harness has ({@link ForkEntry#MAIN_RESOURCES}, newest first), this build's when
     *     no entry holds one (the fork then fails with the JVM's own "could not find or load main class")
     */
    static String forkMainOn(String classPath) {
        for (String resource : ForkEntry.MAIN_RESOURCES) {
            if (holdsOnPath(classPath, resource)) {
                return ForkEntry.mainClassOf(resource);
            }
        }
        return ForkEntry.MAIN_CLASS;
    }

    /**
     * @return whether an entry of the class path {@code classPath} ({@code a.jar:dir/*:classes}) holds {@code resource}
     */
    static boolean holdsOnPath(String classPath, String resource) {
        return entriesOf(classPath).stream().anyMatch(e -> holds(e, resource));
    }

    /** @return the folders and jars a class path names, a {@code dir/*} entry as the jars in it */
    private static List<Path> entriesOf(String classPath) {
        List<Path> entries = new ArrayList<>();
        for (String entry : classPath.split(File.pathSeparator)) {
            if (entry.endsWith("*")) {
                Path dir = Path.of(entry.substring(0, entry.length() - 1));
                if (Files.isDirectory(dir)) {
                    entries.addAll(jarsIn(dir));
                }
            } else if (!entry.isBlank()) {
                entries.add(Path.of(entry));
            }
        }
        return entries;
    }

    /**
     * @return the text of {@code resource} in the first folder or jar of {@code classPath} that holds it, as the class
     *     path's loader would find it; empty when none does or it cannot be read
     */
    static Optional<String> readOnPath(String classPath, String resource) {
        for (Path entry : entriesOf(classPath)) {
            Optional<String> text = read(entry, resource);
            if (text.isPresent()) {
                return text;
            }
        }
        return Optional.empty();
    }

    private static Optional<String> read(Path entry, String resource) {
        try {
            if (Files.isDirectory(entry)) {
                Path file = entry.resolve(resource);
                return Files.isRegularFile(file) ? Optional.of(Files.readString(file)) : Optional.empty();
            }
            if (!Files.isRegularFile(entry)) {
                return Optional.empty();
            }
            try (ZipFile jar = new ZipFile(entry.toFile())) {
                ZipEntry found = jar.getEntry(resource);
                if (found == null) {
                    return Optional.empty();
                }
                try (InputStream in = jar.getInputStream(found)) {
                    return Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8));
                }
            }
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** @return whether the folder or jar {@code entry} holds {@code resource}; false when it is neither */
    static boolean holds(Path entry, String resource) {
        if (Files.isDirectory(entry)) {
            return Files.exists(entry.resolve(resource));
        }
        if (!Files.isRegularFile(entry)) {
            return false;
        }
        try (ZipFile jar = new ZipFile(entry.toFile())) {
            return jar.getEntry(resource) != null;
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean isZip(Path file) {
        try (ZipFile ignored = new ZipFile(file.toFile())) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static List<Path> jarsIn(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> Files.isRegularFile(p)
                            && p.getFileName()
                                    .toString()
                                    .toLowerCase(Locale.ROOT)
                                    .endsWith(".jar"))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
    }
}
