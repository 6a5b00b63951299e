package io.stagebench.link;

import io.stagebench.api.WallClock;
import java.util.Locale;

/**
 * How far a kernel timestamp mapped onto the counter ({@link WallClock}) may be from the counter's reading of the same
 * instant, as a fork measured it: every stage that starts or ends at a kernel stamp is uncertain by that much.
 *
 * @param boundTicks the bound: {@code anchorHalfWidthTicks + rateErrorTicks}
 * @param anchorHalfWidthTicks the widest anchor's half width: how well a wall-clock read was placed on the counter
 * @param rateErrorTicks the two clocks' rate uncertainty over the longest span a stamp was mapped across
 * @param longestSpanNs that span, ns
 * @param anchors anchors read
 * @param stamps which kernel stamps the benchmark mapped, as it said ({@link WallClock#stamps(String)}); empty if not
 */
public record WallClockBound(
        long boundTicks,
        long anchorHalfWidthTicks,
        long rateErrorTicks,
        long longestSpanNs,
        long anchors,
        String stamps) {

    public WallClockBound {
        stamps = stamps == null ? "" : stamps;
    }

    /** @return the bound a fork's wall clock reached */
    public static WallClockBound of(WallClock wall) {
        return new WallClockBound(
                wall.boundTicks(),
                wall.anchorHalfWidthTicks(),
                wall.rateErrorTicks(),
                wall.longestSpanNs(),
                wall.anchors(),
                wall.stamps());
    }

    /** @return the bound of both figures' passes: the wider of each part, the anchors of both */
    public WallClockBound with(WallClockBound other) {
        return other == null
                ? this
                : new WallClockBound(
                        Math.max(boundTicks, other.boundTicks),
                        Math.max(anchorHalfWidthTicks, other.anchorHalfWidthTicks),
                        Math.max(rateErrorTicks, other.rateErrorTicks),
                        Math.max(longestSpanNs, other.longestSpanNs),
                        anchors + other.anchors,
                        stamps);
    }

    /** @return e.g. "within +-31 ns (bracket +-30 ns, rate +-1 ns over spans up to 12.1 us; 80,000 anchors)" */
    public String describe(double ticksPerNs) {
        return String.format(
                Locale.ROOT,
                "within +-%.0f ns (bracket +-%.0f ns, rate +-%.0f ns over spans up to %.1f us; %,d anchors)",
                boundTicks / ticksPerNs,
                anchorHalfWidthTicks / ticksPerNs,
                rateErrorTicks / ticksPerNs,
                longestSpanNs / 1_000.0,
                anchors);
    }
}
