package io.stagebench.clock;

import java.util.Arrays;
import java.util.function.LongSupplier;

/**
 * Ticks per nanosecond of a {@link Clock}, measured against CLOCK_MONOTONIC
 * ({@code System.nanoTime()}) over a sleep of at least 200 ms, repeated to show its spread.
 *
 * <p>Each round reads monotonic, then the fenced counter, sleeps, then reads the fenced
 * counter and monotonic again: the two monotonic reads bracket the counter reads, so the
 * error of one round is bounded by the cost of a read pair (~50 ns) over the interval
 * (200 ms gives ~2.5e-7). The reported factor is the median of the rounds; it is used
 * only offline, never in a measured loop.
 *
 * @param ticksPerNs     median over rounds
 * @param minTicksPerNs  smallest round
 * @param maxTicksPerNs  largest round
 * @param rounds         number of rounds
 * @param intervalNs     requested length of one round
 */
public record Calibration(double ticksPerNs, double minTicksPerNs, double maxTicksPerNs, int rounds, long intervalNs) {

    /** Shortest calibration interval accepted: the reference's 200 ms. */
    public static final long MIN_INTERVAL_MS = 200;
    /** Longest calibration interval accepted. */
    public static final long MAX_INTERVAL_MS = 10_000;
    /** Default calibration interval. */
    public static final long DEFAULT_INTERVAL_MS = 200;
    /** Default number of rounds. */
    public static final int DEFAULT_ROUNDS = 3;

    /** Sleeps for a number of nanoseconds; replaced by tests that script time. */
    @FunctionalInterface
    public interface Sleeper {
        void sleepNs(long ns) throws InterruptedException;
    }

    /** The identity calibration of a clock whose ticks are nanoseconds. */
    public static Calibration identity() {
        return new Calibration(1.0, 1.0, 1.0, 0, 0);
    }

    /** Calibrates {@code clock} against {@code System.nanoTime()} with real sleeps. */
    public static Calibration measure(Clock clock, long intervalMs, int rounds) {
        if (!clock.binding().isNative()) {
            return identity();
        }
        return measure(clock, System::nanoTime, ns -> Thread.sleep(ns / 1_000_000, (int) (ns % 1_000_000)),
                intervalMs, rounds);
    }

    /**
     * Calibrates with an injected monotonic source and sleeper (tests script both).
     *
     * @throws IllegalArgumentException when {@code intervalMs} is outside
     *         [{@value #MIN_INTERVAL_MS}, {@value #MAX_INTERVAL_MS}] or {@code rounds < 1}
     */
    public static Calibration measure(Clock clock, LongSupplier monotonicNs, Sleeper sleeper, long intervalMs, int rounds) {
        checkInterval(intervalMs);
        if (rounds < 1) {
            throw new IllegalArgumentException("calibration rounds must be at least 1, got " + rounds);
        }
        long intervalNs = intervalMs * 1_000_000L;
        double[] ratios = new double[rounds];
        for (int i = 0; i < rounds; i++) {
            long wallStartNs = monotonicNs.getAsLong();
            long startTicks = clock.begin();
            try {
                sleeper.sleepNs(intervalNs);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("calibration interrupted", e);
            }
            long endTicks = clock.end();
            long wallEndNs = monotonicNs.getAsLong();
            long elapsedNs = wallEndNs - wallStartNs;
            if (elapsedNs <= 0 || endTicks <= startTicks) {
                throw new IllegalStateException("calibration saw a counter or monotonic clock that did not advance ("
                        + (endTicks - startTicks) + " ticks in " + elapsedNs + " ns)");
            }
            ratios[i] = (double) (endTicks - startTicks) / elapsedNs;
        }
        Arrays.sort(ratios);
        double median = rounds % 2 == 1
                ? ratios[rounds / 2]
                : (ratios[rounds / 2 - 1] + ratios[rounds / 2]) / 2.0;
        return new Calibration(median, ratios[0], ratios[rounds - 1], rounds, intervalNs);
    }

    /**
     * @throws IllegalArgumentException "calibration length N ms is out of range [200, 10000] ms"
     */
    public static void checkInterval(long intervalMs) {
        if (intervalMs < MIN_INTERVAL_MS || intervalMs > MAX_INTERVAL_MS) {
            throw new IllegalArgumentException("calibration length " + intervalMs + " ms is out of range ["
                    + MIN_INTERVAL_MS + ", " + MAX_INTERVAL_MS + "] ms");
        }
    }

    /** @return counter frequency in MHz */
    public double mhz() {
        return ticksPerNs * 1000.0;
    }

    /** @return nanoseconds per tick */
    public double nsPerTick() {
        return 1.0 / ticksPerNs;
    }

    /** @return (max - min) / median over the rounds: the calibration's own repeatability */
    public double relativeSpread() {
        return ticksPerNs == 0 ? 0 : (maxTicksPerNs - minTicksPerNs) / ticksPerNs;
    }

    /** @return ticks converted to nanoseconds */
    public double toNs(double ticks) {
        return ticks / ticksPerNs;
    }
}
