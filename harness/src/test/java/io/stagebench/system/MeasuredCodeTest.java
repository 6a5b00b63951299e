package io.stagebench.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The measured code read from a compile log as HotSpot 25 writes it ({@code -Xlog:jit+compilation=debug,
 * jit+inlining=debug}, decorated {@code timemillis,tid}): these lines follow a fork's log of the pipeline, with the
 * widths shortened.
 */
class MeasuredCodeTest {

    private static final String LOOP = "io.stagebench.forked.MeasureLoop::backToBack";

    @TempDir
    Path dir;

    /**
     * The loop compiled by C2 (thread 7996), with run inlined and three calls it did not inline; C1 (7997) beside it.
     */
    private static final List<String> LOG = List.of(
            "[1000ms][7997] 1971    b  3       io.stagebench.forked.MeasureLoop::backToBack (114 bytes)",
            "[1001ms][7997]                    @ 69   io.x.ItchParser::parse (556 bytes)   failed to inline: callee is too large",
            "[1010ms][7996] 1982    b  4       io.stagebench.forked.MeasureLoop::backToBack (114 bytes)",
            "[1010ms][7996]                 \\-> TypeProfile (40960/40960 counts) = io/x/PipelineBenchmark",
            "[1010ms][7996]                 @ 50   io.x.PipelineBenchmark::run (120 bytes)   inline (hot)",
            "[1011ms][7997] 1983    b  3       io.x.Rare::encode (229 bytes)",
            "[1011ms][7996]                   @ 69   io.x.ItchParser::parse (556 bytes)   failed to inline: hot method too big",
            "[1011ms][7996]                   @ 155   io.x.Rare::encode (229 bytes)   failed to inline: low call site frequency",
            "[1011ms][7996]                   @ 160   io.x.Never::called (40 bytes)   failed to inline: call site not reached",
            "[1011ms][7996]                   @ 170   io.x.Sink::accept (40 bytes)   failed to inline: no static binding",
            "[1012ms][7996] 1971       3       io.stagebench.forked.MeasureLoop::backToBack (114 bytes)   made not entrant: not used",
            "[900ms][7996] 1900    b  4       io.x.ItchParser::parse (556 bytes)",
            "[1020ms][7996] 1990 %  b  4       io.x.Rare::encode @ 12 (229 bytes)");

    @Test
    void shouldFindTheLoopsCallsThatAreNotInlinedAndNameTheOneBelowC2() {
        MeasuredCode code = MeasuredCode.check(CompileLog.of(LOG), List.of(LOOP), 0, 2_000);

        assertEquals(List.of(LOOP, "io.x.ItchParser::parse"), code.atC2());
        // its on-stack replacement at C2 is not the code a call enters
        assertEquals(List.of("io.x.Rare::encode (C1, tier 3)"), code.notAtC2());
        assertEquals(
                "Rare.encode (C1, tier 3)",
                MeasuredCode.shortName(code.notAtC2().get(0)));
    }

    @Test
    void shouldReadALogInPiecesAsItReadsItWhole() throws Exception {
        // cut after C2's compilation of the loop, within its inlining lines: in the middle of the line, still being
        // written, that names the call into C1's code
        String text = String.join("\n", LOG) + "\n";
        int cut = text.indexOf("io.x.Rare::encode (229 bytes)   failed to inline: low") + 8;
        Path log = Files.writeString(dir.resolve("fork-1.jit.log"), text.substring(0, cut));
        JitEvents events = JitEvents.reading(log);

        CompileLog early = events.compileLog(problem -> {
                    throw new AssertionError(problem);
                })
                .orElseThrow();
        assertEquals(
                List.of(),
                MeasuredCode.check(early, List.of(LOOP), 0, 2_000).notAtC2(),
                "the half-written line is not read yet");
        Files.writeString(log, text.substring(cut), StandardOpenOption.APPEND);
        CompileLog whole = events.compileLog(problem -> {
                    throw new AssertionError(problem);
                })
                .orElseThrow();

        MeasuredCode pieces = MeasuredCode.check(whole, List.of(LOOP), 0, 2_000);
        MeasuredCode once = MeasuredCode.check(CompileLog.of(LOG), List.of(LOOP), 0, 2_000);
        assertEquals(once.atC2(), pieces.atC2());
        assertEquals(once.notAtC2(), pieces.notAtC2());
        assertEquals(once.seldomBelowC2(), pieces.seldomBelowC2());
        assertEquals(List.of("io.x.Rare::encode (C1, tier 3)"), pieces.notAtC2());
    }

    @Test
    void shouldFollowACallIntoASynchronisedOrMonitorHoldingCalleeTheCompilerDidNotInline() {
        List<String> log = new ArrayList<>(LOG);
        // C2's compilation of the loop (thread 7996) also failed to inline a callee flagged s (synchronized) and m
        // (monitor bytecodes), which runs its own code: C1's, so the loop's code is not all C2's
        log.add(
                8,
                "[1011ms][7996]                 s m  @ 180   io.x.Locked::next (40 bytes)   failed to inline: too big");
        log.add("[1005ms][7997] 1960    b  3       io.x.Locked::next (40 bytes)");

        MeasuredCode code = MeasuredCode.check(CompileLog.of(log), List.of(LOOP), 0, 2_000);

        assertEquals(List.of("io.x.Rare::encode (C1, tier 3)", "io.x.Locked::next (C1, tier 3)"), code.notAtC2());
    }

    @Test
    void shouldReadALineCutBetweenTwoPiecesOnceItsNewlineArrives() {
        byte[] whole = (String.join("\n", LOG) + "\n").getBytes(StandardCharsets.UTF_8);
        int cut = new String(whole, StandardCharsets.UTF_8).indexOf("Rare::encode (229 bytes)   failed") + 3;
        CompileLog pieces = CompileLog.empty();
        pieces.add(Arrays.copyOfRange(whole, 0, cut), cut);
        pieces.add(Arrays.copyOfRange(whole, cut, whole.length), whole.length - cut);

        assertEquals(
                List.of("io.x.Rare::encode (C1, tier 3)"),
                MeasuredCode.check(pieces, List.of(LOOP), 0, 2_000).notAtC2());
    }

    @Test
    void shouldNameTheMeasuredCodeALaterSetupHadThrownAwayAndCompiledAgain() {
        List<String> log = new ArrayList<>(LOG);
        // the second setup's messages take a path parse's first compile left out: an uncommon trap, and C2 again
        log.add(
                "[3000ms][7996] 1900       4       io.x.ItchParser::parse (556 bytes)   made not entrant: uncommon trap");
        log.add("[3001ms][7997] 2100    b  3       io.x.ItchParser::parse (556 bytes)");
        log.add("[3020ms][7996] 2101    b  4       io.x.ItchParser::parse (556 bytes)");
        CompileLog compiled = CompileLog.of(log);

        assertEquals(
                List.of("ItchParser.parse"), MeasuredCode.recompiledBetween(compiled, List.of(LOOP), 2_000, 4_000));
        assertEquals(
                List.of(),
                MeasuredCode.recompiledBetween(compiled, List.of(LOOP), 2_000, 2_900),
                "before the trap both passes ran one compilation");
        assertEquals(
                List.of(),
                MeasuredCode.recompiledBetween(CompileLog.of(LOG), List.of(LOOP), 2_000, 4_000),
                "no code thrown away: an on-stack replacement compiled since is not code a call enters");
    }

    @Test
    void shouldPassOverLinesWithoutTheirDecorationsOrText() {
        assertEquals(15, CompileLog.bodyStart("[1000ms][7997] 1971    b  3       io.x.Loop::run (114 bytes)"));
        assertEquals(9, CompileLog.bodyStart("[1000ms] 1971    b  3       io.x.Loop::run (114 bytes)"));
        assertEquals(-1, CompileLog.bodyStart("[1000ms][7997]   "));
        assertEquals(-1, CompileLog.bodyStart("1971    b  3       io.x.Loop::run (114 bytes)"));
        assertEquals(-1, CompileLog.bodyStart(""));
    }

    @Test
    void shouldPassACalleeOnceC2HasCompiledIt() {
        List<String> log = new ArrayList<>(LOG);
        log.add("[1500ms][7996] 2141    b  4       io.x.Rare::encode (229 bytes)");
        log.add("[1501ms][7996] 1983       3       io.x.Rare::encode (229 bytes)   made not entrant: not used");

        MeasuredCode code = MeasuredCode.check(CompileLog.of(log), List.of(LOOP), 0, 2_000);

        assertEquals(List.of(LOOP, "io.x.ItchParser::parse", "io.x.Rare::encode"), code.atC2());
        assertEquals(List.of(), code.notAtC2());
        // the same log read at a moment before C2 compiled it
        assertEquals(
                List.of("io.x.Rare::encode (C1, tier 3)"),
                MeasuredCode.check(CompileLog.of(log), List.of(LOOP), 0, 1_400).notAtC2());
    }

    @Test
    void shouldCallACalleeInterpretedWhenItNeverCompiledOrItsCodeWasThrownAway() {
        List<String> log = new ArrayList<>(LOG.subList(0, 11));
        log.add("[1600ms][7996] 1982       4       io.stagebench.forked.MeasureLoop::backToBack (114 bytes)"
                + "   made not entrant: uncommon trap");

        MeasuredCode before = MeasuredCode.check(CompileLog.of(log), List.of(LOOP), 0, 1_500);
        assertEquals(List.of("io.x.Rare::encode (C1, tier 3)"), before.notAtC2());
        assertEquals(List.of("io.x.ItchParser::parse (interpreted: never compiled)"), before.seldomBelowC2());
        // a measured loop below C2 is always warned of
        assertEquals(
                List.of(LOOP + " (interpreted: its compiled code was thrown away)"),
                MeasuredCode.check(CompileLog.of(log), List.of(LOOP), 0, 2_000).notAtC2());
    }

    @Test
    void shouldWarnOnlyOfCodeC1CompiledSinceWarmUpBeganAndCallTheOlderSeldomCalled() {
        // encode's tier-3 code started at 1011 ms: before a warm-up that began at 1012 ms, after one at 1000 ms
        MeasuredCode late = MeasuredCode.check(CompileLog.of(LOG), List.of(LOOP), 1_012, 2_000);
        MeasuredCode early = MeasuredCode.check(CompileLog.of(LOG), List.of(LOOP), 1_000, 2_000);

        assertEquals(List.of(), late.notAtC2());
        assertEquals(List.of("io.x.Rare::encode (C1, tier 3)"), late.seldomBelowC2());
        assertEquals(List.of("io.x.Rare::encode (C1, tier 3)"), early.notAtC2());
        assertEquals(List.of(), early.seldomBelowC2());
    }

    @Test
    void shouldSayWhyNothingWasChecked() {
        MeasuredCode none = MeasuredCode.unchecked("this JVM was started without its compile log");

        assertFalse(none.checked());
        assertEquals(none, none.and(MeasuredCode.unchecked("again")));
    }
}
