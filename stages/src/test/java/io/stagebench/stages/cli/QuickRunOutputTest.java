package io.stagebench.stages.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.stages.testing.QuickRun;
import io.stagebench.stages.testing.StartsProcesses;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * What a new user sees first: {@code run --quick} of the reference stages, off a terminal, as a CI log shows it
 * ({@link QuickRun}, whose forks {@code ReferenceBenchmarksTest} checks).
 */
@StartsProcesses
class QuickRunOutputTest {

    @Test
    void shouldPrintAQuickRunInAtMost46ShortLinesBesidesTheMachinesChecksWithNoWarningTwice() {
        QuickRun run = QuickRun.get();
        int code = run.exitCode();
        List<String> lines = run.lines();
        String all = String.join("\n", lines);

        assertEquals(0, code, all);
        // 41 before tags (the line saying how the measuring core fared among them); then parse's and book's two largest
        // tags and a "+N more" line each, the pipeline decide's two and the line saying how many messages skipped
        // encode: 45 of its own, with room for one line more. The machine's readiness checks come on top, as many as
        // the machine fails (isolation, clock source,
        // hypervisor, load: 11 lines on a KVM guest whose kernel distrusts the TSC), each at most 3 lines, and so do a
        // fork's warning that another task ran on the measuring CPU and the run's that the host shared the measuring
        // core, which a shared host causes at will.
        List<List<String>> checks = checkWarnings(lines);
        int own = lines.size() - checks.stream().mapToInt(List::size).sum();
        assertTrue(own <= 46, own + " lines besides the machine's checks:\n" + all);
        assertTrue(checks.stream().allMatch(c -> c.size() <= 3), all);
        assertTrue(lines.stream().allMatch(l -> l.length() <= 160), all);
        assertTrue(lines.stream().filter(l -> !l.startsWith("results: ")).allMatch(l -> l.length() <= 120), all);
        Set<String> warnings = new HashSet<>();
        lines.stream()
                .filter(l -> l.startsWith("*** WARNING"))
                .forEach(w -> assertTrue(warnings.add(w), "twice: " + w));
        assertTrue(
                lines.stream().noneMatch(l -> l.contains("comparisons need") || l.contains("a comparison needs")), all);
        assertTrue(lines.stream().noneMatch(l -> l.contains("\u001b[")), "no colour off a terminal:\n" + all);
        for (String ruler :
                List.of("clock ", "counter ", " ns/tick, step ", "probe overhead ", "pinned to CPU", "samples")) {
            assertTrue(all.contains(ruler), ruler + " missing:\n" + all);
        }
        assertEquals(
                5,
                lines.stream()
                        .filter(l -> l.matches("\\[\\w+ fork 1/1\\] measuring .*"))
                        .count(),
                "one progress line per fork:\n" + all);
        assertTrue(lines.stream().noneMatch(l -> l.contains("calibrating") || l.contains("warm-up 100000")), all);
        System.out.println(all);
        System.out.printf(
                "run --quick off a terminal: %d lines, the longest %d characters%n",
                lines.size(), lines.stream().mapToInt(String::length).max().orElse(0));
    }

    /**
     * @return each "*** WARNING: check: ..." the run printed, each saying another task ran on the measuring CPU, and
     *     the one saying the host shared the measuring core, with their wrapped lines: what the host does, not the run
     */
    private static List<List<String>> checkWarnings(List<String> lines) {
        List<List<String>> checks = new ArrayList<>();
        List<String> current = null;
        for (String line : lines) {
            if (line.startsWith("*** WARNING: check: ")
                    || line.startsWith("*** WARNING: ") && line.contains("another task ran on the measuring CPU")
                    || line.startsWith("*** WARNING: the measuring core was shared")) {
                current = new ArrayList<>(List.of(line));
                checks.add(current);
            } else if (current != null && line.startsWith("    ")) {
                current.add(line);
            } else {
                current = null;
            }
        }
        return checks;
    }
}
