package io.stagebench.stats;

import java.util.Locale;

/**
 * The unit a column of nanosecond values is printed in: the largest of ns, us, ms and s in which the column's largest
 * value stays under 10,000, so a column of 50 ns stages reads in ns and a column holding a 90 ms stall reads
 * {@code 90.74} in ms, aligned to the same width.
 */
public enum TimeScale {
    NS("ns", 1, "%.1f"),
    US("us", 1e3, "%.2f"),
    MS("ms", 1e6, "%.2f"),
    S("s", 1e9, "%.2f");

    private final String unit;
    private final double ns;
    private final String format;

    TimeScale(String unit, double ns, String format) {
        this.unit = unit;
        this.ns = ns;
        this.format = format;
    }

    /** @return the scale for a column whose largest absolute value is {@code maxNs} (NaN reads as ns) */
    public static TimeScale forMaxNs(double maxNs) {
        double max = Math.abs(maxNs);
        for (TimeScale scale : values()) {
            if (!(max >= 10_000 * scale.ns)) {
                return scale;
            }
        }
        return S;
    }

    /**
     * @return the scale one value reads best in on its own: the largest unit in which it is at least 1 (70.3 ns in ns,
     *     4 300 000 ns as 4.30 ms, 0.4 ns in ns; NaN reads as ns)
     */
    public static TimeScale forValueNs(double valueNs) {
        double v = Math.abs(valueNs);
        TimeScale best = NS;
        for (TimeScale scale : values()) {
            if (v >= scale.ns) {
                best = scale;
            }
        }
        return best;
    }

    /** @return "ns", "us", "ms" or "s" */
    public String unit() {
        return unit;
    }

    /** @return {@code valueNs} in this unit, without the unit: "48.2", "90.74" */
    public String format(double valueNs) {
        return String.format(Locale.ROOT, format, valueNs / ns);
    }
}
