package io.stagebench.host;

import io.stagebench.config.MeasureDefaults;
import io.stagebench.config.RunConfig;
import io.stagebench.io.AtomicFiles;
import io.stagebench.json.Json;
import io.stagebench.link.ForkEntry;
import io.stagebench.link.ForkLayout;
import io.stagebench.link.ForkSpec;
import io.stagebench.link.Mode;
import io.stagebench.link.Warmup;
import io.stagebench.process.JvmFork;
import io.stagebench.system.CpuList;
import io.stagebench.system.UserCache;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The classes a fork loads, archived once per build, JDK and flag set and mapped by every later fork (the JDK's AOT
 * cache, JEP 483: {@code -XX:AOTCache}). A fork spends most of its first second loading and linking thousands of
 * classes (the spec's JSON reader, the native bindings, the calibration, the measured loops) and spinning the
 * method-handle forms they use; mapped from the archive they cost a fraction of that, and the stages read the same
 * either way (docs/decisions.md, "Class archive").
 *
 * <p>Classes only: the archive is trained with {@code -XX:-AOTRecordTraining}, so it holds no method profiles and the
 * JIT compiles the measured code from this fork's own run, as it does without the archive. The training run is a fork
 * of the built-in {@code empty} benchmark (a few thousand messages), run before a benchmark's first fork and never
 * while another fork measures. A class path with a directory on it (a test's {@code target/classes}) cannot be archived
 * and is left alone, as is a JDK before 25. A fork given an archive its JVM could not map says so in a warning
 * ({@code io.stagebench.forked.ForkExecution}).
 *
 * <p>The archive's name is a digest of the JDK, every class path entry's path, size and modification time, and the
 * forks' flags; a rebuilt jar names a new one. The newest {@link #KEPT} are kept in {@link #directory()}.
 */
public final class ForkClassCache {

    /** The system property that names the archives' folder, or turns them off ({@value #OFF}); else {@link #ENV}. */
    public static final String PROPERTY = "stagebench.forkClassCache";
    /** The environment variable that names the archives' folder, or turns them off ({@value #OFF}). */
    public static final String ENV = "STAGEBENCH_FORK_CLASS_CACHE";
    /** {@link #ENV}'s value that turns the archives off. */
    public static final String OFF = "off";
    /** Archives kept in the folder, the most recently used: one a build, tens of MB each. */
    static final int KEPT = 6;
    /** The JDK whose {@code -XX:AOTCache} maps classes from a training run in one step (JEP 514). */
    static final int FIRST_JDK = 25;
    /** Messages the training fork warms up with and measures: enough to load and link the measured loops. */
    static final int TRAINING_MESSAGES = 20_000;

    private static final Duration TRAINING_TIMEOUT = Duration.ofMinutes(2);
    /** The benchmark the training fork runs: built into every build ({@code io.stagebench.builtin.EmptyBenchmark}). */
    private static final String EMPTY_BENCHMARK = "empty";

    /** What preparing the archive gave: the flag to map it (empty when there is none), and a line to say, if any. */
    public record Prepared(List<String> flags, Optional<String> line) {
        static Prepared none(String why) {
            return new Prepared(
                    List.of(), Optional.of("fork class cache: none (" + why + "); each fork loads its classes"));
        }
    }

    private ForkClassCache() {}

    /**
     * Finds the archive of a build's forks, training it first when there is none.
     *
     * @param mainClass that build's fork main class
     * @param classPath that build's class path, or null for this JVM's
     * @param jvmFlags the forks' JVM flags (those that decide whether an archive maps are among them)
     * @param config the run: its clock binding and calibration length are the training fork's
     * @param serviceCpus the CPUs the training JVM runs on: not the measuring one
     * @param linkVersion the {@link io.stagebench.link.LinkVersion} that build reads: its training spec is written at
     *     it, as its forks' specs are (a build before this launcher's version refuses a newer spec)
     * @return the flag to map the archive, and what to say: nothing when it was there, a line when it was trained or
     *     could not be
     */
    public static Prepared prepare(
            String mainClass,
            String classPath,
            List<String> jvmFlags,
            RunConfig config,
            CpuList serviceCpus,
            int linkVersion) {
        Optional<Path> folder = directory();
        if (folder.isEmpty() || Runtime.version().feature() < FIRST_JDK) {
            return new Prepared(List.of(), Optional.empty());
        }
        String path = classPath != null ? classPath : System.getProperty("java.class.path");
        Optional<String> key;
        try {
            key = key(path, jvmFlags);
        } catch (IOException e) {
            return Prepared.none("its class path could not be read: " + e.getMessage());
        }
        if (key.isEmpty()) {
            // a directory on the class path: a test's build, which no archive can hold
            return new Prepared(List.of(), Optional.empty());
        }
        Path archive = folder.get().resolve(key.get() + ".aot");
        try {
            if (Files.isRegularFile(archive)) {
                Files.setLastModifiedTime(archive, FileTime.fromMillis(System.currentTimeMillis()));
                return new Prepared(List.of(ForkEntry.CLASS_CACHE_FLAG_PREFIX + archive), Optional.empty());
            }
            long startNs = System.nanoTime();
            Optional<String> failed = train(mainClass, classPath, jvmFlags, config, serviceCpus, archive, linkVersion);
            if (failed.isPresent()) {
                return Prepared.none(failed.get());
            }
            prune(folder.get());
            return new Prepared(
                    List.of(ForkEntry.CLASS_CACHE_FLAG_PREFIX + archive),
                    Optional.of(String.format(
                            Locale.ROOT,
                            "fork class cache: trained in %.1f s, once for this build, JDK and flags (%s)",
                            (System.nanoTime() - startNs) / 1e9,
                            archive)));
        } catch (IOException e) {
            return Prepared.none(archive + ": " + e.getMessage());
        }
    }

    /**
     * @return the archives' folder: {@link #PROPERTY}'s, else {@link #ENV}'s, else
     *     {@code $XDG_CACHE_HOME/stagebench/fork-classes}, else {@code ~/.cache/stagebench/fork-classes}; empty when
     *     the one that is set says {@value #OFF}
     */
    static Optional<Path> directory() {
        for (String set : new String[] {System.getProperty(PROPERTY), System.getenv(ENV)}) {
            if (set != null && !set.isBlank()) {
                return OFF.equalsIgnoreCase(set.strip()) ? Optional.empty() : Optional.of(Path.of(set.strip()));
            }
        }
        return Optional.of(UserCache.folder("fork-classes"));
    }

    /**
     * @return the archive's key: a digest of the JDK, every class path entry (a {@code dir/*} entry's jars each) with
     *     its size and modification time, and the flags; empty when an entry is a directory, which an archive cannot
     *     hold
     */
    static Optional<String> key(String classPath, List<String> jvmFlags) throws IOException {
        StringBuilder text = new StringBuilder();
        text.append(System.getProperty("java.home"))
                .append('\n')
                .append(System.getProperty("java.vm.version"))
                .append('\n');
        for (String entry : classPath.split(File.pathSeparator)) {
            if (entry.isEmpty()) {
                continue;
            }
            List<Path> jars = new ArrayList<>();
            if (entry.endsWith("*")) {
                Path dir = Path.of(entry.substring(0, entry.length() - 1));
                try (Stream<Path> files = Files.list(dir)) {
                    files.filter(f -> f.getFileName()
                                    .toString()
                                    .toLowerCase(Locale.ROOT)
                                    .endsWith(".jar"))
                            .sorted()
                            .forEach(jars::add);
                }
            } else {
                jars.add(Path.of(entry));
            }
            for (Path jar : jars) {
                if (Files.isDirectory(jar)) {
                    return Optional.empty();
                }
                text.append(jar.toAbsolutePath())
                        .append(' ')
                        .append(Files.size(jar))
                        .append(' ')
                        .append(Files.getLastModifiedTime(jar).toMillis())
                        .append('\n');
            }
        }
        jvmFlags.forEach(f -> text.append(f).append('\n'));
        try {
            byte[] digest =
                    MessageDigest.getInstance("SHA-256").digest(text.toString().getBytes(StandardCharsets.UTF_8));
            return Optional.of(HexFormat.of().formatHex(digest, 0, 12));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Trains the archive into a file of its own and renames it into place; returns why not, if it could not. */
    private static Optional<String> train(
            String mainClass,
            String classPath,
            List<String> jvmFlags,
            RunConfig config,
            CpuList serviceCpus,
            Path archive,
            int linkVersion)
            throws IOException {
        Files.createDirectories(archive.getParent());
        Path work = Files.createTempDirectory(archive.getParent(), "training-");
        try {
            // unpinned (cpu -1) on the service CPUs, no memory lock: a few thousand messages of the empty benchmark
            ForkSpec spec = new ForkSpec(
                    ForkSpec.Job.of(EMPTY_BENCHMARK, 1, 1, Map.of(), work.toString()),
                    new ForkSpec.Ruler(config.binding(), config.calibrationMs(), 1, config.overheadPairs()),
                    new ForkSpec.Placement(-1, false, 0, ForkLayout.RANDOMISED),
                    new ForkSpec.Measurement(
                            Warmup.ofMessages(TRAINING_MESSAGES),
                            TRAINING_MESSAGES,
                            config.chunk(),
                            Mode.BACK_TO_BACK,
                            0,
                            0,
                            10_000,
                            -1,
                            1,
                            1,
                            MeasureDefaults.JIT_RETRIES,
                            false,
                            null,
                            0),
                    linkVersion);
            Path specFile = work.resolve("training.spec.json");
            AtomicFiles.writeString(specFile, Json.write(spec));
            Path trained = work.resolve("trained.aot");
            // the heap is left untouched: pre-touch is not among the flags an archive must match (a shorter training)
            List<String> flags = new ArrayList<>(jvmFlags.stream()
                    .filter(f -> !f.equals(MeasureDefaults.PRE_TOUCH_FLAG))
                    .toList());
            // classes only: no method profiles, so the JIT compiles from each fork's own run
            flags.addAll(List.of(
                    "-XX:AOTCacheOutput=" + trained, "-XX:+UnlockDiagnosticVMOptions", "-XX:-AOTRecordTraining"));
            Path log = work.resolve("training.log");
            JvmFork.Exit exit = JvmFork.runLogged(
                    new JvmFork.Spec(
                            mainClass, List.of(specFile.toString()), flags, serviceCpus, TRAINING_TIMEOUT, classPath),
                    log);
            if (!exit.succeeded() || !Files.isRegularFile(trained)) {
                return Optional.of("its training run " + (exit.succeeded() ? "wrote no archive" : exit.failure()) + "; "
                        + lastLine(log));
            }
            Files.move(trained, archive, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return Optional.empty();
        } finally {
            try (Stream<Path> files = Files.walk(work)) {
                files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
    }

    private static String lastLine(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8).stream()
                    .filter(l -> !l.isBlank())
                    .toList();
            return lines.isEmpty()
                    ? "it said nothing"
                    : "its last line: " + lines.get(lines.size() - 1).strip();
        } catch (IOException e) {
            return "its log could not be read";
        }
    }

    /** Deletes all but the {@link #KEPT} most recently used archives of the folder. */
    static void prune(Path folder) throws IOException {
        List<Path> archives;
        try (Stream<Path> files = Files.list(folder)) {
            archives = files.filter(f -> f.getFileName().toString().endsWith(".aot"))
                    .sorted(Comparator.comparing(ForkClassCache::modified).reversed())
                    .toList();
        }
        for (Path old : archives.subList(Math.min(KEPT, archives.size()), archives.size())) {
            Files.deleteIfExists(old);
        }
    }

    private static long modified(Path file) {
        try {
            return Files.getLastModifiedTime(file).toMillis();
        } catch (IOException e) {
            return 0;
        }
    }
}
