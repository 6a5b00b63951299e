package io.stagebench.stages.ouch;

import static io.stagebench.stages.BigEndian.putU32;
import static io.stagebench.stages.BigEndian.putU64;
import static io.stagebench.stages.BigEndian.putU8;

import io.stagebench.stages.Alpha;
import io.stagebench.stages.decide.Decision;
import io.stagebench.stages.ouch.OuchLayout.EnterOrder;
import java.lang.foreign.MemorySegment;

/**
 * The encode stage: writes an OUCH 4.2 Enter Order for a {@link Decision} into a caller's
 * preallocated buffer.
 *
 * <p>Order tokens are the configured prefix followed by a zero-padded decimal sequence number
 * filling the rest of the 14 bytes (prefix {@code "SB"}, order 42 gives
 * {@code "SB000000000042"}), written digit by digit into the buffer: no {@code String}, no
 * allocation. Sequence numbers start at 1 and wrap after the largest number the digits hold.
 * Display, capacity, intermarket sweep, minimum quantity, cross type and customer type are
 * fixed per encoder (one session's settings).
 */
public final class OuchEncoder {

    /** Longest token prefix; the rest of the 14 bytes hold the sequence number. */
    public static final int MAX_TOKEN_PREFIX_LENGTH = 6;

    private static final long SPACES = 0x2020_2020_2020_2020L;

    private final byte[] tokenPrefix;
    private final int tokenDigits;
    private final long tokenModulus;
    private final int firm;
    private final byte capacity;
    private long nextTokenSequence = 1;

    /** Back to order token 1, as constructed: a benchmark's rewind between passes. */
    public void reset() {
        nextTokenSequence = 1;
    }

    /**
     * Creates an encoder with prefix {@code "SB"}, firm {@code "SBNC"} and agency capacity.
     */
    public OuchEncoder() {
        this("SB", "SBNC", (byte) 'A');
    }

    /**
     * @param tokenPrefix printable ASCII, at most {@value #MAX_TOKEN_PREFIX_LENGTH} characters
     * @param firm        the 4-character firm identifier (shorter is space-padded)
     * @param capacity    {@code 'A'}, {@code 'P'}, {@code 'R'} or {@code 'O'}
     * @throws IllegalArgumentException if a parameter is out of range
     */
    public OuchEncoder(String tokenPrefix, String firm, byte capacity) {
        if (tokenPrefix.length() > MAX_TOKEN_PREFIX_LENGTH || !tokenPrefix.chars().allMatch(c -> c > 0x20 && c < 0x7F)) {
            throw new IllegalArgumentException("token prefix must be at most " + MAX_TOKEN_PREFIX_LENGTH
                    + " printable ASCII characters: '" + tokenPrefix + "'");
        }
        if (capacity != 'A' && capacity != 'P' && capacity != 'R' && capacity != 'O') {
            throw new IllegalArgumentException("capacity must be A, P, R or O: '" + (char) capacity + "'");
        }
        this.tokenPrefix = tokenPrefix.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        this.tokenDigits = EnterOrder.ORDER_TOKEN_LENGTH - this.tokenPrefix.length;
        long modulus = 1;
        for (int i = 0; i < Math.min(tokenDigits, 18); i++) {
            modulus *= 10;
        }
        this.tokenModulus = modulus;
        this.firm = Alpha.packFirm(firm);
        this.capacity = capacity;
    }

    /** @return the sequence number the next order token will carry */
    public long nextTokenSequence() {
        return nextTokenSequence;
    }

    /**
     * Writes one Enter Order at {@code offset} and consumes one token sequence number.
     *
     * @return the bytes written ({@value OuchLayout.EnterOrder#LENGTH}), or 0 (nothing written,
     *         no token consumed) if the buffer has no room at {@code offset}
     */
    public int encodeEnterOrder(Decision decision, MemorySegment buffer, long offset) {
        if (offset < 0 || offset > buffer.byteSize() - EnterOrder.LENGTH) {
            return 0;
        }
        putU8(buffer, offset + EnterOrder.MESSAGE_TYPE_OFFSET, EnterOrder.TYPE);
        writeToken(buffer, offset + EnterOrder.ORDER_TOKEN_OFFSET, nextTokenSequence);
        nextTokenSequence = nextTokenSequence % tokenModulus + 1;
        putU8(buffer, offset + EnterOrder.BUY_SELL_INDICATOR_OFFSET, decision.side);
        putU32(buffer, offset + EnterOrder.SHARES_OFFSET, decision.shares);
        putU64(buffer, offset + EnterOrder.STOCK_OFFSET, decision.stock == 0 ? SPACES : decision.stock);
        putU32(buffer, offset + EnterOrder.PRICE_OFFSET, decision.priceE4);
        putU32(buffer, offset + EnterOrder.TIME_IN_FORCE_OFFSET, decision.timeInForce);
        putU32(buffer, offset + EnterOrder.FIRM_OFFSET, firm & 0xFFFF_FFFFL);
        putU8(buffer, offset + EnterOrder.DISPLAY_OFFSET, (byte) 'Y');
        putU8(buffer, offset + EnterOrder.CAPACITY_OFFSET, capacity);
        putU8(buffer, offset + EnterOrder.INTERMARKET_SWEEP_ELIGIBILITY_OFFSET, (byte) 'N');
        putU32(buffer, offset + EnterOrder.MINIMUM_QUANTITY_OFFSET, 0);
        putU8(buffer, offset + EnterOrder.CROSS_TYPE_OFFSET, (byte) 'N');
        putU8(buffer, offset + EnterOrder.CUSTOMER_TYPE_OFFSET, (byte) 'N');
        return EnterOrder.LENGTH;
    }

    private void writeToken(MemorySegment buffer, long tokenOffset, long sequence) {
        final byte[] prefix = tokenPrefix;
        for (int i = 0; i < prefix.length; i++) {
            putU8(buffer, tokenOffset + i, prefix[i]);
        }
        long remaining = sequence;
        for (long position = tokenOffset + EnterOrder.ORDER_TOKEN_LENGTH - 1; position >= tokenOffset + prefix.length; position--) {
            putU8(buffer, position, (byte) ('0' + (int) (remaining % 10)));
            remaining /= 10;
        }
    }
}
