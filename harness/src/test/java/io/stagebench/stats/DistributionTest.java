package io.stagebench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class DistributionTest {

    private static double[] oneTo(int n) {
        return IntStream.rangeClosed(1, n).asDoubleStream().toArray();
    }

    @Test
    void shouldUseNearestRankPercentiles() {
        Distribution d = Distribution.of(oneTo(1000));

        assertEquals(500, d.percentile(50));
        assertEquals(900, d.percentile(90));
        assertEquals(990, d.percentile(99));
        assertEquals(999, d.percentile(99.9));
        assertEquals(1000, d.percentile(99.99));
        assertEquals(1000, d.max());
        assertEquals(1, d.min());
        assertEquals(1000, d.count());
    }

    @Test
    void shouldFlagPercentilesWithFewerThanOneHundredSamplesBeyond() {
        Distribution d = Distribution.of(oneTo(10_000));

        assertTrue(d.isReliable(99)); // 100 beyond
        assertFalse(d.isReliable(99.9)); // 10 beyond
        assertEquals(10, d.samplesBeyond(99.9));
        assertEquals(List.of("p99.9", "p99.99"), StageSummary.of("s", d).unreliable());
    }

    @Test
    void shouldMergeByPoolingSamplesNotByAveragingPercentiles() {
        Distribution fast = Distribution.of(new double[] {1, 1, 1, 1});
        Distribution slow = Distribution.of(new double[] {100, 100});

        Distribution merged = Distribution.merge(List.of(fast, slow));

        assertEquals(6, merged.count());
        assertEquals(1, merged.percentile(50)); // an average of p50s would say 50.5
        assertEquals(100, merged.percentile(90));
        assertEquals(100, merged.max());
    }

    @Test
    void shouldKeepTheExactMaximum() {
        double[] values = oneTo(100_000);
        values[42] = 1_234_567.5;

        assertEquals(1_234_567.5, Distribution.of(values).max());
    }

    @Test
    void shouldHoldEachSampleWithinAFloatsPrecisionAndSumInDoubles() {
        // a sample as the launcher makes it: corrected ticks over a calibrated rate, no short binary fraction
        double sample = 62.0 / 2.0960291;
        double[] values = new double[1_000];
        Arrays.fill(values, sample);
        values[999] = 4_500_000.123;

        Distribution d = Distribution.of(values);

        assertEquals(sample, d.percentile(50), sample * 6e-8);
        assertEquals(4_500_000.123, d.max(), 0.25, "a float's step at 4.5 ms is 0.5 ns");
        // 999 equal floats summed in a float would drift; the mean of the body is the sample's
        assertEquals(sample, d.trimmedMean(99), sample * 6e-8);
        assertEquals(
                sample,
                Distribution.of(new float[] {9f, (float) sample, 1f}, 1, 2).percentile(50),
                sample * 6e-8);
    }

    @Test
    void shouldRejectAPercentileOutsideTheRange() {
        Distribution d = Distribution.of(oneTo(10));

        assertThrows(IllegalArgumentException.class, () -> d.percentile(0));
        assertThrows(IllegalArgumentException.class, () -> d.percentile(100.5));
    }

    @Test
    void shouldLabelPercentiles() {
        assertEquals("p50", StageSummary.label(50));
        assertEquals("p99.9", StageSummary.label(99.9));
        assertEquals("p99.99", StageSummary.label(99.99));
    }

    @Test
    void shouldGiveEachPercentilesTrimmedMeanWhenAskedForThemInTurn() {
        Distribution d = Distribution.of(new double[] {1, 2, 3, 4, 100});

        assertEquals(2.5, d.trimmedMean(80));
        assertEquals(22, d.trimmedMean(100));
        assertEquals(2.5, d.trimmedMean(80), "asked again after another");
        assertEquals(2.5, d.trimmedMean(80));
        assertEquals(1.5, d.trimmedMean(40));
    }
}
