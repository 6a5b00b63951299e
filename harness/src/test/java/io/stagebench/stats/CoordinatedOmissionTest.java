package io.stagebench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.stagebench.output.CoordinatedOmissionText;
import java.util.List;
import org.junit.jupiter.api.Test;

class CoordinatedOmissionTest {

    @Test
    void shouldPrintTheThreeViewsSideBySideInMicrosecondsWithTheLegend() {
        CoordinatedOmission.Comparison comparison = new CoordinatedOmission.Comparison(
                1_000_000,
                new CoordinatedOmission.Column(
                        CoordinatedOmission.PACED,
                        "paced",
                        10_000,
                        100_000,
                        120_500,
                        950_000_000,
                        990_000_000,
                        1_000_100_000,
                        List.of("p99.9")),
                new CoordinatedOmission.Column(
                        CoordinatedOmission.NAIVE,
                        "naive",
                        10_000,
                        100_000,
                        110_000,
                        130_000,
                        150_000,
                        1_000_100_000,
                        List.of("p99.9")),
                new CoordinatedOmission.Column(
                        CoordinatedOmission.CORRECTED,
                        "corrected",
                        1_009_999,
                        100_000,
                        500_000_000,
                        990_000_000,
                        999_000_000,
                        1_000_100_000,
                        List.of()));

        assertEquals("""
                  us               paced response      naive closed loop HdrHistogram corrected
                  p50                       100.0                  100.0                  100.0
                  p90                       120.5                  110.0              500,000.0
                  p99                   950,000.0                  130.0              990,000.0
                  p99.9                990,000.0*                 150.0*              999,000.0
                  max                 1,000,100.0            1,000,100.0            1,000,100.0
                  count                    10,000                 10,000              1,009,999
                  paced response:    completion - intended send time (stagebench paced mode: queueing + service)
                  naive closed loop: completion - actual start (service time; what a closed-loop harness records)
                  HdrHistogram corrected: naive samples recorded with recordValueWithExpectedInterval(value, 1,000,000 ns); 3 significant digits, max exact
                  * fewer than 100 samples beyond this percentile: unreliable
                """, CoordinatedOmissionText.render(comparison));
    }
}
