package io.stagebench.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.result.BenchmarkOutcome;
import io.stagebench.store.RunFixture;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The probe warning names the batch that fixes it; a batched run says what its samples are. */
class RunReportBatchTest {

    /** One stage around {@code typicalNs} (p50 about 1.25 times it), forks of 5 000 samples. */
    private static BenchmarkOutcome solo(double typicalNs) {
        return solo("solo", typicalNs);
    }

    private static BenchmarkOutcome solo(String name, double typicalNs) {
        SplittableRandom random = new SplittableRandom(7);
        double[] ns = new double[5_000];
        for (int i = 0; i < ns.length; i++) {
            ns[i] = typicalNs * (1 + 0.5 * random.nextDouble());
        }
        return RunFixture.outcome(name, List.of(name), List.of(Map.of(name, ns)));
    }

    @Test
    void shouldNameTheRunnableBatchWhenTheProbeSwampsAStage() {
        // the fixture's probe: 40 ticks at 2.6 ticks/ns = 15.4 ns, over 20 % of a 25 ns p50; 16 x 25 ns puts it at 3.7
        // %
        RunReport report =
                new RunReport(RunFixture.config(Path.of("unused")), List.of(solo(20)), List.of(), List.of(), true);

        String warning = report.warnings().stream()
                .filter(w -> w.contains("probe >20%"))
                .findFirst()
                .orElseThrow();

        assertTrue(
                warning.startsWith("solo: probe >20% of p50: mostly arithmetic; fix: --batch 16 (probe 3."), warning);
        assertTrue(warning.endsWith("% of the interval)"), warning);
    }

    @Test
    void shouldNameEachStagesBatchInOneWarningWhenTheyDiffer() {
        RunReport report = new RunReport(
                RunFixture.config(Path.of("unused")),
                List.of(solo("short", 20), solo("longer", 48)),
                List.of(),
                List.of(),
                true);

        List<String> warnings =
                report.warnings().stream().filter(w -> w.contains("probe >20%")).toList();

        assertEquals(1, warnings.size(), warnings.toString());
        assertEquals(
                "short, longer: probe >20% of p50: mostly arithmetic; fix: --batch auto (K 8..16)", warnings.get(0));
    }

    @Test
    void shouldNotWarnOfTheProbeForAStageItIsSmallBeside() {
        RunReport report =
                new RunReport(RunFixture.config(Path.of("unused")), List.of(solo(400)), List.of(), List.of(), true);

        assertTrue(
                report.warnings().stream().noneMatch(w -> w.contains("probe >20%")),
                report.warnings().toString());
    }
}
