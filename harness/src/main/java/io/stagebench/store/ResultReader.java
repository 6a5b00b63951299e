package io.stagebench.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.stagebench.cli.UsageException;
import io.stagebench.json.Json;
import io.stagebench.stats.StageSummary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Loads stored runs and refuses anything it cannot trust: a missing, truncated or corrupt
 * {@code summary.json}, an unknown schema, a missing key, a histogram log that does not
 * decode or holds a different number of samples than the summary says. Every refusal is a
 * {@link UsageException} (exit 2) naming the file and what is wrong with it, so a run
 * killed midway is never read as a valid result.
 *
 * <p>Reads schema {@value RunStore#SCHEMA}; keys it does not know are ignored.
 */
public final class ResultReader {

    /** Schemas this reader understands. */
    public static final Set<String> SUPPORTED_SCHEMAS = Set.of(RunStore.SCHEMA);

    private static final Pattern RUN_ID = Pattern.compile("(\\d{8}-\\d{6})(-\\d+)?");
    private static final DateTimeFormatter RUN_ID_FORMAT = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

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
     * @throws UsageException naming the file and the problem
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
                    throw new UsageException(e.getMessage(), e);
                }
                long count = log.merged().getTotalCount();
                if (count != s.count()) {
                    throw new UsageException(hlog + ": holds " + count + " samples in " + log.forks().size()
                            + " fork interval(s) but summary.json says " + s.count() + " for " + b.name() + "/"
                            + s.stage() + " (from another run, or one of the two was changed)");
                }
                if (!b.forks().isEmpty() && log.forks().size() != b.forks().size()) {
                    throw new UsageException(hlog + ": holds " + log.forks().size() + " fork interval(s) but summary.json"
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
     * @throws UsageException naming the file and the problem
     */
    public static StoredRun readSummary(Path runDir) {
        if (!Files.isDirectory(runDir)) {
            throw new UsageException(runDir + ": no such run folder");
        }
        Path file = runDir.resolve(RunStore.SUMMARY);
        if (!Files.isRegularFile(file)) {
            throw new UsageException(file + ": missing - not a run folder, or a run that was stopped before it"
                    + " finished writing its results");
        }
        JsonNode root;
        try {
            root = Json.mapper().readTree(file.toFile());
        } catch (JsonProcessingException e) {
            throw new UsageException(file + ": not valid JSON, truncated or corrupt (" + e.getOriginalMessage()
                    + (e.getLocation() != null ? " at line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr() : "") + ")", e);
        } catch (IOException e) {
            throw new UsageException(file + ": cannot be read (" + e.getMessage() + ")", e);
        }
        if (root == null || root.isMissingNode() || !root.isObject()) {
            throw new UsageException(file + ": empty or not a JSON object - not a stagebench run summary");
        }
        Fields f = new Fields(file);
        JsonNode schema = root.get("schema");
        if (schema == null || !schema.isTextual()) {
            throw new UsageException(file + ": no 'schema' key - not a stagebench run summary");
        }
        if (!SUPPORTED_SCHEMAS.contains(schema.asText())) {
            throw new UsageException(file + ": schema '" + schema.asText() + "' is not supported (this version reads "
                    + String.join(", ", new TreeSet<>(SUPPORTED_SCHEMAS)) + ")");
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
        return new StoredRun(runDir, schema.asText(), commit, dirty, branch, runId, start, root.path("config"),
                environment == null || environment.isNull() ? null : environment, warnings, benchmarks);
    }

    /** Scans {@code root/<commit>/<run-id>/summary.json}; unreadable runs become problems, not errors. */
    public static Scan scan(Path root) {
        List<StoredRun> runs = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        if (!Files.isDirectory(root)) {
            return new Scan(runs, problems);
        }
        for (Path commitDir : list(root)) {
            for (Path runDir : list(commitDir)) {
                if (!Files.exists(runDir.resolve(RunStore.SUMMARY))) {
                    continue; // a run in progress, or one that was stopped: not a result
                }
                try {
                    runs.add(readSummary(runDir));
                } catch (UsageException e) {
                    problems.add(e.getMessage());
                }
            }
        }
        runs.sort(Comparator.comparing(StoredRun::startTime).thenComparing(r -> r.dir().toString()));
        return new Scan(runs, problems);
    }

    /**
     * Finds the run folder a {@code stagebench report} argument names: a run folder, a commit
     * folder (its latest run), a commit hash or prefix under {@code root} (its latest run), or
     * nothing (the latest run of all).
     *
     * @throws UsageException when nothing or more than one commit matches
     */
    public static Path resolve(Path root, String argument) {
        if (argument == null || argument.isBlank()) {
            return latest(scan(root).runs(), "no complete run under " + root);
        }
        Path path = Path.of(argument);
        if (Files.isDirectory(path)) {
            if (isRunFolder(path)) {
                return path;
            }
            List<StoredRun> runs = new ArrayList<>();
            for (Path child : list(path)) {
                if (Files.exists(child.resolve(RunStore.SUMMARY))) {
                    runs.add(readSummary(child));
                }
            }
            return latest(runs, path + ": neither a run folder (no " + RunStore.SUMMARY
                    + ") nor a commit folder holding complete runs");
        }
        String wanted = argument.trim().toLowerCase(java.util.Locale.ROOT);
        List<StoredRun> runs = scan(root).runs();
        List<StoredRun> matching = runs.stream()
                .filter(r -> r.commit().toLowerCase(java.util.Locale.ROOT).startsWith(wanted.replace("-dirty", ""))
                        && (!wanted.endsWith("-dirty") || r.dirty()))
                .toList();
        Set<String> commits = new TreeSet<>();
        matching.forEach(r -> commits.add(r.commit()));
        if (commits.size() > 1) {
            throw new UsageException("'" + argument + "' matches runs of " + commits.size() + " commits ("
                    + String.join(", ", commits) + "); give more of the hash");
        }
        Set<String> stored = new TreeSet<>();
        runs.forEach(r -> stored.add(r.commitLabel()));
        return latest(matching, "'" + argument + "' is neither a folder nor a commit with a complete run under "
                + root + (stored.isEmpty() ? " (no runs stored)" : " (stored: " + String.join(", ", stored) + ")"));
    }

    private static boolean isRunFolder(Path dir) {
        return Files.exists(dir.resolve(RunStore.SUMMARY)) || Files.isDirectory(dir.resolve("forks"))
                || Files.isDirectory(dir.resolve(RunStore.HISTOGRAMS));
    }

    private static Path latest(List<StoredRun> runs, String noneMessage) {
        return runs.stream().max(Comparator.comparing(StoredRun::startTime).thenComparing(r -> r.dir().toString()))
                .map(StoredRun::dir)
                .orElseThrow(() -> new UsageException(noneMessage));
    }

    private static List<Path> list(Path dir) {
        try (Stream<Path> children = Files.list(dir)) {
            return children.filter(Files::isDirectory)
                    .filter(p -> !p.getFileName().toString().startsWith("."))
                    .sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    private static Instant startTime(JsonNode root, Path runDir, Fields f) {
        JsonNode start = root.get("startTime");
        if (start != null && !start.isNull()) {
            try {
                return Instant.parse(start.asText());
            } catch (DateTimeParseException e) {
                throw new UsageException(f.file + ": 'startTime' is not an ISO-8601 instant: '" + start.asText() + "'");
            }
        }
        Matcher m = RUN_ID.matcher(runDir.getFileName().toString());
        if (m.matches()) {
            return LocalDateTime.parse(m.group(1), RUN_ID_FORMAT).toInstant(ZoneOffset.UTC);
        }
        try {
            return Files.getLastModifiedTime(runDir.resolve(RunStore.SUMMARY)).toInstant();
        } catch (IOException e) {
            return Instant.EPOCH;
        }
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
                    summaries(f.array(fork, "summaries", forkAt), forkAt + ".summaries", f)));
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
        return new StoredRun.Benchmark(name, stages, forksSucceeded, f.texts(node, "failures", at, false), summaries,
                forks, histograms);
    }

    private static List<StageSummary> summaries(JsonNode array, String at, Fields f) {
        List<StageSummary> out = new ArrayList<>();
        for (int i = 0; i < array.size(); i++) {
            String sAt = at + "[" + i + "]";
            JsonNode s = array.get(i);
            f.object(s, sAt);
            long count = f.integer(s, "count", sAt);
            if (count < 0) {
                throw new UsageException(f.file + ": " + sAt + ".count is negative (" + count + ")");
            }
            out.add(new StageSummary(f.text(s, "stage", sAt), count, f.number(s, "p50Ns", sAt),
                    f.number(s, "p90Ns", sAt), f.number(s, "p99Ns", sAt), f.number(s, "p999Ns", sAt),
                    f.number(s, "p9999Ns", sAt), f.number(s, "maxNs", sAt), f.number(s, "minNs", sAt),
                    f.texts(s, "unreliable", sAt, true)));
        }
        return out;
    }

    /** Typed access to a summary's keys; every failure names the file, the path and the problem. */
    private record Fields(Path file) {

        private UsageException problem(String at, String key, String what) {
            String where = at.isEmpty() ? "'" + key + "'" : at + "." + key;
            return new UsageException(file + ": " + where + " " + what);
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
                throw new UsageException(file + ": " + at + " is not a JSON object");
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
