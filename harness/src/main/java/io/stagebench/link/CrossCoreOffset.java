package io.stagebench.link;

import io.stagebench.clock.Clock;
import io.stagebench.nativeaccess.Affinity;
import java.util.Locale;
import java.util.Optional;

/**
 * How far apart two CPUs' time-stamp counters may be, bounded by a ping-pong: the thread on {@code fromCpu} reads the
 * counter ({@code t1}) and writes a line; the thread on {@code toCpu} sees it, reads its counter ({@code tb}) and
 * answers; the first reads again ({@code t2}) when the answer arrives. The answer was read between the two, so the
 * offset (to minus from) lies in {@code [tb - t2, tb - t1]}; over many rounds the narrowest such interval is kept: its
 * half width is at most half the fastest round trip.
 *
 * <p>Measurement hazard: a handoff stamp compares a tick read on one CPU with a tick read on the other, so it is only
 * as good as this bound. The estimate is not subtracted from the handoff: the bound says how wrong it could be, not by
 * how much it is.
 *
 * @param fromCpu CPU of the feed (publishing) thread
 * @param toCpu CPU of the strategy (consuming) thread
 * @param lowTicks the largest lower bound on the offset (to minus from), ticks
 * @param highTicks the smallest upper bound, ticks
 * @param minRoundTripTicks fastest round trip seen, ticks
 * @param rounds ping-pong rounds
 */
public record CrossCoreOffset(
        int fromCpu, int toCpu, long lowTicks, long highTicks, long minRoundTripTicks, int rounds) {

    /** Rounds measured by default: a short ping-pong beside a fork's start. */
    public static final int DEFAULT_ROUNDS = 50_000;

    /** @return the estimate: the middle of the interval, ticks */
    public double offsetTicks() {
        return (lowTicks + highTicks) / 2.0;
    }

    /** @return the largest offset (either sign) the rounds leave possible, ticks: what a handoff may be off by */
    public long boundTicks() {
        return Math.max(Math.abs(lowTicks), Math.abs(highTicks));
    }

    /**
     * @return e.g. "cross-core offset CPU 0 -> 1: within +-84 ticks (32.1 ns; estimate +3 ticks, round trip >= 160
     *     ticks)"
     */
    public String describe(double ticksPerNs) {
        return String.format(
                Locale.ROOT,
                "cross-core offset CPU %d -> %d: within +-%d ticks (%.1f ns; estimate %+.0f"
                        + " ticks, fastest round trip %d ticks, %d rounds)",
                fromCpu,
                toCpu,
                boundTicks(),
                boundTicks() / ticksPerNs,
                offsetTicks(),
                minRoundTripTicks,
                rounds);
    }

    /**
     * Measures from the calling thread, which must already run on {@code fromCpu}, against a thread it starts and pins
     * to {@code toCpu}.
     *
     * @throws IllegalStateException when the other thread cannot be pinned to {@code toCpu}
     */
    public static CrossCoreOffset measure(Clock clock, int fromCpu, int toCpu, int rounds) throws InterruptedException {
        if (rounds < 1) {
            throw new IllegalArgumentException("rounds must be positive: " + rounds);
        }
        Line line = new Line();
        String[] refused = new String[1];
        Thread answering =
                new Thread(() -> answer(clock, line, toCpu, rounds, refused), "stagebench-offset-cpu" + toCpu);
        answering.setDaemon(true);
        answering.start();
        while (line.ready == 0) {
            Thread.onSpinWait();
        }
        if (refused[0] != null) {
            answering.join();
            throw new IllegalStateException("cannot bound the cross-core offset: " + refused[0]);
        }
        long low = Long.MIN_VALUE;
        long high = Long.MAX_VALUE;
        long minRoundTrip = Long.MAX_VALUE;
        for (int round = 1; round <= rounds; round++) {
            final long t1 = clock.end();
            line.ping = round;
            while (line.pongRound != round) {
                Thread.onSpinWait();
            }
            final long t2 = clock.begin();
            final long tb = line.pongTicks;
            low = Math.max(low, tb - t2);
            high = Math.min(high, tb - t1);
            minRoundTrip = Math.min(minRoundTrip, t2 - t1);
        }
        answering.join();
        return new CrossCoreOffset(fromCpu, toCpu, low, high, minRoundTrip, rounds);
    }

    private static void answer(Clock clock, Line line, int cpu, int rounds, String[] refused) {
        Optional<String> refusal = Affinity.pinCurrentThread(cpu);
        refused[0] = refusal.orElse(null);
        line.ready = 1; // publishes refused[0]
        if (refusal.isPresent()) {
            return;
        }
        for (int round = 1; round <= rounds; round++) {
            while (line.ping != round) {
                Thread.onSpinWait();
            }
            line.pongTicks = clock.end();
            line.pongRound = round;
        }
    }

    /** The cache line both threads write: small enough to share one 64-byte line. */
    private static final class Line {
        volatile int ready;
        volatile long ping;
        volatile long pongTicks;
        volatile long pongRound;
    }
}
