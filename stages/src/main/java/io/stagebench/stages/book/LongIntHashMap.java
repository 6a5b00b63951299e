package io.stagebench.stages.book;

import java.util.Arrays;

/**
 * Open-addressing hash map from a {@code long} key to a non-negative {@code int} value, with a capacity fixed at
 * construction: no boxing, no allocation after the constructor, no rehash. The book uses it to find an order's slot by
 * its ITCH order reference number.
 *
 * <p>IMPLEMENTATION NOTES: linear probing over a power-of-two table at most half full, with a Fibonacci
 * (multiply-shift) hash so sequential reference numbers spread out. Deletion shifts the following run back into the
 * hole instead of leaving tombstones, so probe lengths stay bounded however long the map lives (a trading day of adds
 * and deletes would otherwise fill the table with tombstones). Key {@code 0} marks an empty slot; a real key 0 is held
 * aside in its own field.
 */
public final class LongIntHashMap {

    /** Returned by {@link #get} and {@link #remove} when the key is absent. */
    public static final int MISSING = -1;

    private static final long FIBONACCI = 0x9E37_79B9_7F4A_7C15L;

    private final long[] keys;
    private final int[] values;
    private final int mask;
    private final int shift;
    private final int maxEntries;
    private int size;
    private boolean hasZeroKey;
    private int zeroKeyValue;

    /**
     * @param maxEntries the most keys the map will hold, in {@code [1, 2^28]}
     * @throws IllegalArgumentException if {@code maxEntries} is outside {@code [1, 2^28]}
     */
    public LongIntHashMap(int maxEntries) {
        if (maxEntries < 1 || maxEntries > (1 << 28)) {
            throw new IllegalArgumentException("maxEntries must be in [1, 2^28]: " + maxEntries);
        }
        int tableLength = Integer.highestOneBit(maxEntries) << 2;
        if (tableLength < 4) {
            tableLength = 4;
        }
        this.keys = new long[tableLength];
        this.values = new int[tableLength];
        this.mask = tableLength - 1;
        this.shift = 64 - Integer.numberOfTrailingZeros(tableLength);
        this.maxEntries = maxEntries;
    }

    /** @return the number of keys held */
    public int size() {
        return size;
    }

    /** @return the most keys the map will hold */
    public int maxEntries() {
        return maxEntries;
    }

    private int home(long key) {
        return (int) ((key * FIBONACCI) >>> shift);
    }

    /** @return the value for {@code key}, or {@link #MISSING} */
    public int get(long key) {
        if (key == 0) {
            return hasZeroKey ? zeroKeyValue : MISSING;
        }
        final long[] keys = this.keys;
        final int mask = this.mask;
        int slot = home(key);
        long k;
        while ((k = keys[slot]) != 0) {
            if (k == key) {
                return values[slot];
            }
            slot = (slot + 1) & mask;
        }
        return MISSING;
    }

    /**
     * Maps {@code key} to {@code value}, replacing any previous value.
     *
     * @param value a value {@code >= 0}
     * @return {@code false} (and no change) if the key is new and the map already holds {@link #maxEntries()} keys
     */
    public boolean put(long key, int value) {
        if (key == 0) {
            if (!hasZeroKey) {
                if (size == maxEntries) {
                    return false;
                }
                hasZeroKey = true;
                size++;
            }
            zeroKeyValue = value;
            return true;
        }
        final long[] keys = this.keys;
        final int mask = this.mask;
        int slot = home(key);
        long k;
        while ((k = keys[slot]) != 0) {
            if (k == key) {
                values[slot] = value;
                return true;
            }
            slot = (slot + 1) & mask;
        }
        if (size == maxEntries) {
            return false;
        }
        keys[slot] = key;
        values[slot] = value;
        size++;
        return true;
    }

    /** @return the value {@code key} had, or {@link #MISSING} if it was absent */
    public int remove(long key) {
        if (key == 0) {
            if (!hasZeroKey) {
                return MISSING;
            }
            hasZeroKey = false;
            size--;
            return zeroKeyValue;
        }
        final long[] keys = this.keys;
        final int[] values = this.values;
        final int mask = this.mask;
        int slot = home(key);
        long k;
        while ((k = keys[slot]) != key) {
            if (k == 0) {
                return MISSING;
            }
            slot = (slot + 1) & mask;
        }
        final int removed = values[slot];
        size--;
        int hole = slot;
        int next = slot;
        while (true) {
            next = (next + 1) & mask;
            final long moved = keys[next];
            if (moved == 0) {
                break;
            }
            final int movedHome = home(moved);
            final boolean homeInRange =
                    hole <= next ? hole < movedHome && movedHome <= next : hole < movedHome || movedHome <= next;
            if (!homeInRange) {
                keys[hole] = moved;
                values[hole] = values[next];
                hole = next;
            }
        }
        keys[hole] = 0;
        return removed;
    }

    /** Removes every key. */
    public void clear() {
        Arrays.fill(keys, 0L);
        size = 0;
        hasZeroKey = false;
    }

    /**
     * Makes this map hold exactly what {@code source} holds, slot for slot (so lookups probe the same way): a snapshot
     * restored without replaying the puts that built it.
     *
     * @throws IllegalArgumentException when the two were built for different capacities
     */
    public void copyFrom(LongIntHashMap source) {
        if (source.keys.length != keys.length) {
            throw new IllegalArgumentException(
                    "maps of different capacity: " + source.keys.length + " vs " + keys.length);
        }
        System.arraycopy(source.keys, 0, keys, 0, keys.length);
        System.arraycopy(source.values, 0, values, 0, values.length);
        size = source.size;
        hasZeroKey = source.hasZeroKey;
        zeroKeyValue = source.zeroKeyValue;
    }
}
