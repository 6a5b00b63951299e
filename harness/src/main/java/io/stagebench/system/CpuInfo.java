package io.stagebench.system;

import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;

/**
 * What {@code /proc/cpuinfo} and sysfs say about the counter: model, flags that make the TSC a usable ruler, and the
 * kernel's clocksource. Values only: {@link ReadinessCheck} judges them.
 *
 * @param model CPU model name, or "unknown"
 * @param logicalCpus number of online logical CPUs
 * @param constantTsc {@code constant_tsc}: the TSC ticks at a fixed rate whatever the core clock
 * @param nonstopTsc {@code nonstop_tsc}: the TSC keeps ticking in deep C-states
 * @param rdtscp {@code rdtscp} is available
 * @param clocksource the kernel's current clocksource, e.g. {@code tsc}, {@code kvm-clock}
 * @param hypervisor {@code hypervisor} flag: running under virtualisation
 * @param cpuMhz the first "cpu MHz" line (the core clock, not necessarily the TSC), or 0
 */
public record CpuInfo(
        String model,
        int logicalCpus,
        boolean constantTsc,
        boolean nonstopTsc,
        boolean rdtscp,
        String clocksource,
        boolean hypervisor,
        double cpuMhz) {

    /** Reads the machine's description. */
    public static CpuInfo read(SystemFiles files) {
        String cpuinfo = files.read("/proc/cpuinfo").orElse("");
        String model = field(cpuinfo, "model name");
        if (model.isEmpty()) {
            model = field(cpuinfo, "Model name");
        }
        Set<String> flags = new TreeSet<>(Arrays.asList(field(cpuinfo, "flags").split("\\s+")));
        double cpuMhz = 0;
        try {
            String mhz = field(cpuinfo, "cpu MHz");
            cpuMhz = mhz.isEmpty() ? 0 : Double.parseDouble(mhz);
        } catch (NumberFormatException e) {
            cpuMhz = 0;
        }
        int online = files.read("/sys/devices/system/cpu/online")
                .map(CpuList::parse)
                .map(CpuList::size)
                .orElse(Runtime.getRuntime().availableProcessors());
        String clocksource = files.firstLine("/sys/devices/system/clocksource/clocksource0/current_clocksource")
                .orElse("unknown");
        return new CpuInfo(
                model.isEmpty() ? "unknown" : model,
                online,
                flags.contains("constant_tsc"),
                flags.contains("nonstop_tsc"),
                flags.contains("rdtscp"),
                clocksource,
                flags.contains("hypervisor"),
                cpuMhz);
    }

    private static String field(String cpuinfo, String name) {
        return cpuinfo.lines()
                .filter(line -> line.startsWith(name)
                        && line.indexOf(':') > 0
                        && line.substring(0, line.indexOf(':')).trim().equals(name))
                .map(line -> line.substring(line.indexOf(':') + 1).trim())
                .findFirst()
                .orElse("");
    }
}
