package io.stagebench.system;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Whether this machine is ready to measure nanoseconds on one CPU, in the manner of {@code pyperf system show}: one
 * line per setting that moves latency figures - frequency governor, turbo/boost, SMT siblings of the measuring CPU, CPU
 * isolation ({@code isolcpus}, {@code nohz_full}, {@code rcu_nocbs}), {@code irqbalance}, transparent huge pages, the
 * kernel's clocksource, an invariant TSC, a hypervisor, swap and load - each OK, or WARN with the command that would
 * fix it.
 *
 * <p>This is the one place that judges machine readiness: {@link Environment} and {@link CpuInfo} record what the
 * machine says, and every command that warns about the machine ({@code check}, {@code run}, {@code ab}, {@code clocks})
 * takes its lines from here.
 *
 * <p>Everything is read from {@code /proc} and {@code /sys} through {@link SystemFiles}, so tests lay out a fake root.
 * Nothing here changes the machine: it only says what to run.
 */
public final class ReadinessCheck {

    /** A load average at or above this, over the last minute, means other work competes with the measurement. */
    public static final double LOAD_WARNING = 1.0;

    /** Whether a setting is fit for measuring. */
    public enum Status {
        OK,
        WARN
    }

    /**
     * One line of the check.
     *
     * @param name short name of the setting: "governor", "turbo", "smt", ...
     * @param status OK or WARN
     * @param detail what was found, and for a WARN why it matters
     * @param fix the command or step that would fix it; empty when OK
     */
    public record Item(String name, Status status, String detail, String fix) {

        static Item ok(String name, String detail) {
            return new Item(name, Status.OK, detail, "");
        }

        static Item warn(String name, String detail, String fix) {
            return new Item(name, Status.WARN, detail, fix);
        }

        /** @return the item as one warning line (without the {@code *** WARNING:} prefix) */
        public String asWarning() {
            return name + ": " + detail + (fix.isEmpty() ? "" : " (fix: " + fix + ")");
        }
    }

    private final SystemFiles files;
    private final int cpu;

    /**
     * @param files the machine's files (or a fake root)
     * @param cpu the measuring CPU
     */
    public ReadinessCheck(SystemFiles files, int cpu) {
        this.files = files;
        this.cpu = cpu;
    }

    /** @return the measuring CPU this check is about */
    public int cpu() {
        return cpu;
    }

    /** @return every item, in a fixed order */
    public List<Item> items() {
        CpuInfo info = CpuInfo.read(files);
        Map<String, String> cmdline =
                kernelParameters(files.read("/proc/cmdline").orElse(""));
        List<Item> items = new ArrayList<>();
        items.add(governor());
        items.add(turbo());
        items.add(smt());
        items.add(isolcpus(cmdline));
        items.add(nohzFull(cmdline));
        items.add(rcuNocbs(cmdline));
        items.add(irqbalance());
        items.add(transparentHugePages());
        items.add(clocksource(info));
        items.add(tsc(info));
        items.add(hypervisor(info));
        items.add(swap());
        items.add(load(info));
        items.add(busyOnCpu());
        return items;
    }

    /** @return the WARN items only */
    public List<Item> warnings() {
        return items().stream().filter(i -> i.status() == Status.WARN).toList();
    }

    /**
     * @return the WARN items about the counter alone - the kernel's clocksource and an invariant TSC - which
     *     {@code stagebench clocks} shows beside its measurements
     */
    public List<Item> counterWarnings() {
        CpuInfo info = CpuInfo.read(files);
        return Stream.of(clocksource(info), tsc(info))
                .filter(i -> i.status() == Status.WARN)
                .toList();
    }

    private String cpuDir() {
        return "/sys/devices/system/cpu/cpu" + cpu;
    }

    private Item governor() {
        Optional<String> governor = files.firstLine(cpuDir() + "/cpufreq/scaling_governor");
        if (governor.isEmpty()) {
            return Item.ok(
                    "governor", "no cpufreq governor for CPU " + cpu + ": this kernel does not scale its frequency");
        }
        if (governor.get().equals("performance")) {
            return Item.ok("governor", "CPU " + cpu + " scaling_governor is performance");
        }
        return Item.warn(
                "governor",
                "CPU " + cpu + " scaling_governor is '" + governor.get()
                        + "': the clock speed follows the load, so the first microseconds of a burst run slower",
                "echo performance | sudo tee " + cpuDir() + "/cpufreq/scaling_governor");
    }

    private Item turbo() {
        Optional<String> noTurbo = files.firstLine("/sys/devices/system/cpu/intel_pstate/no_turbo");
        if (noTurbo.isPresent()) {
            return noTurbo.get().equals("1")
                    ? Item.ok("turbo", "intel_pstate turbo is off (no_turbo = 1)")
                    : Item.warn(
                            "turbo",
                            "intel_pstate turbo is on (no_turbo = 0): the frequency depends on temperature"
                                    + " and on how many cores are busy",
                            "echo 1 | sudo tee /sys/devices/system/cpu/intel_pstate/no_turbo");
        }
        Optional<String> boost = files.firstLine("/sys/devices/system/cpu/cpufreq/boost");
        if (boost.isPresent()) {
            return boost.get().equals("0")
                    ? Item.ok("turbo", "cpufreq boost is off")
                    : Item.warn(
                            "turbo",
                            "cpufreq boost is on: the frequency depends on temperature and on how many"
                                    + " cores are busy",
                            "echo 0 | sudo tee /sys/devices/system/cpu/cpufreq/boost");
        }
        return Item.ok("turbo", "no turbo control exposed (no intel_pstate/no_turbo, no cpufreq/boost)");
    }

    private Item smt() {
        Optional<String> siblingsText = files.firstLine(cpuDir() + "/topology/thread_siblings_list");
        if (siblingsText.isEmpty()) {
            return Item.ok("smt", "CPU " + cpu + " topology not exposed; SMT siblings unknown");
        }
        CpuList siblings;
        try {
            siblings = CpuList.parse(siblingsText.get()).without(cpu);
        } catch (IllegalArgumentException e) {
            return Item.ok("smt", "CPU " + cpu + " thread_siblings_list unreadable ('" + siblingsText.get() + "')");
        }
        if (siblings.isEmpty()) {
            return Item.ok("smt", "CPU " + cpu + " has no SMT sibling");
        }
        return Item.warn(
                "smt",
                "CPU " + cpu + " shares its core with CPU " + siblings
                        + " (SMT): whatever runs there competes for the same pipeline and caches",
                "echo off | sudo tee /sys/devices/system/cpu/smt/control (or keep CPU " + siblings
                        + " idle: isolate it too)");
    }

    private String bootFix() {
        return "add 'isolcpus=" + cpu + " nohz_full=" + cpu + " rcu_nocbs=" + cpu + "' to GRUB_CMDLINE_LINUX in"
                + " /etc/default/grub, then 'sudo update-grub' and reboot";
    }

    private Item isolcpus(Map<String, String> cmdline) {
        CpuList isolated = parseOrEmpty(
                files.firstLine("/sys/devices/system/cpu/isolated").orElse(cmdline.getOrDefault("isolcpus", "")));
        if (isolated.contains(cpu)) {
            return Item.ok("isolcpus", "CPU " + cpu + " is isolated from the scheduler");
        }
        return Item.warn(
                "isolcpus",
                "CPU " + cpu + " is not isolated"
                        + (isolated.isEmpty() ? "" : " (isolated: " + isolated + "; pass --cpu to use one)")
                        + ": the scheduler may run other tasks on it",
                bootFix());
    }

    private Item nohzFull(Map<String, String> cmdline) {
        String text =
                files.firstLine("/sys/devices/system/cpu/nohz_full").orElse(cmdline.getOrDefault("nohz_full", ""));
        CpuList nohz = parseOrEmpty(text.equals("(null)") ? "" : text);
        if (nohz.contains(cpu)) {
            return Item.ok("nohz_full", "CPU " + cpu + " runs tickless (nohz_full)");
        }
        return Item.warn(
                "nohz_full",
                "CPU " + cpu + " is not in nohz_full: the scheduler tick interrupts it every few ms",
                bootFix());
    }

    private Item rcuNocbs(Map<String, String> cmdline) {
        if (cmdline.containsKey("rcu_nocbs")) {
            String value = cmdline.get("rcu_nocbs");
            if (value.isEmpty() || parseOrEmpty(value).contains(cpu)) {
                return Item.ok("rcu_nocbs", "CPU " + cpu + " runs no RCU callbacks (rcu_nocbs)");
            }
        }
        return Item.warn("rcu_nocbs", "CPU " + cpu + " is not in rcu_nocbs: RCU callbacks may run on it", bootFix());
    }

    private Item irqbalance() {
        for (String entry : files.list("/proc")) {
            if (!entry.chars().allMatch(Character::isDigit)) {
                continue;
            }
            Optional<String> comm = files.firstLine("/proc/" + entry + "/comm");
            if (comm.isPresent() && comm.get().equals("irqbalance")) {
                return Item.warn(
                        "irqbalance",
                        "irqbalance is running (pid " + entry + "): it moves interrupts between" + " CPUs, onto CPU "
                                + cpu + " too",
                        "sudo systemctl disable --now irqbalance");
            }
        }
        return Item.ok("irqbalance", "irqbalance is not running");
    }

    /**
     * PTP: the hardware clocks ({@code /sys/class/ptp}) and what disciplines them or the system clock. Not one of
     * {@link #items()}, which judge measuring on one CPU: kernel timestamps taken on one host (the {@code wire}
     * benchmark's) compare with each other whatever the clock's offset from the world, and the line says what stamps
     * compared across two hosts would need.
     *
     * @return an OK item: what there is, and what it allows
     */
    public Item ptp() {
        List<String> clocks = new ArrayList<>();
        for (String entry : files.list("/sys/class/ptp")) {
            clocks.add("/dev/" + entry
                    + files.firstLine("/sys/class/ptp/" + entry + "/clock_name")
                            .map(name -> " (" + name + ")")
                            .orElse(""));
        }
        List<String> daemons = new ArrayList<>();
        for (String entry : files.list("/proc")) {
            if (entry.chars().allMatch(Character::isDigit)) {
                files.firstLine("/proc/" + entry + "/comm")
                        .filter(comm -> PTP_DAEMONS.contains(comm) && !daemons.contains(comm))
                        .ifPresent(daemons::add);
            }
        }
        boolean ptpDaemon = daemons.contains("ptp4l") || daemons.contains("phc2sys");
        String detail = (clocks.isEmpty() ? "no PTP hardware clock" : "PTP clock(s) " + String.join(", ", clocks))
                + "; " + (daemons.isEmpty() ? "no clock daemon running" : "running: " + String.join(", ", daemons))
                + (ptpDaemon
                        ? ": kernel stamps from hosts whose clocks ptp4l/phc2sys discipline compare to within PTP's"
                                + " offset"
                        : ": kernel stamps of this host compare with each other only; across hosts they need"
                                + " ptp4l and phc2sys on a NIC with a PTP clock");
        return Item.ok("ptp", detail);
    }

    /** Processes that discipline a PTP clock or the system clock. */
    private static final List<String> PTP_DAEMONS = List.of("ptp4l", "phc2sys", "chronyd", "ntpd", "systemd-timesyncd");

    private Item transparentHugePages() {
        Optional<String> enabled = files.firstLine("/sys/kernel/mm/transparent_hugepage/enabled");
        if (enabled.isEmpty()) {
            return Item.ok("thp", "transparent huge pages not available");
        }
        String mode = selected(enabled.get());
        if (mode.equals("always")) {
            return Item.warn(
                    "thp",
                    "transparent huge pages: always - khugepaged compaction can stall the measuring thread",
                    "echo madvise | sudo tee /sys/kernel/mm/transparent_hugepage/enabled");
        }
        return Item.ok("thp", "transparent huge pages: " + mode);
    }

    private Item clocksource(CpuInfo info) {
        if (info.clocksource().equals("tsc")) {
            return Item.ok("clocksource", "kernel clocksource is tsc");
        }
        String available = files.firstLine("/sys/devices/system/clocksource/clocksource0/available_clocksource")
                .orElse("");
        boolean tscAvailable = List.of(available.trim().split("\\s+")).contains("tsc");
        return Item.warn(
                "clocksource",
                "kernel clocksource is '" + info.clocksource() + "', not tsc: calibration against"
                        + " CLOCK_MONOTONIC is only as good as it",
                tscAvailable
                        ? "echo tsc | sudo tee /sys/devices/system/clocksource/clocksource0/current_clocksource"
                        : "none while the kernel distrusts the TSC ('dmesg | grep -i tsc' says why); measure on another machine");
    }

    private Item tsc(CpuInfo info) {
        if (info.constantTsc() && info.nonstopTsc()) {
            return Item.ok("tsc", "constant_tsc and nonstop_tsc: the TSC ticks at a fixed rate, also in deep C-states");
        }
        List<String> missing = new ArrayList<>();
        if (!info.constantTsc()) {
            missing.add("constant_tsc");
        }
        if (!info.nonstopTsc()) {
            missing.add("nonstop_tsc");
        }
        return Item.warn(
                "tsc",
                "CPU flags lack " + String.join(" and ", missing) + ": ticks may not be time",
                "none in software: measure on a CPU with an invariant TSC (or expose it to the guest, e.g. QEMU -cpu host,+invtsc)");
    }

    private Item hypervisor(CpuInfo info) {
        if (!info.hypervisor()) {
            return Item.ok("hypervisor", "no hypervisor flag: bare metal");
        }
        return Item.warn(
                "hypervisor",
                "running under a hypervisor: the host can preempt, migrate or slow this vCPU"
                        + " (steal time) without this kernel knowing",
                "run on bare metal, or pin every vCPU to a dedicated host core that nothing else uses");
    }

    private Item swap() {
        long devices = files.read("/proc/swaps")
                .map(t -> t.lines().skip(1).filter(l -> !l.isBlank()).count())
                .orElse(0L);
        if (devices == 0) {
            return Item.ok("swap", "no swap");
        }
        return Item.warn(
                "swap",
                "swap is on (" + devices + " device" + (devices == 1 ? "" : "s")
                        + "): a page of the run can be swapped out where memory is not locked",
                "sudo swapoff -a");
    }

    private Item load(CpuInfo info) {
        Optional<String> loadavg = files.firstLine("/proc/loadavg");
        if (loadavg.isEmpty()) {
            return Item.ok("load", "load average not readable");
        }
        double load1;
        try {
            load1 = Double.parseDouble(loadavg.get().trim().split("\\s+")[0]);
        } catch (NumberFormatException e) {
            return Item.ok("load", "load average unreadable ('" + loadavg.get() + "')");
        }
        String detail = String.format(
                Locale.ROOT, "load average %.2f over the last minute (%d CPUs)", load1, info.logicalCpus());
        if (load1 < LOAD_WARNING) {
            return Item.ok("load", detail);
        }
        return Item.warn(
                "load",
                detail + ": other work competes with the measurement",
                "find it with 'ps -eo pid,pcpu,comm --sort=-pcpu | head' and stop it before measuring");
    }

    /** How long the tasks' CPU times are watched for those busy beside the measurement. */
    static final long BUSY_SAMPLE_MS = 100;
    /** The most busy tasks named in one line. */
    static final int BUSY_NAMED = 5;

    /**
     * The other tasks allowed on the measuring CPU that are busy: runnable (state R) or using CPU over
     * {@value #BUSY_SAMPLE_MS} ms ({@code /proc/PID/task/TID/stat}, two looks), and whose {@code Cpus_allowed_list}
     * holds the CPU. Idle ones - most kernel threads - are not named: they take the CPU only when they wake. This
     * process is left out.
     */
    private Item busyOnCpu() {
        Map<String, long[]> first = taskTimes();
        if (first.isEmpty()) {
            return Item.ok("busy", "no task list readable (/proc/PID/task)");
        }
        try {
            Thread.sleep(BUSY_SAMPLE_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Map<String, long[]> second = taskTimes();
        List<String> busy = new ArrayList<>();
        second.forEach((task, now) -> {
            long[] before = first.get(task);
            long ticks = before == null ? 0 : now[0] - before[0];
            boolean running = now[1] == 1 || (before != null && before[1] == 1);
            if ((ticks > 0 || running) && allowedOnCpu(task)) {
                String[] ids = task.split("/");
                String comm = files.firstLine("/proc/" + ids[0] + "/task/" + ids[1] + "/comm")
                        .orElse("?");
                busy.add("'" + comm + "' (pid " + ids[0] + (ids[0].equals(ids[1]) ? "" : ", thread " + ids[1]) + ")");
            }
        });
        if (busy.isEmpty()) {
            return Item.ok("busy", "no other task allowed on CPU " + cpu + " was busy over " + BUSY_SAMPLE_MS + " ms");
        }
        String named = String.join(", ", busy.subList(0, Math.min(BUSY_NAMED, busy.size())))
                + (busy.size() > BUSY_NAMED ? " and " + (busy.size() - BUSY_NAMED) + " more" : "");
        // two console lines at most: a quick run's whole output has a line budget
        return Item.warn(
                "busy",
                busy.size() + " other task(s) allowed on CPU " + cpu + " were busy over " + BUSY_SAMPLE_MS + " ms: "
                        + named,
                "stop them, or keep them off CPU " + cpu + " (taskset -apc), or isolate it");
    }

    /** @return per task "PID/TID": {utime + stime in clock ticks, 1 when runnable}; this process left out */
    private Map<String, long[]> taskTimes() {
        String self = Long.toString(ProcessHandle.current().pid());
        Map<String, long[]> times = new LinkedHashMap<>();
        for (String pid : files.list("/proc")) {
            if (!pid.chars().allMatch(Character::isDigit) || pid.equals(self)) {
                continue;
            }
            for (String tid : files.list("/proc/" + pid + "/task")) {
                Optional<String> stat = files.firstLine("/proc/" + pid + "/task/" + tid + "/stat");
                if (stat.isEmpty()) {
                    continue;
                }
                // the command may hold spaces and parentheses: the fields start after its last ')'
                String[] fields = stat.get()
                        .substring(stat.get().lastIndexOf(')') + 1)
                        .trim()
                        .split("\\s+");
                try {
                    times.put(pid + "/" + tid, new long[] {
                        Long.parseLong(fields[11]) + Long.parseLong(fields[12]), fields[0].equals("R") ? 1 : 0
                    });
                } catch (RuntimeException e) {
                    // a line of another shape: not counted
                }
            }
        }
        return times;
    }

    private boolean allowedOnCpu(String task) {
        String[] ids = task.split("/");
        return files.read("/proc/" + ids[0] + "/task/" + ids[1] + "/status")
                .flatMap(status -> status.lines()
                        .filter(l -> l.startsWith("Cpus_allowed_list:"))
                        .findFirst())
                .map(l -> {
                    try {
                        return CpuList.parse(l.substring("Cpus_allowed_list:".length())
                                        .trim())
                                .contains(cpu);
                    } catch (RuntimeException e) {
                        return false;
                    }
                })
                .orElse(false);
    }

    /** @return the selected value of a sysfs choice such as "always [madvise] never" */
    static String selected(String choices) {
        int open = choices.indexOf('[');
        int close = choices.indexOf(']', open + 1);
        return open >= 0 && close > open ? choices.substring(open + 1, close) : choices.trim();
    }

    /** @return the kernel command line's {@code key=value} parameters (a bare key maps to ""), up to a "--" */
    static Map<String, String> kernelParameters(String cmdline) {
        Map<String, String> params = new LinkedHashMap<>();
        for (String token : cmdline.trim().split("\\s+")) {
            if (token.equals("--")) {
                break;
            }
            if (token.isEmpty()) {
                continue;
            }
            int eq = token.indexOf('=');
            params.put(eq < 0 ? token : token.substring(0, eq), eq < 0 ? "" : token.substring(eq + 1));
        }
        return params;
    }

    private static CpuList parseOrEmpty(String text) {
        try {
            return CpuList.parse(text);
        } catch (IllegalArgumentException e) {
            return CpuList.parse("");
        }
    }

    /**
     * @param schema the document's schema name
     * @return {@code items} (of this check) as {@code check --json} prints them: the schema, the measuring CPU, the
     *     items and how many warn
     */
    public Map<String, Object> document(String schema, List<Item> items) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("schema", schema);
        root.put("cpu", cpu);
        root.put("items", items);
        root.put(
                "warnings",
                items.stream().filter(i -> i.status() == Status.WARN).count());
        return root;
    }
}
