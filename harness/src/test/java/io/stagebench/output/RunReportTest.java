package io.stagebench.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.clock.RateCheck;
import io.stagebench.link.ForkChecks;
import io.stagebench.link.ForkResult;
import io.stagebench.link.ForkRuler;
import io.stagebench.link.Warmup;
import io.stagebench.registry.BenchmarkDescriptor;
import io.stagebench.result.BenchmarkOutcome;
import io.stagebench.store.RunFixture;
import io.stagebench.system.MeasuredCode;
import io.stagebench.warning.Warning;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunReportTest {

    @Test
    void shouldPrintEveryBenchmarksPercentilesInOneTableAndAFailedOneOnItsOwnLine() {
        BenchmarkOutcome failed = new BenchmarkOutcome(
                new BenchmarkDescriptor("everything-failed", List.of("only"), "synthetic", "none.failed"),
                List.of(),
                List.of("everything-failed fork 1/3 exited with status 1"),
                Map.of(),
                Map.of());
        RunReport report = new RunReport(
                RunFixture.config(Path.of("unused")),
                List.of(RunFixture.pipeline(2, 5_000, 11), failed),
                List.of(),
                List.of(),
                true);

        assertEquals("""
                clock ffm; counter 2600.0 MHz, 0.385 ns/tick, step 26 ticks = 10.0 ns (intervals; back-to-back reads 1 tick)
                probe overhead min 40, median 42 ticks; subtracted from each stage: 40.0 ticks = 15.4 ns (near-min mean)
                measuring thread pinned to CPU 1 (affinity read back: 1); memory locked: yes
                mode back-to-back (service time); 3 fork(s) x 3,000 messages after 1,000 messages of warm-up

                benchmark         stage     p50 ns     p90 ns     p99 ns   p99.9 ns  p99.99 ns     max ns      count  p50 forks ns
                pipe              parse       39.4       45.6       47.7     815.2*    1626.0*     1634.0     10,000  38.7 .. 40.0
                                  book       100.0      116.0      119.6     800.3*    1353.1*     1364.4     10,000  99.8 .. 100.2
                                  total      139.4      155.9      164.4    1355.6*    1735.7*     1738.5     10,000  138.5 .. 140.1
                everything-failed no fork succeeded
                pipe: 2/3 forks, 10,000 samples; warm-up 1,000 messages in 2 passes replaying the measured messages; measured with 0 B
                    allocated, 0 GC, 0 JIT compilations; measured code at C2: loop + 1 method

                *** WARNING: pipe fork 1, pipe fork 2: N messages marked the wrong number of stage boundaries (2 warnings, each with its
                    figures in --verbose); fix: mark each stage boundary once a message
                *** WARNING: pipe/parse: probe >20% of p50: mostly arithmetic; fix: time a coarser boundary
                *** WARNING: pipe: p99.9, p99.99: <100 samples beyond (marked *); fix: raise -n
                *** WARNING: everything-failed fork 1/3 exited with status 1
                *** WARNING: everything-failed: every fork failed; no result
                """, report.toText());
    }

    @Test
    void shouldSayOneWarmUpFigureInTheHeaderAndTheVerifiedLineWhereTheForksRanMoreThanAsked() {
        String text = new RunReport(
                        RunFixture.config(Path.of("unused")).toBuilder()
                                .warmup(Warmup.ofMessages(100))
                                .build(),
                        List.of(RunFixture.pipeline(2, 5_000, 11)),
                        List.of(),
                        List.of(),
                        true)
                .toText()
                .replaceAll("\\s+", " ");

        assertTrue(
                text.contains("3 fork(s) x 3,000 messages after 1,000 messages of warm-up (100 messages asked)"), text);
        assertTrue(text.contains("warm-up 1,000 messages in 2 passes"), text);
    }

    @Test
    void shouldSayTheMeasuredCodeWasAtC2OrInHowManyForksItWasNot() {
        BenchmarkOutcome pipe = RunFixture.pipeline(2, 5_000, 11);
        String atC2 = new RunReport(RunFixture.config(Path.of("unused")), List.of(pipe), List.of(), List.of(), true)
                .toText()
                .replaceAll("\\s+", " ");
        ForkResult first = pipe.forks().get(0);
        ForkChecks checks = first.checks();
        ForkResult below = new ForkResult(
                first.run(),
                first.ruler(),
                first.placement(),
                first.measurement(),
                new ForkChecks(
                        checks.allocatedBytes(),
                        checks.gcCount(),
                        checks.jitCompilations(),
                        checks.jitEvents(),
                        new MeasuredCode(
                                List.of("io.stagebench.forked.MeasureLoop::backToBack"),
                                List.of("io.x.Pipe::parse (C1, tier 3)"),
                                List.of(),
                                null),
                        checks.warnings(),
                        checks.warningCodes()),
                first.linkVersion());
        BenchmarkOutcome oneBelow = new BenchmarkOutcome(
                pipe.descriptor(), List.of(below, pipe.forks().get(1)), pipe.failures(), pipe.perFork(), pipe.merged());
        String belowText = new RunReport(
                        RunFixture.config(Path.of("unused")), List.of(oneBelow), List.of(), List.of(), true)
                .toText()
                .replaceAll("\\s+", " ");

        assertTrue(atC2.contains("0 JIT compilations; measured code at C2: loop + 1 method "), atC2);
        assertTrue(
                belowText.contains("0 JIT compilations; measured code below C2 in 1/2 forks (see the warnings)"),
                belowText);
    }

    @Test
    void shouldSayHowManyForksTookTheirJvmsFirstCalibrationByACheck() {
        BenchmarkOutcome pipe = RunFixture.pipeline(2, 5_000, 11);
        ForkResult first = pipe.forks().get(0);
        ForkRuler r = first.ruler();
        ForkResult checked = new ForkResult(
                first.run(),
                new ForkRuler(
                        r.requestedBinding(),
                        r.binding(),
                        r.calibration(),
                        r.stepTicks(),
                        r.readStepTicks(),
                        r.overhead(),
                        new RateCheck(2.6001, 27_000_000)),
                first.placement(),
                first.measurement(),
                first.checks(),
                first.linkVersion());
        BenchmarkOutcome oneChecked = new BenchmarkOutcome(
                pipe.descriptor(),
                List.of(pipe.forks().get(1), checked),
                pipe.failures(),
                pipe.perFork(),
                pipe.merged());

        String text = new RunReport(
                        RunFixture.config(Path.of("unused")), List.of(oneChecked), List.of(), List.of(), true)
                .toText(true)
                .replaceAll("\\s+", " ");

        assertTrue(
                text.contains(
                        "calibration 2600.000 MHz across 2 forks (1 x 200 ms each against CLOCK_MONOTONIC); 1 of"
                                + " them in-process forks that took their JVM's first calibration by a check of 27 ms (within 0.05%)"),
                text);
    }

    /** One fork: {@code work} of 4 messages (3 tagged a, 1 b), {@code send} run for 2 of them (its one tag, a). */
    private static BenchmarkOutcome tagged() {
        Map<String, double[]> fork = new LinkedHashMap<>();
        fork.put("work", new double[] {10, 11, 12, 50});
        fork.put("work[a]", new double[] {10, 11, 12});
        fork.put("work[b]", new double[] {50});
        fork.put("send", new double[] {20, 21});
        fork.put("send[a]", new double[] {20, 21});
        fork.put("total", new double[] {30, 32, 12, 50});
        return RunFixture.outcome("tagged", List.of("work", "send"), List.of(fork));
    }

    @Test
    void shouldShowAStagesTagsUnderItMostFirstWithTheirShareAndNoneWhenItHasOneTag() {
        List<String> lines = new RunReport(
                        RunFixture.config(Path.of("unused")), List.of(tagged()), List.of(), List.of(), true)
                .toText()
                .lines()
                .toList();

        int work = indexOf(lines, "tagged    work ");
        assertTrue(lines.get(work + 1).startsWith("    75.0%   [a] "), lines.get(work + 1));
        assertTrue(lines.get(work + 1).contains(" 3 "), lines.get(work + 1));
        assertTrue(lines.get(work + 2).startsWith("    25.0%   [b] "), lines.get(work + 2));
        assertTrue(lines.get(work + 3).startsWith("          send "), "send's one tag is not repeated: " + lines);
        assertTrue(lines.get(work + 4).startsWith("          total "), lines.get(work + 4));
        assertTrue(lines.stream().noneMatch(l -> l.contains("[a]") && l.contains("probe")), "a tag is not warned of");
    }

    @Test
    void shouldSayHowManyMessagesAStageSkippedAndThatItsRowCountsTheOthers() {
        String text = new RunReport(RunFixture.config(Path.of("unused")), List.of(tagged()), List.of(), List.of(), true)
                .toText()
                .replaceAll("\\s+", " "); // one line, as wrapped

        assertTrue(
                text.contains(
                        "tagged send: 2 of 4 messages skipped it (Stamps.skip()); its rows count the 2 it ran for"),
                text);
        assertTrue(!text.contains("tagged work: "), text);
    }

    @Test
    void shouldNoteInsteadOfListingTagsThatDoNotStandApartFromTheirStage() {
        Map<String, double[]> fork = new LinkedHashMap<>();
        fork.put("parse", new double[] {30, 30, 31, 30});
        fork.put("parse[a]", new double[] {30, 30});
        fork.put("parse[b]", new double[] {31, 30});
        BenchmarkOutcome alike = RunFixture.outcome("alike", List.of("parse"), List.of(fork));

        RunReport report =
                new RunReport(RunFixture.config(Path.of("unused")), List.of(alike), List.of(), List.of(), true);
        String text = report.toText(true);

        assertTrue(!text.contains("[a]"), text);
        assertTrue(
                text.replaceAll("\\s+", " ")
                        .contains("alike parse: 2 tags, none apart from the stage at p50 or a"
                                + " reliable p99 (by >10% and a step): listed in report.html"),
                text);
        assertTrue(!report.toText().contains("[a]") && !report.toText().contains("none apart"), "not by default");
    }

    @Test
    void shouldLeaveTheDetailToVerboseAndSayTheMachinesChecksInOneLine() {
        List<String> checks = List.of(
                "check: isolcpus; nohz_full: CPU 1 is not isolated; CPU 1 is not in nohz_full (fix:"
                        + " add 'isolcpus=1 nohz_full=1' to GRUB_CMDLINE_LINUX)",
                "check: hypervisor: running under a hypervisor" + " (fix: run on bare metal)");
        RunReport report = new RunReport(
                RunFixture.config(Path.of("unused")),
                List.of(RunFixture.pipeline(2, 5_000, 11)),
                List.of(),
                checks,
                true);

        String concise = report.toText();
        String verbose = report.toText(true);

        for (String detail : List.of("calibration 2600.000 MHz", "GRUB_CMDLINE_LINUX", "run on bare metal")) {
            assertTrue(verbose.contains(detail), detail + " in --verbose: " + verbose);
            assertTrue(!concise.contains(detail), detail + " not by default: " + concise);
        }
        assertTrue(
                concise.replaceAll("\\s+", " ")
                        .contains("*** WARNING: check: this machine is not ready to measure:"
                                + " isolcpus; nohz_full; hypervisor (fix: each is in 'stagebench check', and in this report with"
                                + " --verbose)"),
                concise);
        for (String ruler : List.of(
                "clock ffm; counter ",
                "probe overhead ",
                "pinned to CPU 1",
                "mode back-to-back",
                "10,000",
                "0 B allocated")) {
            assertTrue(concise.replaceAll("\\s+", " ").contains(ruler), ruler + " by default: " + concise);
        }
    }

    @Test
    void shouldFoldWarningsOfOneKindIntoOneLineByDefaultAndKeepEachInVerbose() {
        List<String> warnings = List.of(
                "parse fork 4: another task ran on the measuring CPU: the measuring thread waited"
                        + " 2.33 ms in the run queue (9.3% of 25 ms measured); fix: isolate it",
                "encode: p99.99: <100 samples" + " beyond (marked *); fix: raise -n",
                "book fork 3: another task ran on the measuring CPU: the measuring"
                        + " thread waited 4.76 ms in the run queue (11.9% of 40 ms measured); fix: isolate it");

        assertEquals(
                List.of(
                        "parse fork 4, book fork 3: another task ran on the measuring CPU (2 warnings, each with its"
                                + " figures in --verbose); fix: " + Warning.CPU_SHARED.fix(),
                        warnings.get(1)),
                WarningLines.foldAlike(warnings));
        assertEquals(
                List.of("a warning of no kind", warnings.get(1)),
                WarningLines.foldAlike(List.of("a warning of no kind", warnings.get(1))),
                "one of a kind stays whole");
    }

    @Test
    void shouldNameForksThatFailedTheSameWayOnTheFirstOnesLineByDefault() {
        List<String> warnings = List.of(
                "enc fork 1/3 exited with code 1; its output is above",
                "enc fork 2/3 exited with code 1; " + Warning.SAME_FAILURE_AS + "1/3",
                "dec fork 1/3 timed out; its output is above",
                "enc fork 3/3 exited with code 1; " + Warning.SAME_FAILURE_AS + "1/3");

        assertEquals(
                List.of(
                        "enc fork 1/3 exited with code 1; its output is above (and 2 more fork(s) failed the same"
                                + " way: 2/3, 3/3)",
                        "dec fork 1/3 timed out; its output is above"),
                WarningLines.foldAlike(warnings));
    }

    @Test
    void shouldShortenALongTagNameSoATaggedTableStaysWithin120Characters() {
        Map<String, double[]> fork = new LinkedHashMap<>();
        fork.put("decide", new double[] {30, 30, 31, 90});
        fork.put("decide[no-order]", new double[] {30, 30, 31});
        fork.put("decide[rejected-execute_unknown_order]", new double[] {90});
        BenchmarkOutcome rejected = RunFixture.outcome("pipeline", List.of("decide"), List.of(fork, fork));

        List<String> lines = new RunReport(
                        RunFixture.config(Path.of("unused")), List.of(rejected), List.of(), List.of(), true)
                .toText()
                .lines()
                .toList();

        assertTrue(lines.stream().anyMatch(l -> l.startsWith("    25.0%   [rejected-exe~] ")), lines.toString());
        assertTrue(lines.stream().allMatch(l -> l.length() <= 120), lines.toString());
    }

    @Test
    void shouldNameEveryTagBeyondTheFirstFourWithItsShareSoTheSharesAddUpToTheWhole() {
        Map<String, double[]> fork = new LinkedHashMap<>();
        double[] all = new double[21];
        Arrays.fill(all, 40);
        fork.put("book", all);
        int[] counts = {6, 5, 4, 3, 2, 1};
        for (int t = 0; t < counts.length; t++) {
            double[] ns = new double[counts[t]];
            Arrays.fill(ns, 10 + 30 * t);
            fork.put("book[t" + t + "]", ns);
        }
        BenchmarkOutcome book = RunFixture.outcome("book", List.of("book"), List.of(fork));

        List<String> lines = new RunReport(
                        RunFixture.config(Path.of("unused")), List.of(book), List.of(), List.of(), false)
                .toText()
                .lines()
                .toList();
        List<String> smoke = new RunReport(
                        RunFixture.config(Path.of("unused")), List.of(book), List.of(), List.of(), true)
                .toText()
                .lines()
                .toList();

        int stage = indexOf(lines, "book      book ");
        assertTrue(lines.get(stage + 4).startsWith("    14.3%   [t3] "), lines.toString());
        assertEquals("    14.3%   +2 more: t4 9.5%, t5 4.8%", lines.get(stage + 5));
        int smokeStage = indexOf(smoke, "book      book ");
        assertEquals(
                "    47.6%   +4 more: t2 19.0%, t3 14.3%, t4 9.5%, t5 4.8%",
                smoke.get(smokeStage + 3), "a smoke run (--quick) shows two");
    }

    private static int indexOf(List<String> lines, String prefix) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(prefix)) {
                return i;
            }
        }
        throw new AssertionError("no line starts with '" + prefix + "': " + lines);
    }

    @Test
    void shouldSayAReplayedWarmUpRanWholePassesWhenItRanMoreThanAskedFor() {
        io.stagebench.config.RunConfig shorter = RunFixture.config(Path.of("unused")).toBuilder()
                .warmup(Warmup.ofMessages(500))
                .jvmFlagsInsteadOfDefaults(List.of())
                .build();

        String asked = new RunReport(
                        RunFixture.config(Path.of("unused")),
                        List.of(RunFixture.pipeline(2, 5_000, 11)),
                        List.of(),
                        List.of(),
                        true)
                .toText();
        String more =
                new RunReport(shorter, List.of(RunFixture.pipeline(2, 5_000, 11)), List.of(), List.of(), true).toText();

        assertTrue(!asked.contains("whole passes"), asked);
        assertTrue(
                more.replace("\n    ", " ")
                        .contains("replaying the measured messages (whole passes: more than -w 500)"),
                more);
    }
}
