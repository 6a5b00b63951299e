package io.stagebench.link;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.stagebench.link.ProgressEvent.Phase;
import org.junit.jupiter.api.Test;

class ProgressEventTest {

    @Test
    void shouldCarryThePhaseAsACodeWhateverTheLineSays() {
        ProgressEvent sent = new ProgressEvent(
                Phase.MEASURING, "measuring 10 messages", "[x fork 1/1] measuring 10 messages (+5 ms)");

        assertEquals(sent, ProgressEvent.parse(sent.wire()));
        assertEquals(
                Phase.OTHER,
                ProgressEvent.parse(new ProgressEvent(Phase.OTHER, "measuring nothing", "measuring nothing").wire())
                        .phase());
    }

    @Test
    void shouldReadTheLineOfAForkOfAnOlderBuildByItsWording() {
        ProgressEvent measuring = ProgressEvent.parse(
                "[parse fork 1/5] measuring 200 messages (back-to-back) after 0 of warm-up (+9 ms)");
        ProgressEvent warmup = ProgressEvent.parse("[parse fork 1/5] warm-up 100000 messages (+812 ms)");
        ProgressEvent full = ProgressEvent.parse(ForkEntry.CANNOT_WRITE + "/r/fork-1.json: no space left on device");

        assertEquals(Phase.MEASURING, measuring.phase());
        assertEquals(
                new ProgressEvent(
                        Phase.OTHER, "warm-up 100000 messages", "[parse fork 1/5] warm-up 100000 messages (+812 ms)"),
                warmup);
        assertEquals(Phase.CANNOT_WRITE, full.phase());
        assertEquals("/r/fork-1.json: no space left on device", full.phaseText());
        assertEquals("plain", ProgressEvent.parse("plain").phaseText());
    }

    @Test
    void shouldTakeATabInTheLineAsPartOfTheLine() {
        ProgressEvent sent = new ProgressEvent(Phase.SETUP, "setup", "[x fork 1/1] setup\twith a tab (+1 ms)");

        assertEquals(sent, ProgressEvent.parse(sent.wire()));
    }

    @Test
    void shouldKeepATabInThePhaseTextFromSplittingTheEvent() {
        ProgressEvent sent = new ProgressEvent(Phase.CANNOT_WRITE, "/r/a\tb/fork-1.json: no space", "line");

        ProgressEvent read = ProgressEvent.parse(sent.wire());

        assertEquals(Phase.CANNOT_WRITE, read.phase());
        assertEquals("/r/a b/fork-1.json: no space", read.phaseText());
        assertEquals("line", read.line());
    }
}
