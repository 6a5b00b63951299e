package io.stagebench.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class RateTest {

    @Test
    void shouldReadEverySuffixTheLimitIsWrittenWith() {
        assertEquals(100_000, Rate.parsePerSecond("100k/s"));
        assertEquals(2_500_000, Rate.parsePerSecond("2.5M/s"));
        assertEquals(1e9, Rate.parsePerSecond("1G/s"));
        assertEquals(1_000_000, Rate.parsePerSecond("1/us"));
    }

    @Test
    void shouldCallARateAboveTheLimitOutOfRangeNotUnparseable() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Rate.parsePerSecond("2G/s"));

        assertEquals("rate '2G/s' is out of range (more than 0, at most 1G/s)", e.getMessage());
    }

    @Test
    void shouldFormatTheLimitTheWayItIsParsed() {
        assertEquals("1G/s", Rate.format(Rate.parsePerSecond(Rate.MAX_PER_SECOND_TEXT)));
        assertEquals("250k/s", Rate.format(250_000));
    }
}
