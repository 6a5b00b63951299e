package io.stagebench.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * Renders a page in headless Chromium, when it is installed (the test is skipped otherwise), and keeps a copy of the
 * screenshot under {@code target/screenshots/} for a person to look at.
 */
final class HeadlessChromium {

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");

    private HeadlessChromium() {}

    /** Screenshots {@code page} in a window of {@code width} x {@code height}; asserts a PNG with content. */
    static Path screenshot(Path page, String name, int width, int height) throws IOException, InterruptedException {
        Assumptions.assumeTrue(Files.isExecutable(CHROMIUM), "chromium not installed");
        Path screenshot = page.resolveSibling(name);
        Path profile = Files.createTempDirectory(page.getParent(), "chromium-profile");
        Process process = new ProcessBuilder(
                        CHROMIUM.toString(),
                        "--headless",
                        "--no-sandbox",
                        "--disable-gpu",
                        "--hide-scrollbars",
                        "--user-data-dir=" + profile,
                        "--window-size=" + width + "," + height,
                        "--screenshot=" + screenshot,
                        page.toUri().toString())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        assertTrue(process.waitFor(100, TimeUnit.SECONDS), "chromium did not finish");
        assertEquals(0, process.exitValue());
        assertTrue(Files.size(screenshot) > 10_000, "a screenshot with content");
        byte[] png = Files.readAllBytes(screenshot);
        assertEquals((byte) 0x89, png[0]);
        assertEquals('P', png[1]);
        Path kept = Path.of("target", "screenshots");
        Files.createDirectories(kept);
        Files.copy(screenshot, kept.resolve(name), StandardCopyOption.REPLACE_EXISTING);
        return screenshot;
    }
}
