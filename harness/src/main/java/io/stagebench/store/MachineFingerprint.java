package io.stagebench.store;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * The machine a run was measured on, as far as a latency figure depends on it: CPU model,
 * kernel, JVM, clock binding and measuring CPU. Runs of two fingerprints are never compared or
 * pooled by {@code history} or {@code bisect}: a new kernel or JDK moves a figure as surely as
 * a commit does, and would be taken for one.
 *
 * @param cpuModel     {@code environment.cpuModel}
 * @param kernel       {@code environment.kernel}
 * @param jvm          {@code environment.jvmVendor} and {@code jvmVersion}
 * @param binding      the clock binding asked for ({@code config.binding})
 * @param measuringCpu the CPU the forks pinned to ({@code config.cpu})
 */
public record MachineFingerprint(String cpuModel, String kernel, String jvm, String binding, String measuringCpu) {

    private static final String UNKNOWN = "unknown";

    /** @return the fingerprint of a stored run; fields a run does not record read "unknown" */
    public static MachineFingerprint of(StoredRun run) {
        return of(run.environment(), run.config());
    }

    /** @return the fingerprint of an environment and a configuration as {@code summary.json} stores them */
    public static MachineFingerprint of(JsonNode environment, JsonNode config) {
        return new MachineFingerprint(text(environment, "cpuModel"), text(environment, "kernel"),
                (text(environment, "jvmVendor") + " " + text(environment, "jvmVersion")).trim(), text(config, "binding"),
                text(config, "cpu"));
    }

    private static String text(JsonNode node, String field) {
        if (node == null || !node.hasNonNull(field)) {
            return UNKNOWN;
        }
        return node.get(field).asText();
    }

    /** @return "kernel '6.1.0' instead of '6.8.0'": each field in which this differs from {@code reference} */
    public String differences(MachineFingerprint reference) {
        List<String> out = new ArrayList<>();
        field(out, "CPU", cpuModel, reference.cpuModel);
        field(out, "kernel", kernel, reference.kernel);
        field(out, "JVM", jvm, reference.jvm);
        field(out, "clock binding", binding, reference.binding);
        field(out, "measuring CPU", measuringCpu, reference.measuringCpu);
        return out.isEmpty() ? "the same machine" : String.join(", ", out);
    }

    private static void field(List<String> out, String name, String mine, String theirs) {
        if (!mine.equals(theirs)) {
            out.add(name + " '" + mine + "' instead of '" + theirs + "'");
        }
    }

    /** @return "Fixture CPU @ 2.60GHz, kernel 6.8.0 (x86_64), JVM Oracle 25+36, ffm clock, CPU 1" */
    public String describe() {
        return cpuModel + ", kernel " + kernel + ", JVM " + jvm + ", " + binding + " clock, CPU " + measuringCpu;
    }
}
