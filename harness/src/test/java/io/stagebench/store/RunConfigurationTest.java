package io.stagebench.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.stagebench.json.Json;
import org.junit.jupiter.api.Test;

/** The configuration key by which history lines up stored runs and bisect reuses them. */
class RunConfigurationTest {

    private static JsonNode config(Integer batch) {
        ObjectNode config =
                Json.mapper().createObjectNode().put("messages", 5_000).put("warmupMessages", 1_000);
        if (batch != null) {
            config.put("batch", batch);
        }
        return config;
    }

    @Test
    void shouldTellARunOfAnotherBatchForAnotherConfigurationAndOneFromBeforeBatchesForOneAMessage() {
        String one = RunConfiguration.key(config(1), RunConfiguration.SAME_FORKS);

        assertNotEquals(one, RunConfiguration.key(config(16), RunConfiguration.SAME_FORKS));
        assertNotEquals(one, RunConfiguration.key(config(0), RunConfiguration.SAME_FORKS));
        assertEquals(one, RunConfiguration.key(config(null), RunConfiguration.SAME_FORKS));
        assertEquals(
                "batch 16 instead of 1",
                RunConfiguration.differences(config(16), config(null), RunConfiguration.SAME_FORKS));
        assertEquals(
                "batch auto instead of 16",
                RunConfiguration.differences(config(0), config(16), RunConfiguration.SAME_FORKS));
    }
}
