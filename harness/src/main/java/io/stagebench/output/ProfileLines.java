package io.stagebench.output;

import io.stagebench.result.ProfileDiff;
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
     * @return a heading line, then per benchmark one line of its top frames, one of its operation's costliest calls
     *     (when it makes more than one), and one naming its flame graphs
     */
    public static List<String> render(String event, List<ProfileSummary> profiles) {
        List<String> lines = new ArrayList<>();
        lines.add("profile (--prof " + event + ", measured passes only): self share of each frame");
        for (ProfileSummary p : profiles) {
            if (p.samples() == 0) {
                lines.add("  " + p.benchmark() + ": no samples (see the forks' warnings)");
                continue;
            }
            String cost = p.unit().equals("samples") ? "" : ", " + amount(p.perMessage(), p.unit()) + " a message";
            lines.add("  " + p.benchmark() + " (" + p.samples() + " samples" + cost + "): " + shares(p, p.top()));
            if (p.calls().size() > 1) {
                lines.add("    by call of the operation: " + shares(p, p.calls()));
            }
            if (!p.flameGraphs().isEmpty()) {
                lines.add("    flame graph: " + p.flameGraphs().get(0)
                        + (p.flameGraphs().size() > 1 ? " (and each fork's beside it)" : ""));
            }
        }
        return lines;
    }

    private static String shares(ProfileSummary p, List<ProfileSummary.Frame> frames) {
        List<String> shares = new ArrayList<>();
        for (ProfileSummary.Frame f : frames) {
            shares.add(String.format(Locale.ROOT, "%.1f%% %s", 100.0 * f.self() / p.perMessage(), shortName(f.name())));
        }
        return String.join(", ", shares);
    }

    /**
     * @param event the event both sides sampled
     * @param diffs each benchmark's differential profile
     * @return a heading line, then per benchmark its frames that moved most (self cost a message, A to B) and its
     *     differential flame graph
     */
    public static List<String> renderDiff(String event, List<ProfileDiff> diffs) {
        List<String> lines = new ArrayList<>();
        lines.add("profile B against A (--prof " + event + ", measured passes only): self cost a message, moved most");
        for (ProfileDiff d : diffs) {
            if (d.moves().isEmpty()) {
                lines.add("  " + d.benchmark()
                        + (d.totalA() == 0 || d.totalB() == 0
                                ? ": no samples on a side (see the forks' warnings)"
                                : ": no frame moved"));
                continue;
            }
            lines.add("  " + d.benchmark() + ": " + amount(d.totalA(), d.unit()) + " -> " + amount(d.totalB(), d.unit())
                    + " a message under the profiler");
            for (ProfileDiff.Move m : d.moves()) {
                lines.add(String.format(
                        Locale.ROOT,
                        "    %8s  %s (%s -> %s)",
                        signed(m.b() - m.a(), d.unit()),
                        shortName(m.frame()),
                        amount(m.a(), d.unit()),
                        amount(m.b(), d.unit())));
            }
            if (d.graph() != null) {
                lines.add("    differential flame graph: " + d.graph());
            }
        }
        return lines;
    }

    /** @return e.g. {@code 4.2 ns}, {@code 24.0 B}, {@code 310 ns} */
    static String amount(double value, String unit) {
        return String.format(Locale.ROOT, Math.abs(value) >= 100 ? "%.0f %s" : "%.1f %s", value, unit);
    }

    /** @return e.g. {@code +4.2 ns}, {@code -0.3 ns} */
    static String signed(double value, String unit) {
        return (value >= 0 ? "+" : "-") + amount(Math.abs(value), unit);
    }

    /** @return {@code frame} without its package, e.g. {@code OuchEncoder.writeToken} */
    static String shortName(String frame) {
        int paren = frame.indexOf('(');
        int method = frame.lastIndexOf('.', paren >= 0 ? paren : frame.length());
        int pkg = method > 0 ? frame.lastIndexOf('/', method) : -1;
        return pkg >= 0 ? frame.substring(pkg + 1) : frame;
    }
}
