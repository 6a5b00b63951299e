package io.stagebench.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ParameterDeclarationTest {

    private static ParameterDeclaration whole(String name, long min, long max, String defaultValue) {
        return new ParameterDeclaration(name, Parameter.Type.LONG, defaultValue, min, max, List.of(), "");
    }

    @Test
    void shouldAcceptAWholeNumberInItsRangeAndNameWhatIsWrongOtherwise() {
        ParameterDeclaration ticks = whole("ticks", 0, 4_294_967_295L, "1000");

        assertEquals(Optional.empty(), ticks.problem("5_000"));
        assertEquals(Optional.of("is out of range"), ticks.problem("-5"));
        assertEquals(Optional.of("is not a whole number"), ticks.problem("5k"));
        assertEquals(
                Optional.of("is out of range"), ticks.problem("9223372036854775808"), "a whole number beyond 64 bits");
        assertEquals(Optional.of("is out of range"), ticks.problem("1".repeat(400)));
        assertEquals("ticks=[0..4294967295], default 1000", ticks.describe());
    }

    @Test
    void shouldAcceptOnlyTheListedTextValues() {
        ParameterDeclaration side = new ParameterDeclaration(
                "side", Parameter.Type.TEXT, "bid", Long.MIN_VALUE, Long.MAX_VALUE, List.of("bid", "ask"), "");

        assertEquals(Optional.empty(), side.problem("ask"));
        assertEquals(Optional.of("is not one of bid, ask"), side.problem("mid"));
        assertEquals("side={bid|ask}, default bid", side.describe());
    }

    @Test
    void shouldDescribeAnOpenRangeAndAComputedDefault() {
        assertEquals(
                "seed=any whole number, default 7",
                whole("seed", Long.MIN_VALUE, Long.MAX_VALUE, "7").describe());
        assertEquals("messages=[1..]", whole("messages", 1, Long.MAX_VALUE, "").describe());
    }

    @Test
    void shouldRefuseADeclarationWhoseDefaultIsOutsideItsOwnRange() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> whole("n", 1, 10, "20"));

        assertEquals("parameter n: default '20' is out of range", e.getMessage());
    }

    @Test
    void shouldRefuseAnEmptyRangeAndBadNames() {
        assertEquals(
                "parameter n: min 10 is above max 1",
                assertThrows(IllegalArgumentException.class, () -> whole("n", 10, 1, ""))
                        .getMessage());
        assertThrows(IllegalArgumentException.class, () -> whole("1n", 0, 1, ""));
        assertThrows(
                IllegalArgumentException.class,
                () -> new ParameterDeclaration("n", Parameter.Type.LONG, "", 0, 1, List.of("a"), ""));
    }
}
