package io.stagebench.result;

import io.stagebench.api.TagDeclaration;
import io.stagebench.link.CoreWindows;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * A measured benchmark's forks seen through their calm windows ({@link CalmWindows}): each fork's centre of a series
 * over them, and whether enough forks have one for the series to be judged on them. A run reads it to print what its
 * windows say, and to measure more forks of a benchmark whose forks met another guest on the core so often that too few
 * of them have a judged centre.
 */
public final class CalmForks {

    private CalmForks() {}

    /** @return the fastest window of every probed fork of {@code outcomes}; empty when none was probed */
    public static OptionalDouble referenceNs(Collection<BenchmarkOutcome> outcomes) {
        return CalmWindows.referenceNs(outcomes.stream()
                .flatMap(o -> o.forks().stream())
                .map(f -> CoreWindows.joined(f.measurement().replicas()))
                .toList());
    }

    /** @return each fork's windows, in fork order; {@link CoreWindows#NONE} for a fork whose passes were not probed */
    public static List<CoreWindows> windows(BenchmarkOutcome outcome) {
        return outcome.forks().stream()
                .map(f -> CoreWindows.joined(f.measurement().replicas()))
                .toList();
    }

    /**
     * @return per series cut into windows in every fork (a tag's never is), each fork's centre over its calm windows,
     *     NaN for a fork with too few ({@link CalmWindows#centreNs}); empty when some fork was not probed
     */
    public static Map<String, double[]> centresNs(BenchmarkOutcome outcome, double referenceNs) {
        return perSeries(outcome, referenceNs, CalmWindows::centreNs);
    }

    /**
     * @return per series as {@link #centresNs}, each fork's calm level of the core over the windows its centre averages
     *     ({@link CalmWindows#levelNs}), NaN where the centre is
     */
    public static Map<String, double[]> levelsNs(BenchmarkOutcome outcome, double referenceNs) {
        return perSeries(outcome, referenceNs, CalmWindows::levelNs);
    }

    private static Map<String, double[]> perSeries(
            BenchmarkOutcome outcome, double referenceNs, CalmWindows.OverCalm figure) {
        Map<String, double[]> out = new LinkedHashMap<>();
        List<CoreWindows> windows = windows(outcome);
        if (windows.isEmpty() || !windows.stream().allMatch(CoreWindows::probed)) {
            return out;
        }
        for (String series : outcome.merged().keySet()) {
            if (TagDeclaration.stageOf(series).isPresent()) {
                continue;
            }
            double[] centres = new double[windows.size()];
            boolean cut = true;
            for (int i = 0; i < centres.length && cut; i++) {
                double[] windowCentres = outcome.windowCentres(i).get(series);
                cut = windowCentres != null;
                centres[i] = cut ? figure.of(windowCentres, windows.get(i), referenceNs) : Double.NaN;
            }
            if (cut) {
                out.put(series, centres);
            }
        }
        return out;
    }

    /**
     * @return the fewest forks with a judged centre over the series cut into windows; -1 when none was (forks not
     *     probed: paced, two threads, or a build without the probe)
     */
    public static int fewestJudged(BenchmarkOutcome outcome, double referenceNs) {
        int fewest = -1;
        for (double[] centres : centresNs(outcome, referenceNs).values()) {
            int judged = 0;
            for (double c : centres) {
                judged += Double.isNaN(c) ? 0 : 1;
            }
            fewest = fewest < 0 ? judged : Math.min(fewest, judged);
        }
        return fewest;
    }

    /**
     * @return whether every series cut into windows has enough forks with a judged centre to be judged on them
     *     ({@link CalmWindows#enoughForks}); true when none was cut, for then there is nothing more forks could add
     */
    public static boolean enough(BenchmarkOutcome outcome, double referenceNs) {
        int fewest = fewestJudged(outcome, referenceNs);
        return fewest < 0 || CalmWindows.enoughForks(fewest, outcome.forks().size());
    }
}
