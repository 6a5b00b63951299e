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

    private RunRecord run(String name, SummaryFixture fixture) {
        return RunRecord.read(fixture.benchmark("spin", Map.of("spin", new double[] {1, 2})).writeTo(dir.resolve(name)));
    }

    @Test
    void shouldNameEachDifferingFieldWithBothValues() {
        RunRecord a = run("a", SummaryFixture.run().environment(Map.of(
                "kernel", "6.1.0", "governor", "performance", "turbo", false, "cpuModel", "EPYC", "startTime", "05:00",
                "tscMhz", 2445.4035, "onlyInA", "x", "commit", "aaaa", "ruler", Map.of("binding", "ffm",
                        "overheadTicksMin", 49, "calibratedMhzMin", 2445.40, "cpusPinned", java.util.List.of(1)))));
        RunRecord b = run("b", SummaryFixture.run().environment(Map.of(
                "kernel", "6.5.0", "governor", "powersave", "turbo", true, "cpuModel", "EPYC", "startTime", "06:00",
                "tscMhz", 2445.4061, "commit", "bbbb", "ruler", Map.of("binding", "nanotime",
                        "overheadTicksMin", 52, "calibratedMhzMin", 2445.41, "cpusPinned", java.util.List.of(0)))).config("cpu", 0));

        List<String> warnings = EnvironmentComparison.warnings(a, b);

        assertEquals(List.of(
                "environments differ in governor: A 'performance', B 'powersave'",
                "environments differ in kernel: A '6.1.0', B '6.5.0'",
                "environments differ in ruler.binding: A 'ffm', B 'nanotime'",
                "environments differ in ruler.cpusPinned: A '[1]', B '[0]'",
                "environments differ in turbo: A 'false', B 'true'",
                "environments differ in config.cpu: A '1', B '0'"), warnings);
    }

    @Test
    void shouldWarnThatAMissingEnvironmentIsUnknown() {
        RunRecord a = run("a", SummaryFixture.run().legacy());
        RunRecord b = run("b", SummaryFixture.run().environment(Map.of("kernel", "6.5.0")));

        List<String> warnings = EnvironmentComparison.warnings(a, b);

        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).startsWith("run A records no environment"), warnings.get(0));
        assertTrue(warnings.get(0).contains("is unknown"), warnings.get(0));
    }

    @Test
    void shouldListSettingsThatDiffer() {
        RunRecord a = run("a", SummaryFixture.run());
        RunRecord b = run("b", SummaryFixture.run().config("jvmFlags", List.of("-Xms1g", "-Dstagebench.decide.extraSpins=20")));

        List<String> warnings = EnvironmentComparison.warnings(a, b);

        assertTrue(warnings.contains("runs measured with different settings: config.jvmFlags: A [\"-Xms1g\"],"
                + " B [\"-Xms1g\",\"-Dstagebench.decide.extraSpins=20\"]"), warnings.toString());
    }
}
