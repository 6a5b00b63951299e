package io.stagebench.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.json.Json;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class WarmupTest {

    @Test
    void shouldBeBoundedByCountOrTimeAndSaySo() {
        Warmup counted = Warmup.ofMessages(200_000);
        Warmup timed = Warmup.ofTime(Duration.ofSeconds(3));

        assertFalse(counted.timed());
        assertEquals(200_000, counted.knownMessages());
        assertEquals("200000 messages", counted.describe());
        assertEquals("200,000 messages", counted.describeGrouped());
        assertTrue(timed.timed());
        assertEquals(-1, timed.knownMessages(), "how many a time takes is not known before it runs");
        assertEquals(Duration.ofMillis(3_000), timed.time());
        assertEquals("3000 ms", timed.describe());
        assertTrue(Warmup.NONE.none());
        assertTrue(Warmup.ofMessages(0).none());
        assertFalse(timed.none());
    }

    @Test
    void shouldRefuseANegativeBound() {
        assertThrows(IllegalArgumentException.class, () -> Warmup.ofMessages(-1));
        assertThrows(IllegalArgumentException.class, () -> new Warmup(0, -5));
    }

    @Test
    void shouldBeWrittenAsTheTwoFieldsEveryBuildWroteAmongItsHoldersFields() throws Exception {
        record Holder(
                int forks,

                @com.fasterxml.jackson.annotation.JsonUnwrapped
                Warmup warmup,

                int messages) {}

        String written = Json.write(new Holder(5, Warmup.ofTime(Duration.ofMillis(500)), 1_000));

        assertEquals(
                "{\"forks\":5,\"warmupMessages\":0,\"warmupMs\":500,\"messages\":1000}",
                Json.mapper().readTree(written).toString());
    }
}
