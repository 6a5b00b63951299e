package io.stagebench.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.output.ReadinessText;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReadinessCheckTest {

    @TempDir
    Path root;

    /** Lays out a fake /proc and /sys: a tuned bare-metal machine measuring on CPU 3. */
    static void tunedMachine(Path root) {
        write(root, "proc/cpuinfo", "model name\t: Test CPU\nflags\t\t: fpu tsc constant_tsc nonstop_tsc rdtscp\n");
        write(
                root,
                "proc/cmdline",
                "BOOT_IMAGE=/vmlinuz root=/dev/sda1 isolcpus=3 nohz_full=3 rcu_nocbs=3 -- rcu_nocbs=9");
        write(root, "proc/swaps", "Filename\t\t\t\tType\t\tSize\t\tUsed\t\tPriority\n");
        write(root, "proc/loadavg", "0.05 0.10 0.08 1/120 4242\n");
        write(root, "proc/1/comm", "systemd\n");
        write(root, "sys/devices/system/cpu/online", "0-3\n");
        write(root, "sys/devices/system/cpu/isolated", "3\n");
        write(root, "sys/devices/system/cpu/nohz_full", "3\n");
        write(root, "sys/devices/system/cpu/cpu3/cpufreq/scaling_governor", "performance\n");
        write(root, "sys/devices/system/cpu/intel_pstate/no_turbo", "1\n");
        write(root, "sys/devices/system/cpu/cpu3/topology/thread_siblings_list", "3\n");
        write(root, "sys/kernel/mm/transparent_hugepage/enabled", "always madvise [never]\n");
        write(root, "sys/devices/system/clocksource/clocksource0/current_clocksource", "tsc\n");
        write(root, "sys/devices/system/clocksource/clocksource0/available_clocksource", "tsc hpet acpi_pm\n");
    }

    /** Turns the tuned machine into an untuned one. */
    static void untune(Path root) {
        write(root, "proc/cpuinfo", "model name\t: Test CPU\nflags\t\t: fpu tsc rdtscp hypervisor\n");
        write(root, "proc/cmdline", "BOOT_IMAGE=/vmlinuz root=/dev/sda1 quiet");
        write(root, "proc/swaps", "Filename\tType\tSize\tUsed\tPriority\n/swapfile  file  1048572  0  -2\n");
        write(root, "proc/loadavg", "2.50 1.10 0.80 3/120 4242\n");
        write(root, "proc/977/comm", "irqbalance\n");
        task(root, 978, "spinner", "R", 5_000, "0-3");
        write(root, "sys/devices/system/cpu/isolated", "\n");
        write(root, "sys/devices/system/cpu/nohz_full", "(null)\n");
        write(root, "sys/devices/system/cpu/cpu3/cpufreq/scaling_governor", "powersave\n");
        write(root, "sys/devices/system/cpu/intel_pstate/no_turbo", "0\n");
        write(root, "sys/devices/system/cpu/cpu3/topology/thread_siblings_list", "1,3\n");
        write(root, "sys/kernel/mm/transparent_hugepage/enabled", "[always] madvise never\n");
        write(root, "sys/devices/system/clocksource/clocksource0/current_clocksource", "hpet\n");
    }

    /** A task of a fake /proc: its state, CPU ticks and allowed CPUs. */
    private static void task(Path root, int pid, String comm, String state, long ticks, String allowed) {
        String dir = "proc/" + pid + "/task/" + pid + "/";
        write(
                root,
                dir + "stat",
                pid + " (" + comm + ") " + state + " 1 " + pid + " " + pid + " 0 -1 4194304 100 0 0 0 " + ticks
                        + " 0 0 0 20 0 1 0 100 0 0\n");
        write(root, dir + "status", "Name:\t" + comm + "\nCpus_allowed_list:\t" + allowed + "\n");
        write(root, dir + "comm", comm + "\n");
    }

    @Test
    void shouldNameTheBusyTasksAllowedOnTheMeasuringCpuAndNotTheIdleOrExcludedOnes() {
        tunedMachine(root);
        task(root, 555, "spinner (x)", "R", 5_000, "0-3");
        task(root, 556, "kworker/3:1", "S", 10, "3");
        task(root, 557, "builder", "R", 9_000, "0-2");

        ReadinessCheck.Item busy =
                byName(new ReadinessCheck(new SystemFiles(root), 3).items()).get("busy");

        assertEquals(ReadinessCheck.Status.WARN, busy.status(), busy.toString());
        assertEquals("1 other task(s) allowed on CPU 3 were busy over 100 ms: 'spinner (x)' (pid 555)", busy.detail());
        assertTrue(busy.fix().startsWith("stop them, or keep them off CPU 3"), busy.fix());
    }

    static void write(Path root, String path, String content) {
        try {
            Path file = root.resolve(path);
            Files.createDirectories(file.getParent());
            Files.writeString(file, content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Map<String, ReadinessCheck.Item> byName(List<ReadinessCheck.Item> items) {
        return items.stream().collect(Collectors.toMap(ReadinessCheck.Item::name, i -> i));
    }

    @Test
    void shouldSayOkForEverySettingOfATunedMachine() {
        tunedMachine(root);

        List<ReadinessCheck.Item> items = new ReadinessCheck(new SystemFiles(root), 3).items();

        assertEquals(
                List.of(
                        "governor",
                        "turbo",
                        "smt",
                        "isolcpus",
                        "nohz_full",
                        "rcu_nocbs",
                        "irqbalance",
                        "thp",
                        "clocksource",
                        "tsc",
                        "hypervisor",
                        "swap",
                        "load",
                        "busy"),
                items.stream().map(ReadinessCheck.Item::name).toList());
        assertTrue(items.stream().allMatch(i -> i.status() == ReadinessCheck.Status.OK), items.toString());
        assertTrue(items.stream().allMatch(i -> i.fix().isEmpty()), items.toString());
    }

    @Test
    void shouldWarnForEverySettingOfAnUntunedMachineWithTheFix() {
        tunedMachine(root);
        untune(root);

        Map<String, ReadinessCheck.Item> items = byName(new ReadinessCheck(new SystemFiles(root), 3).items());

        assertTrue(items.values().stream().allMatch(i -> i.status() == ReadinessCheck.Status.WARN), items.toString());
        assertEquals(
                "echo performance | sudo tee /sys/devices/system/cpu/cpu3/cpufreq/scaling_governor",
                items.get("governor").fix());
        assertTrue(
                items.get("governor").detail().contains("'powersave'"),
                items.get("governor").detail());
        assertEquals(
                "echo 1 | sudo tee /sys/devices/system/cpu/intel_pstate/no_turbo",
                items.get("turbo").fix());
        assertTrue(
                items.get("smt").detail().startsWith("CPU 3 shares its core with CPU 1"),
                items.get("smt").detail());
        assertTrue(
                items.get("isolcpus").fix().contains("isolcpus=3 nohz_full=3 rcu_nocbs=3"),
                items.get("isolcpus").fix());
        assertTrue(
                items.get("irqbalance").detail().contains("pid 977"),
                items.get("irqbalance").detail());
        assertEquals(
                "sudo systemctl disable --now irqbalance",
                items.get("irqbalance").fix());
        assertEquals(
                "echo madvise | sudo tee /sys/kernel/mm/transparent_hugepage/enabled",
                items.get("thp").fix());
        assertEquals(
                "echo tsc | sudo tee /sys/devices/system/clocksource/clocksource0/current_clocksource",
                items.get("clocksource").fix());
        assertTrue(
                items.get("tsc").detail().contains("constant_tsc and nonstop_tsc"),
                items.get("tsc").detail());
        assertEquals("sudo swapoff -a", items.get("swap").fix());
        assertTrue(
                items.get("load").detail().startsWith("load average 2.50 over the last minute (4 CPUs)"),
                items.get("load").detail());
    }

    @Test
    void shouldReadCpufreqBoostWhereIntelPstateIsAbsent() throws Exception {
        tunedMachine(root);
        Files.delete(root.resolve("sys/devices/system/cpu/intel_pstate/no_turbo"));
        write(root, "sys/devices/system/cpu/cpufreq/boost", "1\n");

        ReadinessCheck.Item turbo =
                byName(new ReadinessCheck(new SystemFiles(root), 3).items()).get("turbo");

        assertEquals(ReadinessCheck.Status.WARN, turbo.status());
        assertEquals("echo 0 | sudo tee /sys/devices/system/cpu/cpufreq/boost", turbo.fix());
    }

    @Test
    void shouldIgnoreParametersAfterTheDoubleDashOfTheKernelCommandLine() {
        assertEquals(
                Map.of("root", "/dev/sda1", "quiet", ""),
                ReadinessCheck.kernelParameters("root=/dev/sda1 quiet -- rcu_nocbs=1"));
        assertEquals("madvise", ReadinessCheck.selected("always [madvise] never"));
    }

    @Test
    void shouldWarnAboutEveryUntunedSettingOfTheMeasuringCpu() {
        write(root, "proc/cpuinfo", "model name\t: Laptop CPU\nflags\t\t: fpu tsc hypervisor\n");
        write(root, "sys/devices/system/clocksource/clocksource0/current_clocksource", "kvm-clock\n");
        write(root, "sys/devices/system/cpu/cpu1/topology/thread_siblings_list", "0-1\n");
        write(root, "sys/devices/system/cpu/cpu1/cpufreq/scaling_governor", "powersave\n");
        write(root, "sys/devices/system/cpu/cpufreq/boost", "1\n");
        write(root, "sys/devices/system/cpu/nohz_full", "(null)\n");

        String all = String.join(
                "\n",
                new ReadinessCheck(new SystemFiles(root), 1)
                        .warnings().stream().map(ReadinessCheck.Item::asWarning).toList());

        for (String expected : List.of(
                "constant_tsc",
                "nonstop_tsc",
                "'kvm-clock'",
                "'powersave'",
                "cpufreq boost is on",
                "shares its core with CPU 0",
                "CPU 1 is not isolated",
                "hypervisor")) {
            assertTrue(all.contains(expected), expected + " in\n" + all);
        }
    }

    @Test
    void shouldWarnWhenTheMachineExposesNothing() {
        List<String> names = new ReadinessCheck(new SystemFiles(root), 0)
                .warnings().stream().map(ReadinessCheck.Item::name).toList();

        assertTrue(names.containsAll(List.of("isolcpus", "clocksource", "tsc")), names.toString());
    }

    @Test
    void shouldWarnAboutTheCounterWhenTheTscFlagsOrClocksourceAreMissing() {
        write(root, "proc/cpuinfo", "model name\t: Old CPU\nflags\t\t: fpu tsc rdtscp\n");
        write(root, "sys/devices/system/clocksource/clocksource0/current_clocksource", "hpet\n");
        write(root, "sys/devices/system/cpu/online", "0-3\n");

        List<ReadinessCheck.Item> warnings = new ReadinessCheck(new SystemFiles(root), 3).counterWarnings();

        assertEquals(
                List.of("clocksource", "tsc"),
                warnings.stream().map(ReadinessCheck.Item::name).toList());
        assertTrue(warnings.get(0).detail().contains("'hpet'"), warnings.get(0).detail());
        assertTrue(
                warnings.get(1).detail().contains("constant_tsc and nonstop_tsc"),
                warnings.get(1).detail());
    }

    @Test
    void shouldRaiseNoCounterWarningForAnInvariantTscClocksourceWhateverElseIsUntuned() {
        tunedMachine(root);
        write(root, "proc/cmdline", "quiet");
        write(root, "sys/devices/system/cpu/isolated", "\n");

        ReadinessCheck check = new ReadinessCheck(new SystemFiles(root), 3);

        assertEquals(List.of(), check.counterWarnings());
        assertTrue(
                check.warnings().stream().anyMatch(i -> i.name().equals("isolcpus")),
                check.warnings().toString());
    }

    @Test
    void shouldPrintEachWarningWithItsFixUnderneath() {
        tunedMachine(root);
        write(root, "proc/swaps", "Filename\tType\tSize\tUsed\tPriority\n/dev/sda2 partition 100 0 -2\n");
        ReadinessCheck check = new ReadinessCheck(new SystemFiles(root), 3);

        String text = ReadinessText.render(check.cpu(), check.items());

        assertTrue(text.contains("WARN  swap         swap is on (1 device)"), text);
        assertTrue(text.contains("fix: sudo swapoff -a"), text);
        assertTrue(text.contains("OK    governor     CPU 3 scaling_governor is performance"), text);
        assertTrue(text.strip().endsWith("1 warning(s): figures measured now may not repeat"), text);
    }

    @Test
    void shouldPrintEachItemInColumnsWithItsFixUnderItsDetail() {
        tunedMachine(root);
        untune(root);
        ReadinessCheck check = new ReadinessCheck(new SystemFiles(root), 3);

        assertEquals("""
                measuring CPU 3
                WARN  governor     CPU 3 scaling_governor is 'powersave': the clock speed follows the load, so the first microseconds of a burst run slower
                                   fix: echo performance | sudo tee /sys/devices/system/cpu/cpu3/cpufreq/scaling_governor
                WARN  turbo        intel_pstate turbo is on (no_turbo = 0): the frequency depends on temperature and on how many cores are busy
                                   fix: echo 1 | sudo tee /sys/devices/system/cpu/intel_pstate/no_turbo
                WARN  smt          CPU 3 shares its core with CPU 1 (SMT): whatever runs there competes for the same pipeline and caches
                                   fix: echo off | sudo tee /sys/devices/system/cpu/smt/control (or keep CPU 1 idle: isolate it too)
                WARN  isolcpus     CPU 3 is not isolated: the scheduler may run other tasks on it
                                   fix: add 'isolcpus=3 nohz_full=3 rcu_nocbs=3' to GRUB_CMDLINE_LINUX in /etc/default/grub, then 'sudo update-grub' and reboot
                WARN  nohz_full    CPU 3 is not in nohz_full: the scheduler tick interrupts it every few ms
                                   fix: add 'isolcpus=3 nohz_full=3 rcu_nocbs=3' to GRUB_CMDLINE_LINUX in /etc/default/grub, then 'sudo update-grub' and reboot
                WARN  rcu_nocbs    CPU 3 is not in rcu_nocbs: RCU callbacks may run on it
                                   fix: add 'isolcpus=3 nohz_full=3 rcu_nocbs=3' to GRUB_CMDLINE_LINUX in /etc/default/grub, then 'sudo update-grub' and reboot
                WARN  irqbalance   irqbalance is running (pid 977): it moves interrupts between CPUs, onto CPU 3 too
                                   fix: sudo systemctl disable --now irqbalance
                WARN  thp          transparent huge pages: always - khugepaged compaction can stall the measuring thread
                                   fix: echo madvise | sudo tee /sys/kernel/mm/transparent_hugepage/enabled
                WARN  clocksource  kernel clocksource is 'hpet', not tsc: calibration against CLOCK_MONOTONIC is only as good as it
                                   fix: echo tsc | sudo tee /sys/devices/system/clocksource/clocksource0/current_clocksource
                WARN  tsc          CPU flags lack constant_tsc and nonstop_tsc: ticks may not be time
                                   fix: none in software: measure on a CPU with an invariant TSC (or expose it to the guest, e.g. QEMU -cpu host,+invtsc)
                WARN  hypervisor   running under a hypervisor: the host can preempt, migrate or slow this vCPU (steal time) without this kernel knowing
                                   fix: run on bare metal, or pin every vCPU to a dedicated host core that nothing else uses
                WARN  swap         swap is on (1 device): a page of the run can be swapped out where memory is not locked
                                   fix: sudo swapoff -a
                WARN  load         load average 2.50 over the last minute (4 CPUs): other work competes with the measurement
                                   fix: find it with 'ps -eo pid,pcpu,comm --sort=-pcpu | head' and stop it before measuring
                WARN  busy         1 other task(s) allowed on CPU 3 were busy over 100 ms: 'spinner' (pid 978)
                                   fix: stop them, or keep them off CPU 3 (taskset -apc), or isolate it
                14 warning(s): figures measured now may not repeat
                """, ReadinessText.render(check.cpu(), check.items()));
    }

    @Test
    void shouldNamePtpClocksAndWhatDisciplinesThemAsInformationNotAWarning() {
        tunedMachine(root);
        write(root, "sys/class/ptp/ptp0/clock_name", "mlx5_ptp\n");
        write(root, "proc/700/comm", "ptp4l\n");
        write(root, "proc/701/comm", "phc2sys\n");

        ReadinessCheck.Item ptp = new ReadinessCheck(new SystemFiles(root), 3).ptp();

        assertEquals(ReadinessCheck.Status.OK, ptp.status());
        assertTrue(
                ptp.detail().startsWith("PTP clock(s) /dev/ptp0 (mlx5_ptp); running: ptp4l, phc2sys: kernel stamps"),
                ptp.detail());
    }

    @Test
    void shouldSayWhatStampsAcrossHostsWouldNeedWithoutAPtpDaemon() {
        tunedMachine(root);
        write(root, "proc/702/comm", "chronyd\n");

        ReadinessCheck.Item ptp = new ReadinessCheck(new SystemFiles(root), 3).ptp();

        assertEquals(
                "no PTP hardware clock; running: chronyd: kernel stamps of this host compare with each other only;"
                        + " across hosts they need ptp4l and phc2sys on a NIC with a PTP clock",
                ptp.detail());
    }
}
