package io.stagebench.clock;

import java.util.Arrays;
import java.util.function.LongSupplier;

/**
 * Ticks per nanosecond of a {@link Clock}, measured against CLOCK_MONOTONIC ({@code System.nanoTime()}) over at least
 * 200 ms - a sleep, or the caller's own work and what is left of the interval as a sleep ({@link #open}) - repeated to
 * show its spread.
 *
 * <p>Each round reads monotonic, then the fenced counter, sleeps, then reads the fenced counter and monotonic again:
 * the two monotonic reads bracket the counter reads, so the error of one round is bounded by the cost of a read pair
 * (tens of ns) over the interval (a part in a few million at 200 ms). The reported factor is the median of the rounds;
 * it is used only offline, never in a measured loop.
 *
 * @param ticksPerNs median over rounds
 * @param minTicksPerNs smallest round
 * @param maxTicksPerNs largest round
 * @param rounds number of rounds
 * @param intervalNs requested length of one round
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
        return measure(
                clock,
                System::nanoTime,
                ns -> Thread.sleep(ns / 1_000_000, (int) (ns % 1_000_000)),
                intervalMs,
                rounds);
    }

    /**
     * Calibrates with an injected monotonic source and sleeper (tests script both).
     *
     * @throws IllegalArgumentException when {@code intervalMs} is outside [{@value #MIN_INTERVAL_MS},
     *     {@value #MAX_INTERVAL_MS}] or {@code rounds < 1}
     */
    public static Calibration measure(
            Clock clock, LongSupplier monotonicNs, Sleeper sleeper, long intervalMs, int rounds) {
        checkInterval(intervalMs);
        checkRounds(rounds);
        long intervalNs = intervalMs * 1_000_000L;
        double[] ratios = new double[rounds];
        for (int i = 0; i < rounds; i++) {
            ratios[i] = sleptRound(clock, monotonicNs, sleeper, intervalNs);
        }
        return summary(ratios, intervalNs);
    }

    /** @return ticks per ns of one round that sleeps its whole interval between its two read pairs */
    private static double sleptRound(Clock clock, LongSupplier monotonicNs, Sleeper sleeper, long intervalNs) {
        long wallStartNs = monotonicNs.getAsLong();
        long startTicks = clock.begin();
        sleep(sleeper, intervalNs);
        return ratio(clock, monotonicNs, wallStartNs, startTicks);
    }

    /** @return ticks per ns since {@code wallStartNs} and {@code startTicks}: the round's closing read pair */
    private static double ratio(Clock clock, LongSupplier monotonicNs, long wallStartNs, long startTicks) {
        long endTicks = clock.end();
        long wallEndNs = monotonicNs.getAsLong();
        return ratio(startTicks, endTicks, wallEndNs - wallStartNs);
    }

    /** @return ticks per ns of {@code startTicks .. endTicks} over {@code elapsedNs} */
    private static double ratio(long startTicks, long endTicks, long elapsedNs) {
        if (elapsedNs <= 0 || endTicks <= startTicks) {
            throw new IllegalStateException("calibration saw a counter or monotonic clock that did not advance ("
                    + (endTicks - startTicks) + " ticks in " + elapsedNs + " ns)");
        }
        return (double) (endTicks - startTicks) / elapsedNs;
    }

    private static void sleep(Sleeper sleeper, long ns) {
        try {
            sleeper.sleepNs(ns);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("calibration interrupted", e);
        }
    }

    /**
     * Opens a calibration's first round now, for {@link Window#close} to end at least its interval later: what the
     * caller does in between on the same thread - a fork's probe warm-up, counter step and probe overhead - takes the
     * place of the round's sleep, which then only makes up what is left of the interval. The round is as exact as a
     * sleeping one: its error is two read pairs over the interval, whatever ran between them.
     */
    public static Window open(Clock clock) {
        return new Window(clock, System::nanoTime);
    }

    /** A calibration round begun: monotonic, then the fenced counter, read now. */
    public static final class Window {
        private final Clock clock;
        private final LongSupplier monotonicNs;
        private final long wallStartNs;
        private final long startTicks;

        /** Opens a round on an injected monotonic source (tests script it). */
        Window(Clock clock, LongSupplier monotonicNs) {
            this.clock = clock;
            this.monotonicNs = monotonicNs;
            this.wallStartNs = monotonicNs.getAsLong();
            this.startTicks = clock.begin();
        }

        /**
         * Reads the rate since this round opened, once at least {@code minMs} have passed (sleeping what is left),
         * without ending the round: {@link #close} may still follow, over the same start.
         */
        public RateCheck check(long minMs) {
            return check(ns -> Thread.sleep(ns / 1_000_000, (int) (ns % 1_000_000)), minMs);
        }

        /** {@link #check(long)} with an injected sleeper (tests script it and the monotonic source). */
        RateCheck check(Sleeper sleeper, long minMs) {
            long left = minMs * 1_000_000L - (monotonicNs.getAsLong() - wallStartNs);
            if (left > 0) {
                sleep(sleeper, left);
            }
            long endTicks = clock.end();
            long elapsedNs = monotonicNs.getAsLong() - wallStartNs;
            return new RateCheck(ratio(startTicks, endTicks, elapsedNs), elapsedNs);
        }

        /**
         * Ends this round once {@code intervalMs} have passed since it opened (sleeping what is left), then measures
         * {@code rounds - 1} more rounds as {@link #measure} does.
         *
         * @return the calibration over all {@code rounds}; identity for a clock whose ticks are nanoseconds
         * @throws IllegalArgumentException when {@code intervalMs} is out of range or {@code rounds < 1}
         */
        public Calibration close(long intervalMs, int rounds) {
            return close(ns -> Thread.sleep(ns / 1_000_000, (int) (ns % 1_000_000)), intervalMs, rounds);
        }

        /** {@link #close(long, int)} with an injected sleeper (tests script it and the monotonic source). */
        Calibration close(Sleeper sleeper, long intervalMs, int rounds) {
            checkInterval(intervalMs);
            checkRounds(rounds);
            if (!clock.binding().isNative()) {
                return identity();
            }
            long intervalNs = intervalMs * 1_000_000L;
            double[] ratios = new double[rounds];
            long left = intervalNs - (monotonicNs.getAsLong() - wallStartNs);
            if (left > 0) {
                sleep(sleeper, left);
            }
            ratios[0] = ratio(clock, monotonicNs, wallStartNs, startTicks);
            for (int i = 1; i < rounds; i++) {
                ratios[i] = sleptRound(clock, monotonicNs, sleeper, intervalNs);
            }
            return summary(ratios, intervalNs);
        }
    }

    private static void checkRounds(int rounds) {
        if (rounds < 1) {
            throw new IllegalArgumentException("calibration rounds must be at least 1, got " + rounds);
        }
    }

    private static Calibration summary(double[] ratios, long intervalNs) {
        int rounds = ratios.length;
        Arrays.sort(ratios);
        double median = rounds % 2 == 1 ? ratios[rounds / 2] : (ratios[rounds / 2 - 1] + ratios[rounds / 2]) / 2.0;
        return new Calibration(median, ratios[0], ratios[rounds - 1], rounds, intervalNs);
    }

    /** @throws IllegalArgumentException "calibration length N ms is out of range [200, 10000] ms" */
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
