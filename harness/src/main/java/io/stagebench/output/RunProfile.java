package io.stagebench.output;

import io.stagebench.io.AtomicFiles;
import io.stagebench.result.ProfileStacks;
import io.stagebench.result.ProfileSummary;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@code run --prof} adds to a run: per benchmark, a flame graph of every fork's profile together, as cost a
 * message ({@link ProfileStacks#FLAME_GRAPH} beside the forks' files, whichever profiler ran), and the console lines of
 * the frames that spent most.
 */
public final class RunProfile {

    private RunProfile() {}

    /**
     * @param event the event sampled
     * @param runDir the run folder
     * @param benchmarks the benchmarks measured
     * @return the console lines, each benchmark's flame graph written
     */
    public static List<String> write(String event, Path runDir, List<String> benchmarks) throws IOException {
        List<ProfileSummary> profiles = new ArrayList<>();
        for (String benchmark : benchmarks) {
            ProfileStacks stacks = ProfileStacks.read(runDir, benchmark);
            if (stacks.counts() > 0) {
                AtomicFiles.writeString(
                        runDir.resolve("forks").resolve(benchmark).resolve(ProfileStacks.FLAME_GRAPH),
                        FlameGraphPage.of(benchmark + " (--prof " + event + ", every fork)", stacks));
            }
            profiles.add(ProfileSummary.read(runDir, benchmark, ProfileSummary.TOP_FRAMES));
        }
        List<String> lines = new ArrayList<>(List.of(""));
        lines.addAll(ProfileLines.render(event, profiles));
        return lines;
    }
}
