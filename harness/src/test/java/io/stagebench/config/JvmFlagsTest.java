package io.stagebench.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.testing.StartsProcesses;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Every fork starts with {@link MeasureDefaults#JVM_FLAGS}; a flag the JVM refuses or ignores says so only in a warning
 * on the fork's stderr, which no other check reads (a compiler blackhole the JVM did not accept lets the JIT delete the
 * work a benchmark consumes). This starts the JVM that runs the tests with every default flag.
 */
@StartsProcesses
class JvmFlagsTest {

    @Test
    void shouldStartAJvmWithEveryDefaultFlagAndNoWarning() throws Exception {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.addAll(MeasureDefaults.JVM_FLAGS);
        command.add("-version");
        Process java = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(java.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(java.waitFor(60, TimeUnit.SECONDS), output);

        assertEquals(0, java.exitValue(), output);
        assertTrue(output.lines().noneMatch(l -> l.toLowerCase(Locale.ROOT).contains("warning")), output);
    }
}
