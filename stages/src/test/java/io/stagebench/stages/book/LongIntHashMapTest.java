package io.stagebench.stages.book;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class LongIntHashMapTest {

    @Test
    void shouldPutGetAndRemove() {
        final LongIntHashMap map = new LongIntHashMap(8);
        assertTrue(map.put(42L, 7));
        assertTrue(map.put(-5L, 9));
        assertEquals(7, map.get(42L));
        assertEquals(9, map.get(-5L));
        assertEquals(LongIntHashMap.MISSING, map.get(43L));
        assertTrue(map.put(42L, 8));
        assertEquals(8, map.get(42L));
        assertEquals(2, map.size());
        assertEquals(8, map.remove(42L));
        assertEquals(LongIntHashMap.MISSING, map.remove(42L));
        assertEquals(1, map.size());
    }

    @Test
    void shouldHoldZeroAsAKey() {
        final LongIntHashMap map = new LongIntHashMap(2);
        assertEquals(LongIntHashMap.MISSING, map.get(0L));
        assertTrue(map.put(0L, 3));
        assertEquals(3, map.get(0L));
        assertEquals(1, map.size());
        assertEquals(3, map.remove(0L));
        assertEquals(0, map.size());
    }

    @Test
    void shouldRefuseNewKeysWhenFullButStillUpdate() {
        final LongIntHashMap map = new LongIntHashMap(3);
        assertTrue(map.put(1L, 1));
        assertTrue(map.put(2L, 2));
        assertTrue(map.put(0L, 0));
        assertFalse(map.put(4L, 4));
        assertTrue(map.put(2L, 22));
        assertEquals(22, map.get(2L));
        assertEquals(LongIntHashMap.MISSING, map.get(4L));
    }

    @Test
    void shouldAgreeWithAHashMapOverManyRandomOperations() {
        final SplittableRandom random = new SplittableRandom(11);
        final LongIntHashMap map = new LongIntHashMap(1_000);
        final Map<Long, Integer> reference = new HashMap<>();
        for (int i = 0; i < 200_000; i++) {
            // Small key space so keys collide, repeat and get removed from the middle of runs.
            final long key = random.nextInt(4) == 0 ? random.nextLong() : random.nextInt(3_000) * 1024L;
            final int op = random.nextInt(3);
            if (op == 0) {
                final int value = random.nextInt(1 << 30);
                final boolean fits = reference.containsKey(key) || reference.size() < 1_000;
                assertEquals(fits, map.put(key, value));
                if (fits) {
                    reference.put(key, value);
                }
            } else if (op == 1) {
                assertEquals(reference.getOrDefault(key, LongIntHashMap.MISSING), map.get(key));
            } else {
                final Integer removed = reference.remove(key);
                assertEquals(removed == null ? LongIntHashMap.MISSING : removed, map.remove(key));
            }
            assertEquals(reference.size(), map.size());
        }
        for (Map.Entry<Long, Integer> entry : reference.entrySet()) {
            assertEquals(entry.getValue(), map.get(entry.getKey()));
        }
    }

    @Test
    void shouldRejectACapacityOutOfRange() {
        assertThrows(IllegalArgumentException.class, () -> new LongIntHashMap(0));
        assertThrows(IllegalArgumentException.class, () -> new LongIntHashMap((1 << 28) + 1));
    }
}
