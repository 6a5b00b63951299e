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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

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

    /** Frames a benchmark's profile lists, on the console and in the report. */
    public static final int TOP_FRAMES = 5;

    /** A frame and the samples in which it was the innermost one. */
    public record Frame(String name, long selfSamples) {}

    /**
     * @param runDir the run folder
     * @param benchmark a benchmark of the run
     * @param most how many frames to keep
     * @return the summary, or one of no samples when no fork wrote a profile
     */
    public static ProfileSummary read(Path runDir, String benchmark, int most) throws IOException {
        Map<String, Long> self = new HashMap<>();
        long samples = 0;
        List<String> flames = new ArrayList<>();
        Path dir = runDir.resolve("forks").resolve(benchmark);
        for (int fork : profiledForks(dir)) {
            for (String line : Files.readAllLines(dir.resolve(ForkFiles.profile(fork)))) {
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

    /** @return the numbers of the forks that wrote a profile into {@code dir}, in order; none when it is absent */
    private static List<Integer> profiledForks(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(f -> FORK_PROFILE.matcher(f.getFileName().toString()))
                    .filter(Matcher::matches)
                    .map(m -> Integer.parseInt(m.group(1)))
                    .sorted()
                    .toList();
        }
    }

    private static final Pattern FORK_PROFILE = Pattern.compile("fork-(\\d+)\\.collapsed");
}
