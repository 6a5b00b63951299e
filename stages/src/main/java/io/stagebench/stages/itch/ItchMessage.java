package io.stagebench.stages.itch;

import io.stagebench.stages.Alpha;

/**
 * One decoded ITCH 5.0 message, reused for every message: {@link ItchParser} overwrites its fields in place, so
 * decoding allocates nothing. Fields a message type does not carry keep whatever the previous message left; read only
 * the fields listed for the current {@link #messageType}.
 *
 * <table>
 *   <caption>Fields set per message type (plus the header: type, locate, tracking, timestamp)</caption>
 *   <tr><th>type</th><th>fields</th></tr>
 *   <tr><td>S</td><td>eventCode</td></tr>
 *   <tr><td>R</td><td>stock, marketCategory … inverseIndicator (the directory fields)</td></tr>
 *   <tr><td>A</td><td>orderReferenceNumber, side, shares, stock, priceE4</td></tr>
 *   <tr><td>F</td><td>as A, plus attribution</td></tr>
 *   <tr><td>E</td><td>orderReferenceNumber, shares (executed), matchNumber</td></tr>
 *   <tr><td>C</td><td>as E, plus printable, priceE4 (execution price)</td></tr>
 *   <tr><td>X</td><td>orderReferenceNumber, shares (cancelled)</td></tr>
 *   <tr><td>D</td><td>orderReferenceNumber</td></tr>
 *   <tr><td>U</td><td>orderReferenceNumber (original), newOrderReferenceNumber, shares, priceE4</td></tr>
 *   <tr><td>P</td><td>orderReferenceNumber, side, shares, stock, priceE4, matchNumber</td></tr>
 * </table>
 *
 * <p>Unsigned 4-byte fields (shares, prices) are held in a {@code long} so every value the wire can carry is
 * represented exactly; the book rejects out-of-range values.
 */
public final class ItchMessage {

    /** Message type byte ({@code 'A'}, {@code 'E'}, …). */
    public byte messageType;
    /** Stock locate code, {@code [0, 65535]}. */
    public int stockLocate;
    /** Tracking number, {@code [0, 65535]}. */
    public int trackingNumber;
    /** Nanoseconds since midnight, {@code [0, 2^48)}. */
    public long timestampNs;

    /** Order reference number (for U: the original order). */
    public long orderReferenceNumber;
    /** U: the new order reference number. */
    public long newOrderReferenceNumber;
    /** A, F, P: {@code 'B'} or {@code 'S'} as on the wire. */
    public byte side;
    /** A, F, P: shares; E, C: executed shares; X: cancelled shares; U: new shares. Unsigned 32-bit. */
    public long shares;
    /** A, F, P: price; U: new price; C: execution price. Price(4): 4 implied decimals. */
    public long priceE4;
    /** E, C, P: match number. */
    public long matchNumber;
    /** R, A, F, P: the 8-byte stock symbol packed big-endian (see {@link Alpha}). */
    public long stock;
    /** F: the 4-byte MPID packed big-endian. */
    public int attribution;
    /** C: {@code 'Y'} or {@code 'N'}. */
    public byte printable;
    /** S: the system event code. */
    public byte eventCode;

    /** R: market category. */
    public byte marketCategory;
    /** R: financial status indicator. */
    public byte financialStatusIndicator;
    /** R: round lot size in shares. */
    public long roundLotSize;
    /** R: {@code 'Y'} or {@code 'N'}. */
    public byte roundLotsOnly;
    /** R: issue classification. */
    public byte issueClassification;
    /** R: issue sub-type, two ASCII characters packed big-endian. */
    public short issueSubType;
    /** R: {@code 'P'} (live/production) or {@code 'T'} (test). */
    public byte authenticity;
    /** R: short sale threshold indicator. */
    public byte shortSaleThresholdIndicator;
    /** R: IPO flag. */
    public byte ipoFlag;
    /** R: LULD reference price tier. */
    public byte luldReferencePriceTier;
    /** R: ETP flag. */
    public byte etpFlag;
    /** R: ETP leverage factor. */
    public long etpLeverageFactor;
    /** R: inverse indicator. */
    public byte inverseIndicator;

    /** @return the stock symbol as text (not for the hot path) */
    public String stockSymbol() {
        return Alpha.unpackStock(stock);
    }
}
