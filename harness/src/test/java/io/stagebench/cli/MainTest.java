package io.stagebench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class MainTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    @Test
    void shouldExit2ListingTheValidBindingsForAnUnknownOne() {
        int code = run("clocks", "--binding", "rdtsc");

        assertEquals(2, code);
        assertTrue(err.toString().contains("unknown clock binding 'rdtsc' (valid: ffm, jna, nanotime)"), err.toString());
        assertEquals(1, err.toString().strip().lines().count(), err.toString());
    }

    @Test
    void shouldExit2NamingTheRangeForACalibrationLengthOutOfRange() {
        int code = run("clocks", "--calibration-ms", "50");

        assertEquals(2, code);
        assertTrue(err.toString().contains("out of range [200, 10000] ms"), err.toString());
        assertEquals(1, err.toString().strip().lines().count(), err.toString());
    }

    @Test
    void shouldExit2NamingTheAvailableCpusForACpuThatDoesNotExist() {
        int code = run("clocks", "--cpu", "4096");

        assertEquals(2, code);
        assertTrue(err.toString().contains("CPU 4096 does not exist (available: "), err.toString());
    }

    @Test
    void shouldExit2WithOneLineForAnUnknownOption() {
        int code = run("clocks", "--frobnicate");

        assertEquals(2, code);
        assertEquals(1, err.toString().strip().lines().count(), err.toString());
        assertTrue(err.toString().contains("--frobnicate"), err.toString());
    }

    @Test
    void shouldListClocksInTheHelp() {
        int code = run("--help");

        assertEquals(0, code);
        assertTrue(out.toString().contains("clocks"), out.toString());
    }
}
