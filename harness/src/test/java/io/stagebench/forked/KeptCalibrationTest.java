package io.stagebench.forked;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.clock.RateCheck;
import io.stagebench.config.RunConfig;
import io.stagebench.link.ForkResult;
import io.stagebench.link.ForkRuler;
import io.stagebench.link.Warmup;
import io.stagebench.registry.BenchmarkRegistry;
import io.stagebench.testing.MeasuresInProcess;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * In-process forks after the first of their JVM take its calibration by a short check ({@link KeptCalibration}), and a
 * fork asked for another calibration measures its own.
 */
@MeasuresInProcess
class KeptCalibrationTest {

    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

    @TempDir
    Path runDir;

    private ForkRuler fork(long calibrationMs) throws Exception {
        RunConfig config = RunConfig.builder(List.of("empty"), -1, runDir)
                .forks(1)
                .warmup(Warmup.ofMessages(2_000))
                .messages(2_000)
                .overheadPairs(20_000)
                .calibration(calibrationMs, 1)
                .lockMemory(false)
                .jvmFlagsInsteadOfDefaults(List.of())
                .forkTimeoutS(120)
                .jitRetries(0)
                .layout(false, 0)
                .build();
        ForkResult result = new ForkExecution(
                        config.forkSpec("empty", 1, runDir),
                        BenchmarkRegistry.load().get("empty"),
                        QUIET)
                .run();
        return result.ruler();
    }

    @Test
    void shouldTakeTheCalibrationOfAnEarlierForkOfItsJvmByACheckOnlyForTheSameRequest() throws Exception {
        ForkRuler first = fork(200);
        ForkRuler second = fork(200);
        // an interval no other test asks for: nothing of this JVM can have kept it
        ForkRuler other = fork(230);

        assertNotNull(second.rateCheck(), "the second fork checked the calibration the first kept");
        assertEquals(first.calibration(), second.calibration());
        assertTrue(
                second.rateCheck().agrees(second.calibration()),
                second.rateCheck().describe());
        assertTrue(
                second.rateCheck().intervalNs() >= RateCheck.MIN_INTERVAL_MS * 1_000_000L,
                second.rateCheck().describe());
        assertNull(other.rateCheck(), "a fork asked for another calibration measures its own");
        assertEquals(230_000_000L, other.calibration().intervalNs());
        assertTrue(
                new RateCheck(
                                other.calibration().ticksPerNs(),
                                other.calibration().intervalNs())
                        .agrees(second.calibration()),
                "one machine, one rate: " + other.calibration() + ", " + second.calibration());
    }
}
