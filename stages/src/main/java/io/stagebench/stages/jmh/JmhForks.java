package io.stagebench.stages.jmh;

/**
 * What the JMH cross-check benchmarks share with stagebench's own forks, as annotation
 * constants: the same heap, collector and pre-touch as {@code RunConfig.DEFAULT_JVM_FLAGS}
 * (so both harnesses measure the same JVM), and the system property that pins each fork's
 * benchmark thread.
 */
final class JmhForks {

    /** Native access for the harness's JNA affinity calls, as in every stagebench fork. */
    static final String NATIVE_ACCESS = "--enable-native-access=ALL-UNNAMED";
    /** JMH 1.37 reads fields through sun.misc.Unsafe; allowed quietly rather than warned about per fork. */
    static final String UNSAFE_ACCESS = "--sun-misc-unsafe-memory-access=allow";
    static final String HEAP_MIN = "-Xms1g";
    static final String HEAP_MAX = "-Xmx1g";
    static final String PRE_TOUCH = "-XX:+AlwaysPreTouch";
    static final String SERIAL_GC = "-XX:+UseSerialGC";

    /** Forks per benchmark when run from the jar without {@code -f}. */
    static final int FORKS = 3;
    /** Warm-up and measurement iterations of 1 s when run from the jar without options. */
    static final int ITERATIONS = 5;

    private JmhForks() {
    }
}
