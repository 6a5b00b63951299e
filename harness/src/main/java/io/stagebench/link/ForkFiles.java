package io.stagebench.link;

/**
 * The names of the files of fork N in its benchmark's folder, in one place: the launcher writes the spec and reads the
 * rest, the fork writes them, and the store and the reports find them by these names.
 */
public final class ForkFiles {

    private ForkFiles() {}

    /** @return {@code fork-N.spec.json}: the {@link ForkSpec} the launcher wrote */
    public static String spec(int fork) {
        return name(fork, ".spec.json");
    }

    /** @return {@code fork-N.json}: the fork's {@link ForkResult} */
    public static String result(int fork) {
        return name(fork, ".json");
    }

    /** @return {@code fork-N.raw}: the raw stamps of the measuring (for a handoff, the feed) thread */
    public static String raw(int fork) {
        return name(fork, ".raw");
    }

    /** @return {@code fork-N.THREAD.raw}: the raw stamps of a handoff's second thread */
    public static String threadRaw(int fork, String thread) {
        return name(fork, "." + thread + ".raw");
    }

    /** @return {@code fork-N.unmarked.raw}: the raw stamps of a pipeline's unmarked pass */
    public static String unmarkedRaw(int fork) {
        return name(fork, ".unmarked.raw");
    }

    /** @return {@code fork-N.preparation.raw}: the raw stamps of a batched run's preparation pass */
    public static String preparationRaw(int fork) {
        return name(fork, ".preparation.raw");
    }

    /** @return {@code fork-N.out}: what the benchmark itself wrote to stdout */
    public static String stdout(int fork) {
        return name(fork, ".out");
    }

    /** @return the file a failed fork writes its whole stack trace to */
    public static String trace(int fork) {
        return name(fork, ".trace");
    }

    /** @return fork {@code fork}'s profile of its measured passes ({@code --prof}): collapsed stacks, one a line */
    public static String profile(int fork) {
        return "fork-" + fork + ".collapsed";
    }

    /** @return what fork {@code fork}'s profile counts ({@code --prof}): {@link ProfiledPasses} */
    public static String profiledPasses(int fork) {
        return "fork-" + fork + ".profile.json";
    }

    /** @return fork {@code fork}'s flame graph of its measured passes ({@code --prof}), a self-contained page */
    public static String flameGraph(int fork) {
        return "fork-" + fork + ".flame.html";
    }

    /**
     * @return {@code fork-N.jit.log}: the JIT's log of compilations and deoptimisations, which the launcher asks the
     *     fork's JVM to write ({@code JitEvents.logFlag}); kept when the JIT compiled during measurement
     */
    public static String jitLog(int fork) {
        return name(fork, ".jit.log");
    }

    /**
     * @param file a file of a fork's first replica, {@code fork-N...}
     * @param replica the replica, from 1
     * @return the same file of {@code replica}: the first replica's own name, {@code fork-N.rK...} for replica K from 2
     *     on ({@code fork-3.raw} of replica 2 is {@code fork-3.r2.raw})
     */
    public static String replica(String file, int replica) {
        if (replica <= 1 || file == null) {
            return file;
        }
        int dot = file.indexOf('.');
        if (!file.startsWith("fork-") || dot < 0) {
            throw new IllegalArgumentException("not a fork's file: " + file);
        }
        return file.substring(0, dot) + ".r" + replica + file.substring(dot);
    }

    private static String name(int fork, String suffix) {
        return "fork-" + fork + suffix;
    }
}
