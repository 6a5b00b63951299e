package io.stagebench.stages.ouch;

import static io.stagebench.stages.BigEndian.putU32;
import static io.stagebench.stages.BigEndian.putU64;
import static io.stagebench.stages.BigEndian.putU8;

import io.stagebench.stages.Alpha;
import io.stagebench.stages.decide.Decision;
import io.stagebench.stages.ouch.OuchLayout.EnterOrder;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;

/**
 * The encode stage: writes an OUCH 4.2 Enter Order for a {@link Decision} into a caller's preallocated buffer.
 *
 * <p>Order tokens are the configured prefix followed by a zero-padded decimal sequence number filling the rest of the
 * 14 bytes (prefix {@code "SB"}, order 42 gives {@code "SB000000000042"}), written digit by digit into the buffer: no
 * {@code String}, no allocation. Sequence numbers start at 1 and wrap after the largest number the digits hold.
 * Display, capacity, intermarket sweep, minimum quantity, cross type and customer type are fixed per encoder (one
 * session's settings).
 *
 * <h2>Injected slowdown</h2>
 *
 * The system property {@value #EXTRA_SPINS_PROPERTY} (int, default 0, read once at class initialisation) adds that many
 * iterations of a dependent xorshift step to every order, and every byte's address waits for them: the spin's result,
 * masked by a field that is always 0, is added to the offset. A spin the writes did not depend on would run beside
 * them, hidden by the core's out-of-order execution, and would slow encode by nothing at one iteration and by a step at
 * some larger count (as decide's branch-fed spin does); a spin on the addresses' path adds its latency to every order.
 * It exists to inject a known, repeatable slowdown into A/B runs of encode and of the pipeline's rare encode stage; at
 * 0 the JIT removes it.
 */
public final class OuchEncoder {

    /** Name of the system property that adds busy iterations to every order encoded. */
    public static final String EXTRA_SPINS_PROPERTY = "stagebench.encode.extraSpins";

    /** Extra spins per order, from {@value #EXTRA_SPINS_PROPERTY}; negative values count as 0. */
    public static final int EXTRA_SPINS = Math.max(0, Integer.getInteger(EXTRA_SPINS_PROPERTY, 0));

    private static final long SPIN_SEED = 0x2545_F491_4F6C_DD1DL;

    /** Longest token prefix; the rest of the 14 bytes hold the sequence number. */
    public static final int MAX_TOKEN_PREFIX_LENGTH = 6;

    private static final long SPACES = 0x2020_2020_2020_2020L;

    private final byte[] tokenPrefix;
    private final int tokenDigits;
    private final long tokenModulus;
    private final int firm;
    private final byte capacity;
    private long nextTokenSequence = 1;
    private long spinState = SPIN_SEED;
    /** Always 0, but a field: the JIT cannot prove that the spin's share of the offset is nothing. */
    private long spinMask;

    /** Back to order token 1, as constructed: a benchmark's rewind between passes. */
    public void reset() {
        nextTokenSequence = 1;
        spinState = SPIN_SEED;
    }

    /** Creates an encoder with prefix {@code "SB"}, firm {@code "SBNC"} and agency capacity. */
    public OuchEncoder() {
        this("SB", "SBNC", (byte) 'A');
    }

    /**
     * @param tokenPrefix printable ASCII, at most {@value #MAX_TOKEN_PREFIX_LENGTH} characters
     * @param firm the 4-character firm identifier (shorter is space-padded)
     * @param capacity {@code 'A'}, {@code 'P'}, {@code 'R'} or {@code 'O'}
     * @throws IllegalArgumentException if a parameter is out of range
     */
    public OuchEncoder(String tokenPrefix, String firm, byte capacity) {
        if (tokenPrefix.length() > MAX_TOKEN_PREFIX_LENGTH
                || !tokenPrefix.chars().allMatch(c -> c > 0x20 && c < 0x7F)) {
            throw new IllegalArgumentException("token prefix must be at most " + MAX_TOKEN_PREFIX_LENGTH
                    + " printable ASCII characters: '" + tokenPrefix + "'");
        }
        if (capacity != 'A' && capacity != 'P' && capacity != 'R' && capacity != 'O') {
            throw new IllegalArgumentException("capacity must be A, P, R or O: '" + (char) capacity + "'");
        }
        this.tokenPrefix = tokenPrefix.getBytes(StandardCharsets.US_ASCII);
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
     * @return the bytes written ({@value OuchLayout.EnterOrder#LENGTH}), or 0 (nothing written, no token consumed) if
     *     the buffer has no room at {@code offset}
     */
    public int encodeEnterOrder(Decision decision, MemorySegment buffer, long offset) {
        if (offset < 0 || offset > buffer.byteSize() - EnterOrder.LENGTH) {
            return 0;
        }
        if (EXTRA_SPINS > 0) {
            offset += spin(decision.shares) & spinMask;
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

    /** @return {@link #EXTRA_SPINS} dependent xorshift steps from the carried state and {@code input}, carried on */
    private long spin(long input) {
        long x = spinState ^ input;
        for (int i = EXTRA_SPINS; i > 0; i--) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
        }
        spinState = x;
        return x;
    }

    private void writeToken(MemorySegment buffer, long tokenOffset, long sequence) {
        final byte[] prefix = tokenPrefix;
        for (int i = 0; i < prefix.length; i++) {
            putU8(buffer, tokenOffset + i, prefix[i]);
        }
        long remaining = sequence;
        for (long position = tokenOffset + EnterOrder.ORDER_TOKEN_LENGTH - 1;
                position >= tokenOffset + prefix.length;
                position--) {
            putU8(buffer, position, (byte) ('0' + (int) (remaining % 10)));
            remaining /= 10;
        }
    }
}
