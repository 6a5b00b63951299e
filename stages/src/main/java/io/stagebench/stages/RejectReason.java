package io.stagebench.stages;

/**
 * Why a stage refused a message. Every stage reports a refusal as a primitive status code ({@link #code()}, always
 * {@code > 0}) instead of throwing, so the hot path stays free of exceptions and allocation; {@link RejectCounters}
 * keeps one counter per reason.
 *
 * <p>The {@link #label()} is the stable name used in {@code stagebench itch} output and its JSON ({@code rejected}
 * object keys).
 */
public enum RejectReason {

    /** The buffer or file ends before the end of the message (or frame) its length announces. */
    TRUNCATED("truncated"),
    /** The length prefix is shorter than the fixed size of the message type it carries. */
    LENGTH_TOO_SHORT("length_too_short"),
    /** The message type byte is not an ITCH 5.0 message type. */
    UNKNOWN_TYPE("unknown_type"),
    /** The stock locate is 0 or beyond the book's configured maximum. */
    LOCATE_OUT_OF_RANGE("locate_out_of_range"),
    /** Order Executed ({@code E}) or Executed With Price ({@code C}) of an order not in the book. */
    EXECUTE_UNKNOWN_ORDER("execute_unknown_order"),
    /** Order Cancel ({@code X}) of an order not in the book. */
    CANCEL_UNKNOWN_ORDER("cancel_unknown_order"),
    /** Order Delete ({@code D}) of an order not in the book. */
    DELETE_UNKNOWN_ORDER("delete_unknown_order"),
    /** Order Replace ({@code U}) whose original order is not in the book. */
    REPLACE_UNKNOWN_ORDER("replace_unknown_order"),
    /** An add, or the new reference of a replace, reuses a reference already in the book. */
    DUPLICATE_ORDER("duplicate_order"),
    /** An order event names a different stock locate than the order was added with. */
    LOCATE_MISMATCH("locate_mismatch"),
    /** The buy/sell indicator is neither {@code B} nor {@code S}. */
    INVALID_SIDE("invalid_side"),
    /** Shares are 0 or above {@link Integer#MAX_VALUE}. */
    INVALID_SHARES("invalid_shares"),
    /** Price is 0 or above {@link Integer#MAX_VALUE} (the spec's maximum is 200,000.0000). */
    INVALID_PRICE("invalid_price"),
    /** An execution or cancel of more shares than the order has open. */
    EXCESS_SHARES("excess_shares"),
    /** The book's fixed order capacity is full; the add is dropped, the book never grows. */
    ORDER_CAPACITY("order_capacity"),
    /** The gzip stream is corrupt; reading stopped, messages read before are kept. */
    CORRUPT_GZIP("corrupt_gzip"),
    /** Reading the file failed for another I/O reason; reading stopped. */
    IO_ERROR("io_error"),
    /** MoldUDP64: messages missing between packets (counted per missing message). */
    SEQUENCE_GAP("sequence_gap"),
    /** MoldUDP64: a message whose sequence number was already delivered. */
    DUPLICATE_SEQUENCE("duplicate_sequence");

    /** Number of reasons; codes run from 1 to {@code COUNT} inclusive. */
    public static final int COUNT = values().length;

    private static final RejectReason[] BY_CODE = new RejectReason[COUNT + 1];

    static {
        for (RejectReason reason : values()) {
            BY_CODE[reason.code] = reason;
        }
    }

    private final String label;
    private final int code;

    RejectReason(String label) {
        this.label = label;
        this.code = ordinal() + 1;
    }

    /** @return the status code a stage returns for this reason, in {@code [1, COUNT]} */
    public int code() {
        return code;
    }

    /** @return the stable snake_case name used in command output */
    public String label() {
        return label;
    }

    /**
     * @param code a status code returned by a stage
     * @return the reason, or {@code null} when the code is not a rejection ({@code <= 0} or unknown)
     */
    public static RejectReason ofCode(int code) {
        return code > 0 && code <= COUNT ? BY_CODE[code] : null;
    }
}
