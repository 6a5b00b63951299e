package io.stagebench.output;

import io.stagebench.io.AtomicFiles;
import io.stagebench.result.ProfileDiff;
import io.stagebench.result.ProfileStacks;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@code ab --prof} adds under the verdict table: per benchmark, B's profile against A's, as the frames that moved
 * most and a differential flame graph written into B's run folder ({@code profile-diff/BENCHMARK.flame.html}).
 */
public final class AbProfile {

    /** The folder of B's run that holds the differential flame graphs. */
    public static final String FOLDER = "profile-diff";

    private AbProfile() {}

    /**
     * @param event the event both sides sampled
     * @param runDirA A's run folder
     * @param runDirB B's run folder, where the graphs are written
     * @param benchmarks the benchmarks both sides measured
     * @return the console lines, each graph written
     */
    public static List<String> write(String event, Path runDirA, Path runDirB, List<String> benchmarks)
            throws IOException {
        List<ProfileDiff> diffs = new ArrayList<>();
        for (String benchmark : benchmarks) {
            List<ProfileStacks> sides =
                    ProfileStacks.alike(ProfileStacks.read(runDirA, benchmark), ProfileStacks.read(runDirB, benchmark));
            ProfileDiff diff = ProfileDiff.of(sides.get(0), sides.get(1));
            if (!diff.moves().isEmpty()) {
                Path graph = Files.createDirectories(runDirB.resolve(FOLDER)).resolve(benchmark + ".flame.html");
                AtomicFiles.writeString(
                        graph,
                        FlameGraphPage.differential(
                                benchmark + ": B against A (--prof " + event + ")", sides.get(0), sides.get(1)));
                diff = diff.withGraph(graph.toString());
            }
            diffs.add(diff);
        }
        List<String> lines = new ArrayList<>(List.of(""));
        lines.addAll(ProfileLines.renderDiff(event, diffs));
        return lines;
    }
}
