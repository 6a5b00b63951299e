package io.stagebench.stages.jmh;

import io.stagebench.extension.Harness;
import java.util.Optional;

/**
 * Pins a JMH fork's benchmark thread to the CPU named by {@value #CPU_PROPERTY}, the way a stagebench fork pins its
 * measuring thread: the fork's JIT and GC threads stay wherever the fork was started (the launcher starts it off the
 * measuring CPU), only the thread that runs the benchmark moves. Without the property nothing is pinned.
 *
 * <p>Called from an iteration-level {@code @Setup}, outside JMH's measurement, so a thread that JMH's executor replaced
 * between iterations is pinned as well.
 */
public final class MeasuringThread {

    /** System property naming the CPU to pin the benchmark thread to. */
    public static final String CPU_PROPERTY = "stagebench.jmh.cpu";

    private static volatile boolean warned;

    private MeasuringThread() {}

    /** Pins the calling thread if {@value #CPU_PROPERTY} is set; warns once on stderr if refused. */
    public static void pin() {
        String cpuText = System.getProperty(CPU_PROPERTY);
        if (cpuText == null || cpuText.isBlank()) {
            return;
        }
        Optional<String> refused;
        try {
            refused = Harness.pinCurrentThread(Integer.parseInt(cpuText.trim()));
        } catch (NumberFormatException e) {
            refused = Optional.of("-D" + CPU_PROPERTY + "=" + cpuText + " is not a CPU number");
        }
        if (refused.isPresent() && !warned) {
            warned = true;
            System.err.println("*** WARNING: JMH benchmark thread not pinned: " + refused.get());
        }
    }
}
