package io.stagebench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.stagebench.io.Terminal;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ForkProgressTest {

    private final ByteArrayOutputStream said = new ByteArrayOutputStream();
    private final AtomicLong nowNs = new AtomicLong();
    private final ForkProgress progress = new ForkProgress(new PrintStream(said, true, StandardCharsets.UTF_8),
            Terminal.plain(), "[run] parse", 2, nowNs::get);

    private List<String> lines() {
        return said.toString(StandardCharsets.UTF_8).lines().toList();
    }

    @Test
    void shouldPrintOneLinePerForkOffATerminalAndNoneOfTheForksPhases() {
        progress.started(1);
        progress.forkSaid("[parse fork 1/2] calibrating FFM clock on CPU 1 (+12 ms)");
        nowNs.addAndGet(2_500_000_000L);
        progress.succeeded();

        assertEquals(List.of("[run] parse fork 1/2 done in 2.5 s"), lines());
    }

    @Test
    void shouldShowAFailedForkWithTheLastLinesItWrote() {
        progress.started(2);
        progress.failed("killed by SIGKILL (exit status 137)", List.of("[parse fork 2/2] setup (+40 ms)"));

        assertEquals(List.of("*** FAILED: [run] parse fork 2/2 killed by SIGKILL (exit status 137)",
                "    [parse fork 2/2] setup (+40 ms)"), lines());
    }

    @Test
    void shouldReadThePhaseOfAForkLine() {
        assertEquals("warm-up 100000 messages", ForkProgress.phaseOf("[parse fork 1/5] warm-up 100000 messages (+812 ms)"));
        assertEquals("plain", ForkProgress.phaseOf("plain"));
    }
}
