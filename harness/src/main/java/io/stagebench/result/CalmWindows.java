package io.stagebench.result;

import io.stagebench.link.CoreWindows;
import java.util.Collection;
import java.util.OptionalDouble;

/**
 * Which windows of the measured passes the host left the core to the benchmark, and a fork's centre over those alone. A
 * window is calm when its probe ran within {@value #WITHIN_PASS_RATIO} of its pass's fastest window, and that fastest
 * within {@value #PASS_LEVEL_RATIO} of the fastest window of every pass judged together (the run's, or both sides' of a
 * comparison): the first leaves out spells that came and went within a pass, the second a pass that met a spell from
 * its start to its end. A fork whose calm windows are fewer than {@value #MIN_CALM_SHARE} of its windows has no judged
 * centre.
 *
 * <p>Why two levels: the probe's calm level differs from one fork to the next by more than a spell within a pass moves
 * it, too much to tell a spell from; so a window is weighed against its own pass, and a pass against all of them only
 * for a spell that held it all through (docs/decisions.md, "Calm windows"). What of that level the stages follow is
 * taken out afterwards ({@link LevelAdjustment}).
 *
 * <p>Judging on calm windows alone leaves the test's false alarms where they were: which windows are calm depends on
 * the host, not on which side a fork measured, so leaving some out is no choice between A and B.
 */
public final class CalmWindows {

    /** A window this much slower than its pass's fastest met another guest on the core. */
    public static final double WITHIN_PASS_RATIO = 1.03;
    /** A pass whose fastest window is this much slower than the fastest of all met one all through. */
    public static final double PASS_LEVEL_RATIO = 1.10;
    /** Least share of a fork's windows that must be calm for it to have a judged centre. */
    public static final double MIN_CALM_SHARE = 0.25;
    /** Least forks with a judged centre a series is judged on (as many as a verdict recommends a side). */
    public static final int MIN_JUDGED_FORKS = 5;

    private CalmWindows() {}

    /**
     * @param judged forks (pairs, when paired) with a judged centre
     * @param forks all the forks (pairs) of the series
     * @return whether a series is judged on its calm windows: at least {@value #MIN_JUDGED_FORKS} judged forks, and
     *     half of all, so that the host's choice of forks cannot leave a few to stand for many
     */
    public static boolean enoughForks(int judged, int forks) {
        return judged >= MIN_JUDGED_FORKS && 2 * judged >= forks;
    }

    /** @return the fastest window of all the forks judged together; empty when none was probed */
    public static OptionalDouble referenceNs(Collection<CoreWindows> forks) {
        return forks.stream()
                .filter(CoreWindows::probed)
                .flatMap(w -> w.loopNs().stream())
                .mapToDouble(Double::doubleValue)
                .min();
    }

    /** @return per window of {@code windows}, whether it was calm against {@code referenceNs} */
    public static boolean[] calm(CoreWindows windows, double referenceNs) {
        boolean[] calm = new boolean[windows.loopNs().size()];
        if (!windows.probed()) {
            return calm;
        }
        int perPass = windows.perPass();
        for (int from = 0; from < calm.length; from += perPass) {
            double fastestNs = Double.POSITIVE_INFINITY;
            for (int w = from; w < from + perPass; w++) {
                fastestNs = Math.min(fastestNs, windows.loopNs().get(w));
            }
            if (fastestNs > PASS_LEVEL_RATIO * referenceNs) {
                continue;
            }
            for (int w = from; w < from + perPass; w++) {
                calm[w] = windows.loopNs().get(w) <= WITHIN_PASS_RATIO * fastestNs;
            }
        }
        return calm;
    }

    /** @return the share of {@code windows} that was calm, 0 when not probed */
    public static double calmShare(CoreWindows windows, double referenceNs) {
        boolean[] calm = calm(windows, referenceNs);
        int count = 0;
        for (boolean c : calm) {
            count += c ? 1 : 0;
        }
        return calm.length == 0 ? 0 : count / (double) calm.length;
    }

    /** A figure of one fork over its calm windows: {@link #centreNs} or {@link #levelNs}. */
    @FunctionalInterface
    public interface OverCalm {
        /** @return the figure, NaN when the fork has too few calm windows */
        double of(double[] centresNs, CoreWindows windows, double referenceNs);
    }

    /**
     * @param centresNs each window's centre of one series ({@link WindowCentres})
     * @return the mean of the calm windows' centres; NaN when fewer than {@value #MIN_CALM_SHARE} of the windows were
     *     calm (and held a centre), or the centres do not match the windows
     */
    public static double centreNs(double[] centresNs, CoreWindows windows, double referenceNs) {
        return overCalm(centresNs, windows, referenceNs)[0];
    }

    /**
     * @return the probe's mean over the windows {@link #centreNs} averages: the fork's calm level of the core; NaN when
     *     that centre is
     */
    public static double levelNs(double[] centresNs, CoreWindows windows, double referenceNs) {
        return overCalm(centresNs, windows, referenceNs)[1];
    }

    /** @return the mean centre and the mean probe over the calm windows with a centre; NaNs when too few */
    private static double[] overCalm(double[] centresNs, CoreWindows windows, double referenceNs) {
        double[] none = {Double.NaN, Double.NaN};
        if (centresNs.length != windows.loopNs().size() || centresNs.length == 0) {
            return none;
        }
        boolean[] calm = calm(windows, referenceNs);
        double centreSum = 0;
        double levelSum = 0;
        int count = 0;
        for (int w = 0; w < calm.length; w++) {
            if (calm[w] && !Double.isNaN(centresNs[w])) {
                centreSum += centresNs[w];
                levelSum += windows.loopNs().get(w);
                count++;
            }
        }
        return count == 0 || count < MIN_CALM_SHARE * calm.length
                ? none
                : new double[] {centreSum / count, levelSum / count};
    }
}
