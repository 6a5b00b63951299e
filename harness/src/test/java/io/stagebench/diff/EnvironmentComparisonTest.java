package io.stagebench.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EnvironmentComparisonTest {

    @TempDir
    Path dir;

    private StoredRun run(String name, SummaryFixture fixture) {
        return StoredRun.read(fixture.benchmark("spin", Map.of("spin", new double[] {1, 2})).writeTo(dir.resolve(name)));
    }

    @Test
    void shouldNameEachDifferingFieldWithBothValues() {
        StoredRun a = run("a", SummaryFixture.run().environment(Map.of(
                "kernel", "6.1.0", "governor", "performance", "turbo", false, "cpuModel", "EPYC", "startTime", "05:00",
                "tscMhz", 2445.4035, "onlyInA", "x")));
        StoredRun b = run("b", SummaryFixture.run().environment(Map.of(
                "kernel", "6.5.0", "governor", "powersave", "turbo", true, "cpuModel", "EPYC", "startTime", "06:00",
                "tscMhz", 2445.4061)).config("cpu", 0));

        List<String> warnings = EnvironmentComparison.warnings(a, b);

        assertEquals(List.of(
                "environments differ in governor: A 'performance', B 'powersave'",
                "environments differ in kernel: A '6.1.0', B '6.5.0'",
                "environments differ in turbo: A 'false', B 'true'",
                "environments differ in config.cpu: A '1', B '0'"), warnings);
    }

    @Test
    void shouldWarnThatAMissingEnvironmentIsUnknown() {
        StoredRun a = run("a", SummaryFixture.run().legacy());
        StoredRun b = run("b", SummaryFixture.run().environment(Map.of("kernel", "6.5.0")));

        List<String> warnings = EnvironmentComparison.warnings(a, b);

        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).startsWith("run A records no environment"), warnings.get(0));
        assertTrue(warnings.get(0).contains("is unknown"), warnings.get(0));
    }

    @Test
    void shouldListSettingsThatDiffer() {
        StoredRun a = run("a", SummaryFixture.run());
        StoredRun b = run("b", SummaryFixture.run().config("jvmFlags", List.of("-Xms1g", "-Dstagebench.decide.extraSpins=20")));

        List<String> warnings = EnvironmentComparison.warnings(a, b);

        assertTrue(warnings.contains("runs measured with different settings: config.jvmFlags: A [\"-Xms1g\"],"
                + " B [\"-Xms1g\",\"-Dstagebench.decide.extraSpins=20\"]"), warnings.toString());
    }
}
