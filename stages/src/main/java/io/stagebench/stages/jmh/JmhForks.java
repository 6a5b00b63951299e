package io.stagebench.stages.jmh;

import io.stagebench.host.RunConfig;

/**
 * What the JMH cross-check benchmarks share with stagebench's own forks, as annotation
 * constants: the same heap, collector and pre-touch as {@link RunConfig#DEFAULT_JVM_FLAGS}
 * (taken from the same constants, so both harnesses measure the same JVM), and the run
 * lengths used when the benchmarks jar is run without options.
 */
final class JmhForks {

    /** Native access for the harness's JNA affinity calls, as in every stagebench fork. */
    static final String NATIVE_ACCESS = "--enable-native-access=ALL-UNNAMED";
    /** JMH 1.37 reads fields through sun.misc.Unsafe; allowed quietly rather than warned about per fork. */
    static final String UNSAFE_ACCESS = "--sun-misc-unsafe-memory-access=allow";
    static final String HEAP_MIN = RunConfig.HEAP_MIN_FLAG;
    static final String HEAP_MAX = RunConfig.HEAP_MAX_FLAG;
    static final String PRE_TOUCH = RunConfig.PRE_TOUCH_FLAG;
    static final String SERIAL_GC = RunConfig.GC_FLAG;

    /** Forks per benchmark when run from the jar without {@code -f}. */
    static final int FORKS = 3;
    /** Warm-up and measurement iterations of 1 s when run from the jar without options. */
    static final int ITERATIONS = 5;

    private JmhForks() {
    }
}
