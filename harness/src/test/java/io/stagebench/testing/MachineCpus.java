package io.stagebench.testing;

import io.stagebench.system.CpuList;
import io.stagebench.system.CpuSelection;
import io.stagebench.system.SystemFiles;

/**
 * The machine's CPUs as a measuring command places things on them: the online CPUs of
 * {@code /sys/devices/system/cpu/online}, the highest the measuring one, the others the service CPUs.
 *
 * <p>Not {@code Runtime.availableProcessors()}: a command run inside the test JVM ({@code Main.run}) moves every thread
 * of that JVM off the measuring CPU, as a launcher does, and from then on the JVM counts only the CPUs left to it. A
 * test placed by that count after such a command measured on a service CPU, beside the forks' JIT threads (a handoff
 * fork put both its threads on CPU 0 and took twice as long).
 */
public final class MachineCpus {

    private MachineCpus() {}

    /** @return every online CPU of the machine, whatever this JVM's affinity */
    public static CpuList online() {
        return CpuSelection.online(SystemFiles.host());
    }

    /** @return the CPU a measuring command picks on a machine without isolated CPUs: the highest online one */
    public static int measuring() {
        return online().highest();
    }

    /** @return every online CPU but {@link #measuring()}; empty on a one-CPU machine */
    public static CpuList service() {
        return online().without(measuring());
    }
}
