package io.stagebench.stages.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import io.stagebench.stages.testing.QuickRun;
import io.stagebench.stages.testing.StartsProcesses;

/**
 * What a new user sees first: {@code run --quick} of the reference stages, off a terminal, as a CI log shows it
 * ({@link QuickRun}, whose forks {@code ReferenceBenchmarksTest} checks).
 */
@StartsProcesses
class QuickRunOutputTest {

    @Test
    void shouldPrintAQuickRunInAtMost54ShortLinesWithNoWarningTwice() {
        QuickRun run = QuickRun.get();
        int code = run.exitCode();
        List<String> lines = run.lines();
        String all = String.join("\n", lines);

        assertEquals(0, code, all);
        // 40 before tags; then parse's and book's two largest tags and a "+N more" line each, the pipeline decide's two
        // and the line saying how many messages skipped encode: 51 in a CI run whose own build loads the machine (a
        // load warning of 3 lines), with room for a warning that wraps once more
        assertTrue(lines.size() <= 54, lines.size() + " lines:\n" + all);
        assertTrue(lines.stream().allMatch(l -> l.length() <= 160), all);
        assertTrue(lines.stream().filter(l -> !l.startsWith("results: ")).allMatch(l -> l.length() <= 120), all);
        Set<String> warnings = new HashSet<>();
        lines.stream().filter(l -> l.startsWith("*** WARNING")).forEach(w -> assertTrue(warnings.add(w), "twice: " + w));
        assertTrue(lines.stream().noneMatch(l -> l.contains("comparisons need") || l.contains("a comparison needs")), all);
        assertTrue(lines.stream().noneMatch(l -> l.contains("\u001b[")), "no colour off a terminal:\n" + all);
        for (String ruler : List.of("clock ", "counter ", " ns/tick, step ", "probe overhead ", "pinned to CPU", "samples")) {
            assertTrue(all.contains(ruler), ruler + " missing:\n" + all);
        }
        assertEquals(5, lines.stream().filter(l -> l.matches("\\[\\w+ fork 1/1\\] measuring .*")).count(),
                "one progress line per fork:\n" + all);
        assertTrue(lines.stream().noneMatch(l -> l.contains("calibrating") || l.contains("warm-up 100000")), all);
        System.out.println(all);
        System.out.printf("run --quick off a terminal: %d lines, the longest %d characters%n", lines.size(),
                lines.stream().mapToInt(String::length).max().orElse(0));
    }
}
