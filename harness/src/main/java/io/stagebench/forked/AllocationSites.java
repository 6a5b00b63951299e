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
import one.profiler.AsyncProfiler;

/**
 * Where a measured pass allocates, when the 0-byte check found that it did: more passes of the same messages under
 * async-profiler's allocation event, its figures thrown away, and the allocated types with the methods that allocated
 * them, by bytes. The caller runs it after the kept pass's stamps are written, so it never stands in a measurement.
 */
final class AllocationSites {

    /** Sites a warning names. */
    static final int SITES = 3;
    /**
     * Bytes the profiled passes allocate, at least: the allocation event samples at the thread's allocation buffer's
     * refills, so a pass that allocates less than a buffer is seen only over several.
     */
    static final long PROFILED_BYTES = 8L << 20;
    /** Most passes profiled. */
    static final int MOST_PASSES = 50;

    private AllocationSites() {}

    /**
     * @param body the replica's body, after its kept pass, not yet torn down
     * @param seq the sequence number after the kept pass
     * @param passBytes the bytes the kept pass allocated
     * @return e.g. "97 % long[] at ImbalanceStrategy.decide, 3 % ...", or empty when the profiler cannot run or saw
     *     nothing
     */
    static Optional<String> find(ForkBody body, long seq, long passBytes) {
        try {
            AsyncProfiler profiler = AsyncProfiler.getInstance();
            profiler.execute("start,event=alloc,interval=1");
            try {
                long passes = Math.min(MOST_PASSES, Math.max(1, PROFILED_BYTES / Math.max(1, passBytes)));
                for (long pass = 0; pass < passes; pass++) {
                    body.measure(new JitRetries(0).nextBracket(), seq, true);
                }
            } finally {
                profiler.stop();
            }
            Path collapsed = Files.createTempFile("stagebench-alloc", ".collapsed");
            try {
                profiler.execute("collapsed,total,include=*MeasureLoop.*,include=*HandoffLoop.*,file=" + collapsed);
                return describe(Files.readAllLines(collapsed));
            } finally {
                Files.deleteIfExists(collapsed);
            }
        } catch (Exception | UnsatisfiedLinkError e) {
            return Optional.empty();
        }
    }

    /**
     * @param collapsed stacks of an allocation profile, each ending in the allocated type, with its bytes
     * @return the types and the frames that allocated them, by share of the bytes, most first
     */
    static Optional<String> describe(List<String> collapsed) {
        Map<String, Long> bytesBySite = new LinkedHashMap<>();
        long total = 0;
        for (String line : collapsed) {
            int space = line.lastIndexOf(' ');
            if (space <= 0) {
                continue;
            }
            long bytes = Long.parseLong(line.substring(space + 1).trim());
            String[] frames = line.substring(0, space).split(";");
            String type = frames[frames.length - 1].replaceAll("_\\[[a-z]\\]$", "");
            String site = frames.length > 1 ? frames[frames.length - 2].replaceAll("_\\[[a-z0-9]\\]$", "") : "?";
            bytesBySite.merge(type + " at " + site.replace('/', '.'), bytes, Long::sum);
            total += bytes;
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
