package io.stagebench.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class BenchmarkDescriptorTest {

    @Test
    void shouldRefuseAtLoadANameThatIsNotASafeFolderName() {
        for (String name : List.of("..", ".", "a/b", ".hidden", "-x", "")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> new BenchmarkDescriptor(name, List.of("stage"), "d", "x.X"), name);
            assertEquals("benchmark name '" + name + "' must be a letter or digit first, then only letters, digits,"
                    + " '.', '-', '_' (it names a folder of the results)", e.getMessage());
        }
        assertEquals("a.b-c_1", new BenchmarkDescriptor("a.b-c_1", List.of("stage"), "d", "x.X").name());
    }

    @Test
    void shouldRefuseAStageNameThatIsNotASafeFileName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new BenchmarkDescriptor("bench", List.of(".."), "d", "x.X"));
        assertEquals("benchmark 'bench': bad stage name '..' (a letter or digit first, then only letters, digits, '.',"
                + " '-', '_'; total, response, unmarked are reserved)", e.getMessage());
    }
}
