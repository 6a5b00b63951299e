package io.stagebench.extension;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.nativeaccess.Personality;
import io.stagebench.testing.StartsProcesses;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

@StartsProcesses
class HarnessFixedAddressesTest {

    private static int personalityOf(String text) {
        return Integer.parseUnsignedInt(text.strip(), 16);
    }

    private static int childPersonality() throws IOException, InterruptedException {
        Process cat = new ProcessBuilder("cat", "/proc/self/personality")
                .redirectErrorStream(true)
                .start();
        String out = new String(cat.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
        assertEquals(0, cat.waitFor(), out);
        return personalityOf(out);
    }

    private static int thisThreadPersonality() throws IOException {
        return personalityOf(Files.readString(Path.of("/proc/thread-self/personality")));
    }

    @Test
    void shouldStartTheProcessesOfItsWorkWithRandomisationOffAndRestoreTheThreadAfter() throws Exception {
        int before = thisThreadPersonality();
        List<String> refusals = new ArrayList<>();

        int inside = Harness.withFixedAddresses(HarnessFixedAddressesTest::childPersonality, refusals::add);

        assertEquals(List.of(), refusals, "this kernel refused personality(2)");
        assertTrue((inside & Personality.ADDR_NO_RANDOMIZE) != 0, Integer.toHexString(inside));
        assertEquals(before, thisThreadPersonality());
        assertEquals(before & Personality.ADDR_NO_RANDOMIZE, childPersonality() & Personality.ADDR_NO_RANDOMIZE);
    }
}
