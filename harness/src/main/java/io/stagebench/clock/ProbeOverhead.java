package io.stagebench.clock;

import java.util.Arrays;

/**
 * The cost of one fenced probe: {@code end() - begin()} read back to back, so that nothing
 * but the reads themselves lies between them.
 *
 * <p>The minimum is the pure instruction cost and is what the runner subtracts from every
 * interval; the median shows how often the probe is slower (interrupts, migrations,
 * cache misses on the stub). Reporting the mean would blend those two populations.
 *
 * @param minTicks    smallest back-to-back difference
 * @param medianTicks median back-to-back difference
 * @param pairs       number of pairs read
 */
public record ProbeOverhead(long minTicks, long medianTicks, int pairs) {

    /** Default number of pairs: ten times the reference's minimum of 100 000. */
    public static final int DEFAULT_PAIRS = 1_000_000;
    /** Fewest pairs accepted. */
    public static final int MIN_PAIRS = 100_000;

    /** Most rounds {@link #measureSettled} takes. */
    public static final int MAX_SETTLE_ROUNDS = 6;

    /** Zero overhead, for tests and synthetic runs. */
    public static final ProbeOverhead NONE = new ProbeOverhead(0, 0, 0);

    /**
     * Measures {@code pairs} back-to-back fenced begin/end reads. Allocates one
     * {@code long[pairs]} before the loop; the loop itself stores one value per pair.
     */
    public static ProbeOverhead measure(Clock clock, int pairs) {
        if (pairs < 1) {
            throw new IllegalArgumentException("probe pairs must be at least 1, got " + pairs);
        }
        long[] deltas = new long[pairs];
        Arrays.fill(deltas, 0L); // pre-touch
        for (int i = 0; i < pairs; i++) {
            long start = clock.begin();
            long end = clock.end();
            deltas[i] = end - start;
        }
        return fromDeltas(deltas);
    }

    /**
     * Measures in rounds until the minimum stops improving, letting the JIT settle between
     * rounds. One round is not enough on a busy machine: when the compiler threads are
     * starved the first round runs in tier-1 code and its minimum is a tier-1 probe, not
     * the probe the measured loop will use.
     *
     * @param settle    run between rounds (waits for the JIT to go quiet)
     * @param maxRounds at most this many rounds
     * @return the round with the lowest minimum
     */
    public static ProbeOverhead measureSettled(Clock clock, int pairs, Runnable settle, int maxRounds) {
        ProbeOverhead best = measure(clock, pairs);
        for (int round = 1; round < maxRounds; round++) {
            settle.run();
            ProbeOverhead next = measure(clock, pairs);
            if (next.minTicks() >= best.minTicks()) {
                return best.minTicks() == next.minTicks() && next.medianTicks() < best.medianTicks() ? next : best;
            }
            best = next;
        }
        return best;
    }

    /** Builds the summary from measured deltas (sorts the array in place). */
    public static ProbeOverhead fromDeltas(long[] deltas) {
        if (deltas.length == 0) {
            throw new IllegalArgumentException("no probe deltas");
        }
        Arrays.sort(deltas);
        return new ProbeOverhead(Math.max(0, deltas[0]), Math.max(0, deltas[(deltas.length - 1) / 2]), deltas.length);
    }
}
