package io.stagebench.system;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class CpuListTest {

    @Test
    void shouldParseTheKernelListFormat() {
        CpuList cpus = CpuList.parse("0-3,6,8-9\n");

        assertArrayEquals(new int[] {0, 1, 2, 3, 6, 8, 9}, cpus.toArray());
        assertEquals("0-3,6,8-9", cpus.toString());
        assertEquals(9, cpus.highest());
    }

    @Test
    void shouldIgnoreIsolcpusFlags() {
        assertEquals(CpuList.of(2, 3), CpuList.parse("domain,managed_irq,2-3"));
    }

    @Test
    void shouldTreatBlankAsEmpty() {
        assertTrue(CpuList.parse(" ").isEmpty());
        assertEquals(-1, CpuList.parse("").highest());
    }

    @Test
    void shouldNameTheBadTextInTheError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CpuList.parse("0-x"));

        assertTrue(e.getMessage().contains("'0-x'"), e.getMessage());
    }

    @Test
    void shouldPreferTheHighestIsolatedCpu() {
        assertEquals(3, CpuSelection.choose(OptionalInt.empty(), CpuList.parse("0-7"), CpuList.parse("2-3")));
    }

    @Test
    void shouldAvoidCpuZeroWhenAnotherExists() {
        assertEquals(1, CpuSelection.choose(OptionalInt.empty(), CpuList.parse("0-1"), CpuList.parse("")));
        assertEquals(0, CpuSelection.choose(OptionalInt.empty(), CpuList.parse("0"), CpuList.parse("")));
    }

    @Test
    void shouldRejectARequestedCpuThatDoesNotExistNamingTheAvailableOnes() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> CpuSelection.choose(OptionalInt.of(7), CpuList.parse("0-1"), CpuList.parse("")));

        assertEquals("CPU 7 does not exist (available: 0-1)", e.getMessage());
    }
}
