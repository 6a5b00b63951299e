package io.stagebench.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import io.stagebench.testing.MeasuresInProcess;

@MeasuresInProcess
class JitEventsTest {

    @TempDir
    Path dir;

    @Test
    void shouldSpellADescriptorsParametersAsJavaTypes() {
        assertEquals("(int, long, boolean[], String, byte[][])", JitEvents.parameters("(IJ[ZLjava/lang/String;[[B)V"));
        assertEquals("()", JitEvents.parameters("()J"));
    }

    @Test
    void shouldNameAMethodCompiledWithinTheWindowAndNothingOutsideIt() throws Exception {
        try (JitEvents events = JitEvents.startInBackground()) {
            events.awaitStart();
            assertNull(events.unavailableReason());
            long before = System.currentTimeMillis();
            long sum = 0;
            for (int i = 0; i < 2_000_000; i++) {
                sum += CompiledHere.work(i);
            }
            new JitActivity().awaitQuiet(200, 5_000);
            long after = System.currentTimeMillis();

            List<String> named = events.namedWithin(List.of(new long[] {before, after}), dir.resolve("x.jfr"));
            List<String> none = events.namedWithin(List.of(new long[] {0, 1}), dir.resolve("y.jfr"));

            assertTrue(sum != 42);
            assertTrue(named.stream().anyMatch(l -> l.startsWith("compiled " + CompiledHere.class.getName() + ".work(int)")),
                    named.toString());
            assertTrue(none.isEmpty(), none.toString());
        }
    }

    /** A method no other test calls, so its first compilation happens in the test's window. */
    static final class CompiledHere {
        static long work(int i) {
            return (i * 31L) ^ (i >>> 3);
        }
    }
}
