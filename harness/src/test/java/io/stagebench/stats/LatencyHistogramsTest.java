package io.stagebench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LatencyHistogramsTest {

    @Test
    void shouldRecordEverySampleAsItsRoundedNanosecondsWhateverRunsTheyForm() {
        Random random = new Random(7);
        double[] ns = new double[50_000];
        for (int i = 0; i < ns.length; i++) {
            // a coarse counter's grid, fractional after calibration, with a tail and values that round alike
            ns[i] = random.nextInt(10) < 9 ? 9.8 * (3 + random.nextInt(4)) : 1_000 * random.nextDouble() * 40;
        }
        ns[0] = 0.49;
        ns[1] = 0.5;
        Histogram expected = new Histogram(LatencyHistograms.SIGNIFICANT_DIGITS);
        for (double v : ns) {
            expected.recordValue(Math.round(v));
        }

        Histogram histogram = LatencyHistograms.of(Distribution.of(ns));

        assertEquals(expected, histogram);
        assertEquals(ns.length, histogram.getTotalCount());
        assertEquals(0, histogram.getMinValue());
        assertEquals(expected.getValueAtPercentile(99.9), histogram.getValueAtPercentile(99.9));
    }

    @Test
    void shouldSummariseAHistogramAsTheExactSamplesToTheNanosecondTheyWereRoundedTo() {
        Random random = new Random(7);
        double[] ns = new double[20_000];
        for (int i = 0; i < ns.length; i++) {
            ns[i] = 40 + random.nextInt(6) * 10.02 + (random.nextInt(400) == 0 ? 1_500 + random.nextInt(3_000) : 0);
        }
        Distribution exact = Distribution.of(ns);

        StageSummary fromHistogram = LatencyHistograms.summary("encode", LatencyHistograms.of(exact));
        StageSummary summary = StageSummary.of("encode", exact);

        assertEquals(summary.count(), fromHistogram.count());
        assertEquals(summary.unreliable(), fromHistogram.unreliable());
        for (String statistic : List.of("p50", "p90", "p99", "tmean")) {
            assertEquals(summary.valueOf(statistic), fromHistogram.valueOf(statistic), 0.5, statistic);
        }
        assertEquals(summary.valueOf("max"), fromHistogram.valueOf("max"), summary.valueOf("max") * 1e-3);
    }

    @Test
    void shouldRefuseANegativeSample() {
        assertThrows(IllegalArgumentException.class, () -> LatencyHistograms.of(Distribution.of(new double[] {-1, 5})));
    }
}
