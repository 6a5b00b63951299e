package io.stagebench.result;

import io.stagebench.link.CoreWindows;
import io.stagebench.link.Replica;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A fork's samples of one series cut into the windows of the core probe ({@link CoreWindows}): each window's centre,
 * the mean of its samples at or below the fork's p99 - the fork's {@code tmean} taken window by window, so that a
 * centre over every window is the fork's {@code tmean} again, and a centre over some windows is what the fork read
 * while the core was in their state.
 */
public final class WindowCentres {

    private WindowCentres() {}

    /**
     * @param replicaSamples each replica's samples of the series, in message order
     * @param replicas the fork's replicas, in the same order
     * @param cutoffNs the fork's p99 of the series: samples above it are left out, as {@code tmean} leaves them
     * @param batch messages a row
     * @return each window's centre, every replica's windows in turn (NaN for a window with no sample at or below the
     *     cutoff); null when some replica was not probed or the series does not hold one sample a row (a tag's)
     */
    public static double[] of(List<double[]> replicaSamples, List<Replica> replicas, double cutoffNs, int batch) {
        if (replicaSamples.size() != replicas.size() || replicas.isEmpty()) {
            return null;
        }
        int total = 0;
        for (int r = 0; r < replicas.size(); r++) {
            CoreWindows windows = replicas.get(r).coreWindows();
            int rows = replicaSamples.get(r).length;
            if (!windows.probed()
                    || windows.passes() != 1
                    || (long) rows * batch != replicas.get(r).measuredMessages()
                    || !covers(windows, rows)) {
                return null;
            }
            total += windows.loopNs().size();
        }
        double[] centres = new double[total];
        int at = 0;
        for (int r = 0; r < replicas.size(); r++) {
            CoreWindows windows = replicas.get(r).coreWindows();
            double[] samples = replicaSamples.get(r);
            for (int w = 0; w < windows.loopNs().size(); w++) {
                int from = w * windows.windowRows();
                int to = Math.min(samples.length, from + windows.windowRows());
                double sum = 0;
                int kept = 0;
                for (int i = from; i < to; i++) {
                    if (samples[i] <= cutoffNs) {
                        sum += samples[i];
                        kept++;
                    }
                }
                centres[at++] = kept == 0 ? Double.NaN : sum / kept;
            }
        }
        return centres;
    }

    /** @return the centres as a summary stores them: to 1 ps, a window without a centre as null (JSON has no NaN) */
    public static Map<String, List<Double>> asStored(Map<String, double[]> centres) {
        Map<String, List<Double>> out = new LinkedHashMap<>();
        centres.forEach((series, values) -> {
            List<Double> stored = new ArrayList<>(values.length);
            for (double v : values) {
                stored.add(Double.isNaN(v) ? null : Math.round(v * 1000) / 1000.0);
            }
            out.put(series, Collections.unmodifiableList(stored));
        });
        return out;
    }

    /** @return stored centres as read back: a null window as NaN */
    public static double[] fromStored(List<Double> stored) {
        double[] out = new double[stored.size()];
        for (int i = 0; i < out.length; i++) {
            Double v = stored.get(i);
            out[i] = v == null ? Double.NaN : v;
        }
        return out;
    }

    /** @return whether {@code windows} cut exactly {@code samples} rows: the last window holds at least one */
    private static boolean covers(CoreWindows windows, int samples) {
        long rows = (long) windows.windowRows() * windows.loopNs().size();
        return samples <= rows && samples > rows - windows.windowRows();
    }
}
