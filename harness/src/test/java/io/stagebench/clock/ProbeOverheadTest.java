package io.stagebench.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ProbeOverheadTest {

    @Test
    void shouldReportTheMinimumAndMedianOfBackToBackPairs() {
        // pairs (begin, end): deltas 45, 40, 300 (an interrupt), 42, 41
        ScriptedClock clock = new ScriptedClock(100, 145, 200, 240, 300, 600, 700, 742, 800, 841);

        ProbeOverhead overhead = ProbeOverhead.measure(clock, 5);

        assertEquals(40, overhead.minTicks());
        assertEquals(42, overhead.medianTicks());
        assertEquals(5, overhead.pairs());
    }

    @Test
    void shouldTakeTheLowerMiddleAsMedianForAnEvenCount() {
        ProbeOverhead overhead = ProbeOverhead.fromDeltas(new long[] {10, 40, 20, 30});

        assertEquals(10, overhead.minTicks());
        assertEquals(20, overhead.medianTicks());
    }

    @Test
    void shouldFindTheSmallestNonZeroStepIgnoringEqualReads() {
        // pairs: gap 0 (same tick), gap 48, gap 24, gap 0, gap 72
        ScriptedClock clock = new ScriptedClock(10, 10, 20, 68, 100, 124, 130, 130, 200, 272);

        assertEquals(24, CounterStep.measureTicks(clock, 5));
    }

    @Test
    void shouldReportZeroStepWhenTheCounterNeverAdvances() {
        ScriptedClock clock = new ScriptedClock(7, 7, 7, 7);

        assertEquals(0, CounterStep.measureTicks(clock, 2));
    }

    @Test
    void shouldAverageTheReadCostBetweenFencedReads() {
        // begin at 1000, four raw reads, end at 1400: 100 ticks a read
        ScriptedClock clock = new ScriptedClock(1000, 1, 2, 3, 4, 1400);

        assertEquals(100.0, CounterStep.readCostTicks(clock, 4), 1e-12);
    }

    @Test
    void shouldKeepMeasuringWhileTheMinimumImprovesAndStopWhenItDoesNot() {
        // rounds of 2 pairs: minima 70, 50, 49, 49 -> stops after the 4th round with 49
        ScriptedClock clock = new ScriptedClock(0, 70, 0, 80, 0, 50, 0, 60, 0, 49, 0, 55, 0, 49, 0, 52, 0, 1, 0, 1);
        int[] settled = new int[1];

        ProbeOverhead overhead = ProbeOverhead.measureSettled(clock, 2, 1, () -> settled[0]++, 6);

        assertEquals(49, overhead.minTicks());
        assertEquals(49, overhead.medianTicks());
        assertEquals(3, settled[0]);
        assertEquals(16, clock.reads());
    }

    @Test
    void shouldSubtractTheMeanOfTheDitheredClusterNotTheLuckyMinimumOnACoarseCounter() {
        // a probe that truly costs 82 ticks on a counter stepping 24.5 ticks reads as 73/74
        // (two thirds of the time) or 98; an interrupt adds a 4000-tick outlier
        long[] deltas = {73, 74, 98, 73, 74, 98, 73, 74, 98, 4000, 73, 74};

        ProbeOverhead overhead = ProbeOverhead.fromDeltas(deltas, 24);

        assertEquals(73, overhead.minTicks());
        double expected = (73 * 4 + 74 * 4 + 98 * 3) / 11.0;
        assertEquals(expected, overhead.baselineTicks(), 1e-9);
        assertEquals(expected, overhead.subtractedTicks(), 1e-9);
    }

    @Test
    void shouldSubtractTheMinimumOnAOneTickCounter() {
        ProbeOverhead overhead = ProbeOverhead.fromDeltas(new long[] {40, 40, 40, 41, 52, 300}, 1);

        assertEquals(40, overhead.minTicks());
        assertEquals((40 * 3 + 41) / 4.0, overhead.subtractedTicks(), 1e-9);
    }

    @Test
    void shouldFallBackToTheMinimumForResultsWithoutABaseline() {
        assertEquals(44.0, new ProbeOverhead(44, 52, 10, 0.0).subtractedTicks());
    }
}
