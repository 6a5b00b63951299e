package io.stagebench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class TimeScaleTest {

    @Test
    void shouldPickTheUnitInWhichTheColumnsLargestValueStaysUnderTenThousand() {
        assertEquals(TimeScale.NS, TimeScale.forMaxNs(9_999));
        assertEquals(TimeScale.US, TimeScale.forMaxNs(10_000));
        assertEquals(TimeScale.MS, TimeScale.forMaxNs(90_742_001.9));
        assertEquals(TimeScale.S, TimeScale.forMaxNs(3.6e13));
        assertEquals(TimeScale.NS, TimeScale.forMaxNs(Double.NaN));
    }

    @Test
    void shouldFormatAValueInTheScalesUnit() {
        assertEquals("90.74", TimeScale.MS.format(90_742_001.9));
        assertEquals("48.2", TimeScale.NS.format(48.24));
        assertEquals("0.05", TimeScale.US.format(48.24));
    }
}
