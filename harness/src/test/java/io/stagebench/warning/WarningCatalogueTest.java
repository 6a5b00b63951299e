package io.stagebench.warning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The warning catalogue against warnings as the code words them, and the manual's warnings tables against the
 * catalogue: each table follows a {@code <!-- table: warnings-SCOPE -->} marker and is the catalogue's rendering of
 * that scope ({@code -Dstagebench.writeDocs=true} writes it anew). Every warning printed while the tests run is checked
 * too, by the assertion in {@link Warning#line(String)}.
 */
class WarningCatalogueTest {

    private static final Path ROOT = Path.of("..");

    /** One warning of each entry, worded as the code words it (figures made up). */
    private static final Map<Warning, String> SAMPLES = samples();

    private static Map<Warning, String> samples() {
        Map<Warning, String> s = new EnumMap<>(Warning.class);
        s.put(Warning.MACHINE_NOT_READY, "check: this machine is not ready to measure: isolcpus (fix: ...)");
        s.put(Warning.NATIVE_CLOCK_UNAVAILABLE, "native clock unavailable for binding 'ffm' (no library)");
        s.put(Warning.NOT_PINNED, "encode fork 2: pinning again for replica 3 refused: EPERM; measured unpinned");
        s.put(Warning.MEASURING_CPU_NOT_ALONE, "only one CPU: the forks' JIT and GC threads share the measuring CPU");
        s.put(Warning.MEMORY_NOT_LOCKED, "parse, book: memory not locked: ENOMEM; fix: raise the locked-memory limit");
        s.put(Warning.CPU_NOT_LOCKED, "CPU 1 could not be locked for this measurement (/tmp/x: read-only)");
        s.put(Warning.LAYOUT_BY_CHANCE, "address randomisation could not be turned off (EPERM)");
        s.put(Warning.CPU_SHARED, "encode fork 3: another task ran on the measuring CPU for 2.1 ms of the pass");
        s.put(Warning.CORE_SHARED, "the measuring core was shared in 12 of 50 replicas: a loop ran");
        s.put(Warning.ALLOCATION, "book: the measuring thread allocated 4096 bytes during measurement");
        s.put(Warning.GC, "book: 2 garbage collection(s) during measurement");
        s.put(Warning.JIT, "decide fork 1: 3 JIT compilation(s) during measurement (2 earlier pass(es) discarded)");
        s.put(Warning.BELOW_C2, "encode: measured code below C2 when measuring started: Encoder::run, so its figures");
        s.put(Warning.REPLICA_RECOMPILED, "book: replica 1 measured code the JIT threw away and compiled again before");
        s.put(Warning.PROBE_SWAMPS, "parse, book: probe >20% of p50: mostly arithmetic; fix: --batch 16 (probe 3.1%)");
        s.put(
                Warning.KERNEL_CLOCK_BOUND,
                "wire: wire-in, wire-out: the kernel clock's mapping (+-612 ns) is >10% of p50; fix: a quieter"
                        + " measuring CPU");
        s.put(
                Warning.PROFILED,
                "profiled (--prof cpu): the profiler's samples interrupted the measured passes, so these"
                        + " figures are not a measurement; fix: " + Warning.PROFILED.fix());
        s.put(
                Warning.PROFILER_DID_NOT_RUN,
                "encode fork 1: --prof cpu: async-profiler did not run (no measured pass);" + " fix: "
                        + Warning.PROFILER_DID_NOT_RUN.fix());
        s.put(
                Warning.PROFILED_BY_JFR,
                "encode fork 1: --prof cpu: async-profiler could not load (-Dstagebench.profiler=jfr), so JFR profiled"
                        + " the measured passes instead: Java frames only, no fork's own flame graph; fix: "
                        + Warning.PROFILED_BY_JFR.fix());
        s.put(Warning.FEW_TAIL_SAMPLES, "encode: p99.99, max: <100 samples beyond (marked *); fix: raise -n");
        s.put(Warning.FEW_FORKS, "1 fork(s) per benchmark: a comparison needs at least 5 per variant; fix: -f 5");
        s.put(Warning.FORK_FAILED, "encode: fork 2/5 exited with code 1; its output is above");
        s.put(Warning.STOPPED, "the run was stopped (SIGINT or SIGTERM) after 3 of 5 forks");
        s.put(Warning.FORK_HEAP, "encode: 900 MiB for stamp arrays, more than half the fork's heap");
        s.put(Warning.COMMIT_UNKNOWN, "the commit measured is not known: not a git repository");
        s.put(Warning.WRONG_MARKS, "pipe fork 1: 12 messages marked the wrong number of stage boundaries");
        s.put(Warning.CLASS_CACHE_NOT_MAPPED, "fork 1: the fork class cache /x.jsa was not mapped (changed classpath)");
        s.put(Warning.HANDOFF_NEGATIVE, "handoff fork 1: 3 messages were consumed before they were published");
        s.put(Warning.STALL_INJECTED, "service fork 1: stall injected: 10000 us once, at measured message 150 (a demo");
        s.put(Warning.DEMO_SHAPE, "the closed-loop p99 (41.6 us) is more than twice the service time (20 us): the");
        s.put(Warning.REPORT_NOT_WRITTEN, "the HTML report was not written (disk full); the results are complete");
        s.put(Warning.SAME_RUN, "A and B are the same run (results/abc/1): nothing can differ");
        s.put(Warning.ENVIRONMENT_UNKNOWN, "run A records no environment (written by an older stagebench): whether");
        s.put(Warning.ENVIRONMENTS_DIFFER, "environments differ in cpuModel: A 'AMD', B 'Intel'");
        s.put(Warning.SETTINGS_DIFFER, "runs measured with different settings: config.messages: A 200000, B 100000");
        s.put(Warning.RULERS_DIFFER, "A and B were measured with different rulers, so part of every difference");
        s.put(Warning.FEW_FORKS_COMPARED, "encode: 3 v 3 forks (fewer than 5 a side): the smallest p is 0.100");
        s.put(Warning.HOLM_OUT_OF_REACH, "encode: 5 v 5 forks give p >= 0.0079 at best; over the 50 rows of this diff");
        s.put(Warning.CORE_STATES_DIFFER, "encode: the measuring core was in another state in A than in B: a");
        s.put(Warning.LAYOUT_SEEDS_DIFFER, "encode: forks [2] of A and B ran from different layout seeds");
        s.put(Warning.FORK_FAILED_ONE_SIDE, "encode: fork(s) [2] failed on one side; their partners are left out");
        s.put(Warning.ONLY_ONE_SIDE, "benchmark encode2 is only in B; not compared");
        s.put(Warning.SIDE_DEGRADED, "A (results/abc/1): the measuring core was shared in 12 of 50 replicas, so its");
        s.put(Warning.SIDE_WARNINGS, "run B recorded 2 warning(s) of its own (see results/abc/1/summary.json)");
        return s;
    }

    @Test
    void shouldKnowEachEntrysWarningAsItsOwnWithinItsScope() {
        assertEquals(List.of(Warning.values()), List.copyOf(SAMPLES.keySet()), "a sample for every entry");
        SAMPLES.forEach((warning, text) ->
                assertEquals(warning, Warning.of(text, warning.scope()).orElseThrow(), text));
    }

    @Test
    void shouldGiveEveryEntryADistinctCodeAMeaningAndAFix() {
        List<String> codes =
                List.of(Warning.values()).stream().map(Warning::code).toList();
        assertEquals(codes.size(), new HashSet<>(codes).size(), "codes: " + codes);
        for (Warning warning : Warning.values()) {
            assertTrue(!warning.meaning().isBlank() && !warning.fix().isBlank(), warning.code());
        }
        assertEquals("core-shared", Warning.CORE_SHARED.code());
    }

    @Test
    void shouldRefuseToPrintAWarningTheCatalogueDoesNotKnow() {
        assertEquals(
                "*** WARNING: book: 2 garbage collection(s) during measurement", Warning.line(SAMPLES.get(Warning.GC)));
        // the tests run with assertions on, as the build runs them
        assertThrows(AssertionError.class, () -> Warning.line("something nobody catalogued"));
    }

    @Test
    void shouldListEveryEntryInTheManualsTables() throws IOException {
        boolean write = Boolean.getBoolean("stagebench.writeDocs");
        List<String> stale = new ArrayList<>();
        for (Warning.Scope scope : Warning.Scope.values()) {
            Path doc = ROOT.resolve(scope == Warning.Scope.RUN ? "docs/run.md" : "docs/comparing.md");
            String text = Files.readString(doc, StandardCharsets.UTF_8);
            String replaced = replaceTable(text, scope);
            if (!replaced.equals(text)) {
                if (write) {
                    Files.writeString(doc, replaced, StandardCharsets.UTF_8);
                } else {
                    stale.add(doc.normalize() + " (write it with -Dstagebench.writeDocs=true)");
                }
            }
        }
        assertEquals(List.of(), stale, "warnings tables that differ from the catalogue");
    }

    @Test
    void shouldFindAPlantedRowThatTheCatalogueDoesNotHold() {
        String document = "text\n\n" + marker(Warning.Scope.COMPARE) + "\n" + table(Warning.Scope.COMPARE) + "\nmore\n";
        assertEquals(document, replaceTable(document, Warning.Scope.COMPARE));
        String planted =
                document.replace("| `benchmark X", "| `a warning nobody prints` | - | - | - |\n| `benchmark X");
        assertTrue(!planted.equals(document), "the planted row went in");
        assertEquals(document, replaceTable(planted, Warning.Scope.COMPARE));
        assertThrows(IllegalStateException.class, () -> replaceTable("no marker here\n", Warning.Scope.RUN));
    }

    private static String marker(Warning.Scope scope) {
        return "<!-- table: warnings-" + scope.name().toLowerCase(Locale.ROOT) + " -->";
    }

    /** @return {@code text} with the table after {@code scope}'s marker replaced by the catalogue's */
    static String replaceTable(String text, Warning.Scope scope) {
        String marker = marker(scope) + "\n";
        int at = text.indexOf(marker);
        if (at < 0) {
            throw new IllegalStateException("no " + marker.strip() + " in the document");
        }
        int start = at + marker.length();
        int end = start;
        while (end < text.length() && text.startsWith("|", end)) {
            int newline = text.indexOf('\n', end);
            end = newline < 0 ? text.length() : newline + 1;
        }
        return text.substring(0, start) + table(scope) + text.substring(end);
    }

    /** @return the markdown table of {@code scope}'s entries: the line, its meaning, its fix and its code */
    static String table(Warning.Scope scope) {
        StringBuilder out = new StringBuilder("| the warning reads | meaning | fix | code |\n|---|---|---|---|\n");
        for (Warning warning : Warning.of(scope)) {
            out.append("| `")
                    .append(warning.shown())
                    .append("` | ")
                    .append(warning.meaning())
                    .append(" | ")
                    .append(warning.fix())
                    .append(" | ")
                    .append(warning.code())
                    .append(" |\n");
        }
        return out.toString();
    }
}
