package io.stagebench.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.json.Json;
import io.stagebench.store.ResultReader;
import io.stagebench.store.RunStore;
import io.stagebench.store.StoredRun;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EnvironmentComparisonTest {

    private static final Map<String, Object> CONFIG =
            Map.of("binding", "ffm", "cpu", 1, "messages", 200_000, "jvmFlags", List.of("-Xms1g"));

    /** A run as the reader returns it, with this environment (null: none recorded) and configuration. */
    private static StoredRun run(Map<String, Object> environment, Map<String, Object> config) {
        return new StoredRun(
                Path.of("r"),
                RunStore.SCHEMA,
                "0123456789abcdef0123456789abcdef01234567",
                false,
                "main",
                "r",
                Instant.EPOCH,
                Json.mapper().valueToTree(config),
                environment == null ? null : Json.mapper().valueToTree(environment),
                List.of(),
                List.of(),
                null);
    }

    private static StoredRun run(Map<String, Object> environment) {
        return run(environment, CONFIG);
    }

    private static Map<String, Object> config(String key, Object value) {
        Map<String, Object> config = new LinkedHashMap<>(CONFIG);
        config.put(key, value);
        return config;
    }

    @Test
    void shouldNameEachDifferingFieldWithBothValues() {
        StoredRun a = run(Map.of(
                "kernel",
                "6.1.0",
                "governor",
                "performance",
                "turbo",
                false,
                "cpuModel",
                "EPYC",
                "startTime",
                "05:00",
                "tscMhz",
                2445.4035,
                "onlyInA",
                "x",
                "commit",
                "aaaa",
                "ruler",
                Map.of(
                        "binding",
                        "ffm",
                        "overheadTicksMin",
                        49,
                        "calibratedMhzMin",
                        2445.40,
                        "cpusPinned",
                        List.of(1))));
        StoredRun b = run(
                Map.of(
                        "kernel",
                        "6.5.0",
                        "governor",
                        "powersave",
                        "turbo",
                        true,
                        "cpuModel",
                        "EPYC",
                        "startTime",
                        "06:00",
                        "tscMhz",
                        2445.4061,
                        "commit",
                        "bbbb",
                        "ruler",
                        Map.of(
                                "binding",
                                "nanotime",
                                "overheadTicksMin",
                                52,
                                "calibratedMhzMin",
                                2445.41,
                                "cpusPinned",
                                List.of(0))),
                config("cpu", 0));

        List<String> warnings = EnvironmentComparison.warnings(a, b);

        assertEquals(
                List.of(
                        "environments differ in governor: A 'performance', B 'powersave'",
                        "environments differ in kernel: A '6.1.0', B '6.5.0'",
                        "environments differ in ruler.binding: A 'ffm', B 'nanotime'",
                        "environments differ in ruler.cpusPinned: A '[1]', B '[0]'",
                        "environments differ in turbo: A 'false', B 'true'",
                        "environments differ in config.cpu: A '1', B '0'"),
                warnings);
    }

    @Test
    void shouldWarnThatAMissingEnvironmentIsUnknown() {
        StoredRun a = run(null);
        StoredRun b = run(Map.of("kernel", "6.5.0"));

        List<String> warnings = EnvironmentComparison.warnings(a, b);

        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).startsWith("run A records no environment"), warnings.get(0));
        assertTrue(warnings.get(0).contains("is unknown"), warnings.get(0));
    }

    @Test
    void shouldFlattenNestedFieldsToDottedKeysAndArraysToTheirJson() {
        Map<String, String> flat = EnvironmentComparison.flatten(Json.mapper()
                .valueToTree(
                        Map.of("kernel", "6.1.0", "cpu", Map.of("model", "EPYC", "smt", 2), "flags", List.of("a"))));

        assertEquals(Map.of("kernel", "6.1.0", "cpu.model", "EPYC", "cpu.smt", "2", "flags", "[\"a\"]"), flat);
    }

    @Test
    void shouldWarnOfNothingBetweenTwoCompleteRunsOfOneMachine(@TempDir Path dir) {
        StoredRun a = ResultReader.readSummary(SummaryFixture.run()
                .benchmark("spin", Map.of("spin", new double[] {1, 2}))
                .writeTo(dir.resolve("a")));
        StoredRun b = ResultReader.readSummary(SummaryFixture.run()
                .benchmark("spin", Map.of("spin", new double[] {1, 2}))
                .writeTo(dir.resolve("b")));

        assertEquals(List.of(), EnvironmentComparison.warnings(a, b));
    }

    @Test
    void shouldNotTakeARunWhoseForksAllFailedForOneOfOtherCollectors() {
        StoredRun measured = run(Map.of("kernel", "6.5.0", "gcCollectors", List.of("Copy", "MarkSweepCompact")));
        StoredRun noFork = run(Map.of("kernel", "6.5.0", "gcCollectors", List.of()));
        StoredRun otherCollector = run(Map.of("kernel", "6.5.0", "gcCollectors", List.of("G1 Young Generation")));

        assertEquals(List.of(), EnvironmentComparison.warnings(noFork, measured));
        assertEquals(List.of(), EnvironmentComparison.warnings(measured, noFork));
        assertEquals(
                List.of("environments differ in gcCollectors: A '[\"Copy\",\"MarkSweepCompact\"]', B '[\"G1 Young"
                        + " Generation\"]'"),
                EnvironmentComparison.warnings(measured, otherCollector));
    }

    @Test
    void shouldSayInOneLineThatTheSidesMeasuredWithOtherRulersAndWhatEachSubtracted() {
        StoredRun older = run(Map.of(
                "kernel",
                "6.5.0",
                "ruler",
                Map.of(
                        "binding",
                        "ffm",
                        "method",
                        "1",
                        "stepTicksMin",
                        1,
                        "stepTicksMax",
                        1,
                        "overheadSubtractedTicksMin",
                        52.0,
                        "overheadSubtractedTicksMax",
                        52.0)));
        StoredRun newer = run(Map.of(
                "kernel",
                "6.5.0",
                "ruler",
                Map.of(
                        "binding",
                        "ffm",
                        "method",
                        "2",
                        "stepTicksMin",
                        26,
                        "stepTicksMax",
                        26,
                        "overheadSubtractedTicksMin",
                        66.1,
                        "overheadSubtractedTicksMax",
                        67.5)));

        List<String> warnings = EnvironmentComparison.warnings(older, newer);

        assertEquals(
                List.of("A and B were measured with different rulers, so part of every difference is the rulers', not"
                        + " the code's: A's forks with ruler 1 (the step of back-to-back reads): step 1 tick, 52.0 ticks of probe"
                        + " overhead subtracted; B's with ruler 2 (the step intervals come in): step 26 ticks, 66.1..67.5 ticks of"
                        + " probe overhead subtracted (fix: compare builds whose forks measure with one ruler)"),
                warnings);
        assertEquals(List.of(), EnvironmentComparison.warnings(newer, newer));
    }

    @Test
    void shouldListSettingsThatDiffer() {
        StoredRun a = run(Map.of("kernel", "6.5.0"));
        StoredRun b = run(
                Map.of("kernel", "6.5.0"), config("jvmFlags", List.of("-Xms1g", "-Dstagebench.decide.extraSpins=20")));

        List<String> warnings = EnvironmentComparison.warnings(a, b);

        assertTrue(
                warnings.contains("runs measured with different settings: config.jvmFlags: A [\"-Xms1g\"],"
                        + " B [\"-Xms1g\",\"-Dstagebench.decide.extraSpins=20\"]"),
                warnings.toString());
    }
}
