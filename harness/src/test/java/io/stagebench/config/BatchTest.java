package io.stagebench.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.json.Json;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class BatchTest {

    /** A record as a stored run's configuration holds its batch. */
    record Config(Batch batch) {}

    @Test
    void shouldParseACountAsGivenAndAutoAsNone() {
        assertEquals(OptionalInt.of(16), Batch.parseCount(" 16 "));
        assertEquals(OptionalInt.of(1_000), Batch.parseCount("1_000"));
        assertEquals(OptionalInt.of(0), Batch.parseCount("0"), "the range is the caller's, with its own messages");
        assertEquals(OptionalInt.empty(), Batch.parseCount("auto"));

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Batch.parseCount("many"));
        assertEquals("--batch: cannot parse 'many' (a message count such as 16, or auto)", e.getMessage());
    }

    @Test
    void shouldHaveNoCountUntilAPilotChoseOne() {
        assertTrue(Batch.AUTO.isAuto());
        assertFalse(Batch.of(16).isAuto());
        assertEquals(16, Batch.of(16).messages());
        assertEquals(1, Batch.AUTO.messagesOr(1));
        assertThrows(IllegalStateException.class, Batch.AUTO::messages);
        assertThrows(IllegalArgumentException.class, () -> Batch.of(0));
        assertEquals(Batch.ONE, Batch.of(1));
        assertEquals("auto 16", Batch.AUTO + " " + Batch.of(16));
    }

    /** A stored run's configuration keeps the number it had before the type: the count, 0 for auto. */
    @Test
    void shouldBeStoredAsTheNumberItWas() throws Exception {
        assertEquals("{\"batch\":0}", Json.write(new Config(Batch.AUTO)).replaceAll("\\s", ""));
        assertEquals("{\"batch\":16}", Json.write(new Config(Batch.of(16))).replaceAll("\\s", ""));
        assertEquals(
                Batch.AUTO,
                Json.mapper().readValue("{\"batch\": 0}", Config.class).batch());
        assertEquals(
                Batch.of(4),
                Json.mapper().convertValue(Map.of("batch", 4), Config.class).batch());
        assertThrows(
                IllegalArgumentException.class,
                () -> Json.mapper().convertValue(Map.of("batch", -2), Config.class),
                "a negative stored batch is corrupt");
    }
}
