package io.stagebench.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.result.ProfileStacks;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class FlameGraphPageTest {

    private static final Pattern FRAME = Pattern.compile(
            "<g><title>([^&]+)&#10;A ([^,]+), B ([^ ]+ [a-z]+) a message \\(([^)]+)\\)</title><rect x=\"([0-9.]+)\""
                    + " y=\"[0-9]+\" width=\"([0-9.]+)\" height=\"[0-9]+\" fill=\"([^\"]+)\"");

    private static ProfileStacks profile(Map<String, Double> stacks) {
        return new ProfileStacks("encode", "ns", 10, 1000, new LinkedHashMap<>(stacks), List.of());
    }

    @Test
    void shouldColourWhatGrewRedWhatShrankBlueAndDrawAVanishedFrame() {
        ProfileStacks a = profile(Map.of("io/x/Enc.run;io/x/Enc.write", 10.0, "io/x/Enc.run;io/x/Old.pad", 2.0));
        ProfileStacks b = profile(Map.of("io/x/Enc.run;io/x/Enc.write", 10.0, "io/x/Enc.run;io/x/Enc.spin", 6.0));

        String page = FlameGraphPage.differential("encode: B against A (--prof cpu)", a, b);

        Map<String, String[]> frames = new LinkedHashMap<>();
        Matcher m = FRAME.matcher(page);
        while (m.find()) {
            frames.put(m.group(1), new String[] {m.group(4), m.group(6), m.group(7)});
        }
        assertEquals(
                List.of("all", "io/x/Enc.run", "io/x/Enc.spin", "io/x/Enc.write", "io/x/Old.pad"),
                List.copyOf(frames.keySet()));
        assertEquals("+6.0 ns", frames.get("io/x/Enc.spin")[0]);
        assertEquals("rgb(255,38,38)", frames.get("io/x/Enc.spin")[2], "the largest move: the deepest red");
        assertEquals("rgb(183,183,255)", frames.get("io/x/Old.pad")[2], "shrank by a third of the largest move");
        assertEquals("rgb(255,255,255)", frames.get("io/x/Enc.write")[2], "unchanged");
        assertEquals(1200.0, Double.parseDouble(frames.get("all")[1]), 0.1, "the whole width");
        assertEquals(1200.0 * 10 / 14, Double.parseDouble(frames.get("io/x/Enc.write")[1]), 0.1, "both sides averaged");
        assertEquals(1200.0 * 1 / 14, Double.parseDouble(frames.get("io/x/Old.pad")[1]), 0.1, "gone from B, shown");
        assertTrue(page.contains(">Enc.write</text>"), "labelled without its package");
    }

    @Test
    void shouldDrawOneProfileAsWideAsEachFramesCostInWarmColours() {
        ProfileStacks profile = profile(Map.of("io/x/Enc.run;io/x/Enc.write", 30.0, "io/x/Enc.run", 10.0));

        String page = FlameGraphPage.of("encode (--prof cpu, every fork)", profile);

        Matcher m = Pattern.compile("<g><title>io/x/Enc.write&#10;([^<]+)</title><rect x=\"[0-9.]+\" y=\"[0-9]+\""
                        + " width=\"([0-9.]+)\" height=\"[0-9]+\" fill=\"rgb\\((\\d+),(\\d+),(\\d+)\\)\"")
                .matcher(page);
        assertTrue(m.find(), page);
        assertEquals("30.0 ns a message, 75.0%", m.group(1));
        assertEquals(900.0, Double.parseDouble(m.group(2)), 0.1, "three quarters of the width");
        assertTrue(
                Integer.parseInt(m.group(3)) >= 205 && Integer.parseInt(m.group(5)) == 55, "warm: red high, blue low");
        assertTrue(page.contains("all 40.0 ns a message"), "the whole cost in the legend");
    }
}
