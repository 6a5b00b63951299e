package io.stagebench.store;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The machine a run was measured on, as far as a latency figure depends on it: CPU model, its TSC frequency, kernel,
 * JVM, clock binding and measuring CPU. Runs of two machines ({@link #sameAs}) are never compared or pooled by
 * {@code history} or {@code bisect}, nor pooled as {@code ab}'s pilot: a new kernel or JDK moves a figure as surely as
 * a commit does, and would be taken for one.
 *
 * <p>Measurement hazard: a virtual machine's CPU model names a family, not a part. Two CPU kinds of one fleet can read
 * the same model name while their stages differ widely; the TSC frequency the kernel detected tells them apart, so it
 * is part of the fingerprint (docs/decisions.md, "Machine fingerprint").
 *
 * @param cpuModel {@code environment.cpuModel}
 * @param tscMhz {@code environment.kernelTscMhz}, null when the run could not read it
 * @param kernel {@code environment.kernel}
 * @param jvm {@code environment.jvmVendor} and {@code jvmVersion}
 * @param binding the clock binding asked for ({@code config.binding})
 * @param measuringCpu the CPU the forks pinned to ({@code config.cpu})
 */
public record MachineFingerprint(
        String cpuModel, Double tscMhz, String kernel, String jvm, String binding, String measuringCpu) {

    /**
     * Two TSC frequencies closer than this (relative) are one machine's: a kernel's own calibration moves far less than
     * this from boot to boot, where two CPU kinds differ far more.
     */
    static final double SAME_TSC_TOLERANCE = 0.002;

    private static final String UNKNOWN = "unknown";

    /**
     * @return whether {@code other} is this machine: every field the same, the TSC frequencies within
     *     {@value #SAME_TSC_TOLERANCE} of each other (or both unknown)
     */
    public boolean sameAs(MachineFingerprint other) {
        return cpuModel.equals(other.cpuModel)
                && sameTsc(other)
                && kernel.equals(other.kernel)
                && jvm.equals(other.jvm)
                && binding.equals(other.binding)
                && measuringCpu.equals(other.measuringCpu);
    }

    private boolean sameTsc(MachineFingerprint other) {
        if (tscMhz == null || other.tscMhz == null) {
            return tscMhz == null && other.tscMhz == null;
        }
        return Math.abs(tscMhz - other.tscMhz) <= SAME_TSC_TOLERANCE * Math.max(tscMhz, other.tscMhz);
    }

    /** @return the fingerprint of a stored run; fields a run does not record read "unknown" */
    public static MachineFingerprint of(StoredRun run) {
        return of(run.environment(), run.config());
    }

    /** @return the fingerprint of an environment and a configuration as {@code summary.json} stores them */
    public static MachineFingerprint of(JsonNode environment, JsonNode config) {
        return new MachineFingerprint(
                text(environment, "cpuModel"),
                number(environment, "kernelTscMhz"),
                text(environment, "kernel"),
                (text(environment, "jvmVendor") + " " + text(environment, "jvmVersion")).trim(),
                text(config, "binding"),
                text(config, "cpu"));
    }

    private static Double number(JsonNode node, String field) {
        return node == null || !node.path(field).isNumber()
                ? null
                : node.get(field).asDouble();
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
        if (!sameTsc(reference)) {
            out.add("TSC " + tsc() + " instead of " + reference.tsc());
        }
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

    private String tsc() {
        return tscMhz == null ? UNKNOWN : String.format(Locale.ROOT, "%.1f MHz", tscMhz);
    }

    /** @return "Fixture CPU @ 2.60GHz (TSC 2600.0 MHz), kernel 6.8.0 (x86_64), JVM Oracle 25+36, ffm clock, CPU 1" */
    public String describe() {
        return cpuModel + " (TSC " + tsc() + "), kernel " + kernel + ", JVM " + jvm + ", " + binding + " clock, CPU "
                + measuringCpu;
    }
}
