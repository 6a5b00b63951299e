package io.stagebench.stages.jmh;

import io.stagebench.extension.Harness;

/**
 * The JMH cross-check benchmarks' own annotation constants: JMH's access flag and the run lengths used when the
 * benchmarks jar is run without options. The flags their forks share with stagebench's (native access,
 * {@link Harness#SHARED_FORK_FLAGS}: heap, pre-touch, huge pages, collector, foreground compilation) are
 * {@link Harness}'s, named in {@link StageJmh}'s {@code @Fork}, so both harnesses measure the same JVM.
 */
final class JmhForks {

    /** JMH 1.37 reads fields through sun.misc.Unsafe; allowed quietly rather than warned about per fork. */
    static final String UNSAFE_ACCESS = "--sun-misc-unsafe-memory-access=allow";

    /** Forks per benchmark when run from the jar without {@code -f}. */
    static final int FORKS = 3;
    /** Warm-up and measurement iterations of 1 s when run from the jar without options. */
    static final int ITERATIONS = 5;

    private JmhForks() {}
}
