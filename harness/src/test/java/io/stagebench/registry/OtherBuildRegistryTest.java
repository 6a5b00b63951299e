package io.stagebench.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Another build's benchmarks, read from its list as this build's descriptors ({@link BenchmarkRegistry#only}). */
class OtherBuildRegistryTest {

    @Test
    void shouldKeepOnlyTheBenchmarksTheOtherBuildListsAndTheBuiltIns() throws Exception {
        String list = "# benchmarks found by the processor: name<TAB>class\ntest.setup-log\tio.x.SetupLog\n";
        BenchmarkRegistry launcher = BenchmarkRegistry.load();

        List<String> listed =
                BenchmarkRegistry.namesListed(new ByteArrayInputStream(list.getBytes(StandardCharsets.UTF_8)));
        BenchmarkRegistry other = launcher.only(listed);

        assertEquals(List.of("test.setup-log"), listed);
        assertTrue(
                launcher.names().size() > other.names().size(), launcher.names().toString());
        assertEquals(List.of("spin", "empty", "jitter", "service", "test.setup-log"), other.names());
        assertEquals(launcher.get("test.setup-log"), other.get("test.setup-log"));
    }
}
