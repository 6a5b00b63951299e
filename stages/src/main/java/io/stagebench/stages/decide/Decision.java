package io.stagebench.stages.decide;

/**
 * The order a strategy wants to send, reused for every decision (the strategy overwrites it, the encoder reads it), so
 * deciding allocates nothing. Valid only after a {@code decide} call returned {@code true}.
 */
public final class Decision {

    /** Time in force: immediate or cancel (OUCH 4.2 value 0). */
    public static final int TIME_IN_FORCE_IOC = 0;
    /** Time in force: until the end of market hours (OUCH 4.2 value 99998). */
    public static final int TIME_IN_FORCE_MARKET_HOURS = 99_998;

    /** Stock locate the decision is for. */
    public int locate;
    /** Packed 8-byte stock symbol (see {@link io.stagebench.stages.Alpha}). */
    public long stock;
    /** {@code 'B'} buy or {@code 'S'} sell. */
    public byte side;
    /** Limit price, 4 implied decimals. */
    public long priceE4;
    /** Shares, a multiple of the instrument's round lot. */
    public int shares;
    /** OUCH time in force in seconds, or one of the special values above. */
    public int timeInForce;
    /** ITCH timestamp (ns since midnight) of the market-data message that triggered it. */
    public long triggerTimestampNs;
}
