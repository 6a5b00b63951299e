package io.stagebench.system;

import io.stagebench.output.ReadinessText;
import java.nio.file.Path;

/** {@code stagebench check} on a fake virtual machine measuring on CPU 3: the manual's example. */
public final class ReadinessExample {

    private ReadinessExample() {}

    /** @return the check's text over a fake /proc and /sys laid out under {@code root} */
    public static String text(Path root) {
        ReadinessCheckTest.tunedMachine(root);
        ReadinessCheckTest.write(
                root,
                "proc/cpuinfo",
                "model name\t: Example CPU\nflags\t\t: fpu tsc constant_tsc" + " nonstop_tsc rdtscp hypervisor\n");
        ReadinessCheckTest.write(root, "proc/cmdline", "BOOT_IMAGE=/vmlinuz root=/dev/sda1 quiet");
        ReadinessCheckTest.write(root, "sys/devices/system/cpu/isolated", "\n");
        ReadinessCheckTest.write(root, "sys/devices/system/cpu/nohz_full", "(null)\n");
        ReadinessCheck check = new ReadinessCheck(new SystemFiles(root), 3);
        return ReadinessText.render(check.cpu(), check.items());
    }
}
