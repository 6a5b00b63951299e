package io.stagebench.system;

import java.util.OptionalInt;

/**
 * Chooses the CPU a measuring thread is pinned to: the one asked for, else the highest isolated CPU, else the highest
 * online CPU other than CPU 0 (CPU 0 takes most housekeeping interrupts), else CPU 0 when it is the only one.
 */
public final class CpuSelection {

    private CpuSelection() {}

    /**
     * @throws IllegalArgumentException "CPU 7 does not exist (available: 0-1)" for a requested CPU that is not online
     */
    public static int choose(OptionalInt requested, CpuList online, CpuList isolated) {
        if (requested.isPresent()) {
            int cpu = requested.getAsInt();
            if (!online.contains(cpu)) {
                throw new IllegalArgumentException("CPU " + cpu + " does not exist (available: " + online + ")");
            }
            return cpu;
        }
        int[] isolatedOnline = isolated.toArray();
        for (int i = isolatedOnline.length - 1; i >= 0; i--) {
            if (online.contains(isolatedOnline[i])) {
                return isolatedOnline[i];
            }
        }
        int highest = online.highest();
        return highest < 0 ? 0 : highest;
    }

    /** Reads the online and isolated CPUs of the machine and chooses. */
    public static int choose(OptionalInt requested, SystemFiles files) {
        CpuList online = online(files);
        CpuList isolated = files.read("/sys/devices/system/cpu/isolated")
                .map(CpuList::parse)
                .orElse(CpuList.parse(""));
        return choose(requested, online, isolated);
    }

    /** @return the online CPUs of the machine */
    public static CpuList online(SystemFiles files) {
        return files.read("/sys/devices/system/cpu/online")
                .map(CpuList::parse)
                .orElseGet(() -> CpuList.parse("0-" + (Runtime.getRuntime().availableProcessors() - 1)));
    }
}
