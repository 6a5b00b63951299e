package io.stagebench.system;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Everything about the machine, the JVM and the checkout that a latency figure depends on, written into every result so
 * two results can be compared knowing what differed.
 *
 * <p>Captured in the parent before anything is measured, best effort: what the machine does not expose reads
 * {@value #UNKNOWN} (or "unavailable" for cpufreq on machines without it), never an error. It records values only;
 * whether they are fit for measuring is judged by {@link ReadinessCheck} alone. The ruler - clock binding, calibration,
 * probe overhead, counter step and the CPU each fork was pinned to - is measured by the forks and added afterwards with
 * {@link #withRuler(Ruler, List)}.
 *
 * @param hostname the machine's host name
 * @param startTime when the run started, ISO-8601 UTC
 * @param loadAverage 1, 5 and 15 minute load averages at the start
 * @param kernel kernel release and architecture
 * @param hypervisor "none", or what runs the machine ({@code systemd-detect-virt}, sysfs, DMI)
 * @param cpuModel CPU model name
 * @param logicalCpus online logical CPUs
 * @param physicalCores distinct (package, core) pairs in {@code /proc/cpuinfo}
 * @param smt "on", "off", "notsupported", ... from {@code /sys/devices/system/cpu/smt}
 * @param constantTsc {@code constant_tsc} flag
 * @param nonstopTsc {@code nonstop_tsc} flag
 * @param clocksource the kernel's clocksource
 * @param kernelTscMhz the kernel's TSC frequency, or null when it exposes none
 * @param kernelTscSource where {@code kernelTscMhz} came from, or null
 * @param measuringCpu the CPU the forks were asked to pin their measuring thread to
 * @param governor cpufreq governor of the measuring CPU, or "unavailable"
 * @param turbo "on", "off" or {@value #UNKNOWN} (intel_pstate no_turbo, cpufreq boost)
 * @param isolatedCpus {@code /sys/devices/system/cpu/isolated} (isolcpus=), or "none"
 * @param nohzFull {@code /sys/devices/system/cpu/nohz_full} (nohz_full=), or "none"
 * @param jvmVendor java.vendor
 * @param jvmVersion java.runtime.version
 * @param jvmName java.vm.name
 * @param jvmFlags the flags every fork was started with
 * @param gc the collector the flags select
 * @param gcCollectors the forks' collectors by MXBean name (empty until forks ran)
 * @param commit full commit hash, or "nocommit"
 * @param dirty whether tracked files differed from the commit
 * @param branch branch, or "" when detached
 * @param ruler what the forks measured about the clock; null until forks ran
 */
public record Environment(
        String hostname,
        String startTime,
        String loadAverage,
        String kernel,
        String hypervisor,
        String cpuModel,
        int logicalCpus,
        int physicalCores,
        String smt,
        boolean constantTsc,
        boolean nonstopTsc,
        String clocksource,
        Double kernelTscMhz,
        String kernelTscSource,
        int measuringCpu,
        String governor,
        String turbo,
        String isolatedCpus,
        String nohzFull,
        String jvmVendor,
        String jvmVersion,
        String jvmName,
        List<String> jvmFlags,
        String gc,
        List<String> gcCollectors,
        String commit,
        boolean dirty,
        String branch,
        Ruler ruler) {

    /** What a value reads when the machine does not say. */
    public static final String UNKNOWN = "unknown";

    private static final Pattern GC_FLAG = Pattern.compile("-XX:\\+Use([A-Za-z]+)GC");

    public Environment {
        jvmFlags = List.copyOf(jvmFlags);
        gcCollectors = gcCollectors == null ? List.of() : List.copyOf(gcCollectors);
    }

    /**
     * The clock as the forks found it, across every fork of the run.
     *
     * @param binding binding in use (the fallback's name when a fork fell back)
     * @param requestedBinding binding asked for
     * @param calibratedMhzMin lowest calibrated counter frequency of any fork
     * @param calibratedMhzMax highest
     * @param overheadTicksMin lowest minimum probe overhead of any fork (subtracted per fork)
     * @param overheadTicksMax highest
     * @param overheadNsMax the highest overhead in ns
     * @param stepTicksMin smallest counter step of any fork
     * @param stepTicksMax largest
     * @param stepNsMax the largest step in ns
     * @param cpusPinned distinct CPUs the measuring threads ran on (-1: unknown)
     * @param method the ruler methods the forks measured with, "2" or "1, 2" ({@code link.RulerMethod})
     * @param overheadSubtractedTicksMin the least probe overhead any fork subtracted from every stage delta
     * @param overheadSubtractedTicksMax the most
     */
    public record Ruler(
            String binding,
            String requestedBinding,
            double calibratedMhzMin,
            double calibratedMhzMax,
            long overheadTicksMin,
            long overheadTicksMax,
            double overheadNsMax,
            long stepTicksMin,
            long stepTicksMax,
            double stepNsMax,
            List<Integer> cpusPinned,
            String method,
            double overheadSubtractedTicksMin,
            double overheadSubtractedTicksMax) {

        public Ruler {
            cpusPinned = List.copyOf(cpusPinned);
        }
    }

    /**
     * Captures the environment of a run about to start.
     *
     * @param files the machine's files (a fake root in tests)
     * @param git the checkout measured
     * @param start when the run starts
     * @param measuringCpu the CPU the forks will pin to
     * @param jvmFlags the forks' JVM flags
     */
    public static Environment capture(
            SystemFiles files, GitInfo git, Instant start, int measuringCpu, List<String> jvmFlags) {
        CpuInfo cpu = CpuInfo.read(files);
        Optional<KernelTsc> kernelTsc = KernelTsc.read(files, cpu);
        String cpuinfo = files.read("/proc/cpuinfo").orElse("");
        String cmdline = files.read("/proc/cmdline").orElse("");
        return new Environment(
                hostname(files),
                start.toString(),
                loadAverage(files),
                kernel(files),
                hypervisor(files, cpu),
                cpu.model(),
                cpu.logicalCpus(),
                physicalCores(cpuinfo, cpu.logicalCpus()),
                smt(files),
                cpu.constantTsc(),
                cpu.nonstopTsc(),
                cpu.clocksource(),
                kernelTsc.map(KernelTsc::mhz).orElse(null),
                kernelTsc.map(KernelTsc::source).orElse(null),
                measuringCpu,
                governor(files, measuringCpu),
                turbo(files),
                cpuListOrNone(files.read("/sys/devices/system/cpu/isolated"), bootParameter(cmdline, "isolcpus")),
                cpuListOrNone(files.read("/sys/devices/system/cpu/nohz_full"), bootParameter(cmdline, "nohz_full")),
                System.getProperty("java.vendor", UNKNOWN),
                System.getProperty("java.runtime.version", UNKNOWN),
                System.getProperty("java.vm.name", UNKNOWN),
                jvmFlags,
                gcOf(jvmFlags),
                List.of(),
                git.commit(),
                git.dirty(),
                git.branch(),
                null);
    }

    /** @return this environment with what the forks measured: the ruler and their collectors */
    public Environment withRuler(Ruler forksRuler, List<String> forksCollectors) {
        return new Environment(
                hostname,
                startTime,
                loadAverage,
                kernel,
                hypervisor,
                cpuModel,
                logicalCpus,
                physicalCores,
                smt,
                constantTsc,
                nonstopTsc,
                clocksource,
                kernelTscMhz,
                kernelTscSource,
                measuringCpu,
                governor,
                turbo,
                isolatedCpus,
                nohzFull,
                jvmVendor,
                jvmVersion,
                jvmName,
                jvmFlags,
                gc,
                forksCollectors,
                commit,
                dirty,
                branch,
                forksRuler);
    }

    static String hostname(SystemFiles files) {
        return files.firstLine("/proc/sys/kernel/hostname")
                .filter(s -> !s.isBlank())
                .or(() -> files.command("hostname").map(String::trim).filter(s -> !s.isBlank()))
                .orElse(UNKNOWN);
    }

    static String loadAverage(SystemFiles files) {
        return files.firstLine("/proc/loadavg")
                .map(line -> {
                    String[] parts = line.trim().split("\\s+");
                    return parts.length >= 3 ? parts[0] + " " + parts[1] + " " + parts[2] : line.trim();
                })
                .orElse(UNKNOWN);
    }

    static String kernel(SystemFiles files) {
        String release = files.firstLine("/proc/sys/kernel/osrelease")
                .filter(s -> !s.isBlank())
                .or(() -> files.command("uname", "-r").map(String::trim))
                .orElse(UNKNOWN);
        return release + " (" + System.getProperty("os.arch", UNKNOWN) + ")";
    }

    static String hypervisor(SystemFiles files, CpuInfo cpu) {
        List<String> names = new ArrayList<>();
        files.command("systemd-detect-virt")
                .map(String::trim)
                .filter(s -> !s.isEmpty() && !s.equals("none"))
                .ifPresent(names::add);
        files.firstLine("/sys/hypervisor/type").filter(s -> !s.isBlank()).ifPresent(names::add);
        Optional<String> vendor =
                files.firstLine("/sys/class/dmi/id/sys_vendor").filter(s -> !s.isBlank());
        Optional<String> product =
                files.firstLine("/sys/class/dmi/id/product_name").filter(s -> !s.isBlank());
        if (cpu.hypervisor() && (vendor.isPresent() || product.isPresent())) {
            names.add((vendor.orElse("") + " " + product.orElse("")).trim());
        }
        if (!cpu.hypervisor() && names.isEmpty()) {
            return "none";
        }
        return names.isEmpty() ? "yes (cpuinfo flag 'hypervisor')" : String.join(", ", names);
    }

    static int physicalCores(String cpuinfo, int logicalCpus) {
        Set<String> cores = new LinkedHashSet<>();
        String physicalId = "0";
        for (String line : cpuinfo.lines().toList()) {
            int colon = line.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String key = line.substring(0, colon).trim();
            String value = line.substring(colon + 1).trim();
            if (key.equals("physical id")) {
                physicalId = value;
            } else if (key.equals("core id")) {
                cores.add(physicalId + "/" + value);
            }
        }
        return cores.isEmpty() ? logicalCpus : cores.size();
    }

    static String smt(SystemFiles files) {
        Optional<String> control =
                files.firstLine("/sys/devices/system/cpu/smt/control").map(String::trim);
        Optional<String> active =
                files.firstLine("/sys/devices/system/cpu/smt/active").map(String::trim);
        if (control.isPresent() && !control.get().equals("on")) {
            return control.get();
        }
        if (active.isPresent()) {
            return active.get().equals("1") ? "on" : "off";
        }
        return control.orElse(UNKNOWN);
    }

    static String governor(SystemFiles files, int cpu) {
        return files.firstLine("/sys/devices/system/cpu/cpu" + Math.max(cpu, 0) + "/cpufreq/scaling_governor")
                .or(() -> files.firstLine("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor"))
                .map(String::trim)
                .filter(s -> !s.isEmpty())
                .orElse("unavailable");
    }

    static String turbo(SystemFiles files) {
        Optional<String> noTurbo =
                files.firstLine("/sys/devices/system/cpu/intel_pstate/no_turbo").map(String::trim);
        if (noTurbo.isPresent()) {
            return noTurbo.get().equals("1") ? "off" : "on";
        }
        Optional<String> boost =
                files.firstLine("/sys/devices/system/cpu/cpufreq/boost").map(String::trim);
        if (boost.isPresent()) {
            return boost.get().equals("1") ? "on" : "off";
        }
        return UNKNOWN;
    }

    private static String cpuListOrNone(Optional<String> sysfs, Optional<String> bootParameter) {
        String list = sysfs.map(String::trim)
                .filter(s -> !s.isEmpty() && !s.equals("(null)"))
                .or(() -> bootParameter)
                .orElse("");
        return list.isEmpty() ? "none" : list;
    }

    static Optional<String> bootParameter(String cmdline, String name) {
        Matcher m =
                Pattern.compile("(?:^|\\s)" + Pattern.quote(name) + "=(\\S+)").matcher(cmdline);
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }

    static String gcOf(List<String> jvmFlags) {
        String gc = null;
        for (String flag : jvmFlags) {
            Matcher m = GC_FLAG.matcher(flag);
            if (m.matches()) {
                gc = m.group(1) + " (" + flag + ")";
            }
        }
        return gc != null ? gc : "JVM default (no -XX:+Use*GC flag)";
    }

    /** @return a one-line description of the CPU, for headers */
    public String cpuLine() {
        return String.format(
                Locale.ROOT, "%s, %d logical CPUs, %d cores, SMT %s", cpuModel, logicalCpus, physicalCores, smt);
    }
}
