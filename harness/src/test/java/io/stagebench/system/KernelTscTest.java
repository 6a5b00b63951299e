package io.stagebench.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KernelTscTest {

    @TempDir
    Path root;

    @Test
    void shouldPreferTheRefinedCalibrationOverTheDetectedFigure() {
        List<String> log = List.of(
                "[    0.000024] tsc: Detected 2445.406 MHz processor",
                "[    1.234567] tsc: Refined TSC clocksource calibration: 2445.391 MHz");

        KernelTsc tsc = KernelTsc.fromKernelLog(log).orElseThrow();

        assertEquals(2445.391, tsc.mhz(), 1e-9);
        assertTrue(tsc.source().contains("Refined"));
    }

    @Test
    void shouldUseTheDetectedFigureWhenThereIsNoRefinement() {
        KernelTsc tsc = KernelTsc.fromKernelLog(List.of("[    0.000024] tsc: Detected 2600.000 MHz processor"))
                .orElseThrow();

        assertEquals(2600.0, tsc.mhz(), 1e-9);
        assertEquals(-1e-4, tsc.relativeDifference(2599.74), 1e-9);
    }

    @Test
    void shouldReadTscFreqKhzFirst() throws IOException {
        write("sys/devices/system/cpu/cpu0/tsc_freq_khz", "2600000\n");
        write("proc/cpuinfo", "model name\t: Test CPU\ncpu MHz\t\t: 3100.000\nflags\t\t: fpu tsc constant_tsc\n");
        SystemFiles files = new SystemFiles(root);

        KernelTsc tsc = KernelTsc.read(files, CpuInfo.read(files)).orElseThrow();

        assertEquals(2600.0, tsc.mhz(), 1e-9);
        assertEquals("/sys/devices/system/cpu/cpu0/tsc_freq_khz", tsc.source());
    }

    @Test
    void shouldFallBackToCpuinfoAndSayItIsTheCoreClock() throws IOException {
        write("proc/cpuinfo", "model name\t: Test CPU\ncpu MHz\t\t: 3100.000\nflags\t\t: fpu tsc\n");
        SystemFiles files = new SystemFiles(root);

        KernelTsc tsc = KernelTsc.read(files, CpuInfo.read(files)).orElseThrow();

        assertEquals(3100.0, tsc.mhz(), 1e-9);
        assertTrue(tsc.source().contains("core clock"), tsc.source());
    }

    @Test
    void shouldReadTheTscFlagsAndClocksourceAsFound() throws IOException {
        write("proc/cpuinfo", "model name\t: Old CPU\nflags\t\t: fpu tsc rdtscp\n");
        write("sys/devices/system/clocksource/clocksource0/current_clocksource", "hpet\n");
        write("sys/devices/system/cpu/online", "0-3\n");

        CpuInfo cpu = CpuInfo.read(new SystemFiles(root));

        assertEquals("Old CPU", cpu.model());
        assertEquals(4, cpu.logicalCpus());
        assertFalse(cpu.constantTsc());
        assertFalse(cpu.nonstopTsc());
        assertTrue(cpu.rdtscp());
        assertEquals("hpet", cpu.clocksource());
    }

    private void write(String relative, String content) throws IOException {
        Path file = root.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content);
    }
}
