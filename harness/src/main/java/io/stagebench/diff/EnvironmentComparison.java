package io.stagebench.diff;

import com.fasterxml.jackson.databind.JsonNode;
import io.stagebench.link.RulerMethod;
import io.stagebench.store.StoredRun;
import io.stagebench.warning.Warning;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What differs between the machines and settings two runs were measured with. Most of what moves a latency figure by a
 * few percent is not the code: a different CPU model, kernel, JVM, governor, turbo setting, clock binding or measuring
 * CPU. Each difference is one warning naming the field and both values.
 *
 * <p>Compared: every scalar field of the stored {@code environment} present in both runs (nested objects as dotted
 * keys), plus {@code config.binding} and {@code config.cpu}. Skipped: fields that differ from run to run by nature
 * (start times, load averages, process ids, the ruler's measured overhead, step and calibrated frequency), the commit,
 * dirty flag and branch (what the comparison is about), fields compared elsewhere (JVM flags, measuring CPU), and what
 * only a fork that succeeded reports (its ruler, its collectors) in a run without one. Numbers within 0.1 % of each
 * other count as equal. A run without an environment makes the comparison "unknown", which is itself a warning.
 * Measurement settings ({@code messages}, warm-up, mode, rate, JVM flags, parameters, ...) that differ are listed too:
 * they change the figures as surely as a kernel.
 */
public final class EnvironmentComparison {

    /**
     * Fields (last dotted part, case-insensitive) that are not the environment: what differs between any two runs
     * (times, load, process ids), what the comparison is about (commit, dirty, branch), what is compared as a setting
     * or as {@code config.cpu} already (JVM flags, measuring CPU).
     */
    private static final Set<String> SKIPPED = Set.of(
            "starttime",
            "endtime",
            "time",
            "timestamp",
            "date",
            "runid",
            "uptime",
            "hostuptime",
            "loadavg",
            "loadaverage",
            "load",
            "load1",
            "load5",
            "load15",
            "pid",
            "memfree",
            "memavailable",
            "freememory",
            "commit",
            "dirty",
            "branch",
            "jvmflags",
            "measuringcpu");
    /**
     * Prefixes (last dotted part, case-insensitive) of figures a run measures about its ruler, which vary run to run.
     */
    private static final List<String> MEASURED = List.of("overhead", "step", "calibratedmhz");
    /** Numbers closer than this (relative) are the same: calibrated frequencies differ in their last digits. */
    private static final double SAME_NUMBER = 1e-3;

    /**
     * What the forks reported of their JVM: empty in a run none of whose forks succeeded, which says nothing of the
     * collectors, so it is compared only when both runs have it.
     */
    private static final String FORK_COLLECTORS = "gcCollectors";

    /** The ruler methods a run's forks measured with ({@link RulerMethod}), as the environment records them. */
    private static final String RULER_METHOD = "ruler.method";

    /** Environment-like fields of the configuration. */
    private static final List<String> CONFIG_ENVIRONMENT = List.of("binding", "cpu");

    /** Settings of the configuration that change what is measured. */
    private static final List<String> CONFIG_SETTINGS = List.of(
            "mode",
            "rateHz",
            "messages",
            "warmupMessages",
            "warmupMs",
            "chunk",
            "stallUs",
            "stallEvery",
            "calibrationMs",
            "calibrationRounds",
            "overheadPairs",
            "lockMemory",
            "params",
            "jvmFlags");

    private EnvironmentComparison() {}

    /** @return one warning per difference, "A"/"B" naming the old and new run */
    public static List<String> warnings(StoredRun a, StoredRun b) {
        List<String> warnings = new ArrayList<>();
        Map<String, String> envA = environmentOf(a);
        Map<String, String> envB = environmentOf(b);
        if (a.environment() == null || b.environment() == null) {
            String which = a.environment() == null && b.environment() == null
                    ? "neither run records"
                    : a.environment() == null ? "run A records no" : "run B records no";
            warnings.add(which + " environment (written by an older stagebench): whether CPU model, kernel, JVM,"
                    + " governor, turbo or pinning differ between the runs is unknown; only the clock binding and"
                    + " measuring CPU were compared");
        }
        rulers(a, b).ifPresent(warnings::add);
        for (Map.Entry<String, String> field : envA.entrySet()) {
            String other = envB.get(field.getKey());
            if (field.getKey().equals(RULER_METHOD)) {
                continue; // said by rulers(), with both rulers' figures
            }
            if (other != null && !same(field.getValue(), other)) {
                warnings.add("environments differ in " + field.getKey() + ": A '" + field.getValue() + "', B '" + other
                        + "'");
            }
        }
        for (String setting : CONFIG_SETTINGS) {
            JsonNode va = a.config().get(setting);
            JsonNode vb = b.config().get(setting);
            if (va != null && vb != null && !va.equals(vb)) {
                warnings.add("runs measured with different settings: config." + setting + ": A " + text(va) + ", B "
                        + text(vb));
            }
        }
        return warnings;
    }

    /**
     * @return one warning when A's and B's forks measured with other ruler methods ({@code ab} of an older build runs
     *     that build's forks): each side's method, step and the probe overhead it subtracted from every stage, so a
     *     reader sees how much of a change the rulers can hold; empty when both used one method or a run does not say
     */
    static Optional<String> rulers(StoredRun a, StoredRun b) {
        if (a.environment() == null || b.environment() == null) {
            return Optional.empty();
        }
        JsonNode rulerA = a.environment().path("ruler");
        JsonNode rulerB = b.environment().path("ruler");
        String methodA = rulerA.path("method").asText("");
        String methodB = rulerB.path("method").asText("");
        if (methodA.isEmpty() || methodB.isEmpty() || methodA.equals(methodB)) {
            return Optional.empty();
        }
        return Optional.of(
                "A and B were measured with different rulers, so part of every difference is the rulers', not"
                        + " the code's: A's forks with " + ruler(rulerA) + "; B's with " + ruler(rulerB) + " (fix: "
                        + Warning.RULERS_DIFFER.fix() + ")");
    }

    /** @return "ruler 1 (the step of back-to-back reads): step 1 tick, 52.0 ticks of probe overhead subtracted" */
    private static String ruler(JsonNode ruler) {
        String method = ruler.path("method").asText();
        String described = method.contains(",") ? "rulers " + method : RulerMethod.describe(Integer.parseInt(method));
        long stepMin = ruler.path("stepTicksMin").asLong();
        long stepMax = ruler.path("stepTicksMax").asLong();
        double subtractedMin = ruler.path("overheadSubtractedTicksMin").asDouble();
        double subtractedMax = ruler.path("overheadSubtractedTicksMax").asDouble();
        return described + ": step " + (stepMin == stepMax ? stepMin : stepMin + ".." + stepMax)
                + (stepMax == 1 ? " tick, " : " ticks, ")
                + (subtractedMin == subtractedMax
                        ? String.format(Locale.ROOT, "%.1f", subtractedMin)
                        : String.format(Locale.ROOT, "%.1f..%.1f", subtractedMin, subtractedMax))
                + " ticks of probe overhead subtracted";
    }

    /**
     * @return the fields compared for {@code run}: its environment's stable fields, then config.binding and config.cpu
     */
    static Map<String, String> environmentOf(StoredRun run) {
        Map<String, String> fields = new LinkedHashMap<>();
        if (run.environment() != null) {
            flatten(run.environment()).entrySet().stream()
                    .filter(e -> !isSkipped(e.getKey()))
                    .filter(e ->
                            !(e.getKey().equals(FORK_COLLECTORS) && e.getValue().equals("[]")))
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
     * @return every scalar of {@code env}, nested objects as dotted keys ("ruler.binding"), arrays as their JSON text
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
