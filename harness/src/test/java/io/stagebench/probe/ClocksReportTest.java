package io.stagebench.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.stagebench.clock.Calibration;
import io.stagebench.clock.ClockBinding;
import io.stagebench.clock.ClockMeasurement;
import io.stagebench.clock.CounterResolution;
import io.stagebench.clock.ProbeOverhead;
import io.stagebench.json.Json;
import io.stagebench.output.ClocksText;
import io.stagebench.system.CpuInfo;
import io.stagebench.system.KernelTsc;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ClocksReportTest {

    private static final CpuInfo GOOD_CPU = new CpuInfo("Test CPU", 2, true, true, true, "tsc", true, 2600.0);
    private static final Calibration CAL = new Calibration(2.6, 2.6, 2.6, 3, 200_000_000);

    private static ClockMeasurement ffm() {
        return new ClockMeasurement(
                ClockBinding.FFM,
                ClockBinding.FFM,
                CAL,
                new CounterResolution(16, 16),
                new ProbeOverhead(44, 52, 1_000_000),
                20.0,
                40,
                16,
                1,
                List.of());
    }

    private static ClockMeasurement jna() {
        return new ClockMeasurement(
                ClockBinding.JNA,
                ClockBinding.JNA,
                CAL,
                new CounterResolution(16, 16),
                new ProbeOverhead(140, 170, 1_000_000),
                130.0,
                40,
                16,
                1,
                List.of());
    }

    @Test
    void shouldPrintTheCounterLineInTheReferenceForm() {
        assertEquals("counter 2600.0 MHz, 0.385 ns/tick, step 16 ticks = 6.2 ns", ffm().counterLine());
    }

    @Test
    void shouldComputeEachBindingsRatioToTheFloorOfItsOwnJvm() {
        ClocksReport report = new ClocksReport(
                GOOD_CPU, Optional.of(new KernelTsc(2600.0, "test")), List.of(ffm(), jna()), List.of(), List.of());

        assertEquals(1.10, report.ratioToFloor(ffm()).orElseThrow(), 1e-9);
        assertEquals(3.50, report.ratioToFloor(jna()).orElseThrow(), 1e-9);
        assertTrue(report.warnings().isEmpty(), report.warnings().toString());
    }

    @Test
    void shouldShowTheCounterWarningsItIsGivenOnce() {
        String tsc = "tsc: CPU flags lack constant_tsc: ticks may not be time";
        ClocksReport report = new ClocksReport(
                GOOD_CPU, Optional.of(new KernelTsc(2600.0, "test")), List.of(ffm()), List.of(), List.of(tsc));

        assertEquals(List.of(tsc), report.warnings());
        String text = ClocksText.render(report);
        assertEquals(text.indexOf("*** WARNING: " + tsc), text.lastIndexOf("*** WARNING: " + tsc), text);
    }

    @Test
    void shouldWriteTheDocumentedJsonKeys() throws Exception {
        ClocksReport report = new ClocksReport(
                GOOD_CPU,
                Optional.of(new KernelTsc(2600.26, "kernel log")),
                List.of(ffm(), jna()),
                List.of(),
                List.of());

        JsonNode json = Json.mapper().readTree(Json.write(report.toJson()));

        assertEquals("stagebench.clocks/1", json.get("schema").asText());
        assertEquals(2600.0, json.at("/counter/mhz").asDouble(), 1e-9);
        assertEquals(16, json.at("/counter/stepTicks").asLong());
        assertEquals(16 / 2.6, json.at("/counter/stepNs").asDouble(), 1e-9);
        assertEquals(2600.26, json.at("/calibration/kernelMhz").asDouble(), 1e-9);
        assertEquals(-1e-4, json.at("/calibration/relativeDifference").asDouble(), 1e-6);
        assertEquals(40, json.at("/floor/overheadMinTicks").asLong());
        assertEquals(2, json.get("bindings").size());
        JsonNode row = json.get("bindings").get(0);
        assertEquals("ffm", row.get("binding").asText());
        assertEquals(44, row.get("overheadMinTicks").asLong());
        assertEquals(44 / 2.6, row.get("overheadMinNs").asDouble(), 1e-9);
        assertEquals(52, row.get("overheadMedianTicks").asLong());
        assertEquals(20 / 2.6, row.get("readNs").asDouble(), 1e-9);
        assertEquals(1.1, row.get("ratioToFloor").asDouble(), 1e-9);
        assertEquals(1, row.get("cpu").asInt());
        assertTrue(json.get("warnings").isArray());
    }

    @Test
    void shouldWarnLoudlyAfterAFallbackAndWithoutAFloor() {
        ClockMeasurement fallback = new ClockMeasurement(
                ClockBinding.FFM,
                ClockBinding.NANOTIME,
                Calibration.identity(),
                new CounterResolution(20, 20),
                new ProbeOverhead(20, 30, 100_000),
                20.0,
                -1,
                -1,
                -1,
                List.of("native clock unavailable for binding 'ffm' (test); falling back to System.nanoTime()"));
        ClocksReport report = new ClocksReport(GOOD_CPU, Optional.empty(), List.of(fallback), List.of(), List.of());

        String text = ClocksText.render(report);

        assertTrue(text.contains("*** WARNING: [ffm] native clock unavailable"), text);
        assertTrue(text.contains("*** WARNING: no native clock"), text);
        assertTrue(text.contains("ffm->nanotime"), text);
        assertTrue(text.contains("NOT pinned"), text);
        assertTrue(Json.mapper().valueToTree(report.toJson()).get("floor").isNull());
    }

    @Test
    void shouldWarnWhenTheCalibrationDisagreesWithTheKernel() {
        ClocksReport report = new ClocksReport(
                GOOD_CPU, Optional.of(new KernelTsc(2610.0, "kernel log")), List.of(ffm()), List.of(), List.of());

        assertTrue(
                report.warnings().stream().anyMatch(w -> w.contains("differs from the kernel's 2610.000 MHz")),
                report.warnings().toString());
    }

    @Test
    void shouldRoundTripAMeasurementThroughJsonAsForksSendIt() throws Exception {
        ClockMeasurement read = Json.mapper().readValue(Json.write(ffm()), ClockMeasurement.class);

        assertEquals(ffm(), read);
    }

    @Test
    void shouldPrintTheFloorFirstThenEachBindingInColumns() {
        ClockMeasurement fallback = new ClockMeasurement(
                ClockBinding.FFM,
                ClockBinding.NANOTIME,
                Calibration.identity(),
                new CounterResolution(20, 20),
                new ProbeOverhead(20, 30, 100_000),
                20.0,
                -1,
                -1,
                -1,
                List.of());
        ClocksReport report = new ClocksReport(
                GOOD_CPU,
                Optional.of(new KernelTsc(2600.0, "test")),
                List.of(ffm(), jna(), fallback),
                List.of(),
                List.of());

        assertEquals("""
                cpu Test CPU, 2 CPUs, clocksource tsc, constant_tsc yes, nonstop_tsc yes
                counter 2600.0 MHz, 0.385 ns/tick, step 16 ticks = 6.2 ns
                calibration 2600.0000 MHz, median of 3 x 200 ms against CLOCK_MONOTONIC, spread 0.0e+00; kernel 2600.000 MHz (test), difference +0.0e+00
                measuring thread pinned to CPU 1, one JVM per binding

                binding            overhead min      overhead median     one read  vs C floor
                C floor      40 ticks   15.4 ns                    -            -        1.00
                ffm          44 ticks   16.9 ns   52 ticks   20.0 ns       7.7 ns        1.10
                jna         140 ticks   53.8 ns  170 ticks   65.4 ns      50.0 ns        3.50
                ffm->nanotime   20 ticks   20.0 ns   30 ticks   30.0 ns      20.0 ns        1.30
                """, ClocksText.render(report));
    }

    @Test
    void shouldWriteTheClocksKeysInTheirOrderAndNoCounterWithoutAMeasurement() throws Exception {
        ClocksReport measured = new ClocksReport(GOOD_CPU, Optional.empty(), List.of(ffm()), List.of(), List.of());
        ClocksReport none =
                new ClocksReport(GOOD_CPU, Optional.empty(), List.of(), List.of("ffm: fork failed"), List.of());

        JsonNode json = Json.mapper().readTree(Json.write(measured.toJson()));
        JsonNode empty = Json.mapper().readTree(Json.write(none.toJson()));

        assertEquals(
                List.of("schema", "machine", "counter", "calibration", "floor", "bindings", "warnings"), keys(json));
        assertEquals(
                List.of("cpuModel", "logicalCpus", "constantTsc", "nonstopTsc", "clocksource", "hypervisor"),
                keys(json.get("machine")));
        assertEquals(
                List.of(
                        "binding",
                        "mhz",
                        "nsPerTick",
                        "stepTicks",
                        "stepNs",
                        "readStepTicks",
                        "intervalStepTicks",
                        "line"),
                keys(json.get("counter")));
        assertEquals(
                List.of(
                        "mhz",
                        "minMhz",
                        "maxMhz",
                        "rounds",
                        "intervalMs",
                        "relativeSpread",
                        "kernelMhz",
                        "kernelSource",
                        "relativeDifference"),
                keys(json.get("calibration")));
        assertTrue(json.at("/calibration/kernelMhz").isNull());
        assertEquals(List.of("overheadMinTicks", "overheadMinNs", "stepTicks"), keys(json.get("floor")));
        assertEquals(
                List.of(
                        "requested",
                        "binding",
                        "overheadMinTicks",
                        "overheadMinNs",
                        "overheadMedianTicks",
                        "overheadMedianNs",
                        "overheadPairs",
                        "readNs",
                        "stepTicks",
                        "ratioToFloor",
                        "cpu"),
                keys(json.get("bindings").get(0)));
        assertEquals(List.of("schema", "machine", "bindings", "warnings"), keys(empty));
        assertEquals("ffm: fork failed", empty.at("/warnings/0").asText());
    }

    private static List<String> keys(JsonNode node) {
        return node.propertyStream().map(Map.Entry::getKey).toList();
    }
}
