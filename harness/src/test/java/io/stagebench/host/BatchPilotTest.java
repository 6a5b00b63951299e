package io.stagebench.host;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.stagebench.result.BatchChoice;
import org.junit.jupiter.api.Test;

class BatchPilotTest {

    @Test
    void shouldChooseTheSmallestPowerOfTwoPuttingTheProbeBelowFivePercentOfTheInterval() {
        // 30 ns probe, 50 ns a message: K = 8 leaves 30 / 430 = 7.0 %, K = 16 30 / 830 = 3.6 %
        assertEquals(16, BatchChoice.choose(30, 50, 1_000_000));
        assertEquals(0.036, BatchChoice.probeShare(30, 50, 16), 0.001);
        assertEquals(1, BatchChoice.choose(30, 1_000, 1_000_000), "30 / 1030 is below 5 % already");
    }

    @Test
    void shouldStopAtTheMeasuredMessagesAndTheLargestBatch() {
        assertEquals(8, BatchChoice.choose(30, 50, 10));
        assertEquals(
                BatchChoice.MAX_BATCH,
                BatchChoice.choose(30, 0, Integer.MAX_VALUE),
                "a stage of nothing never gets there");
    }
}
