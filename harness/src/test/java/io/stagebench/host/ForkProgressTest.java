package io.stagebench.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.io.Terminal;
import io.stagebench.link.ProgressEvent;
import io.stagebench.link.ProgressEvent.Phase;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ForkProgressTest {

    private final ByteArrayOutputStream said = new ByteArrayOutputStream();
    private final AtomicLong nowNs = new AtomicLong();
    private final ForkProgress progress = new ForkProgress(
            new PrintStream(said, true, StandardCharsets.UTF_8), Terminal.plain(), "[run] parse", 2, nowNs::get);

    private List<String> lines() {
        return said.toString(StandardCharsets.UTF_8).lines().toList();
    }

    @Test
    void shouldPrintOnlyTheForksMeasuringLineOffATerminal() {
        progress.started(1);
        progress.forkSaid(ProgressEvent.parse(new ProgressEvent(
                        Phase.CALIBRATING,
                        "calibrating FFM clock on CPU 1",
                        "[parse fork 1/2] calibrating FFM clock on CPU 1 (+12 ms)")
                .wire()));
        progress.forkSaid(ProgressEvent.parse(new ProgressEvent(
                        Phase.MEASURING,
                        "measuring 20000 messages",
                        "[parse fork 1/2] measuring 20000 messages (BACK_TO_BACK) after 100000 of warm-up (+2915 ms)")
                .wire()));
        progress.forkSaid(
                ProgressEvent.parse(new ProgressEvent(Phase.DONE, "done", "[parse fork 1/2] done (+3100 ms)").wire()));
        progress.succeeded();

        assertEquals(
                List.of("[parse fork 1/2] measuring 20000 messages (BACK_TO_BACK) after 100000 of warm-up (+2915 ms)"),
                lines());
    }

    @Test
    void shouldRedrawOneStatusLineOnATerminalWithAnEtaFromTheForksDone() {
        ForkProgress tty = new ForkProgress(
                new PrintStream(said, true, StandardCharsets.UTF_8),
                new Terminal(true, Map.of("NO_COLOR", "1")),
                "[run] parse",
                2,
                nowNs::get);
        tty.started(1);
        nowNs.addAndGet(3_000_000_000L);
        tty.succeeded();
        tty.started(2);
        nowNs.addAndGet(1_000_000_000L);
        tty.forkSaid(new ProgressEvent(
                Phase.WARMUP, "warm-up 100000 messages", "[parse fork 2/2] warm-up 100000 messages (+812 ms)"));
        nowNs.addAndGet(2_000_000_000L);
        tty.succeeded();

        String text = said.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("\r\u001b[K[run] parse fork 2/2: warm-up 100000 messages, ETA 2 s"), text);
        assertTrue(text.endsWith("\r\u001b[K[run] parse: 2 fork(s) done in 6.0 s" + System.lineSeparator()), text);
        assertEquals(1, text.chars().filter(c -> c == '\n').count(), "one line, redrawn");
    }

    @Test
    void shouldShowAFailedForkWithTheLastLinesItWrote() {
        progress.started(2);
        progress.failed("killed by SIGKILL (exit status 137)", List.of("[parse fork 2/2] setup (+40 ms)"));

        assertEquals(
                List.of(
                        "*** FAILED: [run] parse fork 2/2 killed by SIGKILL (exit status 137)",
                        "    [parse fork 2/2] setup (+40 ms)"),
                lines());
    }

    @Test
    void shouldPrintOneTraceForForksThatFailTheSameWayAndNameTheFirstForTheOthers() {
        List<String> trace =
                List.of("java.lang.IllegalStateException: setup failed", "    at my.Bench.setup(Bench.java:42)");
        ForkProgress three = new ForkProgress(
                new PrintStream(said, true, StandardCharsets.UTF_8), Terminal.plain(), "[run] parse", 3, nowNs::get);
        three.started(1);
        assertEquals(OptionalInt.empty(), three.failed("exited with code 1", trace));
        three.started(2);
        assertEquals(OptionalInt.of(1), three.failed("exited with code 1", trace));
        three.started(3);
        assertEquals(OptionalInt.empty(), three.failed("exited with code 1", List.of("java.lang.OutOfMemoryError")));

        assertEquals(
                List.of(
                        "*** FAILED: [run] parse fork 1/3 exited with code 1",
                        "    java.lang.IllegalStateException: setup failed",
                        "        at my.Bench.setup(Bench.java:42)",
                        "*** FAILED: [run] parse fork 2/3 exited with code 1, the same way as fork 1/3",
                        "*** FAILED: [run] parse fork 3/3 exited with code 1",
                        "    java.lang.OutOfMemoryError"),
                lines());
    }

    @Test
    void shouldTakeTheForkAndItsTimesOutOfWhatTwoFailuresAreComparedBy() {
        assertEquals(
                ForkProgress.alike("killed", List.of("[parse fork 1/3] setup (+40 ms)", "fork-1.json")),
                ForkProgress.alike("killed", List.of("[parse fork 2/3] setup (+52 ms)", "fork-2.json")));
        assertEquals(
                ForkProgress.alike(
                        "exited with code 1",
                        List.of(
                                "[p fork 1/3] calibrating on CPU 0 (+2 ms)",
                                "[p fork 1/3] FAILED: java.lang.Error: x; the whole trace: forks/p/fork-1.trace")),
                ForkProgress.alike(
                        "exited with code 1",
                        List.of(
                                "[p fork 2/3] calibrating on CPU 1 (+3 ms)",
                                "[p fork 2/3] FAILED: java.lang.Error: x; the whole trace: forks/p/fork-2.trace")),
                "the phases before the failure aside");
        assertTrue(!ForkProgress.alike("killed", List.of("FAILED: at A.b(A.java:1)"))
                .equals(ForkProgress.alike("killed", List.of("FAILED: at A.b(A.java:2)"))));
    }

    @Test
    void shouldShowHowLongTheFirstForkHasRunWhenNoForkHasEndedToGiveAnEta() {
        ForkProgress tty = new ForkProgress(
                new PrintStream(said, true, StandardCharsets.UTF_8),
                new Terminal(true, Map.of("NO_COLOR", "1")),
                "[run] parse",
                1,
                nowNs::get);
        tty.started(1);
        nowNs.addAndGet(3_000_000_000L);
        tty.forkSaid(new ProgressEvent(
                Phase.WARMUP, "warm-up 100000 messages", "[parse fork 1/1] warm-up 100000 messages (+3000 ms)"));

        String text = said.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("\r\u001b[K[run] parse fork 1/1: warm-up 100000 messages, 3 s"), text);
    }
}
