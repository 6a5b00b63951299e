package io.stagebench.process;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class JvmForkTest {

    @Test
    void shouldDescribeAForkKilledByASignalByItsName() {
        assertEquals("killed by SIGKILL (exit status 137)", JvmFork.describeExit(137));
        assertEquals("killed by SIGTERM (exit status 143)", JvmFork.describeExit(143));
        assertEquals("exited with code 1", JvmFork.describeExit(1));
        assertEquals("exited with code 3", JvmFork.describeExit(LauncherWatch.EXIT_LAUNCHER_GONE));
    }
}
