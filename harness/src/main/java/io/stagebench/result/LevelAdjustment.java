package io.stagebench.result;

import java.util.List;

/**
 * Forks' centres over calm windows brought to one level of the core. Between spells the probe's calm level still
 * differs from one fork to the next (another guest holding the core's other thread lightly and steadily, for seconds),
 * and a fork whose calm windows ran the probe slower reads its stage slower too, by a steady multiple of the probe's
 * change. So each fork's centre is moved to one probe level along the slope of log centre on log level, fitted over the
 * forks judged together (within each side of a comparison, so a change between the sides is no part of the fit).
 *
 * <p>The adjustment leaves the false alarms where they were: a fork's level is the host's, not the side's, and the fit
 * compares forks of one side only (docs/decisions.md, "Calm windows at one core level").
 */
public final class LevelAdjustment {

    /** The steepest slope taken: a fit steeper than this is noise, not how a stage follows the probe. */
    public static final double MAX_SLOPE = 4;

    private LevelAdjustment() {}

    /**
     * @param centresNs per group (a side), each fork's centre
     * @param levelsNs per group, each fork's calm level of the probe, in the same order
     * @return the slope of log centre on log level within the groups, at least 0 and at most {@link #MAX_SLOPE}; 0 when
     *     no group's levels differ
     */
    public static double slope(List<double[]> centresNs, List<double[]> levelsNs) {
        double sxx = 0;
        double sxy = 0;
        for (int g = 0; g < centresNs.size(); g++) {
            double[] y = centresNs.get(g);
            double[] x = levelsNs.get(g);
            if (y.length < 2) {
                continue;
            }
            double meanX = 0;
            double meanY = 0;
            for (int i = 0; i < y.length; i++) {
                meanX += Math.log(x[i]) / y.length;
                meanY += Math.log(y[i]) / y.length;
            }
            for (int i = 0; i < y.length; i++) {
                double dx = Math.log(x[i]) - meanX;
                sxx += dx * dx;
                sxy += dx * (Math.log(y[i]) - meanY);
            }
        }
        // levels alike to rounding (a sum of squared log ratios far below any real spread) give no slope
        return sxx < 1e-12 ? 0 : Math.max(0, Math.min(MAX_SLOPE, sxy / sxx));
    }

    /** @return the geometric mean of every fork's level: the level the centres are brought to */
    public static double commonLevelNs(List<double[]> levelsNs) {
        double sum = 0;
        int count = 0;
        for (double[] levels : levelsNs) {
            for (double l : levels) {
                sum += Math.log(l);
                count++;
            }
        }
        return count == 0 ? Double.NaN : Math.exp(sum / count);
    }

    /** @return each centre moved from its fork's level to {@code atLevelNs} along {@code slope} */
    public static double[] adjusted(double[] centresNs, double[] levelsNs, double slope, double atLevelNs) {
        double[] out = new double[centresNs.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = centresNs[i] * Math.pow(atLevelNs / levelsNs[i], slope);
        }
        return out;
    }
}
