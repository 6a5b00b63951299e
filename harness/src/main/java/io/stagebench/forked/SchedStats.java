package io.stagebench.forked;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The calling thread's own scheduler figures, read around each measured pass (never inside it): the time it waited in
 * the run queue while runnable ({@code /proc/thread-self/schedstat}, second field, ns) and its involuntary context
 * switches ({@code nonvoluntary_ctxt_switches} in {@code /proc/thread-self/status}). A pinned measuring thread that
 * never blocks waits only when another task holds its CPU, so either moving means something else ran on the measuring
 * CPU while it measured - the cheapest honest sign of a shared CPU, where the load average read once at the start says
 * nothing.
 *
 * <p>Measurement hazard: each read opens two files and allocates; it is done before the pass's allocation counter is
 * read and after it is read again, so neither is counted as the pass's.
 */
final class SchedStats {

    private static final Path SCHEDSTAT = Path.of("/proc/thread-self/schedstat");
    private static final Path STATUS = Path.of("/proc/thread-self/status");
    private static final String INVOLUNTARY = "nonvoluntary_ctxt_switches:";

    private SchedStats() {}

    /** @return the calling thread's run-queue wait in ns, or -1 where the kernel does not say */
    static long waitNs() {
        try {
            String[] fields = Files.readString(SCHEDSTAT, StandardCharsets.US_ASCII)
                    .trim()
                    .split("\\s+");
            return fields.length >= 2 ? Long.parseLong(fields[1]) : -1;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** @return the calling thread's involuntary context switches, or -1 where the kernel does not say */
    static long involuntarySwitches() {
        try {
            for (String line : Files.readAllLines(STATUS, StandardCharsets.US_ASCII)) {
                if (line.startsWith(INVOLUNTARY)) {
                    return Long.parseLong(line.substring(INVOLUNTARY.length()).trim());
                }
            }
            return -1;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
