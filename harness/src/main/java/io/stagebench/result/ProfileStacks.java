package io.stagebench.result;

import io.stagebench.link.ForkFiles;
import io.stagebench.link.ProfiledPasses;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * One benchmark's profile ({@code --prof}), every fork's collapsed stacks summed and read as what each stack cost a
 * message measured: ns of CPU (or wall, or lock) time, or bytes. A message is the unit because two profiles of
 * different lengths (more forks, a replayed pass, the other side of an {@code ab}) then compare directly, and their sum
 * stands beside the benchmark's own figures.
 *
 * @param benchmark the benchmark
 * @param unit {@code ns}, {@code B}, or {@code samples} for a profile whose forks did not say what a count is worth
 * @param counts every count of every stack (samples, or bytes, or ns)
 * @param messages the messages the profiled passes measured; 0 when the forks did not say
 * @param stacks each stack (frames outermost first, {@code ;}-separated) with its cost a message, or its counts when
 *     {@code messages} is 0
 * @param flameGraphs the benchmark's flame graph of every fork ({@value #FLAME_GRAPH}) when written, then each fork's,
 *     relative to the run folder
 */
public record ProfileStacks(
        String benchmark,
        String unit,
        long counts,
        long messages,
        Map<String, Double> stacks,
        List<String> flameGraphs) {

    /** @return what every stack cost a message together (or every count, when the forks did not say) */
    public double total() {
        return stacks.values().stream().mapToDouble(Double::doubleValue).sum();
    }

    /**
     * @return {@code a} and {@code b} in one unit: as they are, or, when one side's build did not say what a sample is
     *     worth, each as shares of its own whole
     */
    public static List<ProfileStacks> alike(ProfileStacks a, ProfileStacks b) {
        return a.unit.equals(b.unit) ? List.of(a, b) : List.of(a.asShares(), b.asShares());
    }

    /** @return this profile with each stack as its percent of the whole, in unit {@code %} */
    public ProfileStacks asShares() {
        double total = total();
        Map<String, Double> shares = new LinkedHashMap<>();
        stacks.forEach((stack, cost) -> shares.put(stack, total > 0 ? 100 * cost / total : 0));
        return new ProfileStacks(benchmark, "%", counts, messages, shares, flameGraphs);
    }

    /** @return each frame with what it cost a message as the innermost frame of a stack, its self cost */
    public Map<String, Double> self() {
        Map<String, Double> self = new LinkedHashMap<>();
        stacks.forEach((stack, cost) -> self.merge(leaf(stack), cost, Double::sum));
        return self;
    }

    /** A benchmark's flame graph of every fork's profile together, in its folder of fork files. */
    public static final String FLAME_GRAPH = "profile.flame.html";

    /** What {@link #byCall()} files the harness's own frames under: the clock reads, the stamps and the loop. */
    public static final String HARNESS = "(stamps and loop)";

    private static final Pattern MEASURED_LOOP = Pattern.compile(".*/forked/(MeasureLoop|HandoffLoop)\\.[^;]*");
    private static final Pattern HARNESS_FRAME =
            Pattern.compile("(io/stagebench/(api|clock|nativeaccess|forked)/|java/lang/invoke/).*");

    /**
     * The profile split by what the benchmark's operation calls, so a benchmark whose stages are methods of their own
     * (the pipeline's parse, book, decide, encode) reads stage by stage: each stack is filed under the frame the
     * operation called (the second frame above the measured loop); the operation's own code under its own name; the
     * clock reads, the stamps and the loop under {@link #HARNESS}.
     *
     * @return each call's cost a message, costliest first
     */
    public Map<String, Double> byCall() {
        Map<String, Double> calls = new LinkedHashMap<>();
        stacks.forEach((stack, cost) -> calls.merge(call(stack.split(";")), cost, Double::sum));
        Map<String, Double> sorted = new LinkedHashMap<>();
        calls.entrySet().stream()
                .sorted(Map.Entry.<String, Double>comparingByValue().reversed())
                .forEach(e -> sorted.put(e.getKey(), e.getValue()));
        return sorted;
    }

    private static String call(String[] frames) {
        int loop = -1;
        for (int i = frames.length - 1; i >= 0 && loop < 0; i--) {
            loop = MEASURED_LOOP.matcher(frames[i]).matches() ? i : -1;
        }
        if (loop < 0
                || loop + 1 >= frames.length
                || HARNESS_FRAME.matcher(frames[loop + 1]).matches()) {
            return HARNESS;
        }
        if (loop + 2 >= frames.length) {
            return frames[loop + 1];
        }
        return HARNESS_FRAME.matcher(frames[loop + 2]).matches() ? HARNESS : frames[loop + 2];
    }

    /** @return the innermost frame of {@code stack} */
    public static String leaf(String stack) {
        return stack.substring(stack.lastIndexOf(';') + 1);
    }

    /**
     * @param runDir the run folder
     * @param benchmark a benchmark of the run
     * @return its forks' profiles summed; one of no stacks when no fork wrote one
     */
    public static ProfileStacks read(Path runDir, String benchmark) throws IOException {
        Map<String, Long> weighted = new LinkedHashMap<>();
        long counts = 0;
        long messages = 0;
        boolean facts = true;
        String unit = "samples";
        List<String> flames = new ArrayList<>();
        Path dir = runDir.resolve("forks").resolve(benchmark);
        for (int fork : profiledForks(dir)) {
            Path factsFile = dir.resolve(ForkFiles.profiledPasses(fork));
            ProfiledPasses passes = Files.exists(factsFile) ? ProfiledPasses.read(factsFile) : null;
            facts &= passes != null;
            long perCount = passes != null ? passes.unitsPerCount() : 1;
            if (passes != null) {
                messages += passes.messages();
                unit = passes.unit();
            }
            for (String line : Files.readAllLines(dir.resolve(ForkFiles.profile(fork)))) {
                int space = line.lastIndexOf(' ');
                if (space <= 0) {
                    continue;
                }
                long count = Long.parseLong(line.substring(space + 1).trim());
                weighted.merge(line.substring(0, space), count * perCount, Long::sum);
                counts += count;
            }
            Path flame = dir.resolve(ForkFiles.flameGraph(fork));
            if (Files.exists(flame)) {
                flames.add(runDir.relativize(flame).toString());
            }
        }
        Path merged = dir.resolve(FLAME_GRAPH);
        if (Files.exists(merged)) {
            flames.add(0, runDir.relativize(merged).toString());
        }
        long perMessage = facts ? messages : 0;
        Map<String, Double> stacks = new LinkedHashMap<>();
        weighted.forEach((stack, weight) -> stacks.put(stack, perMessage > 0 ? (double) weight / perMessage : weight));
        return new ProfileStacks(
                benchmark, perMessage > 0 ? unit : "samples", counts, perMessage, stacks, List.copyOf(flames));
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
