package io.stagebench.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class ForkFilesTest {

    @Test
    void shouldKeepTheFirstReplicasNamesAndNumberTheOthersAfterTheFork() {
        assertEquals("fork-3.raw", ForkFiles.replica(ForkFiles.raw(3), 1));
        assertEquals("fork-3.r2.raw", ForkFiles.replica(ForkFiles.raw(3), 2));
        assertEquals("fork-12.r10.unmarked.raw", ForkFiles.replica(ForkFiles.unmarkedRaw(12), 10));
        assertEquals("fork-1.r4.strategy.raw", ForkFiles.replica(ForkFiles.threadRaw(1, "strategy"), 4));
        assertNull(ForkFiles.replica(null, 2), "a pass a fork did not measure has no file in any replica");
    }

    @Test
    void shouldRefuseToNumberAFileThatIsNotAForks() {
        assertThrows(IllegalArgumentException.class, () -> ForkFiles.replica("summary", 2));
    }
}
