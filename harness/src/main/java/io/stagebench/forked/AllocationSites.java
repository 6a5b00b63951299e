package io.stagebench.forked;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.regex.Pattern;
import jdk.jfr.Recording;
import one.profiler.AsyncProfiler;

/**
 * Where a measured pass allocates, when the 0-byte check found that it did: more passes of the same messages under an
 * allocation profile, their figures thrown away, and the allocated types with the lines that allocated them, by bytes.
 * async-profiler records it (every allocation buffer's refill, at no cost to the other passes); where it cannot load
 * (or {@code -Dstagebench.profiler=jfr}), the JDK's flight recorder records the same events. The caller runs it after
 * the kept pass's stamps are written, so it never stands in a measurement.
 */
final class AllocationSites {

    /** Sites a warning names. */
    static final int SITES = 3;
    /**
     * Bytes the profiled passes allocate, at least: the allocation event samples at the thread's allocation buffer's
     * refills, and a buffer grows to megabytes on a large heap, so a pass that allocates less than a few buffers is
     * seen only over many.
     */
    static final long PROFILED_BYTES = 64L << 20;
    /** Most passes profiled. */
    static final int MOST_PASSES = 1_000;
    /** Most time the profiled passes take, whatever they allocate. */
    static final long MOST_NS = 3_000_000_000L;
    /** Bytes between two allocation samples: fine, since these passes are thrown away. */
    static final long SAMPLE_BYTES = 1_024;
    /** Samples after which async-profiler has seen enough to name the sites, whatever is left of the bytes. */
    static final long ENOUGH_SAMPLES = 50;

    private static final Pattern MEASURED_LOOP = Pattern.compile(".*/forked/(MeasureLoop|HandoffLoop)\\.[^;]*");

    private AllocationSites() {}

    /** Where the profiled passes allocated, and which profiler saw it. */
    record Sites(String profiler, String sites) {}

    /**
     * @param body the replica's body, after its kept pass, not yet torn down
     * @param seq the sequence number after the kept pass
     * @param passBytes the bytes the kept pass allocated
     * @param asyncProfilerFree whether async-profiler may be started (it does not hold a {@code --prof} session)
     * @return e.g. "97 % long[] at ImbalanceStrategy.decide:123, 3 % ...", or empty when no profiler could run or it
     *     saw nothing
     */
    static Optional<Sites> find(ForkBody body, long seq, long passBytes, boolean asyncProfilerFree) {
        long passes = Math.min(MOST_PASSES, Math.max(1, PROFILED_BYTES / Math.max(1, passBytes)));
        Path recording = null;
        try {
            recording = Files.createTempFile("stagebench-alloc", ".jfr");
            String profiler = record(body, seq, passes, recording, asyncProfilerFree);
            Map<String, Long> stacks = JfrStacks.read(
                    recording,
                    e -> JfrStacks.ALLOCATIONS.contains(e.getEventType().getName()),
                    MEASURED_LOOP,
                    JfrStacks::allocatedBytes,
                    true,
                    JfrStacks::allocatedType);
            return describe(stacks).map(sites -> new Sites(profiler, sites));
        } catch (Exception | UnsatisfiedLinkError e) {
            return Optional.empty();
        } finally {
            if (recording != null) {
                recording.toFile().delete();
            }
        }
    }

    /**
     * @param asyncProfilerFree whether async-profiler may be started: not while it holds the fork's {@code --prof}
     *     session, which a start would throw away
     * @return the profiler that recorded {@code passes} more passes' allocations into {@code recording}
     */
    private static String record(ForkBody body, long seq, long passes, Path recording, boolean asyncProfilerFree)
            throws Exception {
        AsyncProfiler profiler = null;
        if (asyncProfilerFree) {
            try {
                profiler = PassProfiler.load();
                profiler.execute("start," + PassProfiler.options("alloc", SAMPLE_BYTES) + ",jfr,file=" + recording);
            } catch (RuntimeException | UnsatisfiedLinkError e) {
                profiler = null;
            }
        }
        if (profiler == null) {
            try (Recording jfr = new Recording()) {
                for (String event : JfrStacks.ALLOCATIONS) {
                    jfr.enable(event).withStackTrace();
                }
                jfr.start();
                measure(body, seq, passes, () -> false);
                jfr.stop();
                jfr.dump(recording);
            }
            return "JFR";
        }
        try {
            AsyncProfiler sampling = profiler;
            measure(body, seq, passes, () -> sampling.getSamples() >= ENOUGH_SAMPLES);
        } finally {
            profiler.execute("stop,file=" + recording);
        }
        return "async-profiler";
    }

    /** Measures up to {@code passes} passes, fewer once {@code enough} says so or {@link #MOST_NS} has passed. */
    private static void measure(ForkBody body, long seq, long passes, BooleanSupplier enough) throws Exception {
        long start = System.nanoTime();
        for (long pass = 0; pass < passes && System.nanoTime() - start < MOST_NS && !enough.getAsBoolean(); pass++) {
            body.measure(new JitRetries(0).nextBracket(), seq, true);
        }
    }

    /**
     * @param stacks stacks of an allocation profile, each ending in its allocating frame (with its line) and the
     *     allocated type, with its bytes
     * @return the types and the lines that allocated them, by share of the bytes, most first
     */
    static Optional<String> describe(Map<String, Long> stacks) {
        Map<String, Long> bytesBySite = new LinkedHashMap<>();
        long total = 0;
        for (Map.Entry<String, Long> stack : stacks.entrySet()) {
            String[] frames = stack.getKey().split(";");
            String type = frames[frames.length - 1];
            String site = frames.length > 1 ? frames[frames.length - 2] : "?";
            bytesBySite.merge(type + " at " + site.substring(site.lastIndexOf('/') + 1), stack.getValue(), Long::sum);
            total += stack.getValue();
        }
        if (total == 0) {
            return Optional.empty();
        }
        long all = total;
        List<String> sites = new ArrayList<>();
        bytesBySite.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder()))
                .limit(SITES)
                .forEach(e ->
                        sites.add(String.format(Locale.ROOT, "%.0f %% %s", 100.0 * e.getValue() / all, e.getKey())));
        return Optional.of(String.join(", ", sites));
    }
}
