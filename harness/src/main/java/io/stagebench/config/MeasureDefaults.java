package io.stagebench.config;

import io.stagebench.api.Sink;
import io.stagebench.clock.Calibration;
import io.stagebench.clock.ProbeOverhead;
import java.util.List;

/**
 * What a measurement measures when nothing says otherwise: the one place these defaults live. {@code run}, {@code ab}
 * and {@code bisect} take them from here, their help texts name them from here, and {@link RunConfig#builder} starts
 * from them.
 */
public final class MeasureDefaults {

    /** Measured messages a fork (a replica), {@code -n}. */
    public static final int MESSAGES = 200_000;
    /** ... under {@code --quick}. */
    public static final int QUICK_MESSAGES = 20_000;
    /** Warm-up messages a fork, {@code -w}. */
    public static final long WARMUP_MESSAGES = 200_000;
    /** ... under {@code --quick}. */
    public static final long QUICK_WARMUP_MESSAGES = 100_000;
    /** Forks a benchmark of {@code run}, {@code -f} ({@code ab}'s come from its sequential plan). */
    public static final int RUN_FORKS = 5;
    /** Forks a benchmark of {@code run} under {@code --quick}. */
    public static final int QUICK_FORKS = 1;
    /** Replicas a fork under {@code --quick}, in every command that takes it. */
    public static final int QUICK_REPLICAS = 1;
    /**
     * Replicas a fork of {@code run} measures, {@code -r}: each further one costs a setup (a fraction of a fork's
     * start), and a default run stays within two minutes (docs/decisions.md, "Replicas a fork").
     */
    public static final int RUN_REPLICAS = 2;
    /**
     * Replicas a fork of {@code ab} and {@code bisect} measures when no stored run plans them. A fork's level is mostly
     * its setup's, so a few setups a fork cut a fork's spread for a small part more of its time; Kalibera and Jones's
     * optimum for the reference stages is higher, which the sequential plan's budget cannot afford at 13 pairs
     * (docs/decisions.md, "Replicas a fork").
     */
    public static final int COMPARE_REPLICAS = 4;

    /**
     * Replicas a fork measures when the command plans no replicas of its own ({@code demo co}, {@code crosscheck}'s
     * side, and {@link RunConfig#builder}): one.
     */
    public static final int PLAN_REPLICAS = 1;
    /** Messages per call of the measured loop (fewer when fewer are measured). */
    public static final int CHUNK = 1_000;
    /** Calibration rounds per fork. */
    public static final int CALIBRATION_ROUNDS = 1;
    /** Length of one calibration round. */
    public static final long CALIBRATION_MS = Calibration.DEFAULT_INTERVAL_MS;
    /** Probe-overhead pairs a fork measures: twice the fewest its minimum and median need. */
    public static final int OVERHEAD_PAIRS = ProbeOverhead.MIN_PAIRS * 2;
    /**
     * Measured passes a fork may discard, and replay, because the JIT compiled while they ran ({@code --jit-retries});
     * each costs one pass and a short wait for the compiler.
     */
    public static final int JIT_RETRIES = 8;
    /** A fork is killed after this long. */
    public static final long FORK_TIMEOUT_S = 600;

    /** Initial heap of every fork: the same as the maximum, so the heap never resizes while measuring. */
    public static final String HEAP_MIN_FLAG = "-Xms512m";
    /** Maximum heap of every fork. */
    public static final String HEAP_MAX_FLAG = "-Xmx512m";
    /** Touch every heap page at start-up, so no page fault lands in a measurement. */
    public static final String PRE_TOUCH_FLAG = "-XX:+AlwaysPreTouch";
    /** The serial collector: one GC thread family, nothing concurrent beside the measuring thread. */
    public static final String GC_FLAG = "-XX:+UseSerialGC";

    /**
     * Compile in the foreground: the thread that reaches a compile threshold waits for the compiled code. The order in
     * which methods compile, and so where each lands in the code cache, then follows the benchmark's own calls rather
     * than a race with the compiler threads, and the forks' spread narrows by far (docs/decisions.md, "JVM flags of a
     * fork"). The measured pass is unaffected: a pass during which anything compiled is discarded anyway.
     */
    public static final String FOREGROUND_COMPILE_FLAG = "-Xbatch";

    /**
     * The heap on transparent huge pages (when the kernel offers them, {@code madvise} or {@code always}): a 4 KiB page
     * lands on a random physical page in every fork, and the caches indexed by physical address then see another set of
     * conflicts each time, which widens the forks' spread (docs/decisions.md, "JVM flags of a fork"). A kernel without
     * them: the JVM warns and runs on small pages ({@code hugePagesKb} 0 in the fork's layout).
     */
    public static final String HUGE_PAGES_FLAG = "-XX:+UseTransparentHugePages";

    /**
     * Inline the benchmark's operation into the measured loop, as JMH inlines a {@code @Benchmark} method into its
     * generated loop (its compiler hints): every method with the signature of {@code Operation.run} and of
     * {@code Preparation.prepare}, and nothing else (the JVM's own {@code run} methods have other signatures). Left to
     * its heuristics, C2 compiles a large operation on its own first and then refuses it to the loop ("already compiled
     * into a big method"), so each message paid a call, its spills and its reloaded fields, inside every interval;
     * inlined, a batched pipeline reads as JMH's twin of the same code does (docs/decisions.md, "JVM flags of a fork").
     * The {@code quiet} command keeps the JVM from printing the commands on the fork's standard output.
     */
    public static final List<String> INLINE_OPERATION_FLAGS = List.of(
            "-XX:CompileCommand=quiet",
            "-XX:CompileCommand=inline,*::run(JLio/stagebench/api/Stamps;Lio/stagebench/api/Sink;)V",
            "-XX:CompileCommand=inline,*::prepare(JLio/stagebench/api/Sink;)V");

    /**
     * JVM flags of every fork unless overridden: fixed, pre-touched heap on huge pages; one GC thread family;
     * compilation in the foreground at the JIT's standard thresholds; the operation inlined into the measured loop
     * ({@link #INLINE_OPERATION_FLAGS}); what the operation consumes kept alive by compiler blackholes
     * ({@link Sink#BLACKHOLE_FLAGS}); JIT counter access. The JMH cross-check benchmarks start their forks with the
     * same heap, pre-touch and collector constants.
     *
     * <p>No compile threshold is scaled: a fork measures the code a long-running process runs. Thresholds at a tenth
     * (an earlier default, {@code CompileThresholdScaling} 0.1 for the measured code) kept the JIT quiet sooner by
     * giving C2 a tenth of the profile, and the code it made from it differed from fork to fork and was slower than at
     * standard thresholds (docs/decisions.md, "JVM flags of a fork"). Late compiles land in warm-up instead: a measured
     * pass the JIT changed is replayed ({@code --jit-retries}).
     */
    public static final List<String> JVM_FLAGS = List.of(
            HEAP_MIN_FLAG,
            HEAP_MAX_FLAG,
            PRE_TOUCH_FLAG,
            HUGE_PAGES_FLAG,
            GC_FLAG,
            FOREGROUND_COMPILE_FLAG,
            INLINE_OPERATION_FLAGS.get(0),
            INLINE_OPERATION_FLAGS.get(1),
            INLINE_OPERATION_FLAGS.get(2),
            Sink.BLACKHOLE_FLAGS.get(0),
            Sink.BLACKHOLE_FLAGS.get(1),
            "--add-exports",
            "java.management/sun.management=ALL-UNNAMED");

    private MeasureDefaults() {}

    /** @return the measured messages a fork, by default or under {@code --quick} */
    public static int messages(boolean quick) {
        return quick ? QUICK_MESSAGES : MESSAGES;
    }

    /** @return the warm-up a fork, as {@code -w} would give it, by default or under {@code --quick} */
    public static String warmup(boolean quick) {
        return Long.toString(quick ? QUICK_WARMUP_MESSAGES : WARMUP_MESSAGES);
    }
}
