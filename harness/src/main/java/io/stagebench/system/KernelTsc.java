package io.stagebench.system;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The kernel's own figure for the TSC frequency, to cross-check a calibration against.
 *
 * <p>Sources, best first: {@code /sys/devices/system/cpu/cpu0/tsc_freq_khz} (where the kernel exposes it), the kernel
 * log's {@code tsc: Refined TSC clocksource calibration: X MHz}, then its {@code tsc: Detected X MHz processor}, then
 * {@code /proc/cpuinfo}'s "cpu MHz" (the core clock: equal to the TSC rate only on some machines, and said so).
 *
 * @param mhz the kernel's figure
 * @param source where it came from
 */
public record KernelTsc(double mhz, String source) {

    private static final Pattern REFINED = Pattern.compile("tsc: Refined TSC clocksource calibration: ([0-9.]+) MHz");
    private static final Pattern DETECTED = Pattern.compile("tsc: Detected ([0-9.]+) MHz processor");

    /** Reads the best available figure from the machine. */
    public static Optional<KernelTsc> read(SystemFiles files, CpuInfo cpu) {
        Optional<String> khz = files.firstLine("/sys/devices/system/cpu/cpu0/tsc_freq_khz");
        if (khz.isPresent()) {
            try {
                return Optional.of(new KernelTsc(
                        Long.parseLong(khz.get().trim()) / 1000.0, "/sys/devices/system/cpu/cpu0/tsc_freq_khz"));
            } catch (NumberFormatException e) {
                // fall through to the log
            }
        }
        Optional<KernelTsc> fromLog = fromKernelLog(files.kernelLog());
        if (fromLog.isPresent()) {
            return fromLog;
        }
        if (cpu.cpuMhz() > 0) {
            return Optional.of(
                    new KernelTsc(cpu.cpuMhz(), "/proc/cpuinfo cpu MHz (core clock, may differ from the TSC)"));
        }
        return Optional.empty();
    }

    /** Parses kernel log lines; a refined calibration wins over the boot-time detection. */
    public static Optional<KernelTsc> fromKernelLog(List<String> lines) {
        KernelTsc detected = null;
        KernelTsc refined = null;
        for (String line : lines) {
            Matcher refinedMatch = REFINED.matcher(line);
            if (refinedMatch.find()) {
                refined = new KernelTsc(
                        Double.parseDouble(refinedMatch.group(1)),
                        "kernel log: tsc: Refined TSC clocksource calibration");
                continue;
            }
            Matcher detectedMatch = DETECTED.matcher(line);
            if (detectedMatch.find()) {
                detected = new KernelTsc(Double.parseDouble(detectedMatch.group(1)), "kernel log: tsc: Detected");
            }
        }
        return Optional.ofNullable(refined != null ? refined : detected);
    }

    /** @return (calibrated - kernel) / kernel */
    public double relativeDifference(double calibratedMhz) {
        return (calibratedMhz - mhz) / mhz;
    }
}
