package io.stagebench.forked;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.stagebench.clock.ClockBinding;
import io.stagebench.config.RunConfig;
import io.stagebench.link.ForkSpec;
import io.stagebench.link.LinkVersion;
import io.stagebench.link.Warmup;
import io.stagebench.testing.MeasuresInProcess;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The turns a fork asks for: each measured pass in a turn of its own from {@link LinkVersion#MEASURE_TURNS} on. Its
 * forks run in this JVM and warm up until their code is C2's, so the test runs alone rather than beside a busy JIT.
 */
@MeasuresInProcess
class MeasureTurnsTest {

    @TempDir
    Path dir;

    /** @return the turns the fork awaited, in order, when every turn it asked for was given at once */
    private List<String> awaited(int linkVersion) {
        RunConfig config = RunConfig.builder(List.of("test.pipeline"), -1, dir)
                .forks(1)
                .warmup(Warmup.ofMessages(1_000))
                .messages(2_000)
                .chunk(500)
                .binding(ClockBinding.NANOTIME)
                .overheadPairs(1_000)
                .lockMemory(false)
                .jvmFlagsInsteadOfDefaults(List.of())
                .forkTimeoutS(60)
                .replicas(2)
                .build();
        ForkSpec spec = config.forkSpec("test.pipeline", 1, dir).withTurns(true).withLinkVersion(linkVersion);
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        // more turns than any fork asks for, given before it asks: the fork reads one per wait
        byte[] given = "go\ngo\ngo\ngo\ngo\ngo\n".getBytes(StandardCharsets.US_ASCII);
        ByteArrayInputStream turns = new ByteArrayInputStream(given);

        int code = ForkMain.execute(spec, new PrintStream(progress, true, StandardCharsets.UTF_8), turns);

        String lines = progress.toString(StandardCharsets.UTF_8);
        assertEquals(0, code, lines);
        // a plain progress line: the phase's text, a tab, the line a person reads
        return lines.lines()
                .filter(l -> l.contains("awaiting turn"))
                .map(l -> l.substring(l.indexOf("awaiting turn")).split("\t")[0])
                .toList();
    }

    @Test
    void shouldAwaitATurnForEachReplicasMeasuredPassAfterItsSetupTurnAndOneForItsEnd() {
        assertEquals(
                List.of(
                        "awaiting turn 1",
                        "awaiting turn 1 measure",
                        "awaiting turn 2",
                        "awaiting turn 2 measure",
                        "awaiting turn 3"),
                awaited(LinkVersion.CURRENT));
    }

    @Test
    void shouldTakeOneTurnAReplicaWhenTheLauncherSpeaksALinkBeforeMeasureTurns() {
        assertEquals(List.of("awaiting turn 1", "awaiting turn 2"), awaited(LinkVersion.MEASURE_TURNS - 1));
    }
}
