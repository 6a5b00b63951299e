package io.stagebench.clock;

/**
 * The cost of one fenced probe: {@code end() - begin()} read back to back, so that nothing but the reads themselves
 * lies between them.
 *
 * <p>The minimum is the pure instruction cost on a counter that ticks every cycle; the median shows how often the probe
 * is slower (interrupts, migrations, cache misses on the stub). Reporting the mean of all pairs would blend those two
 * populations.
 *
 * <p>Measurement hazard - a coarse counter dithers the minimum. When the counter advances in steps of several ticks (as
 * under a hypervisor), a probe that truly costs C ticks reads as the step multiple just below or just above C,
 * depending on where the start falls between steps; the minimum is then C rounded <em>down</em>, up to a whole step
 * low, and subtracting it leaves up to a step of probe in every interval. The runner therefore subtracts
 * {@link #baselineTicks()}: the mean of the pairs within 1.5 steps of the minimum. Those pairs are the
 * interference-free cluster, and averaging a dithered quantity over random phases recovers C. On a counter with a
 * one-tick step the baseline is the minimum to within a tick.
 *
 * @param minTicks smallest back-to-back difference
 * @param medianTicks median back-to-back difference
 * @param pairs number of pairs read
 * @param baselineTicks mean of the pairs within 1.5 counter steps of the minimum: what is subtracted
 */
public record ProbeOverhead(long minTicks, long medianTicks, int pairs, double baselineTicks) {

    /** An overhead whose baseline is its minimum (a counter with a one-tick step). */
    public ProbeOverhead(long minTicks, long medianTicks, int pairs) {
        this(minTicks, medianTicks, pairs, minTicks);
    }

    /** @return the ticks the runner subtracts from every stage delta (the baseline; the minimum for old results) */
    public double subtractedTicks() {
        return baselineTicks > 0 ? baselineTicks : minTicks;
    }

    /** Default number of pairs: ten times the reference's minimum of 100 000. */
    public static final int DEFAULT_PAIRS = 1_000_000;
    /** Fewest pairs accepted. */
    public static final int MIN_PAIRS = 100_000;

    /** Most rounds {@link #measureSettled} takes. */
    public static final int MAX_SETTLE_ROUNDS = 6;

    /** Zero overhead, for tests and synthetic runs. */
    public static final ProbeOverhead NONE = new ProbeOverhead(0, 0, 0);

    /**
     * Measures {@code pairs} back-to-back fenced begin/end reads. Allocates one {@code long[pairs]} before the loop;
     * the loop itself stores one value per pair.
     */
    public static ProbeOverhead measure(Clock clock, int pairs) {
        return measure(clock, pairs, 1);
    }

    /**
     * Measures {@code pairs} back-to-back fenced reads on a counter whose step is {@code stepTicks} (see
     * {@link CounterStep}).
     */
    public static ProbeOverhead measure(Clock clock, int pairs, long stepTicks) {
        if (pairs < 1) {
            throw new IllegalArgumentException("probe pairs must be at least 1, got " + pairs);
        }
        long[] deltas = new long[pairs]; // zeroed, so touched, before the loop
        for (int i = 0; i < pairs; i++) {
            long start = clock.begin();
            long end = clock.end();
            deltas[i] = end - start;
        }
        return fromDeltas(deltas, stepTicks);
    }

    /**
     * Measures in rounds until the minimum stops improving, letting the JIT settle between rounds. One round is not
     * enough on a busy machine: when the compiler threads are starved the first round runs in tier-1 code and its
     * minimum is a tier-1 probe, not the probe the measured loop will use.
     *
     * @param settle run between rounds (waits for the JIT to go quiet)
     * @param maxRounds at most this many rounds
     * @return the round with the lowest minimum
     */
    public static ProbeOverhead measureSettled(Clock clock, int pairs, long stepTicks, Runnable settle, int maxRounds) {
        ProbeOverhead best = measure(clock, pairs, stepTicks);
        for (int round = 1; round < maxRounds; round++) {
            settle.run();
            ProbeOverhead next = measure(clock, pairs, stepTicks);
            if (next.minTicks() >= best.minTicks()) {
                return best.minTicks() == next.minTicks() && next.medianTicks() < best.medianTicks() ? next : best;
            }
            best = next;
        }
        return best;
    }

    /** Builds the summary from measured deltas of a one-tick-step counter (the array is left as it is). */
    public static ProbeOverhead fromDeltas(long[] deltas) {
        return fromDeltas(deltas, 1);
    }

    /**
     * Builds the summary from measured deltas of a counter with the given step (the array is left as it is): the
     * minimum, the median and the baseline, as a sort would give them, from the deltas counted ({@link TickCounts}).
     */
    public static ProbeOverhead fromDeltas(long[] deltas, long stepTicks) {
        if (deltas.length == 0) {
            throw new IllegalArgumentException("no probe deltas");
        }
        TickCounts counts = TickCounts.of(deltas);
        long min = Math.max(0, counts.smallest());
        long limit = min + Math.max(1, Math.round(1.5 * Math.max(1, stepTicks)));
        long[] cluster = counts.countAndSumUpTo(limit);
        return new ProbeOverhead(
                min,
                Math.max(0, counts.atRank((deltas.length - 1) / 2)),
                deltas.length,
                (double) cluster[1] / cluster[0]);
    }
}
