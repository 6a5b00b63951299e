package io.stagebench.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.stagebench.io.IoProblems;
import io.stagebench.json.Json;
import io.stagebench.link.LinkVersion;
import io.stagebench.result.ForkWindows;
import io.stagebench.result.WindowCentres;
import io.stagebench.stats.StageSummary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * The one reader of stored runs ({@code diff}, {@code report}, {@code ab}, {@code history}, {@code bisect} and the
 * report's history all come through here), with one notion of a readable run: {@link #readSummary} and {@link #load}
 * check the same things. It refuses anything it cannot trust: a missing, truncated or corrupt {@code summary.json}, a
 * schema other than the one written, a missing key or a value of the wrong type ({@link JsonShape}), a fork without a
 * series its benchmark pools, a file the summary names ({@code fork-N.json}, a histogram file, the JMH file) that does
 * not exist, a histogram log that does not decode or holds a different number of samples than the summary says. Every
 * refusal is a {@link StoreException} naming the file and what is wrong with it, so a run killed midway or edited
 * afterwards is never read as a valid result by one command and refused by another.
 *
 * <p>Reads schema {@value RunStore#SCHEMA} only, into the {@link Summary} the store writes; keys it does not know are
 * ignored, as the schema only ever adds keys.
 */
public final class ResultReader {

    private ResultReader() {}

    /**
     * A run with its histogram logs decoded and checked against the summary.
     *
     * @param run the summary
     * @param logs benchmark name to series name to its log
     */
    public record LoadedRun(StoredRun run, Map<String, Map<String, HistogramFiles.Log>> logs) {}

    /**
     * The runs found under a results folder.
     *
     * @param runs valid runs, oldest first
     * @param problems one line per run folder that could not be read
     */
    public record Scan(List<StoredRun> runs, List<String> problems) {}

    /**
     * Reads a run's summary and decodes every histogram log it names.
     *
     * @throws StoreException naming the file and the problem
     */
    public static LoadedRun load(Path runDir) {
        StoredRun run = summary(runDir);
        Map<String, Map<String, HistogramFiles.Log>> logs = new LinkedHashMap<>();
        for (StoredRun.Benchmark b : run.benchmarks()) {
            Map<String, HistogramFiles.Log> perSeries = new LinkedHashMap<>();
            for (StageSummary s : b.summaries()) {
                Summary.SeriesFiles files = b.histograms().get(s.stage());
                if (files == null) {
                    continue;
                }
                Path hlog = runDir.resolve(files.hlog());
                HistogramFiles.Log log;
                try {
                    log = HistogramFiles.read(hlog);
                } catch (IOException e) {
                    throw new StoreException(e.getMessage(), e);
                }
                long count = log.merged().getTotalCount();
                if (count != s.count()) {
                    throw new StoreException(hlog + ": holds " + count + " samples in "
                            + log.forks().size()
                            + " fork interval(s) but summary.json says " + s.count() + " for " + b.name() + "/"
                            + s.stage() + " (from another run, or one of the two was changed)");
                }
                if (!b.forks().isEmpty() && log.forks().size() != b.forks().size()) {
                    throw new StoreException(
                            hlog + ": holds " + log.forks().size() + " fork interval(s) but summary.json" + " lists "
                                    + b.forks().size() + " fork(s) for " + b.name());
                }
                perSeries.put(s.stage(), log);
            }
            logs.put(b.name(), perSeries);
        }
        return new LoadedRun(withForkHistograms(run, logs), logs);
    }

    /** @return {@code run} whose forks hold their interval of each series' log */
    private static StoredRun withForkHistograms(StoredRun run, Map<String, Map<String, HistogramFiles.Log>> logs) {
        List<StoredRun.Benchmark> benchmarks = new ArrayList<>();
        for (StoredRun.Benchmark b : run.benchmarks()) {
            Map<String, HistogramFiles.Log> perSeries = logs.getOrDefault(b.name(), Map.of());
            List<StoredRun.Fork> forks = new ArrayList<>();
            for (StoredRun.Fork f : b.forks()) {
                Map<String, Histogram> own = new LinkedHashMap<>();
                perSeries.forEach((series, log) -> {
                    for (int i = 0; i < log.forks().size(); i++) {
                        if (log.forkOf(i) == f.fork()) {
                            own.put(series, log.forks().get(i));
                        }
                    }
                });
                forks.add(new StoredRun.Fork(
                        f.fork(),
                        f.summaries(),
                        f.result(),
                        f.layoutSeed(),
                        f.coreLoopNs(),
                        series -> Optional.ofNullable(own.get(series)),
                        f.windows()));
            }
            benchmarks.add(new StoredRun.Benchmark(
                    b.name(),
                    b.stages(),
                    b.forksSucceeded(),
                    b.failures(),
                    b.summaries(),
                    forks,
                    b.histograms(),
                    b.batch(),
                    b.tail()));
        }
        return new StoredRun(
                run.dir(),
                run.schema(),
                run.commit(),
                run.dirty(),
                run.branch(),
                run.runId(),
                run.startTime(),
                run.config(),
                run.environment(),
                run.warnings(),
                benchmarks,
                run.pairing());
    }

    /**
     * Reads and validates a run as {@link #load} does, its histogram logs decoded and checked too, and keeps the
     * summary: what {@code diff}, {@code history} and {@code bisect} read, so they refuse what {@code report} refuses.
     *
     * @throws StoreException naming the file and the problem
     */
    public static StoredRun readSummary(Path runDir) {
        return load(runDir).run();
    }

    /**
     * Reads and validates a run's {@code summary.json} and that the files it names exist; the logs are {@link #load}'s.
     */
    private static StoredRun summary(Path runDir) {
        if (!Files.isDirectory(runDir)) {
            throw new StoreException(runDir + ": no such run folder");
        }
        Path file = runDir.resolve(RunStore.SUMMARY);
        if (!Files.isRegularFile(file)) {
            throw new StoreException(file + ": missing - not a run folder, or a run that was stopped before it"
                    + " finished writing its results");
        }
        JsonNode root;
        try {
            root = Json.mapper().readTree(file.toFile());
        } catch (JsonProcessingException e) {
            throw new StoreException(file + ": not valid JSON, truncated or corrupt (" + Json.problem(e) + ")", e);
        } catch (IOException e) {
            throw new StoreException(file + ": cannot be read (" + e.getMessage() + ")", e);
        }
        if (root == null || root.isMissingNode() || !root.isObject()) {
            throw new StoreException(file + ": empty or not a JSON object - not a stagebench run summary");
        }
        JsonNode schema = root.get("schema");
        if (schema == null || !schema.isTextual()) {
            throw new StoreException(file + ": no 'schema' key - not a stagebench run summary");
        }
        if (!schema.asText().equals(RunStore.SCHEMA)) {
            throw new StoreException(file + ": schema '" + schema.asText() + "' is not supported (this version reads "
                    + RunStore.SCHEMA + ")");
        }
        JsonShape shape = new JsonShape(file);
        shape.check(root, Summary.class);
        Summary summary;
        try {
            summary = Json.mapper().treeToValue(root, Summary.class);
        } catch (JsonProcessingException e) {
            throw new StoreException(file + ": " + Json.problem(e), e);
        }
        Instant start = startTime(summary, runDir, shape);
        List<StoredRun.Benchmark> benchmarks = new ArrayList<>();
        for (int i = 0; i < summary.benchmarks().size(); i++) {
            benchmarks.add(benchmark(summary.benchmarks().get(i), "benchmarks[" + i + "]", shape));
        }
        if (summary.jmh() != null) {
            requireNamedFile(runDir, relativePath(summary.jmh(), "jmh", shape));
        }
        for (StoredRun.Benchmark b : benchmarks) {
            for (StoredRun.Fork fork : b.forks()) {
                requireForkResult(runDir, fork);
            }
            for (Summary.SeriesFiles files : b.histograms().values()) {
                requireNamedFile(runDir, files.hlog());
                requireNamedFile(runDir, files.hgrm());
            }
        }
        JsonNode environment = summary.environment();
        return new StoredRun(
                runDir,
                summary.schema(),
                summary.commit(),
                summary.dirty(),
                summary.branch() == null ? "" : summary.branch(),
                summary.runId() == null ? runDir.getFileName().toString() : summary.runId(),
                start,
                summary.config() == null ? MissingNode.getInstance() : summary.config(),
                environment == null || environment.isNull() ? null : environment,
                summary.warnings(),
                benchmarks,
                summary.pairing());
    }

    /** @throws StoreException "PATH: missing (named in summary.json)" */
    private static void requireNamedFile(Path runDir, String relative) {
        Path file = runDir.resolve(relative);
        if (!Files.isRegularFile(file)) {
            throw new StoreException(file + ": missing (named in " + RunStore.SUMMARY + ")");
        }
    }

    /**
     * @throws StoreException "PATH: missing (named in summary.json)", or "PATH: not a fork result (named in
     *     summary.json): why" when the file is not the JSON of the fork the summary names
     */
    private static void requireForkResult(Path runDir, StoredRun.Fork fork) {
        requireNamedFile(runDir, fork.result());
        Path file = runDir.resolve(fork.result());
        String problem;
        try {
            JsonNode node = Json.mapper().readTree(file.toFile());
            problem = node == null || !node.isObject() || !node.path("fork").isInt()
                    ? "no fork number in it"
                    : node.path("fork").asInt() != fork.fork()
                            ? "it is fork " + node.path("fork").asInt() + ", the summary names fork " + fork.fork()
                            : LinkVersion.refusal("it", node.path("linkVersion").asInt(0))
                                    .orElse(null);
        } catch (JsonProcessingException e) {
            problem = Json.problem(e);
        } catch (IOException e) {
            problem = IoProblems.describe(e);
        }
        if (problem != null) {
            throw new StoreException(file + ": not a fork result (named in " + RunStore.SUMMARY + "): " + problem);
        }
    }

    /** Scans {@code root/<commit>/<run-id>/summary.json}; unreadable runs become problems, not errors. */
    public static Scan scan(Path root) {
        List<StoredRun> runs = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        if (!Files.isDirectory(root)) {
            return new Scan(runs, problems);
        }
        for (Path commitDir : RunResolver.folders(root)) {
            for (Path runDir : RunResolver.folders(commitDir)) {
                if (!Files.exists(runDir.resolve(RunStore.SUMMARY))) {
                    continue; // a run in progress, or one that was stopped: not a result
                }
                try {
                    runs.add(readSummary(runDir));
                } catch (StoreException e) {
                    problems.add(e.getMessage());
                }
            }
        }
        runs.sort(Comparator.comparing(StoredRun::startTime)
                .thenComparing(r -> r.dir().toString()));
        return new Scan(runs, problems);
    }

    private static Instant startTime(Summary summary, Path runDir, JsonShape shape) {
        if (summary.startTime() != null) {
            try {
                return Instant.parse(summary.startTime());
            } catch (DateTimeParseException e) {
                throw shape.problem("startTime", "is not an ISO-8601 instant: '" + summary.startTime() + "'");
            }
        }
        return RunId.startOf(runDir.getFileName().toString()).orElseGet(() -> {
            try {
                return Files.getLastModifiedTime(runDir.resolve(RunStore.SUMMARY))
                        .toInstant();
            } catch (IOException e) {
                return Instant.EPOCH;
            }
        });
    }

    /**
     * @return {@code b} as read: its paths inside the run folder, its counts not negative, its batch at least 1 and
     *     every series it pools in each of its forks
     */
    /** @return the fork's windows of the core probe as stored; none when not probed or not matching its windows */
    private static ForkWindows windows(Summary.Fork fork) {
        if (fork.coreWindows() == null || !fork.coreWindows().probed()) {
            return ForkWindows.NONE;
        }
        Map<String, double[]> centres = new LinkedHashMap<>();
        fork.windowCentresNs().forEach((series, stored) -> centres.put(series, WindowCentres.fromStored(stored)));
        return new ForkWindows(fork.coreWindows(), centres);
    }

    private static StoredRun.Benchmark benchmark(Summary.Benchmark b, String at, JsonShape shape) {
        requireCounts(b.summaries(), at + ".summaries", shape);
        List<String> pooled = b.summaries().stream().map(StageSummary::stage).toList();
        List<StoredRun.Fork> forks = new ArrayList<>();
        for (int i = 0; i < b.forks().size(); i++) {
            String forkAt = at + ".forks[" + i + "]";
            Summary.Fork fork = b.forks().get(i);
            requireCounts(fork.summaries(), forkAt + ".summaries", shape);
            requireSeries(pooled, fork.summaries(), forkAt + ".summaries", shape);
            forks.add(new StoredRun.Fork(
                    fork.fork(),
                    fork.summaries(),
                    relativePath(fork.result(), forkAt + ".result", shape),
                    fork.layout() == null ? -1 : fork.layout().seed(),
                    fork.coreLoopNs(),
                    StoredRun.ForkHistograms.NONE,
                    windows(fork)));
        }
        b.histograms().forEach((series, files) -> {
            relativePath(files.hlog(), at + ".histograms." + series + ".hlog", shape);
            relativePath(files.hgrm(), at + ".histograms." + series + ".hgrm", shape);
        });
        if (b.batch() < 1) {
            throw shape.problem(at + ".batch", "must be at least 1, got " + b.batch());
        }
        return new StoredRun.Benchmark(
                b.name(),
                b.stages(),
                b.forksSucceeded(),
                b.failures(),
                b.summaries(),
                forks,
                b.histograms(),
                b.batch(),
                b.tail());
    }

    /**
     * @throws StoreException when a fork lacks a series of its benchmark: a benchmark's series pool every fork's
     *     samples, so each of its forks has each of them (a fork may have more: a tag only some forks saw)
     */
    private static void requireSeries(List<String> pooled, List<StageSummary> fork, String at, JsonShape shape) {
        List<String> own = fork.stream().map(StageSummary::stage).toList();
        List<String> missing = pooled.stream().filter(s -> !own.contains(s)).toList();
        if (!missing.isEmpty()) {
            throw shape.problem(
                    at,
                    "has no series " + String.join(", ", missing) + " of its benchmark's "
                            + String.join(", ", pooled) + " (it has " + String.join(", ", own)
                            + "): a benchmark's series pool its"
                            + " forks' samples");
        }
    }

    private static void requireCounts(List<StageSummary> summaries, String at, JsonShape shape) {
        for (int i = 0; i < summaries.size(); i++) {
            if (summaries.get(i).count() < 0) {
                throw shape.problem(
                        at + "[" + i + "].count",
                        "is negative (" + summaries.get(i).count() + ")");
            }
        }
    }

    /** @return {@code path}, a path inside the run folder */
    private static String relativePath(String path, String at, JsonShape shape) {
        Path p = Path.of(path).normalize();
        if (p.isAbsolute() || p.startsWith("..")) {
            throw shape.problem(at, "must be a path inside the run folder, found '" + path + "'");
        }
        return path;
    }
}
