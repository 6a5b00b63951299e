package io.stagebench.api;

import io.stagebench.clock.Calibration;
import io.stagebench.clock.Clock;
import io.stagebench.nativeaccess.RealtimeClock;

/**
 * Maps the kernel's clock onto the fork's counter: a timestamp the kernel gave in CLOCK_REALTIME nanoseconds (a
 * socket's receive or transmit stamp) becomes counter ticks, comparable with the stamps of the stages. A benchmark
 * receives one by declaring it in its {@link Setup} method; the fork then reports how far a mapped stamp may be off,
 * beside the cross-core offset's bound.
 *
 * <p>The mapping is <b>local</b>: the benchmark reads both clocks together ({@link #anchorNow()}: a wall-clock read
 * between two counter reads) next to the boundary a kernel stamp pairs with - just after {@code recvmsg} returned, just
 * before {@code send} - and maps the stamp from there ({@link #ticksAt(long)}), a few microseconds away. The kernel's
 * clock is slewed by NTP and its rate against the counter drifts by microseconds over a second; across a few
 * microseconds it does not matter, so the error is where the wall-clock read lies in its bracket (half the bracket)
 * plus the rate's uncertainty over the span mapped. A bracket an interrupt widened is read again.
 *
 * <p>Costs the boundary one wall-clock read (the vDSO's, no system call) and two counter reads, inside the stage it
 * ends or starts; allocates nothing.
 */
public final class WallClock {

    /** Brackets read at setup to find how narrow one can be. */
    private static final int SETUP_ROUNDS = 20_000;
    /** Time between the setup's two anchors, whose rate the mapping runs at. */
    private static final long RATE_INTERVAL_NS = 100_000_000L;
    /** Reads of a bracket wider than {@link #acceptTicks} before one is taken as it is. */
    private static final int TRIES = 4;

    private final Clock clock;
    private final RealtimeClock realtime = new RealtimeClock();
    private final double ticksPerNs;
    private final double rateUncertainty;
    private final long acceptTicks;
    private long anchorTicks;
    private long anchorNs;
    private long widestHalfTicks;
    private long longestSpanNs;
    private long anchors;
    private String stamps = "";

    private WallClock(Clock clock, double ticksPerNs, double rateUncertainty, long acceptTicks) {
        this.clock = clock;
        this.ticksPerNs = ticksPerNs;
        this.rateUncertainty = rateUncertainty;
        this.acceptTicks = acceptTicks;
    }

    /**
     * The runner's side: finds the narrowest bracket and the two clocks' rate (two anchors a tenth of a second apart),
     * and how far that rate is from the counter's calibrated one, which the bound takes as the rate's uncertainty.
     */
    public static WallClock measure(Clock clock, Calibration calibration) {
        RealtimeClock realtime = new RealtimeClock();
        long[] first = narrowest(clock, realtime);
        long startNs = first[1];
        while (realtime.nowNs() - startNs < RATE_INTERVAL_NS) {
            Thread.onSpinWait();
        }
        long[] second = narrowest(clock, realtime);
        double rate = (double) (second[0] - first[0]) / (second[1] - first[1]);
        double uncertainty = Math.max(
                Math.abs(rate - calibration.ticksPerNs()) / calibration.ticksPerNs(), calibration.relativeSpread());
        long width = Math.max(first[2], second[2]);
        return new WallClock(clock, rate, uncertainty, Math.max(4 * width, 200));
    }

    /** @return {middle ticks, wall ns, width ticks} of the narrowest of {@value #SETUP_ROUNDS} brackets */
    private static long[] narrowest(Clock clock, RealtimeClock realtime) {
        long[] best = {0, 0, Long.MAX_VALUE};
        for (int i = 0; i < SETUP_ROUNDS; i++) {
            long before = clock.end();
            long ns = realtime.nowNs();
            long after = clock.begin();
            if (after - before >= 0 && after - before < best[2]) {
                best[0] = before + (after - before) / 2;
                best[1] = ns;
                best[2] = after - before;
            }
        }
        return best;
    }

    /**
     * Reads the kernel's clock between two counter reads and keeps the pair as the anchor {@link #ticksAt(long)} maps
     * from; a bracket wider than a few narrow ones (an interrupt inside) is read again, a few times at most.
     *
     * @return the counter's ticks after the bracket: a boundary a stage may end at
     */
    public long anchorNow() {
        long before;
        long ns;
        long after;
        int tries = 0;
        do {
            before = clock.end();
            ns = realtime.nowNs();
            after = clock.begin();
        } while (after - before > acceptTicks && ++tries < TRIES);
        long half = (after - before + 1) / 2;
        anchorTicks = before + half;
        anchorNs = ns;
        widestHalfTicks = Math.max(widestHalfTicks, half);
        anchors++;
        return after;
    }

    /**
     * @param realtimeNs a CLOCK_REALTIME instant in ns since the epoch (a kernel timestamp), close to the last
     *     {@link #anchorNow()}
     * @return the counter's ticks at that instant
     */
    public long ticksAt(long realtimeNs) {
        long spanNs = Math.abs(realtimeNs - anchorNs);
        longestSpanNs = Math.max(longestSpanNs, spanNs);
        return anchorTicks + (long) ((realtimeNs - anchorNs) * ticksPerNs);
    }

    /**
     * The runner's side: forgets the widest bracket and the longest span so far, before a measured pass, so that the
     * bound is the measured passes' and not the warm-up's (whose first, interpreted reads are slow).
     */
    public void resetBound() {
        widestHalfTicks = 0;
        longestSpanNs = 0;
        anchors = 0;
    }

    /** @return how far a mapped stamp may be from the counter's reading of the same instant, ticks */
    public long boundTicks() {
        return widestHalfTicks + rateErrorTicks();
    }

    /** @return the widest bracket's half width of every anchor, ticks */
    public long anchorHalfWidthTicks() {
        return widestHalfTicks;
    }

    /** @return the rate's uncertainty over the longest span mapped, ticks */
    public long rateErrorTicks() {
        return (long) Math.ceil(longestSpanNs * ticksPerNs * rateUncertainty);
    }

    /** @return the longest span a stamp was mapped across, ns */
    public long longestSpanNs() {
        return longestSpanNs;
    }

    /**
     * Says which stamps the benchmark maps, for the report: software or hardware, and what the device offers (e.g.
     * {@code "software stamps; lo: software stamps only"}).
     */
    public void stamps(String which) {
        stamps = which;
    }

    /** @return which stamps the benchmark said it maps; empty when it did not say */
    public String stamps() {
        return stamps;
    }

    /** @return anchors read */
    public long anchors() {
        return anchors;
    }
}
