package io.stagebench.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.stagebench.io.IoProblems;
import io.stagebench.json.Json;
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

/**
 * The one reader of stored runs ({@code diff}, {@code report}, {@code ab} and the report's
 * history all come through here). It refuses anything it cannot trust: a missing, truncated or
 * corrupt {@code summary.json}, a schema other than the one written, a missing key, a file the
 * summary names ({@code fork-N.json}, a histogram file, the JMH file) that does not exist, a
 * histogram log that does not decode or holds a different number of samples than the summary
 * says. Every refusal is a {@link StoreException} naming the file and what is wrong with it,
 * so a run killed midway or edited afterwards is never read as a valid result.
 *
 * <p>Reads schema {@value RunStore#SCHEMA} only; keys it does not know are ignored, as the
 * schema only ever adds keys.
 */
public final class ResultReader {

    private ResultReader() {
    }

    /**
     * A run with its histogram logs decoded and checked against the summary.
     *
     * @param run  the summary
     * @param logs benchmark name to series name to its log
     */
    public record LoadedRun(StoredRun run, Map<String, Map<String, HistogramFiles.Log>> logs) {
    }

    /**
     * The runs found under a results folder.
     *
     * @param runs     valid runs, oldest first
     * @param problems one line per run folder that could not be read
     */
    public record Scan(List<StoredRun> runs, List<String> problems) {
    }

    /**
     * Reads a run's summary and decodes every histogram log it names.
     *
     * @throws StoreException naming the file and the problem
     */
    public static LoadedRun load(Path runDir) {
        StoredRun run = readSummary(runDir);
        Map<String, Map<String, HistogramFiles.Log>> logs = new LinkedHashMap<>();
        for (StoredRun.Benchmark b : run.benchmarks()) {
            Map<String, HistogramFiles.Log> perSeries = new LinkedHashMap<>();
            for (StageSummary s : b.summaries()) {
                StoredRun.SeriesFiles files = b.histograms().get(s.stage());
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
                    throw new StoreException(hlog + ": holds " + count + " samples in " + log.forks().size()
                            + " fork interval(s) but summary.json says " + s.count() + " for " + b.name() + "/"
                            + s.stage() + " (from another run, or one of the two was changed)");
                }
                if (!b.forks().isEmpty() && log.forks().size() != b.forks().size()) {
                    throw new StoreException(hlog + ": holds " + log.forks().size() + " fork interval(s) but summary.json"
                            + " lists " + b.forks().size() + " fork(s) for " + b.name());
                }
                perSeries.put(s.stage(), log);
            }
            logs.put(b.name(), perSeries);
        }
        return new LoadedRun(run, logs);
    }

    /**
     * Reads and validates a run's {@code summary.json}.
     *
     * @throws StoreException naming the file and the problem
     */
    public static StoredRun readSummary(Path runDir) {
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
        Fields f = new Fields(file);
        JsonNode schema = root.get("schema");
        if (schema == null || !schema.isTextual()) {
            throw new StoreException(file + ": no 'schema' key - not a stagebench run summary");
        }
        if (!schema.asText().equals(RunStore.SCHEMA)) {
            throw new StoreException(file + ": schema '" + schema.asText() + "' is not supported (this version reads "
                    + RunStore.SCHEMA + ")");
        }
        String commit = f.text(root, "commit", "");
        boolean dirty = f.bool(root, "dirty", "");
        String branch = root.path("branch").asText("");
        String runId = root.path("runId").asText(runDir.getFileName().toString());
        Instant start = startTime(root, runDir, f);
        List<String> warnings = f.texts(root, "warnings", "", false);
        JsonNode benchmarksNode = f.array(root, "benchmarks", "");
        List<StoredRun.Benchmark> benchmarks = new ArrayList<>();
        for (int i = 0; i < benchmarksNode.size(); i++) {
            benchmarks.add(benchmark(benchmarksNode.get(i), "benchmarks[" + i + "]", f));
        }
        JsonNode environment = root.get("environment");
        if (root.has("jmh")) {
            requireNamedFile(runDir, f.relativePath(root, "jmh", ""));
        }
        for (StoredRun.Benchmark b : benchmarks) {
            for (StoredRun.Fork fork : b.forks()) {
                requireForkResult(runDir, fork);
            }
            for (StoredRun.SeriesFiles files : b.histograms().values()) {
                requireNamedFile(runDir, files.hlog());
                requireNamedFile(runDir, files.hgrm());
            }
        }
        return new StoredRun(runDir, schema.asText(), commit, dirty, branch, runId, start, root.path("config"),
                environment == null || environment.isNull() ? null : environment, warnings, benchmarks, pairing(root, f));
    }

    /** @return the run's pairing with another run, or null when it was measured on its own */
    private static Pairing pairing(JsonNode root, Fields f) {
        JsonNode node = root.get("pairing");
        if (node == null || node.isNull()) {
            return null;
        }
        f.object(node, "pairing");
        return new Pairing(f.text(node, "side", "pairing"), f.text(node, "partner", "pairing"),
                f.text(node, "design", "pairing"));
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
     *         summary.json): why" when the file is not the JSON of the fork the summary names
     */
    private static void requireForkResult(Path runDir, StoredRun.Fork fork) {
        requireNamedFile(runDir, fork.result());
        Path file = runDir.resolve(fork.result());
        String problem;
        try {
            JsonNode node = Json.mapper().readTree(file.toFile());
            problem = node == null || !node.isObject() || !node.path("fork").isInt() ? "no fork number in it"
                    : node.path("fork").asInt() != fork.fork() ? "it is fork " + node.path("fork").asInt()
                    + ", the summary names fork " + fork.fork() : null;
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
        runs.sort(Comparator.comparing(StoredRun::startTime).thenComparing(r -> r.dir().toString()));
        return new Scan(runs, problems);
    }

    private static Instant startTime(JsonNode root, Path runDir, Fields f) {
        JsonNode start = root.get("startTime");
        if (start != null && !start.isNull()) {
            try {
                return Instant.parse(start.asText());
            } catch (DateTimeParseException e) {
                throw new StoreException(f.file + ": 'startTime' is not an ISO-8601 instant: '" + start.asText() + "'");
            }
        }
        return RunId.startOf(runDir.getFileName().toString()).orElseGet(() -> {
            try {
                return Files.getLastModifiedTime(runDir.resolve(RunStore.SUMMARY)).toInstant();
            } catch (IOException e) {
                return Instant.EPOCH;
            }
        });
    }

    private static StoredRun.Benchmark benchmark(JsonNode node, String at, Fields f) {
        f.object(node, at);
        String name = f.text(node, "name", at);
        List<String> stages = f.texts(node, "stages", at, true);
        List<StageSummary> summaries = summaries(f.array(node, "summaries", at), at + ".summaries", f);
        JsonNode forksNode = f.array(node, "forks", at);
        List<StoredRun.Fork> forks = new ArrayList<>();
        for (int i = 0; i < forksNode.size(); i++) {
            String forkAt = at + ".forks[" + i + "]";
            JsonNode fork = forksNode.get(i);
            f.object(fork, forkAt);
            forks.add(new StoredRun.Fork(f.integer(fork, "fork", forkAt),
                    summaries(f.array(fork, "summaries", forkAt), forkAt + ".summaries", f),
                    f.relativePath(fork, "result", forkAt), fork.path("layout").path("seed").asLong(-1)));
        }
        Map<String, StoredRun.SeriesFiles> histograms = new LinkedHashMap<>();
        JsonNode files = node.get("histograms");
        if (files != null && !files.isNull()) {
            f.object(files, at + ".histograms");
            for (Map.Entry<String, JsonNode> e : files.properties()) {
                String seriesAt = at + ".histograms." + e.getKey();
                f.object(e.getValue(), seriesAt);
                histograms.put(e.getKey(), new StoredRun.SeriesFiles(f.relativePath(e.getValue(), "hlog", seriesAt),
                        f.relativePath(e.getValue(), "hgrm", seriesAt)));
            }
        }
        int forksSucceeded = node.has("forksSucceeded") ? f.integer(node, "forksSucceeded", at) : forks.size();
        int batch = node.has("batch") ? f.integer(node, "batch", at) : 1; // added later under the same schema
        if (batch < 1) {
            throw new StoreException(f.file + ": " + at + ".batch must be at least 1, got " + batch);
        }
        return new StoredRun.Benchmark(name, stages, forksSucceeded, f.texts(node, "failures", at, false), summaries,
                forks, histograms, batch);
    }

    private static List<StageSummary> summaries(JsonNode array, String at, Fields f) {
        List<StageSummary> out = new ArrayList<>();
        for (int i = 0; i < array.size(); i++) {
            String sAt = at + "[" + i + "]";
            JsonNode s = array.get(i);
            f.object(s, sAt);
            long count = f.integer(s, "count", sAt);
            if (count < 0) {
                throw new StoreException(f.file + ": " + sAt + ".count is negative (" + count + ")");
            }
            out.add(new StageSummary(f.text(s, "stage", sAt), count, f.number(s, "p50Ns", sAt),
                    f.number(s, "p90Ns", sAt), f.number(s, "p99Ns", sAt), f.number(s, "p999Ns", sAt),
                    f.number(s, "p9999Ns", sAt), f.number(s, "maxNs", sAt), f.number(s, "minNs", sAt),
                    f.texts(s, "unreliable", sAt, true),
                    s.has("tmeanNs") ? f.number(s, "tmeanNs", sAt) : Double.NaN)); // added later under the same schema
        }
        return out;
    }

    /** Typed access to a summary's keys; every failure names the file, the path and the problem. */
    private record Fields(Path file) {

        private StoreException problem(String at, String key, String what) {
            String where = at.isEmpty() ? "'" + key + "'" : at + "." + key;
            return new StoreException(file + ": " + where + " " + what);
        }

        private JsonNode field(JsonNode node, String key, String at) {
            JsonNode value = node.get(key);
            if (value == null || value.isNull()) {
                throw problem(at, key, "is missing");
            }
            return value;
        }

        void object(JsonNode node, String at) {
            if (node == null || !node.isObject()) {
                throw new StoreException(file + ": " + at + " is not a JSON object");
            }
        }

        String text(JsonNode node, String key, String at) {
            JsonNode value = field(node, key, at);
            if (!value.isTextual()) {
                throw problem(at, key, "must be a string, found " + value.getNodeType().toString().toLowerCase());
            }
            return value.asText();
        }

        String relativePath(JsonNode node, String key, String at) {
            String path = text(node, key, at);
            Path p = Path.of(path).normalize();
            if (p.isAbsolute() || p.startsWith("..")) {
                throw problem(at, key, "must be a path inside the run folder, found '" + path + "'");
            }
            return path;
        }

        boolean bool(JsonNode node, String key, String at) {
            JsonNode value = field(node, key, at);
            if (!value.isBoolean()) {
                throw problem(at, key, "must be true or false, found " + value);
            }
            return value.asBoolean();
        }

        int integer(JsonNode node, String key, String at) {
            JsonNode value = field(node, key, at);
            if (!value.isIntegralNumber() || !value.canConvertToInt()) {
                throw problem(at, key, "must be an integer, found " + value);
            }
            return value.asInt();
        }

        double number(JsonNode node, String key, String at) {
            JsonNode value = field(node, key, at);
            if (value.isNumber()) {
                return value.asDouble();
            }
            if (value.isTextual() && value.asText().equals("NaN")) {
                return Double.NaN;
            }
            throw problem(at, key, "must be a number, found " + value);
        }

        JsonNode array(JsonNode node, String key, String at) {
            JsonNode value = field(node, key, at);
            if (!value.isArray()) {
                throw problem(at, key, "must be an array, found " + value.getNodeType().toString().toLowerCase());
            }
            return value;
        }

        List<String> texts(JsonNode node, String key, String at, boolean required) {
            if (!required && (node.get(key) == null || node.get(key).isNull())) {
                return List.of();
            }
            JsonNode array = array(node, key, at);
            List<String> out = new ArrayList<>();
            for (int i = 0; i < array.size(); i++) {
                if (!array.get(i).isTextual()) {
                    throw problem(at, key + "[" + i + "]", "must be a string, found " + array.get(i));
                }
                out.add(array.get(i).asText());
            }
            return out;
        }
    }
}
