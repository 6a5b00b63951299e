package io.stagebench.result;

import io.stagebench.link.ForkFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code --prof} found in one benchmark's measured passes, every fork's collapsed stacks summed: the frames that
 * spent most themselves (the last frame of a stack, its own samples), and the forks' flame graphs.
 *
 * @param benchmark the benchmark
 * @param samples every sample of its forks (or bytes, or ns, for {@code alloc} and {@code lock})
 * @param top the frames with the most self samples, most first
 * @param flameGraphs each fork's flame graph, relative to the run folder
 */
public record ProfileSummary(String benchmark, long samples, List<Frame> top, List<String> flameGraphs) {

    /** A frame and the samples in which it was the innermost one. */
    public record Frame(String name, long selfSamples) {}

    /**
     * @param runDir the run folder
     * @param benchmark a benchmark of the run
     * @param forks the forks that ran
     * @param most how many frames to keep
     * @return the summary, or one of no samples when no fork wrote a profile
     */
    public static ProfileSummary read(Path runDir, String benchmark, int forks, int most) throws IOException {
        Map<String, Long> self = new HashMap<>();
        long samples = 0;
        List<String> flames = new ArrayList<>();
        Path dir = runDir.resolve("forks").resolve(benchmark);
        for (int fork = 1; fork <= forks; fork++) {
            Path collapsed = dir.resolve(ForkFiles.profile(fork));
            if (!Files.exists(collapsed)) {
                continue;
            }
            for (String line : Files.readAllLines(collapsed)) {
                int space = line.lastIndexOf(' ');
                if (space <= 0) {
                    continue;
                }
                long count = Long.parseLong(line.substring(space + 1).trim());
                String stack = line.substring(0, space);
                String leaf = stack.substring(stack.lastIndexOf(';') + 1);
                self.merge(leaf, count, Long::sum);
                samples += count;
            }
            if (Files.exists(dir.resolve(ForkFiles.flameGraph(fork)))) {
                flames.add(runDir.relativize(dir.resolve(ForkFiles.flameGraph(fork)))
                        .toString());
            }
        }
        List<Frame> top = self.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder())
                        .thenComparing(Map.Entry.comparingByKey()))
                .limit(most)
                .map(e -> new Frame(e.getKey(), e.getValue()))
                .toList();
        return new ProfileSummary(benchmark, samples, top, List.copyOf(flames));
    }
}
