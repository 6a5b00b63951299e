package io.stagebench.nativeaccess;

import com.sun.jna.LastErrorException;
import io.stagebench.system.CpuList;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Linux CPU affinity and memory locking for the measuring thread, through JNA direct mapping onto libc
 * ({@code sched_setaffinity}, {@code sched_getaffinity}, {@code sched_getcpu}, {@code mlockall}).
 *
 * <p>Every call reports what it obtained rather than assuming it: pinning is read back, and refusals come back as the
 * errno text so a report can print them as warnings. Not on the measured path.
 */
public final class Affinity {

    private static final int CPU_SET_LONGS = 16; // cpu_set_t: 1024 bits
    private static final int MCL_CURRENT = 1;
    private static final int ESRCH = 3; // no such thread: it ended
    private static final boolean AVAILABLE;
    private static final String UNAVAILABLE_REASON;

    static {
        UNAVAILABLE_REASON = Libc.register(Affinity.class, "CPU affinity").orElse(null);
        AVAILABLE = UNAVAILABLE_REASON == null;
    }

    private Affinity() {}

    private static native int sched_setaffinity(int pid, long cpusetsize, long[] mask) throws LastErrorException;

    private static native int sched_getaffinity(int pid, long cpusetsize, long[] mask) throws LastErrorException;

    private static native int sched_getcpu() throws LastErrorException;

    private static native int mlockall(int flags) throws LastErrorException;

    /** @return empty when affinity calls work here, else why not */
    public static Optional<String> unavailableReason() {
        return Optional.ofNullable(UNAVAILABLE_REASON);
    }

    /**
     * Pins the calling thread to {@code cpu} and reads the affinity back.
     *
     * @return empty on success, else the reason it was refused
     */
    public static Optional<String> pinCurrentThread(int cpu) {
        if (!AVAILABLE) {
            return Optional.of(UNAVAILABLE_REASON);
        }
        if (cpu < 0 || cpu >= CPU_SET_LONGS * 64) {
            return Optional.of("CPU " + cpu + " is outside cpu_set_t");
        }
        long[] mask = new long[CPU_SET_LONGS];
        mask[cpu / 64] = 1L << (cpu % 64);
        try {
            sched_setaffinity(0, mask.length * 8L, mask);
        } catch (LastErrorException e) {
            return Optional.of("sched_setaffinity(CPU " + cpu + ") refused: " + e.getMessage());
        }
        Optional<CpuList> readBack = currentThreadAffinity();
        if (readBack.isEmpty() || !readBack.get().equals(CpuList.of(cpu))) {
            return Optional.of("affinity read back as "
                    + readBack.map(CpuList::toString).orElse("unknown") + " after pinning to CPU " + cpu);
        }
        return Optional.empty();
    }

    /**
     * Sets the calling thread's affinity to {@code cpus}: the threads it starts next inherit it.
     *
     * @return empty on success, else the reason it was refused
     */
    public static Optional<String> setCurrentThread(CpuList cpus) {
        if (!AVAILABLE) {
            return Optional.of(UNAVAILABLE_REASON);
        }
        long[] mask = mask(cpus);
        try {
            sched_setaffinity(0, mask.length * 8L, mask);
            return Optional.empty();
        } catch (LastErrorException e) {
            return Optional.of("sched_setaffinity(" + cpus + ") refused: " + e.getMessage());
        }
    }

    /**
     * @return the threads of this process other than the calling one whose affinity allows {@code cpu}, by name
     *     ({@code /proc/self/task/N/comm}) and id; empty when none, or when they cannot be listed or their masks read
     */
    public static List<String> otherThreadsAllowedOn(int cpu) {
        // each thread's mask from the kernel, not its status file: reading and parsing every thread's status file was
        // a visible part of a fresh fork's first setup; a name is read only for a thread that is found
        String[] tasks = new File("/proc/self/task").list();
        if (tasks == null || !AVAILABLE) {
            return List.of();
        }
        long self = currentThreadId();
        long[] mask = new long[CPU_SET_LONGS];
        List<String> named = new ArrayList<>();
        for (String task : tasks) {
            try {
                int tid = Integer.parseInt(task);
                if (tid == self) {
                    continue;
                }
                Arrays.fill(mask, 0);
                sched_getaffinity(tid, mask.length * 8L, mask);
                if (cpu / 64 < mask.length && (mask[cpu / 64] & 1L << (cpu % 64)) != 0) {
                    named.add("'"
                            + Files.readString(Path.of("/proc/self/task", task, "comm"))
                                    .strip() + "' (thread " + tid + ")");
                }
            } catch (IOException | RuntimeException e) {
                // a thread that ended while listed
            }
        }
        return named;
    }

    /** @return the kernel's id of the calling thread, from {@code /proc/thread-self}; -1 when unknown */
    private static long currentThreadId() {
        try {
            return Long.parseLong(
                    Path.of("/proc/thread-self").toRealPath().getFileName().toString());
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /**
     * Restricts every thread of this process to {@code cpus}, as {@code taskset} restricts a process it starts: the
     * JVM's compiler and GC threads too, and - since a thread inherits its creator's mask - every thread and process
     * started afterwards. Threads that end while this runs are skipped.
     *
     * @return empty on success, else the first refusal
     */
    public static Optional<String> restrictProcess(CpuList cpus) {
        if (!AVAILABLE) {
            return Optional.of(UNAVAILABLE_REASON);
        }
        long[] mask = mask(cpus);
        List<Integer> threads;
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            threads =
                    tasks.map(p -> Integer.parseInt(p.getFileName().toString())).toList();
        } catch (IOException | NumberFormatException e) {
            return Optional.of("cannot list this process's threads in /proc/self/task: " + e.getMessage());
        }
        for (int thread : threads) {
            try {
                sched_setaffinity(thread, mask.length * 8L, mask);
            } catch (LastErrorException e) {
                if (e.getErrorCode() != ESRCH) {
                    return Optional.of(
                            "sched_setaffinity(thread " + thread + ", " + cpus + ") refused: " + e.getMessage());
                }
            }
        }
        return Optional.empty();
    }

    private static long[] mask(CpuList cpus) {
        long[] mask = new long[CPU_SET_LONGS];
        for (int cpu : cpus.toArray()) {
            if (cpu < CPU_SET_LONGS * 64) {
                mask[cpu / 64] |= 1L << (cpu % 64);
            }
        }
        return mask;
    }

    /** @return the calling thread's affinity mask, read from the kernel */
    public static Optional<CpuList> currentThreadAffinity() {
        if (!AVAILABLE) {
            return Optional.empty();
        }
        long[] mask = new long[CPU_SET_LONGS];
        try {
            sched_getaffinity(0, mask.length * 8L, mask);
        } catch (LastErrorException e) {
            return Optional.empty();
        }
        return Optional.of(fromMask(mask));
    }

    /** @return the CPU the calling thread is running on now, or -1 when unknown */
    public static int currentCpu() {
        if (!AVAILABLE) {
            return -1;
        }
        try {
            return sched_getcpu();
        } catch (LastErrorException e) {
            return -1;
        }
    }

    /**
     * Locks the process's current pages in memory ({@code mlockall(MCL_CURRENT)}), best effort: a page fault in the
     * measured loop is a multi-microsecond outlier.
     *
     * @return empty on success, else the reason it was refused
     */
    public static Optional<String> lockCurrentMemory() {
        if (!AVAILABLE) {
            return Optional.of(UNAVAILABLE_REASON);
        }
        try {
            mlockall(MCL_CURRENT);
            return Optional.empty();
        } catch (LastErrorException e) {
            return Optional.of("mlockall(MCL_CURRENT) refused: " + e.getMessage()
                    + " (raise RLIMIT_MEMLOCK or grant CAP_IPC_LOCK)");
        }
    }

    static CpuList fromMask(long[] mask) {
        int count = 0;
        for (long word : mask) {
            count += Long.bitCount(word);
        }
        int[] cpus = new int[count];
        int next = 0;
        for (int word = 0; word < mask.length; word++) {
            long bits = mask[word];
            while (bits != 0) {
                int bit = Long.numberOfTrailingZeros(bits);
                cpus[next++] = word * 64 + bit;
                bits &= bits - 1;
            }
        }
        return CpuList.of(cpus);
    }
}
