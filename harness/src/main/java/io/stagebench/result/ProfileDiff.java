package io.stagebench.result;

import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * B's profile against A's for one benchmark ({@code ab --prof}): the frames whose self cost a message moved most,
 * either way. A message is the unit, so sides of different lengths compare; the sides' totals stand beside them, so a
 * move reads against the whole.
 *
 * @param benchmark the benchmark
 * @param unit what the costs are in ({@code ns}, {@code B})
 * @param totalA A's cost a message, every stack
 * @param totalB B's
 * @param moves the frames that moved most, the largest move first; none that did not move
 * @param graph the differential flame graph's file, or null before it is written
 */
public record ProfileDiff(String benchmark, String unit, double totalA, double totalB, List<Move> moves, String graph) {

    /** Frames the list of moves holds. */
    public static final int MOVES = 5;

    /** A frame's self cost a message on each side. */
    public record Move(String frame, double a, double b) {
        double size() {
            return Math.abs(b - a);
        }
    }

    /**
     * @param a A's profile
     * @param b B's profile of the same benchmark and event
     * @return the frames that moved most; none when a side has no samples
     */
    public static ProfileDiff of(ProfileStacks a, ProfileStacks b) {
        if (a.counts() == 0 || b.counts() == 0) {
            return new ProfileDiff(b.benchmark(), b.unit(), a.total(), b.total(), List.of(), null);
        }
        if (!a.unit().equals(b.unit())) {
            List<ProfileStacks> alike = ProfileStacks.alike(a, b);
            return of(alike.get(0), alike.get(1));
        }
        Map<String, Double> selfA = a.self();
        Map<String, Double> selfB = b.self();
        Set<String> frames = new HashSet<>(selfA.keySet());
        frames.addAll(selfB.keySet());
        List<Move> moves = frames.stream()
                .map(f -> new Move(f, selfA.getOrDefault(f, 0.0), selfB.getOrDefault(f, 0.0)))
                .filter(m -> m.size() > 0)
                .sorted(Comparator.comparingDouble(Move::size).reversed().thenComparing(Move::frame))
                .limit(MOVES)
                .toList();
        return new ProfileDiff(b.benchmark(), b.unit(), a.total(), b.total(), moves, null);
    }

    /** @return this diff with its flame graph's file */
    public ProfileDiff withGraph(String file) {
        return new ProfileDiff(benchmark, unit, totalA, totalB, moves, file);
    }
}
