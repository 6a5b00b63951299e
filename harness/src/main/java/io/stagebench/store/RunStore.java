package io.stagebench.store;

import io.stagebench.json.Json;
import io.stagebench.runner.BenchmarkOutcome;
import io.stagebench.runner.ForkResult;
import io.stagebench.runner.RunConfig;
import io.stagebench.system.GitInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The per-commit result store: {@code results/<short-commit>[-dirty]/<run-id>/}, one folder
 * per run, holding {@code summary.json} and the forks' files under {@code forks/}.
 * See {@code results/README.md} for the format.
 */
public final class RunStore {

    /** Summary file name inside a run folder. */
    public static final String SUMMARY = "summary.json";
    /** Schema of {@link #SUMMARY}. */
    public static final String SCHEMA = "stagebench.run/1";

    private static final DateTimeFormatter RUN_ID = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private RunStore() {
    }

    /** @return the project's results folder: {@code $stagebench.home/results}, else {@code ./results} */
    public static Path defaultRoot() {
        return Path.of(System.getProperty("stagebench.home", ".")).resolve("results");
    }

    /** @return the checkout whose commit a run measures */
    public static Path projectHome() {
        return Path.of(System.getProperty("stagebench.home", "."));
    }

    /**
     * Creates a new run folder under {@code root} and proves it writable, before anything is
     * measured.
     *
     * @throws IOException when the folder cannot be created or written
     */
    public static Path prepareRunDir(Path root) throws IOException {
        return prepareRunDir(root, GitInfo.read(projectHome()));
    }

    /**
     * Creates a new run folder under {@code root} for the commit {@code git} describes (the
     * other build of an A/B comparison), and proves it writable.
     *
     * @throws IOException when the folder cannot be created or written
     */
    public static Path prepareRunDir(Path root, GitInfo git) throws IOException {
        Path commitDir = root.resolve(git.folderName());
        String base = ZonedDateTime.now(ZoneOffset.UTC).format(RUN_ID);
        Path runDir = commitDir.resolve(base);
        for (int i = 2; Files.exists(runDir); i++) {
            runDir = commitDir.resolve(base + "-" + i);
        }
        Files.createDirectories(runDir);
        Path probe = runDir.resolve(AtomicFiles.TEMP_PREFIX + "writable");
        Files.writeString(probe, "ok");
        Files.delete(probe);
        return runDir;
    }

    /** @return a handle on an existing run folder of the project's own checkout */
    public static Run create(Path runDir) {
        return new Run(runDir, projectHome());
    }

    /**
     * @param checkout the checkout whose commit the run measured (another worktree for the
     *                 other side of an A/B comparison); it must still exist when the summary is written
     * @return a handle on an existing run folder
     */
    public static Run create(Path runDir, Path checkout) {
        return new Run(runDir, checkout);
    }

    /** A run folder being written. */
    public static final class Run {

        private final Path dir;
        private final Path checkout;

        Run(Path dir, Path checkout) {
            this.dir = dir;
            this.checkout = checkout;
        }

        public Path dir() {
            return dir;
        }

        /** Writes {@code summary.json} atomically; returns its path. */
        public Path writeSummary(RunConfig config, List<BenchmarkOutcome> outcomes, List<String> warnings) throws IOException {
            GitInfo git = GitInfo.read(checkout);
            Map<String, Object> root = new LinkedHashMap<>();
            root.put("schema", SCHEMA);
            root.put("commit", git.commit());
            root.put("dirty", git.dirty());
            root.put("branch", git.branch());
            root.put("config", config);
            List<Map<String, Object>> benchmarks = new ArrayList<>();
            for (BenchmarkOutcome outcome : outcomes) {
                Map<String, Object> b = new LinkedHashMap<>();
                b.put("name", outcome.descriptor().name());
                b.put("stages", outcome.descriptor().stages());
                b.put("forksSucceeded", outcome.forks().size());
                b.put("failures", outcome.failures());
                b.put("summaries", outcome.summaries());
                List<Map<String, Object>> forks = new ArrayList<>();
                for (ForkResult fork : outcome.forks()) {
                    Map<String, Object> f = new LinkedHashMap<>();
                    f.put("fork", fork.fork());
                    f.put("result", "forks/" + outcome.descriptor().name() + "/fork-" + fork.fork() + ".json");
                    f.put("summaries", fork.summaries());
                    forks.add(f);
                }
                b.put("forks", forks);
                benchmarks.add(b);
            }
            root.put("benchmarks", benchmarks);
            root.put("warnings", warnings);
            Path file = dir.resolve(SUMMARY);
            AtomicFiles.writeString(file, Json.write(root));
            return file;
        }
    }
}
