package io.stagebench.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class TickCountsTest {

    @Test
    void shouldRankDeltasAsASortWouldWithOutliersBeyondTheCountedSpan() {
        SplittableRandom random = new SplittableRandom(7);
        for (int trial = 0; trial < 200; trial++) {
            long[] deltas = deltas(random);
            long[] sorted = deltas.clone();
            Arrays.sort(sorted);

            TickCounts counts = TickCounts.of(deltas);

            for (int rank : new int[] {0, (sorted.length - 1) / 2, sorted.length * 9 / 10, sorted.length - 1}) {
                assertEquals(sorted[rank], counts.atRank(rank), "trial " + trial + " rank " + rank);
            }
            assertEquals(sorted[sorted.length - 1], counts.largest());
        }
    }

    @Test
    void shouldGiveTheSameProbeOverheadAsSortingTheDeltas() {
        SplittableRandom random = new SplittableRandom(11);
        for (int trial = 0; trial < 200; trial++) {
            long[] deltas = deltas(random);
            long step = 1 + random.nextInt(30);
            long[] before = deltas.clone();

            ProbeOverhead overhead = ProbeOverhead.fromDeltas(deltas, step);

            assertEquals(sortedOverhead(before, step), overhead, "trial " + trial);
            assertEquals(Arrays.toString(before), Arrays.toString(deltas), "the deltas are left as they were");
        }
    }

    @Test
    void shouldFindTheSameIntervalStepAsCountingEveryLength() {
        SplittableRandom random = new SplittableRandom(13);
        for (int trial = 0; trial < 200; trial++) {
            int step = 1 + random.nextInt(40);
            long[] deltas = new long[500 + random.nextInt(3_000)];
            for (int i = 0; i < deltas.length; i++) {
                deltas[i] = 40 + (long) step * random.nextInt(60);
            }
            for (int i = 0; i < random.nextInt(40); i++) {
                // interrupted intervals, a few far beyond the counted span, and counters that did not advance
                deltas[random.nextInt(deltas.length)] =
                        random.nextBoolean() ? 20_000 + random.nextInt(900_000) : random.nextInt(3) - 1;
            }

            assertEquals(mappedStep(deltas), CounterStep.commonStep(deltas), "trial " + trial + " step " + step);
        }
    }

    @Test
    void shouldRefuseToCountNothing() {
        assertThrows(IllegalArgumentException.class, () -> TickCounts.positive(new long[] {0, -3, 0}));
        assertEquals(1, CounterStep.commonStep(new long[] {0, 0, -1}));
    }

    /** Probe-like deltas: a cluster on a step, a tail, a few negatives and outliers far beyond the counted span. */
    private static long[] deltas(SplittableRandom random) {
        long[] deltas = new long[1 + random.nextInt(5_000)];
        long base = random.nextInt(200) - 20;
        for (int i = 0; i < deltas.length; i++) {
            int roll = random.nextInt(100);
            deltas[i] = roll < 80
                    ? base + 24L * random.nextInt(3) + random.nextInt(2)
                    : roll < 97
                            ? base + random.nextInt(2_000)
                            : base + TickCounts.SPAN_TICKS + random.nextInt(1_000_000);
        }
        return deltas;
    }

    /** The summary as sorting the deltas gave it. */
    private static ProbeOverhead sortedOverhead(long[] deltas, long stepTicks) {
        long[] sorted = deltas.clone();
        Arrays.sort(sorted);
        long min = Math.max(0, sorted[0]);
        long limit = min + Math.max(1, Math.round(1.5 * Math.max(1, stepTicks)));
        long sum = 0;
        int n = 0;
        for (long delta : sorted) {
            if (delta > limit) {
                break;
            }
            sum += Math.max(0, delta);
            n++;
        }
        return new ProbeOverhead(min, Math.max(0, sorted[(sorted.length - 1) / 2]), sorted.length, (double) sum / n);
    }

    /** The interval step as a map of every positive length gave it. */
    private static long mappedStep(long[] deltas) {
        TreeMap<Long, Integer> lengths = new TreeMap<>();
        for (long d : deltas) {
            if (d > 0) {
                lengths.merge(d, 1, Integer::sum);
            }
        }
        if (lengths.size() < 2) {
            return 1;
        }
        long shortest = lengths.firstKey();
        long total = lengths.values().stream().mapToLong(Integer::longValue).sum();
        for (long q = CounterStep.MAX_STEP; q > 1; q--) {
            long divided = 0;
            for (var length : lengths.entrySet()) {
                if ((length.getKey() - shortest) % q == 0) {
                    divided += length.getValue();
                }
            }
            if (divided >= CounterStep.STEP_SHARE * total && lengths.lastKey() - shortest >= q) {
                return q;
            }
        }
        return 1;
    }
}
