package io.stagebench.host;

import io.stagebench.config.MeasureDefaults;
import io.stagebench.config.RunConfig;
import io.stagebench.config.UsageException;
import io.stagebench.link.Mode;
import io.stagebench.registry.BenchmarkDescriptor;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A fork's heap sized from what its stream needs, before any fork starts. A fork's heap is fixed
 * ({@link RunConfig#HEAP_MAX_FLAG}) and pre-touched; a benchmark whose stream and stamp arrays do not fit it fails the
 * same way in every fork, after its JVM start and setup (many seconds for a large stream). So the launcher estimates
 * the need first:
 *
 * <ul>
 *   <li>the stamp arrays, exactly: per measured message and recording 8 B start tick, 4 B sequence, 4 B queueing delay
 *       when paced, and 5 B a stage (4 B ticks, 1 B tag); a pipeline records its unmarked total too, a handoff
 *       benchmark two threads' arrays;
 *   <li>the benchmark's own data, {@value #DATA_BYTES_PER_MESSAGE} B for every message it replays (warm-up and
 *       measured): the reference stages hold 45 B of ITCH stream a message, its cached copy while read and a stage's
 *       object a message (encode's orders); together they take less than that (docs/decisions.md, "Fork heap").
 * </ul>
 *
 * <p>With the default heap, a need beyond {@value #DEFAULT_HEAP_MIB} MiB sizes the heap to a quarter above it (in 256
 * MiB steps), up to three quarters of the machine's memory; more is refused in one line. A heap given with
 * {@code --jvm-arg=-Xmx...} is the user's: only the stamp arrays, known exactly, are checked against half of it. A fork
 * that still runs out of heap ends in one line (ForkMain), never a trace.
 */
public final class ForkHeap {

    /** The default fork heap, {@link RunConfig#HEAP_MAX_FLAG}. */
    public static final long DEFAULT_HEAP_MIB = 512;
    /** What the benchmark's own data is allowed per message it replays, for the default heap's sizing. */
    public static final long DATA_BYTES_PER_MESSAGE = 128;

    private static final long MIB = 1L << 20;
    private static final long STEP_MIB = 256;

    /**
     * The heap a run's forks get.
     *
     * @param heapMib the maximum heap, MiB
     * @param sized true when it was sized from the need (its flags are {@link #flags()})
     * @param needMib the estimated need, MiB
     * @param why what the need is made of, for the header line
     */
    public record Plan(long heapMib, boolean sized, long needMib, String why) {

        /** @return the flags that give a sized heap (initial = maximum, as the default's) */
        public List<String> flags() {
            return sized ? List.of("-Xms" + heapMib + "m", "-Xmx" + heapMib + "m") : List.of();
        }

        /** @return the header line of a sized heap, empty for the default or a given one */
        public Optional<String> line() {
            return sized
                    ? Optional.of(String.format(
                            Locale.ROOT,
                            "[run] fork heap %,d MiB (-Xmx%dm), sized from the stream:"
                                    + " %s (--jvm-arg=-Xmx... to set it)",
                            heapMib,
                            heapMib,
                            why))
                    : Optional.empty();
        }
    }

    private ForkHeap() {}

    /** As {@link #plan(RunConfig, List, long)} with this machine's memory. */
    public static Plan plan(RunConfig config, List<BenchmarkDescriptor> benchmarks) {
        return plan(
                config,
                benchmarks,
                ManagementFactory.getPlatformMXBean(com.sun.management.OperatingSystemMXBean.class)
                        .getTotalMemorySize());
    }

    /**
     * @param machineBytes the machine's memory
     * @return the heap the forks of {@code benchmarks} get under {@code config}
     * @throws UsageException one line naming the heap, the need and the fix, when they cannot fit
     */
    public static Plan plan(RunConfig config, List<BenchmarkDescriptor> benchmarks, long machineBytes) {
        long machineMib = machineBytes / MIB;
        BenchmarkDescriptor largest = null;
        long stampBytes = -1;
        for (BenchmarkDescriptor d : benchmarks) {
            long bytes = stampBytes(d, config.messages(), config.mode() == Mode.PACED);
            if (bytes > stampBytes) {
                stampBytes = bytes;
                largest = d;
            }
        }
        if (largest == null) {
            return new Plan(DEFAULT_HEAP_MIB, false, 0, "");
        }
        long replayed = config.messages()
                + (config.warmup().timed() ? config.messages() : config.warmup().warmupMessages());
        long dataBytes = replayed * DATA_BYTES_PER_MESSAGE;
        long stampMib = ceilMib(stampBytes);
        OptionalLong given = maxHeapMib(config.jvmFlags()
                .subList(MeasureDefaults.JVM_FLAGS.size(), config.jvmFlags().size()));
        if (given.isPresent()) {
            if (stampMib * 2 > given.getAsLong()) {
                throw new UsageException(String.format(
                        Locale.ROOT,
                        "benchmark '%s': %,d messages a fork need %,d MiB of"
                                + " stamp arrays, more than half the fork's heap of %,d MiB (-Xmx given); fix: a larger heap,"
                                + " e.g. --jvm-arg=-Xmx%dm (this machine has %,d MiB), or fewer messages (-n); no fork was"
                                + " started",
                        largest.name(),
                        config.messages(),
                        stampMib,
                        given.getAsLong(),
                        roundUp(stampMib * 2 + STEP_MIB),
                        machineMib));
            }
            return new Plan(given.getAsLong(), false, stampMib, "");
        }
        long needMib = stampMib + ceilMib(dataBytes);
        String why = String.format(
                Locale.ROOT,
                "%,d MiB of stamp arrays for %,d messages a fork ('%s') and %,d B a"
                        + " message for the benchmark's data over %,d messages replayed",
                stampMib,
                config.messages(),
                largest.name(),
                DATA_BYTES_PER_MESSAGE,
                replayed);
        if (needMib <= DEFAULT_HEAP_MIB) {
            return new Plan(DEFAULT_HEAP_MIB, false, needMib, why);
        }
        long heapMib = roundUp(needMib + needMib / 4);
        long capMib = machineMib * 3 / 4;
        if (heapMib > capMib) {
            throw new UsageException(String.format(
                    Locale.ROOT,
                    "the forks would need a heap of ~%,d MiB (%s), more than"
                            + " three quarters of this machine's %,d MiB; fix: fewer messages (-n, -w), or set the heap yourself"
                            + " with --jvm-arg=-Xmx...; no fork was started",
                    heapMib,
                    why,
                    machineMib));
        }
        return new Plan(heapMib, true, needMib, why);
    }

    /** @return the bytes of the stamp arrays one fork of {@code d} fills with {@code messages} measured messages */
    static long stampBytes(BenchmarkDescriptor d, long messages, boolean paced) {
        long row = 8 + 4 + (paced ? 4 : 0);
        int stages = Math.max(1, d.stages().size());
        long perMessage = (d.isHandoff() ? 2 * row : row) + 5L * stages;
        if (d.isPipeline()) {
            perMessage += row + 5; // the unmarked total's own recording
        }
        return messages * perMessage;
    }

    /** @return the maximum heap the last {@code -Xmx} or {@code -XX:MaxHeapSize=} of {@code flags} sets, in MiB */
    static OptionalLong maxHeapMib(List<String> flags) {
        OptionalLong mib = OptionalLong.empty();
        for (String flag : flags) {
            String size = flag.startsWith("-Xmx")
                    ? flag.substring(4)
                    : flag.startsWith("-XX:MaxHeapSize=") ? flag.substring(16) : null;
            if (size == null || size.isEmpty()) {
                continue;
            }
            char unit = Character.toLowerCase(size.charAt(size.length() - 1));
            String digits = Character.isDigit(unit) ? size : size.substring(0, size.length() - 1);
            try {
                long value = Long.parseLong(digits);
                long bytes = switch (unit) {
                    case 'k' -> value << 10;
                    case 'm' -> value << 20;
                    case 'g' -> value << 30;
                    case 't' -> value << 40;
                    default -> value;
                };
                mib = OptionalLong.of(bytes / MIB);
            } catch (NumberFormatException e) {
                // not a size the launcher reads: the JVM will say so
            }
        }
        return mib;
    }

    private static long ceilMib(long bytes) {
        return (bytes + MIB - 1) / MIB;
    }

    private static long roundUp(long mib) {
        return (mib + STEP_MIB - 1) / STEP_MIB * STEP_MIB;
    }
}
