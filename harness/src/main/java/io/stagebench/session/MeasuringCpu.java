package io.stagebench.session;

import io.stagebench.nativeaccess.Affinity;
import io.stagebench.system.CpuList;
import io.stagebench.system.CpuSelection;
import io.stagebench.system.SystemFiles;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * Where a command that starts measuring forks puts things, chosen as {@code stagebench run} chooses: the CPU the forks'
 * measuring thread pins itself to, and the other CPUs, where the calling JVM and the forks' JIT and GC threads run.
 * Choosing also moves every thread of the calling JVM (and so the threads and processes it starts) off the measuring
 * CPU where it can, as the {@code ./stagebench} script's {@code taskset} does: started with {@code java -jar}, the
 * launcher is kept off it all the same.
 *
 * @param cpu the measuring CPU
 * @param serviceCpus every other online CPU (empty on a one-CPU machine)
 * @param warnings what could not be arranged, for {@code *** WARNING:} lines
 */
public record MeasuringCpu(int cpu, CpuList serviceCpus, List<String> warnings) {

    public MeasuringCpu {
        warnings = List.copyOf(warnings);
    }

    /**
     * @param requested the CPU asked for with {@code --cpu}, or null for the default (an isolated CPU, else the highest
     *     one)
     * @throws IllegalArgumentException "CPU 7 does not exist (available: 0-1)"
     */
    public static MeasuringCpu choose(Integer requested) {
        return choose(requested, true);
    }

    /**
     * @param moveThisJvm whether to move this JVM off the measuring CPU (false where the forks run inside it)
     * @throws IllegalArgumentException "CPU 7 does not exist (available: 0-1)"
     */
    public static MeasuringCpu choose(Integer requested, boolean moveThisJvm) {
        SystemFiles host = SystemFiles.host();
        int cpu = CpuSelection.choose(requested == null ? OptionalInt.empty() : OptionalInt.of(requested), host);
        CpuList serviceCpus = CpuSelection.online(host).without(cpu);
        List<String> warnings = new ArrayList<>();
        Affinity.currentThreadAffinity()
                .filter(a -> moveThisJvm && a.contains(cpu))
                .ifPresent(a -> {
                    if (!serviceCpus.isEmpty()
                            && Affinity.restrictProcess(serviceCpus).isPresent()) {
                        warnings.add("the launcher JVM may run on the measuring CPU " + cpu + " (affinity " + a + ")");
                    }
                });
        if (serviceCpus.isEmpty()) {
            warnings.add("only one CPU: the forks' JIT and GC threads share the measuring CPU");
        }
        return new MeasuringCpu(cpu, serviceCpus, warnings);
    }
}
