package io.stagebench.forked;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class SchedStatsTest {

    @Test
    void shouldReadThisThreadsRunQueueWaitAndInvoluntarySwitchesOnLinux() {
        long wait0 = SchedStats.waitNs();
        long switches0 = SchedStats.involuntarySwitches();

        assertTrue(wait0 >= 0, "run-queue wait " + wait0);
        assertTrue(switches0 >= 0, "involuntary switches " + switches0);
        assertTrue(SchedStats.waitNs() >= wait0);
    }

    @Test
    void shouldWarnOfAnotherTaskOnTheMeasuringCpuOnlyAboveAKernelThreadsBlip() {
        assertEquals(Optional.empty(), PassChecks.sharedCpuWarning(40_000, 2, 20)); // 40 us: a kernel thread's turn
        assertEquals(Optional.empty(), PassChecks.sharedCpuWarning(9_000_000, 3, 1_000)); // 0.9 % of a second
        assertEquals(Optional.empty(), PassChecks.sharedCpuWarning(-1, -1, 20)); // the kernel does not say
        assertEquals(
                Optional.of("another task ran on the measuring CPU: the measuring thread waited 1.80 ms in the run"
                        + " queue (9.0% of 20 ms measured, 4 involuntary switches)"),
                PassChecks.sharedCpuWarning(1_800_000, 4, 20));
    }
}
