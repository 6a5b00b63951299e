package io.stagebench.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ParamSweepTest {

    private final BenchmarkRegistry registry = BenchmarkRegistry.load();

    @Test
    void shouldKeepABenchmarkWhoseParametersAreNotSweptAsItIs() {
        List<ParamSweep.Variant> variants = ParamSweep.variants(registry.get("spin"), Map.of("ticks", "500"));

        assertEquals(List.of(new ParamSweep.Variant("spin", Map.of("ticks", "500"))), variants);
    }

    @Test
    void shouldMakeAVariantOfEachValueNamedWithIt() {
        List<ParamSweep.Variant> variants =
                ParamSweep.variants(registry.get("spin"), Map.of("ticks", "500, 1000", "us", "7"));

        assertEquals(
                List.of(
                        new ParamSweep.Variant("spin[ticks=500]", Map.of("ticks", "500", "us", "7")),
                        new ParamSweep.Variant("spin[ticks=1000]", Map.of("ticks", "1000", "us", "7"))),
                variants);
    }

    @Test
    void shouldMakeAVariantOfEveryCombinationInTheOrderTheParametersAreDeclared() {
        List<ParamSweep.Variant> variants =
                ParamSweep.variants(registry.get("jitter"), Map.of("windowUs", "50,100", "thresholdNs", "1000,2000"));

        assertEquals(
                List.of(
                        "jitter[thresholdNs=1000,windowUs=50]",
                        "jitter[thresholdNs=1000,windowUs=100]",
                        "jitter[thresholdNs=2000,windowUs=50]",
                        "jitter[thresholdNs=2000,windowUs=100]"),
                variants.stream().map(ParamSweep.Variant::name).toList());
    }

    @Test
    void shouldReadTheBenchmarkAndTheSweptValuesBackFromAVariantsName() {
        assertEquals("jitter", ParamSweep.baseName("jitter[thresholdNs=1000,windowUs=50]"));
        assertEquals("spin", ParamSweep.baseName("spin"));
        assertEquals(
                Map.of("thresholdNs", "1000", "windowUs", "50"),
                ParamSweep.sweptIn("jitter[thresholdNs=1000,windowUs=50]"));
        assertEquals(Map.of(), ParamSweep.sweptIn("spin"));
        assertTrue(ParamSweep.sweeps(Map.of("ticks", "1,2")));
        assertFalse(ParamSweep.sweeps(Map.of("ticks", "1")));
    }

    @Test
    void shouldCheckEveryValueOfASweep() {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> registry.get("spin").checkParams(Map.of("ticks", "500,-5")));

        assertTrue(e.getMessage().startsWith("--param ticks=-5 "), e.getMessage());
    }

    @Test
    void shouldRefuseASweptValueThatCannotNameAFolder() {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> registry.get("spin").checkParams(Map.of("ticks", "500,a/b")));

        assertTrue(e.getMessage().startsWith("--param ticks=500,a/b: a swept value may not"), e.getMessage());
    }

    @Test
    void shouldTakeATextParametersCommasAsOneValue() {
        BenchmarkDescriptor quotes = new BenchmarkDescriptor(
                "quotes",
                List.of("quote"),
                "",
                "x.Quotes",
                List.of(new io.stagebench.api.ParameterDeclaration(
                        "symbols",
                        io.stagebench.api.Parameter.Type.TEXT,
                        "A",
                        Long.MIN_VALUE,
                        Long.MAX_VALUE,
                        List.of(),
                        "")),
                List.of());

        List<ParamSweep.Variant> variants = ParamSweep.variants(quotes, Map.of("symbols", "A,B"));

        assertEquals(List.of(new ParamSweep.Variant("quotes", Map.of("symbols", "A,B"))), variants);
        quotes.checkParams(Map.of("symbols", "A,B"));
        assertFalse(ParamSweep.sweeps(Map.of("symbols", "A,B")));
    }

    @Test
    void shouldRefuseAValueSweptTwice() {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> registry.get("spin").checkParams(Map.of("ticks", "500, 500")));

        assertTrue(e.getMessage().startsWith("--param ticks=500, 500: a value is swept twice"), e.getMessage());
    }
}
