package io.stagebench.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EnvironmentTest {

    @TempDir
    Path root;

    private static final GitInfo GIT = new GitInfo("0123456789abcdef", "0123456789ab", true, "main");
    private static final Instant START = Instant.parse("2025-03-04T10:15:30Z");

    private void write(String relative, String content) throws IOException {
        Path file = root.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content);
    }

    private Environment capture(int cpu) {
        return Environment.capture(new SystemFiles(root), GIT, START, cpu, List.of("-Xmx1g", "-XX:+UseSerialGC"));
    }

    private void tunedMachine() throws IOException {
        write("proc/cpuinfo", """
                processor\t: 0
                model name\t: Tuned CPU
                physical id\t: 0
                core id\t\t: 0
                flags\t\t: fpu tsc constant_tsc nonstop_tsc rdtscp
                processor\t: 1
                model name\t: Tuned CPU
                physical id\t: 0
                core id\t\t: 1
                flags\t\t: fpu tsc constant_tsc nonstop_tsc rdtscp
                processor\t: 2
                physical id\t: 1
                core id\t\t: 0
                processor\t: 3
                physical id\t: 1
                core id\t\t: 0
                """);
        write("sys/devices/system/cpu/online", "0-3");
        write("sys/devices/system/clocksource/clocksource0/current_clocksource", "tsc\n");
        write("sys/devices/system/cpu/cpu0/tsc_freq_khz", "2600000\n");
        write("sys/devices/system/cpu/smt/control", "off\n");
        write("sys/devices/system/cpu/smt/active", "0\n");
        write("sys/devices/system/cpu/cpu3/cpufreq/scaling_governor", "performance\n");
        write("sys/devices/system/cpu/intel_pstate/no_turbo", "1\n");
        write("sys/devices/system/cpu/isolated", "2-3\n");
        write("sys/devices/system/cpu/nohz_full", "2-3\n");
        write("proc/cmdline", "BOOT_IMAGE=/vmlinuz isolcpus=2-3 nohz_full=2-3 quiet\n");
        write("proc/sys/kernel/osrelease", "6.1.0-test\n");
        write("proc/sys/kernel/hostname", "bench-01\n");
        write("proc/loadavg", "0.05 0.10 0.15 1/200 4242\n");
    }

    @Test
    void shouldCaptureATunedMachineFromItsFiles() throws IOException {
        tunedMachine();

        Environment env = capture(3);

        assertEquals("bench-01", env.hostname());
        assertEquals("2025-03-04T10:15:30Z", env.startTime());
        assertEquals("0.05 0.10 0.15", env.loadAverage());
        assertTrue(env.kernel().startsWith("6.1.0-test ("), env.kernel());
        assertEquals("none", env.hypervisor());
        assertEquals("Tuned CPU", env.cpuModel());
        assertEquals(4, env.logicalCpus());
        assertEquals(3, env.physicalCores());
        assertEquals("off", env.smt());
        assertTrue(env.constantTsc() && env.nonstopTsc());
        assertEquals("tsc", env.clocksource());
        assertEquals(2600.0, env.kernelTscMhz(), 1e-9);
        assertEquals("performance", env.governor());
        assertEquals("off", env.turbo());
        assertEquals("2-3", env.isolatedCpus());
        assertEquals("2-3", env.nohzFull());
        assertEquals("Serial (-XX:+UseSerialGC)", env.gc());
        assertEquals("0123456789abcdef", env.commit());
        assertTrue(env.dirty());
        assertEquals("main", env.branch());
        assertNull(env.ruler());
    }

    @Test
    void shouldRecordEveryUntunedSettingAsFound() throws IOException {
        write("proc/cpuinfo", "model name\t: Laptop CPU\nflags\t\t: fpu tsc hypervisor\n");
        write("sys/devices/system/clocksource/clocksource0/current_clocksource", "kvm-clock\n");
        write("sys/devices/system/cpu/smt/control", "on\n");
        write("sys/devices/system/cpu/smt/active", "1\n");
        write("sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", "powersave\n");
        write("sys/devices/system/cpu/cpufreq/boost", "1\n");
        write("sys/devices/system/cpu/nohz_full", "(null)\n");

        Environment env = capture(1);

        assertEquals("powersave", env.governor(), "falls back to CPU 0's governor");
        assertEquals("on", env.turbo());
        assertEquals("on", env.smt());
        assertEquals("none", env.isolatedCpus());
        assertEquals("none", env.nohzFull());
        assertEquals("kvm-clock", env.clocksource());
        assertFalse(env.constantTsc() || env.nonstopTsc());
        assertTrue(env.hypervisor().startsWith("yes"), env.hypervisor());
    }

    @Test
    void shouldSayUnknownOrUnavailableWhenTheMachineExposesNothing() {
        Environment env = capture(0);

        assertEquals("unavailable", env.governor());
        assertEquals(Environment.UNKNOWN, env.turbo());
        assertEquals(Environment.UNKNOWN, env.smt());
        assertEquals(Environment.UNKNOWN, env.hostname());
        assertNull(env.kernelTscMhz());
    }

    @Test
    void shouldAddTheForksRulerAndCollectors() throws IOException {
        tunedMachine();
        Environment.Ruler ruler = new Environment.Ruler(
                "ffm", "ffm", 2599.9, 2600.1, 40, 44, 16.9, 26, 26, 10.0, List.of(3), "2", 52.5, 54.0);

        Environment env = capture(3).withRuler(ruler, List.of("Copy", "MarkSweepCompact"));

        assertEquals(ruler, env.ruler());
        assertEquals(List.of("Copy", "MarkSweepCompact"), env.gcCollectors());
        assertEquals("bench-01", env.hostname());
    }
}
