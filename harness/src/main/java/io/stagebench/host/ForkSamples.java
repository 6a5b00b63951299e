package io.stagebench.host;

import io.stagebench.stats.Distribution;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One fork's samples as the launcher holds them until the run's (or the comparison's) end: per series, every replica's
 * samples one after another in message order, as floats, with where each replica ends, and the fork's sorted
 * distribution, made once when the fork is read rather than again at every look of an {@code ab}.
 *
 * <p>Why floats and one sorted copy: an {@code ab} holds both sides' samples of every benchmark until its verdict, and
 * the replicas its plan can afford are what that heap holds. Held as doubles, in order, again sorted per fork and again
 * merged at each look, and cut again into replicas for the spread, a sample cost far more, and a default {@code ab} of
 * the five reference benchmarks could afford the pipeline too few replicas a fork (docs/decisions.md, "Launcher heap
 * per sample"). A float keeps a sample to 6e-8 of its value ({@link Distribution}).
 */
final class ForkSamples {

    private final Map<String, float[]> inOrder;
    private final Map<String, int[]> replicaEnds;
    private final Map<String, Distribution> sorted;

    private ForkSamples(Map<String, float[]> inOrder, Map<String, int[]> replicaEnds) {
        this.inOrder = inOrder;
        this.replicaEnds = replicaEnds;
        Map<String, Distribution> each = new LinkedHashMap<>();
        inOrder.forEach((name, samples) -> each.put(name, Distribution.of(samples, 0, samples.length)));
        this.sorted = Collections.unmodifiableMap(each);
    }

    /**
     * @param replicas each replica's series, in replica order
     * @return the fork's samples: each replica's one after another; a series some replica lacks (a tag only some
     *     setups' messages carried) is left out
     */
    static ForkSamples of(List<Map<String, double[]>> replicas) {
        Map<String, float[]> joined = new LinkedHashMap<>();
        Map<String, int[]> ends = new LinkedHashMap<>();
        for (String name : replicas.get(0).keySet()) {
            if (!replicas.stream().allMatch(r -> r.containsKey(name))) {
                continue;
            }
            float[] all = new float
                    [replicas.stream().mapToInt(r -> r.get(name).length).sum()];
            int[] at = new int[replicas.size()];
            int filled = 0;
            for (int r = 0; r < replicas.size(); r++) {
                for (double sample : replicas.get(r).get(name)) {
                    all[filled++] = (float) sample;
                }
                at[r] = filled;
            }
            joined.put(name, all);
            ends.put(name, at);
        }
        return new ForkSamples(joined, ends);
    }

    /** @return the series, in the order the fork's replicas gave them */
    Set<String> series() {
        return sorted.keySet();
    }

    /** @return per series, the fork's distribution */
    Map<String, Distribution> distributions() {
        return sorted;
    }

    /**
     * @return each replica's samples of {@code series} in message order (copies, as doubles), or null when this fork
     *     does not have the series
     */
    List<double[]> replicas(String series) {
        float[] all = inOrder.get(series);
        if (all == null) {
            return null;
        }
        int[] ends = replicaEnds.get(series);
        List<double[]> out = new ArrayList<>(ends.length);
        for (int r = 0; r < ends.length; r++) {
            int from = r == 0 ? 0 : ends[r - 1];
            double[] part = new double[ends[r] - from];
            for (int i = 0; i < part.length; i++) {
                part[i] = all[from + i];
            }
            out.add(part);
        }
        return out;
    }
}
