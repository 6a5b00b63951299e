package io.stagebench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.output.ProfileLines;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProfileDiffTest {

    private static ProfileStacks profile(String unit, Map<String, Double> stacks) {
        return new ProfileStacks("encode", unit, 100, 1000, new LinkedHashMap<>(stacks), List.of());
    }

    @Test
    void shouldListTheFramesWhoseSelfCostAMessageMovedMostEitherWay() {
        ProfileStacks a = profile("ns", Map.of("run;encode;writeToken", 10.0, "run;encode", 5.0, "run;clock", 4.0));
        ProfileStacks b = profile(
                "ns",
                Map.of("run;encode;writeToken", 10.5, "run;encode", 5.0, "run;encode;spin", 8.0, "run;clock", 1.0));

        ProfileDiff diff = ProfileDiff.of(a, b);

        assertEquals(19.0, diff.totalA(), 1e-9);
        assertEquals(24.5, diff.totalB(), 1e-9);
        assertEquals(
                List.of(
                        new ProfileDiff.Move("spin", 0.0, 8.0),
                        new ProfileDiff.Move("clock", 4.0, 1.0),
                        new ProfileDiff.Move("writeToken", 10.0, 10.5)),
                diff.moves(),
                "the new work first, the frame that shrank next; none that did not move");
        List<String> lines = ProfileLines.renderDiff("cpu", List.of(diff.withGraph("g.html")));
        assertEquals("  encode: 19.0 ns -> 24.5 ns a message under the profiler", lines.get(1));
        assertEquals("     +8.0 ns  spin (0.0 ns -> 8.0 ns)", lines.get(2));
        assertEquals("     -3.0 ns  clock (4.0 ns -> 1.0 ns)", lines.get(3));
        assertEquals("    differential flame graph: g.html", lines.get(lines.size() - 1));
    }

    @Test
    void shouldCompareSharesWhenASideDoesNotSayWhatASampleIsWorth() {
        ProfileStacks a = profile("samples", Map.of("run;x", 30.0, "run;y", 10.0));
        ProfileStacks b = profile("ns", Map.of("run;x", 1.0, "run;y", 1.0));

        ProfileDiff diff = ProfileDiff.of(a, b);

        assertEquals("%", diff.unit());
        assertEquals(new ProfileDiff.Move("x", 75.0, 50.0), diff.moves().get(0));
    }

    @Test
    void shouldListNothingWhenASideHasNoSamples() {
        ProfileStacks none = new ProfileStacks("encode", "samples", 0, 0, Map.of(), List.of());

        ProfileDiff diff = ProfileDiff.of(none, profile("ns", Map.of("run", 1.0)));

        assertTrue(diff.moves().isEmpty());
        assertEquals(
                "  encode: no samples on a side (see the forks' warnings)",
                ProfileLines.renderDiff("cpu", List.of(diff)).get(1));
    }

    @Test
    void shouldSayNoFrameMovedBetweenTwoLikeProfiles() {
        ProfileStacks same = profile("ns", Map.of("run;x", 3.0));

        ProfileDiff diff = ProfileDiff.of(same, same);

        assertTrue(diff.moves().isEmpty());
        assertEquals(
                "  encode: no frame moved",
                ProfileLines.renderDiff("cpu", List.of(diff)).get(1));
    }
}
