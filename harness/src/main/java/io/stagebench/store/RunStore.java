package io.stagebench.store;

import io.stagebench.api.TagDeclaration;
import io.stagebench.config.RunConfig;
import io.stagebench.io.AtomicFiles;
import io.stagebench.json.Json;
import io.stagebench.link.ForkFiles;
import io.stagebench.link.ForkResult;
import io.stagebench.link.RulerMethod;
import io.stagebench.result.BenchmarkOutcome;
import io.stagebench.stats.Distribution;
import io.stagebench.system.Environment;
import io.stagebench.system.GitInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The per-commit result store: {@code results/<short-commit>[-dirty]/<run-id>/}, one folder per run, holding
 * {@code summary.json}, {@code jmh-result.json}, {@code report.html}, the HdrHistogram files under
 * {@code histograms/<benchmark>/} and the forks' files under {@code forks/<benchmark>/}. Every file is written
 * atomically and {@code summary.json} last, so a killed run leaves a folder without a summary, which readers reject as
 * incomplete. See {@code results/README.md} for the format.
 */
public final class RunStore {

    /** Summary file name inside a run folder. */
    public static final String SUMMARY = "summary.json";
    /** Schema of {@link #SUMMARY}; keys are only ever added under it (see results/README.md). */
    public static final String SCHEMA = "stagebench.run/1";
    /** Folder of the HdrHistogram files inside a run folder. */
    public static final String HISTOGRAMS = "histograms";
    /** The HTML report inside a run folder. */
    public static final String REPORT = "report.html";
    /** The console report of the run with every detail ({@code run --verbose}), which report.html shows as well. */
    public static final String REPORT_TEXT = "report.txt";
    /** Set by the {@code ./stagebench} launcher to its own checkout. */
    public static final String HOME_PROPERTY = "stagebench.home";

    private RunStore() {}

    /** @return the project's results folder: {@code results/} of {@link #projectHome()} */
    public static Path defaultRoot() {
        return projectHome().resolve("results");
    }

    /**
     * @param results {@code --results} of a command that reads stored runs, or null for {@link #defaultRoot()}
     * @return that folder
     * @throws StoreException "--results /x: no such folder" when one was given and is not a folder, so that a mistyped
     *     path is not reported as an empty store
     */
    public static Path rootToRead(Path results) {
        if (results == null) {
            return defaultRoot();
        }
        if (!Files.isDirectory(results)) {
            throw new StoreException(
                    "--results " + results + ": " + (Files.exists(results) ? "not a folder" : "no such folder"));
        }
        return results;
    }

    /**
     * @return the project whose commit a run records and whose {@code results/} it is stored in: the folder stagebench
     *     runs from - or, anywhere inside the checkout of the {@code ./stagebench} launcher (system property
     *     {@value #HOME_PROPERTY}), that checkout, so its own runs land in one place whatever its folder
     */
    public static Path projectHome() {
        Path here = Path.of("").toAbsolutePath();
        String launcherCheckout = System.getProperty(HOME_PROPERTY);
        if (launcherCheckout != null) {
            Path checkout = real(Path.of(launcherCheckout));
            if (real(here).startsWith(checkout)) {
                return checkout;
            }
        }
        return here;
    }

    private static Path real(Path path) {
        try {
            return path.toRealPath();
        } catch (IOException e) {
            return path.toAbsolutePath().normalize();
        }
    }

    /**
     * Deletes a run folder that holds no {@value #SUMMARY}: what a run refused before it measured anything (a benchmark
     * that contradicts its declaration) leaves behind. A stored run is kept.
     *
     * @return whether the folder was deleted
     */
    public static boolean discardUnstored(Path runDir) throws IOException {
        if (!Files.isDirectory(runDir) || Files.exists(runDir.resolve(SUMMARY))) {
            return false;
        }
        try (var paths = Files.walk(runDir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
        return true;
    }

    /**
     * Creates a new run folder under {@code root} and proves it writable, before anything is measured.
     *
     * @throws IOException when the folder cannot be created or written
     */
    public static Path prepareRunDir(Path root) throws IOException {
        return prepareRunDir(root, gitOf(projectHome(), root));
    }

    /**
     * @return the commit {@code checkout} holds and whether it has changes, the files of the result store {@code root}
     *     passed over (runs are stored there, and they are not the code measured): in it, and at its place below
     *     {@code checkout} when that is another worktree of the project ({@code ab} copies untracked files into one)
     */
    public static GitInfo gitOf(Path checkout, Path root) {
        Path home = real(projectHome());
        Path store = real(root);
        List<Path> notSources = store.startsWith(home)
                ? List.of(store, real(checkout).resolve(home.relativize(store)))
                : List.of(store);
        return GitInfo.read(checkout, notSources);
    }

    /**
     * Creates a new run folder under {@code root} for the commit {@code git} describes (the other build of an A/B
     * comparison), and proves it writable.
     *
     * @throws IOException when the folder cannot be created or written
     */
    public static Path prepareRunDir(Path root, GitInfo git) throws IOException {
        Path commitDir = root.resolve(git.folderName());
        String first = RunId.of(Instant.now());
        Path runDir = commitDir.resolve(first);
        for (int i = 2; Files.exists(runDir); i++) {
            runDir = commitDir.resolve(RunId.numbered(first, i));
        }
        Files.createDirectories(runDir);
        Path probe = runDir.resolve(AtomicFiles.TEMP_PREFIX + "writable");
        Files.writeString(probe, "ok");
        Files.delete(probe);
        return runDir;
    }

    /** The runs beside {@code runDir} ({@code <root>/<commit>/<run-id>}): its grandparent, else {@code root}. */
    public static Path historyRootOf(Path runDir, Path root) {
        Path commitDir = runDir.toAbsolutePath().normalize().getParent();
        Path grandparent = commitDir == null ? null : commitDir.getParent();
        return grandparent != null ? grandparent : root;
    }

    /**
     * Proves {@code root} writable without leaving a run folder behind: creates it if needed, writes and deletes a
     * probe file. For commands that build before they measure, so an unwritable results folder is found before the
     * build, not after it.
     *
     * @throws IOException when the folder cannot be created or written
     */
    public static void checkWritable(Path root) throws IOException {
        Files.createDirectories(root);
        Path probe = Files.createTempFile(root, AtomicFiles.TEMP_PREFIX, ".writable");
        Files.delete(probe);
    }

    /** @return a handle on an existing run folder */
    public static Run create(Path runDir) {
        return new Run(runDir);
    }

    /**
     * What a run wrote.
     *
     * @param summary the summary file, written last
     * @param jmh the JMH-format file
     * @param logs every {@code .hlog} written
     */
    public record Written(Path summary, Path jmh, List<Path> logs) {

        public Written {
            logs = List.copyOf(logs);
        }
    }

    /** @return the relative path of a series' log in a run folder: {@code histograms/<benchmark>/<series>.hlog} */
    public static String hlogPath(String benchmark, String series) {
        return HISTOGRAMS + "/" + benchmark + "/" + series + ".hlog";
    }

    /**
     * @return the relative path of fork {@code fork}'s own result in a run folder:
     *     {@code forks/<benchmark>/fork-N.json}
     */
    public static String forkResultPath(String benchmark, int fork) {
        return "forks/" + benchmark + "/" + ForkFiles.result(fork);
    }

    /** @return the relative path of a series' percentile distribution: {@code histograms/<benchmark>/<series>.hgrm} */
    public static String hgrmPath(String benchmark, String series) {
        return HISTOGRAMS + "/" + benchmark + "/" + series + ".hgrm";
    }

    /** @return the ruler across {@code forks}: binding, calibration, overhead, step and CPUs; null when none ran */
    public static Environment.Ruler rulerOf(List<ForkResult> forks) {
        if (forks.isEmpty()) {
            return null;
        }
        Set<String> bindings = new LinkedHashSet<>();
        Set<String> requested = new LinkedHashSet<>();
        Set<Integer> cpus = new LinkedHashSet<>();
        double mhzMin = Double.POSITIVE_INFINITY;
        double mhzMax = Double.NEGATIVE_INFINITY;
        long overheadMin = Long.MAX_VALUE;
        long overheadMax = Long.MIN_VALUE;
        double overheadNsMax = 0;
        long stepMin = Long.MAX_VALUE;
        long stepMax = Long.MIN_VALUE;
        double stepNsMax = 0;
        Set<Integer> methods = new TreeSet<>();
        double subtractedMin = Double.POSITIVE_INFINITY;
        double subtractedMax = Double.NEGATIVE_INFINITY;
        for (ForkResult f : forks) {
            methods.add(RulerMethod.of(f.ruler()));
            subtractedMin = Math.min(subtractedMin, f.ruler().overhead().subtractedTicks());
            subtractedMax = Math.max(subtractedMax, f.ruler().overhead().subtractedTicks());
            bindings.add(f.ruler().binding().id());
            requested.add(f.ruler().requestedBinding().id());
            cpus.add(f.placement().cpuPinned());
            mhzMin = Math.min(mhzMin, f.ruler().calibration().mhz());
            mhzMax = Math.max(mhzMax, f.ruler().calibration().mhz());
            overheadMin = Math.min(overheadMin, f.ruler().overhead().minTicks());
            overheadMax = Math.max(overheadMax, f.ruler().overhead().minTicks());
            overheadNsMax = Math.max(
                    overheadNsMax,
                    f.ruler().calibration().toNs(f.ruler().overhead().minTicks()));
            stepMin = Math.min(stepMin, f.ruler().stepTicks());
            stepMax = Math.max(stepMax, f.ruler().stepTicks());
            stepNsMax = Math.max(stepNsMax, f.ruler().stepNs());
        }
        return new Environment.Ruler(
                String.join(", ", bindings),
                String.join(", ", requested),
                mhzMin,
                mhzMax,
                overheadMin,
                overheadMax,
                overheadNsMax,
                stepMin,
                stepMax,
                stepNsMax,
                List.copyOf(cpus),
                String.join(", ", methods.stream().map(String::valueOf).toList()),
                subtractedMin,
                subtractedMax);
    }

    /** A run folder being written. */
    public static final class Run {

        private final Path dir;

        Run(Path dir) {
            this.dir = dir;
        }

        public Path dir() {
            return dir;
        }

        /**
         * Writes every result file of the run, each atomically: per benchmark series an {@code .hlog} and an
         * {@code .hgrm}, then {@code jmh-result.json}, then {@code summary.json} last, so a folder whose summary exists
         * is complete. The forks wrote their own {@code forks/<benchmark>/fork-N.json}; the summary names them.
         *
         * @param environment the environment captured before measuring; the forks' ruler is added here
         */
        public Written write(
                RunConfig config, List<BenchmarkOutcome> outcomes, List<String> warnings, Environment environment)
                throws IOException {
            return write(config, outcomes, warnings, environment, null);
        }

        /**
         * Writes the run as {@link #write(RunConfig, List, List, Environment)} does, with its pairing with another run
         * recorded in {@code summary.json}.
         *
         * @param pairing how the forks were paired with the other side of an {@code ab}, or null
         */
        public Written write(
                RunConfig config,
                List<BenchmarkOutcome> outcomes,
                List<String> warnings,
                Environment environment,
                Pairing pairing)
                throws IOException {
            List<ForkResult> allForks =
                    outcomes.stream().flatMap(o -> o.forks().stream()).toList();
            Set<String> collectors = new LinkedHashSet<>();
            allForks.forEach(f -> collectors.addAll(f.run().collectors()));
            Environment complete = environment.withRuler(rulerOf(allForks), List.copyOf(collectors));
            long baseEpochMs = Instant.parse(environment.startTime()).toEpochMilli();

            List<Path> logs = new ArrayList<>();
            Map<String, Map<String, Summary.SeriesFiles>> files = new LinkedHashMap<>();
            for (BenchmarkOutcome outcome : outcomes) {
                String name = outcome.descriptor().name();
                Map<String, Summary.SeriesFiles> perSeries = new LinkedHashMap<>();
                for (Map.Entry<String, Distribution> series : outcome.merged().entrySet()) {
                    List<Distribution> parts = outcome.perFork().get(series.getKey());
                    List<HistogramFiles.ForkSeries> forks = new ArrayList<>();
                    for (int i = 0; i < parts.size(); i++) {
                        ForkResult fork = outcome.forks().get(i);
                        forks.add(new HistogramFiles.ForkSeries(
                                fork.run().fork(),
                                parts.get(i),
                                fork.measurement().measureStartEpochMs(),
                                fork.measurement().measureEndEpochMs()));
                    }
                    String hlog = hlogPath(name, series.getKey());
                    String hgrm = hgrmPath(name, series.getKey());
                    // a tagged stage's log also holds each tag's stream, tagged tag=NAME
                    Map<String, Distribution> tags = new LinkedHashMap<>();
                    outcome.merged().forEach((other, d) -> {
                        if (TagDeclaration.isTagOf(other, series.getKey())) {
                            tags.put(TagDeclaration.tagOf(other).orElseThrow(), d);
                        }
                    });
                    HistogramFiles.write(
                            dir.resolve(hlog),
                            dir.resolve(hgrm),
                            name,
                            series.getKey(),
                            forks,
                            tags,
                            baseEpochMs,
                            series.getValue().max());
                    logs.add(dir.resolve(hlog));
                    perSeries.put(series.getKey(), new Summary.SeriesFiles(hlog, hgrm));
                }
                files.put(name, perSeries);
            }
            Path jmh = dir.resolve(JmhResultFile.FILE);
            AtomicFiles.writeString(jmh, Json.write(JmhResultFile.entries(config, outcomes, complete)));
            AtomicFiles.writeString(dir.resolve(TrackerFiles.BMF_FILE), Json.write(TrackerFiles.bmf(outcomes)));
            AtomicFiles.writeString(
                    dir.resolve(TrackerFiles.GITHUB_FILE), Json.write(TrackerFiles.githubActionBenchmark(outcomes)));
            Path summary = writeSummary(config, outcomes, warnings, complete, files, pairing);
            return new Written(summary, jmh, logs);
        }

        private Path writeSummary(
                RunConfig config,
                List<BenchmarkOutcome> outcomes,
                List<String> warnings,
                Environment environment,
                Map<String, Map<String, Summary.SeriesFiles>> files,
                Pairing pairing)
                throws IOException {
            List<Summary.Benchmark> benchmarks = outcomes.stream()
                    .map(o -> Summary.Benchmark.of(
                            o, files.getOrDefault(o.descriptor().name(), Map.of())))
                    .toList();
            Summary summary = new Summary(
                    SCHEMA,
                    environment.commit(),
                    environment.dirty(),
                    environment.branch(),
                    dir.getFileName().toString(),
                    environment.startTime(),
                    Instant.now().toString(),
                    Json.mapper().valueToTree(config),
                    Json.mapper().valueToTree(environment),
                    JmhResultFile.FILE,
                    pairing,
                    benchmarks,
                    warnings);
            Path file = dir.resolve(SUMMARY);
            AtomicFiles.writeString(file, Json.write(summary));
            return file;
        }
    }
}
