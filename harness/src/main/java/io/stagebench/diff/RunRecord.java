package io.stagebench.diff;

import com.fasterxml.jackson.databind.JsonNode;
import io.stagebench.json.Json;
import io.stagebench.stats.StageSummary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A run as the result store kept it: the {@code summary.json} of one run folder, read
 * tolerantly (fields added by newer writers are ignored; the schema version decides what can
 * be read). Only what a comparison needs is kept: the commit, the configuration, the
 * environment when recorded, and per benchmark the pooled and per-fork stage summaries.
 *
 * @param dir         the run folder
 * @param schema      {@code stagebench.run/1} or {@code stagebench.run/2}
 * @param commit      full commit hash ("nocommit" outside git)
 * @param dirty       whether the work tree had uncommitted changes
 * @param branch      branch name, "" when detached
 * @param config      the run's configuration as stored (a JSON object; empty when absent)
 * @param environment flattened scalar fields of the stored {@code environment} object, or
 *                    null when the run recorded none
 * @param benchmarks  the benchmarks, in run order
 * @param warnings    the warnings the run itself recorded
 */
public record RunRecord(Path dir, String schema, String commit, boolean dirty, String branch, JsonNode config,
                        Map<String, String> environment, List<Benchmark> benchmarks, List<String> warnings) {

    /** Schemas this reader understands. */
    public static final Set<String> SCHEMAS = Set.of("stagebench.run/1", "stagebench.run/2");
    /** Summary file name inside a run folder. */
    public static final String SUMMARY = "summary.json";

    public RunRecord {
        benchmarks = List.copyOf(benchmarks);
        warnings = List.copyOf(warnings);
        environment = environment == null ? null : Map.copyOf(environment);
    }

    /**
     * One benchmark of a run.
     *
     * @param name      benchmark name
     * @param summaries pooled summary per series (stages, then total / response)
     * @param forks     the forks that succeeded, each with its own summaries
     * @param failures  one line per fork that failed
     */
    public record Benchmark(String name, List<StageSummary> summaries, List<Fork> forks, List<String> failures) {
        public Benchmark {
            summaries = List.copyOf(summaries);
            forks = List.copyOf(forks);
            failures = List.copyOf(failures);
        }

        /** @return the series names, in report order */
        public List<String> series() {
            return summaries.stream().map(StageSummary::stage).toList();
        }

        /** @return the pooled summary of {@code series} */
        public Optional<StageSummary> summary(String series) {
            return summaries.stream().filter(s -> s.stage().equals(series)).findFirst();
        }
    }

    /**
     * One fork of a benchmark.
     *
     * @param fork      fork number, from 1
     * @param summaries this fork's summary per series
     */
    public record Fork(int fork, List<StageSummary> summaries) {
        public Fork {
            summaries = List.copyOf(summaries);
        }

        /** @return this fork's summary of {@code series} */
        public Optional<StageSummary> summary(String series) {
            return summaries.stream().filter(s -> s.stage().equals(series)).findFirst();
        }
    }

    /** @return the 12-character commit, with "-dirty" when the tree had changes: how the store names its folder */
    public String label() {
        String shortCommit = commit.substring(0, Math.min(12, commit.length()));
        return dirty ? shortCommit + "-dirty" : shortCommit;
    }

    /** @return the benchmark named {@code name} */
    public Optional<Benchmark> benchmark(String name) {
        return benchmarks.stream().filter(b -> b.name().equals(name)).findFirst();
    }

    /** @return the benchmark names, in run order */
    public List<String> benchmarkNames() {
        return benchmarks.stream().map(Benchmark::name).toList();
    }

    /**
     * Reads {@code dir/summary.json}.
     *
     * @throws DiffException naming the file when it is missing, unreadable, not a run
     *         summary, or of a schema this reader does not know
     */
    public static RunRecord read(Path dir) {
        Path file = dir.resolve(SUMMARY);
        if (!Files.isRegularFile(file)) {
            throw new DiffException("no " + SUMMARY + " in " + dir + " (not a run folder, or the run did not finish)");
        }
        JsonNode root;
        try {
            root = Json.mapper().readTree(file.toFile());
        } catch (IOException e) {
            throw new DiffException("cannot read " + file + ": " + oneLine(e.getMessage()), e);
        }
        if (root == null || !root.isObject()) {
            throw new DiffException(file + " is not a run summary (expected a JSON object)");
        }
        JsonNode schemaNode = root.get("schema");
        String schema = schemaNode == null || schemaNode.isNull() ? null : schemaNode.asText();
        if (schema == null || !SCHEMAS.contains(schema)) {
            throw new DiffException(file + " has schema " + (schema == null ? "(none)" : "'" + schema + "'")
                    + ", which this stagebench cannot read (it reads " + String.join(" and ", SCHEMAS.stream().sorted().toList())
                    + ")");
        }
        try {
            List<Benchmark> benchmarks = new ArrayList<>();
            for (JsonNode b : root.path("benchmarks")) {
                List<Fork> forks = new ArrayList<>();
                for (JsonNode f : b.path("forks")) {
                    forks.add(new Fork(f.path("fork").asInt(), summaries(f.path("summaries"))));
                }
                benchmarks.add(new Benchmark(requiredText(b, "name", file), summaries(b.path("summaries")), forks,
                        texts(b.path("failures"))));
            }
            JsonNode env = root.get("environment");
            Map<String, String> environment = env == null || !env.isObject() ? null : flatten(env);
            JsonNode config = root.path("config");
            return new RunRecord(dir, schema, root.path("commit").asText("nocommit"), root.path("dirty").asBoolean(false),
                    root.path("branch").asText(""), config.isObject() ? config : Json.mapper().createObjectNode(),
                    environment, benchmarks, texts(root.path("warnings")));
        } catch (IOException | IllegalArgumentException e) {
            throw new DiffException(file + " is not a readable run summary: " + oneLine(e.getMessage()), e);
        }
    }

    private static List<StageSummary> summaries(JsonNode array) throws IOException {
        List<StageSummary> out = new ArrayList<>();
        for (JsonNode s : array) {
            out.add(Json.mapper().treeToValue(s, StageSummary.class));
        }
        return out;
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        for (JsonNode t : array) {
            out.add(t.asText());
        }
        return out;
    }

    private static String requiredText(JsonNode node, String field, Path file) {
        JsonNode value = node.get(field);
        if (value == null || !value.isTextual()) {
            throw new IllegalArgumentException("a benchmark without '" + field + "'");
        }
        return value.asText();
    }

    /**
     * @return every scalar of {@code env}, nested objects as dotted keys ("cpu.model"), arrays
     *         as their JSON text
     */
    static Map<String, String> flatten(JsonNode env) {
        Map<String, String> out = new LinkedHashMap<>();
        flatten("", env, out);
        return out;
    }

    private static void flatten(String prefix, JsonNode node, Map<String, String> out) {
        Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> field = fields.next();
            String key = prefix + field.getKey();
            JsonNode value = field.getValue();
            if (value.isObject()) {
                flatten(key + ".", value, out);
            } else if (value.isArray()) {
                out.put(key, value.toString());
            } else if (!value.isNull()) {
                out.put(key, value.asText());
            }
        }
    }

    private static String oneLine(String message) {
        return message == null ? "" : message.replaceAll("\\s+", " ").trim();
    }
}
