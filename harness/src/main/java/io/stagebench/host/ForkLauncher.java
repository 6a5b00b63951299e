package io.stagebench.host;

import io.stagebench.config.RunConfig;
import io.stagebench.forked.ForkMain;
import io.stagebench.link.ForkEntry;
import io.stagebench.link.LinkVersion;
import io.stagebench.link.Turns;
import io.stagebench.nativeaccess.Personality;
import io.stagebench.process.JvmFork;
import io.stagebench.system.CpuList;
import io.stagebench.system.JitEvents;
import java.io.OutputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/** Starts one measuring fork; replaced in tests to script failures. */
@FunctionalInterface
public interface ForkLauncher {

    /**
     * @param specFile the fork's spec, already written
     * @return how the fork ended
     */
    JvmFork.Exit launch(Path specFile, List<String> jvmFlags, CpuList serviceCpus, Duration timeout);

    /**
     * Launches the fork with its progress lines (its stdout) passed to {@code progressLines} as they come (the real
     * launchers; a scripted one ignores it).
     */
    default JvmFork.Exit launch(
            Path specFile,
            List<String> jvmFlags,
            CpuList serviceCpus,
            Duration timeout,
            Consumer<String> progressLines) {
        return launch(specFile, jvmFlags, serviceCpus, timeout);
    }

    /**
     * Launches a fork that takes turns on the measuring CPU ({@link Turns}): {@code stdin} is handed the stream the
     * fork reads its turns from, once the fork has started. Only for a launcher that {@link #takesTurns()}; any other
     * launches the fork as {@link #launch(Path, List, CpuList, Duration, Consumer)} does and never hands a stream.
     */
    default JvmFork.Exit launch(
            Path specFile,
            List<String> jvmFlags,
            CpuList serviceCpus,
            Duration timeout,
            Consumer<String> progressLines,
            Consumer<OutputStream> stdin) {
        return launch(specFile, jvmFlags, serviceCpus, timeout, progressLines);
    }

    /**
     * Readies what this launcher's forks start from before a benchmark's first fork, while no fork measures: the real
     * launcher's {@link ForkClassCache}, trained when its build has none. Called again it returns at once.
     *
     * @return a line to say, if any
     */
    default Optional<String> prepare(RunConfig config, CpuList serviceCpus) {
        return Optional.empty();
    }

    /**
     * @return whether its forks can take turns ({@link Turns}): a build that predates them measures its replicas back
     *     to back whatever its spec says, so an A/B pair with such a side runs its forks one after the other
     */
    default boolean takesTurns() {
        return false;
    }

    /**
     * @return the {@link LinkVersion} its forks' build reads, which their specs are written at: this build's, or what
     *     another build's class path says ({@link LinkVersion#RESOURCE})
     */
    default int linkVersion() {
        return LinkVersion.CURRENT;
    }

    /**
     * @return a project's own entries, which the fork loads apart from the harness's libraries (a
     *     {@code BenchmarkClassLoader}); empty when the benchmarks are on the fork's class path
     */
    default List<String> benchmarkClassPath() {
        return List.of();
    }

    /**
     * Turns address randomisation off for the processes the calling thread starts next
     * ({@link Personality#disableRandomisation}); {@link #restoreAddresses} undoes it after the launch. A launcher that
     * must not touch the thread, or a test that simulates a refusal, overrides both.
     */
    default Personality.Result fixAddresses() {
        return Personality.disableRandomisation();
    }

    /** Undoes {@link #fixAddresses} on the calling thread. */
    default void restoreAddresses(Personality.Result fixed) {
        if (fixed.disabled()) {
            Personality.restore(fixed.previous());
        }
    }

    /**
     * @param inner the launcher that starts the forks
     * @param reason what the refusal says
     * @return {@code inner}, except that fixing addresses is refused with {@code reason} (as a container's seccomp
     *     profile refuses {@code personality}): for tests
     */
    static ForkLauncher refusingFixedAddresses(ForkLauncher inner, String reason) {
        return new ForkLauncher() {
            @Override
            public List<String> benchmarkClassPath() {
                return inner.benchmarkClassPath();
            }

            @Override
            public JvmFork.Exit launch(Path specFile, List<String> jvmFlags, CpuList serviceCpus, Duration timeout) {
                return inner.launch(specFile, jvmFlags, serviceCpus, timeout);
            }

            @Override
            public JvmFork.Exit launch(
                    Path specFile,
                    List<String> jvmFlags,
                    CpuList serviceCpus,
                    Duration timeout,
                    Consumer<String> progressLines) {
                return inner.launch(specFile, jvmFlags, serviceCpus, timeout, progressLines);
            }

            @Override
            public JvmFork.Exit launch(
                    Path specFile,
                    List<String> jvmFlags,
                    CpuList serviceCpus,
                    Duration timeout,
                    Consumer<String> progressLines,
                    Consumer<OutputStream> stdin) {
                return inner.launch(specFile, jvmFlags, serviceCpus, timeout, progressLines, stdin);
            }

            @Override
            public boolean takesTurns() {
                return inner.takesTurns();
            }

            @Override
            public int linkVersion() {
                return inner.linkVersion();
            }

            @Override
            public Optional<String> prepare(RunConfig config, CpuList serviceCpus) {
                return inner.prepare(config, serviceCpus);
            }

            @Override
            public Personality.Result fixAddresses() {
                return new Personality.Result(0, reason);
            }
        };
    }

    /** The real launcher: a fresh JVM running {@link ForkMain}. */
    static ForkLauncher jvm() {
        return jvm(null);
    }

    /**
     * A fresh JVM running {@link ForkMain} from another build of the project: the main class that build has
     * ({@link ForkEntry}), looked up once here.
     *
     * @param classPath that build's class path (null: this JVM's), e.g.
     *     {@code stages/target/stagebench-stages.jar:stages/target/lib/*}
     */
    static ForkLauncher jvm(String classPath) {
        return jvm(classPath, List.of());
    }

    /**
     * A fresh JVM running {@link ForkMain} on {@code classPath}, the benchmarks of a project loaded from
     * {@code benchmarkEntries} apart from the harness's libraries ({@link #benchmarkClassPath()}).
     */
    static ForkLauncher jvm(String classPath, List<String> benchmarkEntries) {
        List<String> benchmarks = List.copyOf(benchmarkEntries);
        String mainClass = classPath == null ? ForkMain.class.getName() : BenchmarkClassPath.forkMainOn(classPath);
        boolean turns = classPath == null || BenchmarkClassPath.holdsOnPath(classPath, Turns.RESOURCE);
        int linkVersion = classPath == null
                ? LinkVersion.CURRENT
                : LinkVersion.parse(BenchmarkClassPath.readOnPath(classPath, LinkVersion.RESOURCE)
                        .orElse(null));
        // per flag set (the JIT log's path left out): the flags that map the class archive trained for it
        Map<List<String>, List<String>> classCache = new ConcurrentHashMap<>();
        return new ForkLauncher() {
            @Override
            public Optional<String> prepare(RunConfig config, CpuList serviceCpus) {
                List<String> flags = withoutJitLog(config.jvmFlags());
                if (classCache.containsKey(flags)) {
                    return Optional.empty();
                }
                ForkClassCache.Prepared prepared =
                        ForkClassCache.prepare(mainClass, classPath, flags, config, serviceCpus, linkVersion);
                classCache.put(flags, prepared.flags());
                return prepared.line();
            }

            @Override
            public List<String> benchmarkClassPath() {
                return benchmarks;
            }

            @Override
            public JvmFork.Exit launch(Path specFile, List<String> jvmFlags, CpuList serviceCpus, Duration timeout) {
                return launch(specFile, jvmFlags, serviceCpus, timeout, null, null);
            }

            @Override
            public JvmFork.Exit launch(
                    Path specFile,
                    List<String> jvmFlags,
                    CpuList serviceCpus,
                    Duration timeout,
                    Consumer<String> progressLines) {
                return launch(specFile, jvmFlags, serviceCpus, timeout, progressLines, null);
            }

            @Override
            public JvmFork.Exit launch(
                    Path specFile,
                    List<String> jvmFlags,
                    CpuList serviceCpus,
                    Duration timeout,
                    Consumer<String> progressLines,
                    Consumer<OutputStream> stdin) {
                List<String> flags = new ArrayList<>(classCache.getOrDefault(withoutJitLog(jvmFlags), List.of()));
                flags.addAll(jvmFlags);
                return JvmFork.run(new JvmFork.Spec(
                        mainClass,
                        List.of(specFile.toString()),
                        flags,
                        serviceCpus,
                        timeout,
                        classPath,
                        progressLines,
                        stdin));
            }

            @Override
            public boolean takesTurns() {
                return turns;
            }

            @Override
            public int linkVersion() {
                return linkVersion;
            }
        };
    }

    /** @return {@code jvmFlags} less the one that names a fork's JIT log, which differs from fork to fork */
    private static List<String> withoutJitLog(List<String> jvmFlags) {
        return jvmFlags.stream()
                .filter(f -> !f.startsWith(JitEvents.LOG_FLAG_PREFIX))
                .toList();
    }
}
