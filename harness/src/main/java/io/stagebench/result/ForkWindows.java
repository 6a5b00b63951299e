package io.stagebench.result;

import io.stagebench.link.CoreWindows;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * One fork's windows of the core probe as a run keeps them: the core's state in each ({@link CoreWindows}) and each
 * series' centre over each ({@link WindowCentres}), every replica's windows in turn.
 *
 * @param core the core's state, window by window
 * @param centresNs per series, each window's centre in ns (NaN: no sample at or below the fork's p99)
 */
public record ForkWindows(CoreWindows core, Map<String, double[]> centresNs) {

    /** A fork whose passes were not probed. */
    public static final ForkWindows NONE = new ForkWindows(CoreWindows.NONE, Map.of());

    public ForkWindows {
        core = core == null ? CoreWindows.NONE : core;
        Map<String, double[]> copy = new LinkedHashMap<>();
        if (centresNs != null) {
            centresNs.forEach((series, values) -> copy.put(series, values.clone()));
        }
        centresNs = Collections.unmodifiableMap(copy);
    }

    /** @return {@code series}' window centres, when the fork's passes were probed and the series is cut into them */
    public Optional<double[]> centres(String series) {
        double[] values = centresNs.get(series);
        return values == null
                        || !core.probed()
                        || values.length != core.loopNs().size()
                ? Optional.empty()
                : Optional.of(values.clone());
    }
}
