package io.stagebench.diff;

import com.fasterxml.jackson.databind.JsonNode;
import io.stagebench.store.StoredRun;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.Set;

/**
 * What differs between the machines and settings two runs were measured with. Most of what
 * moves a latency figure by a few percent is not the code: a different CPU model, kernel,
 * JVM, governor, turbo setting, clock binding or measuring CPU. Each difference is one
 * warning naming the field and both values.
 *
 * <p>Compared: every scalar field of the stored {@code environment} present in both runs
 * (nested objects as dotted keys), plus {@code config.binding} and {@code config.cpu}. Skipped:
 * fields that differ from run to run by nature (start times, load averages, process ids, the
 * ruler's measured overhead, step and calibrated frequency), the commit, dirty flag and branch
 * (what the comparison is about), fields compared elsewhere (JVM flags, measuring CPU), and what
 * only a fork that succeeded reports (its ruler, its collectors) in a run without one.
 * Numbers within 0.1 % of each other count as equal. A run without an environment makes the comparison "unknown", which is
 * itself a warning. Measurement settings ({@code messages}, warm-up, mode, rate, JVM flags,
 * parameters, ...) that differ are listed too: they change the figures as surely as a kernel.
 */
public final class EnvironmentComparison {

    /**
     * Fields (last dotted part, case-insensitive) that are not the environment: what differs
     * between any two runs (times, load, process ids), what the comparison is about (commit,
     * dirty, branch), what is compared as a setting or as {@code config.cpu} already (JVM flags,
     * measuring CPU).
     */
    private static final Set<String> SKIPPED = Set.of("starttime", "endtime", "time", "timestamp", "date", "runid",
            "uptime", "hostuptime", "loadavg", "loadaverage", "load", "load1", "load5", "load15", "pid", "memfree",
            "memavailable", "freememory", "commit", "dirty", "branch", "jvmflags", "measuringcpu");
    /** Prefixes (last dotted part, case-insensitive) of figures a run measures about its ruler, which vary run to run. */
    private static final List<String> MEASURED = List.of("overhead", "step", "calibratedmhz");
    /** Numbers closer than this (relative) are the same: calibrated frequencies differ in their last digits. */
    private static final double SAME_NUMBER = 1e-3;

    /**
     * What the forks reported of their JVM: empty in a run none of whose forks succeeded, which says nothing of the
     * collectors, so it is compared only when both runs have it.
     */
    private static final String FORK_COLLECTORS = "gcCollectors";

    /** Environment-like fields of the configuration. */
    private static final List<String> CONFIG_ENVIRONMENT = List.of("binding", "cpu");

    /** Settings of the configuration that change what is measured. */
    private static final List<String> CONFIG_SETTINGS = List.of("mode", "rateHz", "messages", "warmupMessages", "warmupMs",
            "chunk", "stallUs", "stallEvery", "calibrationMs", "calibrationRounds", "overheadPairs", "lockMemory",
            "params", "jvmFlags");

    private EnvironmentComparison() {
    }

    /** @return one warning per difference, "A"/"B" naming the old and new run */
    public static List<String> warnings(StoredRun a, StoredRun b) {
        List<String> warnings = new ArrayList<>();
        Map<String, String> envA = environmentOf(a);
        Map<String, String> envB = environmentOf(b);
        if (a.environment() == null || b.environment() == null) {
            String which = a.environment() == null && b.environment() == null ? "neither run records"
                    : a.environment() == null ? "run A records no" : "run B records no";
            warnings.add(which + " environment (written by an older stagebench): whether CPU model, kernel, JVM,"
                    + " governor, turbo or pinning differ between the runs is unknown; only the clock binding and"
                    + " measuring CPU were compared");
        }
        for (Map.Entry<String, String> field : envA.entrySet()) {
            String other = envB.get(field.getKey());
            if (other != null && !same(field.getValue(), other)) {
                warnings.add("environments differ in " + field.getKey() + ": A '" + field.getValue() + "', B '" + other + "'");
            }
        }
        for (String setting : CONFIG_SETTINGS) {
            JsonNode va = a.config().get(setting);
            JsonNode vb = b.config().get(setting);
            if (va != null && vb != null && !va.equals(vb)) {
                warnings.add("runs measured with different settings: config." + setting + ": A " + text(va) + ", B " + text(vb));
            }
        }
        return warnings;
    }

    /** @return the fields compared for {@code run}: its environment's stable fields, then config.binding and config.cpu */
    static Map<String, String> environmentOf(StoredRun run) {
        Map<String, String> fields = new LinkedHashMap<>();
        if (run.environment() != null) {
            flatten(run.environment()).entrySet().stream()
                    .filter(e -> !isSkipped(e.getKey()))
                    .filter(e -> !(e.getKey().equals(FORK_COLLECTORS) && e.getValue().equals("[]")))
                    .sorted(Map.Entry.comparingByKey())
                    .forEach(e -> fields.put(e.getKey(), e.getValue()));
        }
        for (String key : CONFIG_ENVIRONMENT) {
            JsonNode value = run.config().get(key);
            if (value != null && !value.isNull()) {
                fields.put("config." + key, value.isValueNode() ? value.asText() : value.toString());
            }
        }
        return fields;
    }

    /**
     * @return every scalar of {@code env}, nested objects as dotted keys ("ruler.binding"),
     *         arrays as their JSON text
     */
    static Map<String, String> flatten(JsonNode env) {
        Map<String, String> out = new LinkedHashMap<>();
        flatten("", env, out);
        return out;
    }

    private static void flatten(String prefix, JsonNode node, Map<String, String> out) {
        for (Map.Entry<String, JsonNode> field : node.properties()) {
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

    private static boolean isSkipped(String key) {
        String last = key.substring(key.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
        return SKIPPED.contains(last) || MEASURED.stream().anyMatch(last::startsWith);
    }

    /** @return equal text, or two numbers within {@value #SAME_NUMBER} of each other (relative) */
    static boolean same(String a, String b) {
        if (a.equals(b)) {
            return true;
        }
        try {
            double x = Double.parseDouble(a);
            double y = Double.parseDouble(b);
            return Math.abs(x - y) <= SAME_NUMBER * Math.max(Math.abs(x), Math.abs(y));
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static String text(JsonNode value) {
        return value.isTextual() ? "'" + value.asText() + "'" : value.toString();
    }
}
