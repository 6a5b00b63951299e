package io.stagebench.forked;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AllocationSitesTest {

    @Test
    void shouldNameTheAllocatedTypesAndTheirLinesByShareOfTheBytes() {
        Map<String, Long> stacks = new LinkedHashMap<>();
        stacks.put("ForkMain.main;io/stagebench/forked/MeasureLoop.backToBack;io/x/Decide.decide:123;long[]", 970L);
        stacks.put(
                "ForkMain.main;io/stagebench/forked/MeasureLoop.backToBack;io/x/Decide.decide:130;java.lang.Long", 20L);
        stacks.put("ForkMain.main;io/stagebench/forked/MeasureLoop.backToBack;io/x/Encode.encode:7;byte[]", 10L);

        assertEquals(
                Optional.of(
                        "97 % long[] at Decide.decide:123, 2 % java.lang.Long at Decide.decide:130, 1 % byte[] at Encode.encode:7"),
                AllocationSites.describe(stacks));
        assertEquals(Optional.empty(), AllocationSites.describe(Map.of()), "nothing allocated: nothing to name");
    }

    @Test
    void shouldWriteTheJvmsNamesOfTypesAsJavaDoes() {
        assertEquals("long[]", JfrStacks.javaName("[J"));
        assertEquals("java.lang.String[][]", JfrStacks.javaName("[[Ljava.lang.String;"));
        assertEquals("java.lang.Long", JfrStacks.javaName("java.lang.Long"));
    }
}
