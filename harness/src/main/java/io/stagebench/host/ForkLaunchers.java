package io.stagebench.host;

import java.util.List;

/**
 * How a command starts its forks: the one place that decides, so that a test can run a command's forks inside its own
 * JVM while everything around them - spec files, progress, result files, the merge, the store - stays as a real run
 * does it. {@link #jvm()} is what every command uses: a fresh JVM per fork, and the launcher's own JVM moved off the
 * measuring CPU.
 *
 * <p>Implementations other than {@link #jvm()} are for tests: a fork in the launcher's JVM shares its heap, JIT and GC
 * threads and inherits none of the fork's JVM flags, so its figures are not a measurement of record.
 */
public interface ForkLaunchers {

    /** @return the launcher of this build's own benchmarks (those on the launcher's class path) */
    ForkLauncher own();

    /**
     * @param forkClassPath the forks' class path: the launcher's libraries
     * @param benchmarkEntries a project's own entries, which the fork loads apart from them
     * @return the launcher of a project's benchmarks ({@code --classpath})
     */
    ForkLauncher project(String forkClassPath, List<String> benchmarkEntries);

    /**
     * @param classPath another build of this project (the other side of {@code ab}), e.g.
     *     {@code stages/target/stagebench-stages.jar:stages/target/lib/*}
     * @return the launcher of that build's forks: always a fresh JVM, since that build's classes cannot share this one
     */
    default ForkLauncher build(String classPath) {
        return ForkLauncher.jvm(classPath);
    }

    /**
     * @return whether choosing the measuring CPU also moves every thread of the launcher's JVM off it (so the forks it
     *     starts, and their JIT and GC threads, start there too): true for real runs; a launcher whose forks run in its
     *     own JVM must keep its threads where they are
     */
    default boolean movesLauncherOffMeasuringCpu() {
        return true;
    }

    /** @return fresh JVMs, one per fork ({@link ForkLauncher#jvm}) */
    static ForkLaunchers jvm() {
        return Jvm.INSTANCE;
    }

    /**
     * Something that says how its forks start: the command line's root command, which a test builds with launchers of
     * its own.
     */
    interface Chosen {
        /** @return how this command line's forks start */
        ForkLaunchers forkLaunchers();
    }

    /** Fresh JVMs. */
    enum Jvm implements ForkLaunchers {
        INSTANCE;

        @Override
        public ForkLauncher own() {
            return ForkLauncher.jvm();
        }

        @Override
        public ForkLauncher project(String forkClassPath, List<String> benchmarkEntries) {
            return ForkLauncher.jvm(forkClassPath, benchmarkEntries);
        }
    }
}
