package io.stagebench.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class ClockBindingTest {

    @Test
    void shouldParseNamesCaseInsensitively() {
        assertEquals(ClockBinding.FFM, ClockBinding.parse("FFM"));
        assertEquals(ClockBinding.JNA, ClockBinding.parse(" jna "));
        assertEquals(ClockBinding.NANOTIME, ClockBinding.parse("nanotime"));
    }

    @Test
    void shouldListTheValidNamesForAnUnknownOne() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ClockBinding.parse("rdtsc"));

        assertEquals("unknown clock binding 'rdtsc' (valid: ffm, jna, nanotime)", e.getMessage());
    }
}
