package io.stagebench.result;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * What {@code --prof} found in one benchmark's measured passes: the frames that spent most themselves (the innermost
 * frame of a stack), each with its cost a message, and the forks' flame graphs.
 *
 * @param benchmark the benchmark
 * @param samples every count of its forks (samples, or bytes for {@code alloc}, or ns for {@code lock})
 * @param unit what {@code perMessage} is in: {@code ns}, {@code B}, or {@code samples} when the forks did not say
 * @param perMessage every stack's cost a message together
 * @param top the frames with the most self cost, most first
 * @param calls the costliest calls of the benchmark's operation, itself and its callees ({@link ProfileStacks#byCall}),
 *     most first
 * @param flameGraphs each fork's flame graph, relative to the run folder
 */
public record ProfileSummary(
        String benchmark,
        long samples,
        String unit,
        double perMessage,
        List<Frame> top,
        List<Frame> calls,
        List<String> flameGraphs) {

    /** Frames a benchmark's profile lists, on the console and in the report. */
    public static final int TOP_FRAMES = 5;

    /** A frame and its cost a message: as the innermost frame of a stack, or with its callees. */
    public record Frame(String name, double self) {}

    /**
     * @param runDir the run folder
     * @param benchmark a benchmark of the run
     * @param most how many frames to keep
     * @return the summary, or one of no samples when no fork wrote a profile
     */
    public static ProfileSummary read(Path runDir, String benchmark, int most) throws IOException {
        return of(ProfileStacks.read(runDir, benchmark), most);
    }

    /** @return the summary of {@code profile}, its {@code most} costliest frames */
    public static ProfileSummary of(ProfileStacks profile, int most) {
        return new ProfileSummary(
                profile.benchmark(),
                profile.counts(),
                profile.unit(),
                profile.total(),
                costliest(profile.self(), most),
                costliest(profile.byCall(), most),
                profile.flameGraphs());
    }

    private static List<Frame> costliest(Map<String, Double> costs, int most) {
        return costs.entrySet().stream()
                .sorted(Map.Entry.<String, Double>comparingByValue(Comparator.reverseOrder())
                        .thenComparing(Map.Entry.comparingByKey()))
                .limit(most)
                .map(e -> new Frame(e.getKey(), e.getValue()))
                .toList();
    }
}
