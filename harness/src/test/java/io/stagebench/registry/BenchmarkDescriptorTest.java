package io.stagebench.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.stagebench.api.BenchmarkParams;
import io.stagebench.api.DeclarationException;
import io.stagebench.builtin.SpinBenchmark;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BenchmarkDescriptorTest {

    @Test
    void shouldRefuseAtLoadANameThatIsNotASafeFolderName() {
        for (String name : List.of("..", ".", "a/b", ".hidden", "-x", "")) {
            IllegalArgumentException e = assertThrows(
                    IllegalArgumentException.class,
                    () -> new BenchmarkDescriptor(name, List.of("stage"), "d", "x.X"),
                    name);
            assertEquals(
                    "benchmark name '" + name + "' must be a letter or digit first, then only letters, digits,"
                            + " '.', '-', '_' (it names a folder of the results)",
                    e.getMessage());
        }
        assertEquals("a.b-c_1", new BenchmarkDescriptor("a.b-c_1", List.of("stage"), "d", "x.X").name());
    }

    @Test
    void shouldGiveABenchmarkTheDefaultsItDeclaresAndRefuseOneItReadsWithoutADefault() {
        BenchmarkDescriptor spin = BenchmarkDescriptor.of(SpinBenchmark.class);
        BenchmarkParams declared = new BenchmarkParams("spin", 1, 0, 10, spin.paramsWithDefaults(Map.of()));
        BenchmarkParams given = new BenchmarkParams("spin", 1, 0, 10, spin.paramsWithDefaults(Map.of("ticks", "7")));

        assertEquals(SpinBenchmark.DEFAULT_TICKS, declared.longParam("ticks"));
        assertEquals(7, given.longParam("ticks"));
        assertEquals("7", given.param("ticks"));
        DeclarationException e = assertThrows(DeclarationException.class, () -> declared.longParam("other"));
        assertEquals(
                "benchmark 'spin' reads --param other without a default: declare it with one (@Parameter(name ="
                        + " \"other\", defaultValue = ...)) or give it",
                e.getMessage());
        assertThrows(
                IllegalArgumentException.class,
                () -> new BenchmarkParams("spin", 1, 0, 10, Map.of("ticks", "x")).longParam("ticks"),
                "a value that is not a number says so, as with a default of the code's");
    }

    @Test
    void shouldRefuseAStageNameThatIsNotASafeFileName() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> new BenchmarkDescriptor("bench", List.of(".."), "d", "x.X"));
        assertEquals(
                "benchmark 'bench': bad stage name '..' (a letter or digit first, then only letters, digits, '.',"
                        + " '-', '_'; total, response, unmarked are reserved)",
                e.getMessage());
    }
}
