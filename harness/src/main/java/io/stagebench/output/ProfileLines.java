package io.stagebench.output;

import io.stagebench.result.ProfileSummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The console lines of {@code --prof}: per benchmark, the frames that spent most themselves, and its flame graphs. */
public final class ProfileLines {

    private ProfileLines() {}

    /**
     * @param event the event sampled ({@code cpu}, {@code alloc}, ...)
     * @param profiles each benchmark's summary
     * @return a heading line, then per benchmark one line of its top frames and one naming its flame graphs
     */
    public static List<String> render(String event, List<ProfileSummary> profiles) {
        List<String> lines = new ArrayList<>();
        lines.add("profile (--prof " + event + ", async-profiler, measured passes only): self share of each frame");
        for (ProfileSummary p : profiles) {
            if (p.samples() == 0) {
                lines.add("  " + p.benchmark() + ": no samples (see the forks' warnings)");
                continue;
            }
            List<String> frames = new ArrayList<>();
            for (ProfileSummary.Frame f : p.top()) {
                frames.add(String.format(Locale.ROOT, "%.1f%% %s", 100.0 * f.selfSamples() / p.samples(), f.name()));
            }
            lines.add("  " + p.benchmark() + " (" + p.samples() + " samples): " + String.join(", ", frames));
            if (!p.flameGraphs().isEmpty()) {
                lines.add("    flame graphs: " + String.join(", ", p.flameGraphs()));
            }
        }
        return lines;
    }
}
