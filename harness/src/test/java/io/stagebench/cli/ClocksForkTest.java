package io.stagebench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.clock.ClockBinding;
import io.stagebench.clock.ClockMeasurement;
import io.stagebench.json.Json;
import io.stagebench.probe.ClockProbeMain;
import io.stagebench.process.JvmFork;
import io.stagebench.system.CpuList;
import io.stagebench.testing.StartsProcesses;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Runs the clock probe in real forked JVMs, as {@code stagebench clocks} does. */
@StartsProcesses
class ClocksForkTest {

    private static JvmFork.Exit probe(String binding, List<String> jvmFlags) {
        return JvmFork.run(new JvmFork.Spec(
                ClockProbeMain.class.getName(),
                List.of(binding, "200", "1", "100000", "-1"),
                jvmFlags,
                CpuList.parse(""),
                Duration.ofSeconds(60)));
    }

    @Test
    void shouldMeasureTheFfmBindingInAFork() throws Exception {
        JvmFork.Exit outcome = probe("ffm", List.of());

        assertTrue(outcome.succeeded(), outcome.failure());
        ClockMeasurement m = Json.mapper().readValue(outcome.stdout(), ClockMeasurement.class);
        assertEquals(ClockBinding.FFM, m.binding());
        assertTrue(m.calibration().ticksPerNs() > 0.01, m.toString());
        assertTrue(m.hasFloor(), m.toString());
        assertTrue(m.overhead().minTicks() > 0, m.toString());
    }

    @Test
    void shouldFallBackToNanoTimeInAForkWhoseLibraryIsMissing() throws Exception {
        JvmFork.Exit outcome = probe("ffm", List.of("-Dstagebench.native.library=/nonexistent/libstagebench.so"));

        assertTrue(outcome.succeeded(), outcome.failure());
        ClockMeasurement m = Json.mapper().readValue(outcome.stdout(), ClockMeasurement.class);
        assertEquals(ClockBinding.FFM, m.requested());
        assertEquals(ClockBinding.NANOTIME, m.binding());
        assertEquals(1.0, m.calibration().ticksPerNs());
        assertTrue(
                m.warnings().stream().anyMatch(w -> w.contains("/nonexistent/libstagebench.so")),
                m.warnings().toString());
    }

    @Test
    void shouldReportAForkThatExitsNonZero() {
        JvmFork.Exit outcome = JvmFork.run(new JvmFork.Spec(
                ClockProbeMain.class.getName(),
                List.of("too", "few"),
                List.of(),
                CpuList.parse(""),
                Duration.ofSeconds(60)));

        assertEquals(2, outcome.exitCode());
        assertEquals("exited with code 2", outcome.failure());
    }
}
