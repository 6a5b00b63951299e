package io.stagebench.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class TerminalTest {

    @Test
    void shouldColourWarningsOnlyOnATerminalWithoutNoColor() {
        assertEquals("\u001b[33m*** WARNING: x\u001b[0m", new Terminal(true, Map.of()).highlight("*** WARNING: x"));
        assertEquals("*** WARNING: x", new Terminal(true, Map.of("NO_COLOR", "1")).highlight("*** WARNING: x"));
        assertEquals("*** FAILED: x", new Terminal(false, Map.of()).highlight("*** FAILED: x"));
        assertEquals("plain", new Terminal(true, Map.of()).highlight("plain"));
    }

    @Test
    void shouldNotRedrawOnADumbTerminal() {
        assertFalse(new Terminal(true, Map.of("TERM", "dumb")).interactive());
        assertTrue(new Terminal(true, Map.of("TERM", "xterm")).interactive());
    }
}
