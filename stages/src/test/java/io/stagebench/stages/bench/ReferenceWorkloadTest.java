package io.stagebench.stages.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.stagebench.stages.itch.GeneratedMarketData;
import io.stagebench.stages.itch.MarketDataGenerator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class ReferenceWorkloadTest {

    private static byte[] bytes(GeneratedMarketData data) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        data.writeTo(out);
        return out.toByteArray();
    }

    @Test
    void shouldReplayTheSameStreamFromItsCacheAsFromTheGenerator() throws IOException {
        GeneratedMarketData generated = MarketDataGenerator.generate(99, 5_000);

        GeneratedMarketData first = ReferenceWorkload.stream(99, 5_000);
        GeneratedMarketData second = ReferenceWorkload.stream(99, 5_000); // from the cache file

        assertArrayEquals(bytes(generated), bytes(first));
        assertArrayEquals(bytes(generated), bytes(second));
        assertEquals(generated.messageCount(), second.messageCount());
        for (int i = 0; i < generated.messageCount(); i += 97) {
            assertEquals(generated.messageOffset(i), second.messageOffset(i));
            assertEquals(generated.messageLength(i), second.messageLength(i));
        }
    }

    @Test
    void shouldRefuseATruncatedStream() throws IOException {
        byte[] whole = bytes(MarketDataGenerator.generate(1, 10));
        byte[] cut = Arrays.copyOf(whole, whole.length - 3);

        assertThrows(IllegalArgumentException.class, () -> GeneratedMarketData.fromLengthPrefixed(cut));
    }
}
