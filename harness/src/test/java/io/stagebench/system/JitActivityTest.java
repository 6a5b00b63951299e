package io.stagebench.system;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class JitActivityTest {

    /** Prints whether {@link JitActivity} reads its JVM's compiles as foreground ones. */
    public static final class Probe {
        public static void main(String[] args) {
            System.out.print(JitActivity.foreground());
        }
    }

    @Test
    void shouldReadForegroundCompilationFromTheJvmsFlags() throws Exception {
        // the skipped waits (settle, a setup's quiet) rest on this reading: a renamed flag would make it false
        // everywhere
        assertEquals("true", probe("-Xbatch"));
        assertEquals("true", probe("-XX:-BackgroundCompilation"));
        assertEquals("false", probe("-XX:+BackgroundCompilation"));
    }

    private static String probe(String flag) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                flag,
                "-Xshare:auto",
                "-cp",
                System.getProperty("java.class.path"),
                Probe.class.getName()));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        process.waitFor(30, TimeUnit.SECONDS);
        return out;
    }
}
