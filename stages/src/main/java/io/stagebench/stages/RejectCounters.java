package io.stagebench.stages;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One counter per {@link RejectReason}, kept in a {@code long[]} indexed by the reason's code so counting a status on
 * the hot path is a bounds-checked array increment.
 */
public final class RejectCounters {

    private final long[] countsByCode = new long[RejectReason.COUNT + 1];

    /**
     * Counts {@code status} if it is a rejection; does nothing for {@link Status#OK} and {@link Status#IGNORED}.
     *
     * @return {@code status}, so a call can wrap a stage call
     */
    public int record(int status) {
        if (status > 0 && status <= RejectReason.COUNT) {
            countsByCode[status]++;
        }
        return status;
    }

    /** Adds {@code count} rejections for {@code reason}. */
    public void add(RejectReason reason, long count) {
        countsByCode[reason.code()] += count;
    }

    /** @return the count for {@code reason} */
    public long count(RejectReason reason) {
        return countsByCode[reason.code()];
    }

    /** @return the sum over all reasons */
    public long total() {
        long total = 0;
        for (int code = 1; code <= RejectReason.COUNT; code++) {
            total += countsByCode[code];
        }
        return total;
    }

    /** Adds every count of {@code other} to this. */
    public void addAll(RejectCounters other) {
        for (int code = 1; code <= RejectReason.COUNT; code++) {
            countsByCode[code] += other.countsByCode[code];
        }
    }

    /** Sets every counter to 0. */
    public void clear() {
        Arrays.fill(countsByCode, 0L);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof RejectCounters counters && Arrays.equals(countsByCode, counters.countsByCode);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(countsByCode);
    }

    @Override
    public String toString() {
        return toMap().toString();
    }

    /** @return every reason, in declaration order, with its count (including 0); not for the hot path */
    public Map<String, Long> toMap() {
        Map<String, Long> map = new LinkedHashMap<>();
        for (RejectReason reason : RejectReason.values()) {
            map.put(reason.label(), countsByCode[reason.code()]);
        }
        return map;
    }
}
