package io.stagebench.stages.itch;

/**
 * Binary layout of NASDAQ TotalView-ITCH 5.0 messages, from the public specification's field tables. All integers are
 * unsigned big-endian; timestamps are 6 bytes of nanoseconds since midnight; {@code Price(4)} fields carry 4 implied
 * decimals (so {@code priceE4 = 1234500} is $123.4500); Alpha fields are left-justified and space-padded ASCII.
 *
 * <p>Every message starts with the same 11-byte header:
 *
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------+-------------------------------+---------------+
 *  | Message Type  |         Stock Locate          |  Tracking ... |
 *  +---------------+---------------+---------------+---------------+
 *  | ... Number    |          Timestamp (6 bytes, ns since midnight)
 *  +---------------+-----------------------------------------------+
 *    ...                                          |  body from offset 11
 *  +-----------------------------------------------+
 * </pre>
 *
 * The nested classes give each supported message's offsets; {@link #lengthOf(byte)} gives the fixed length of every
 * ITCH 5.0 message type, supported or not, so other types can be skipped.
 */
public final class ItchLayout {

    private ItchLayout() {}

    /** The header every ITCH 5.0 message starts with. */
    public static final class Header {
        public static final int MESSAGE_TYPE_OFFSET = 0;
        public static final int STOCK_LOCATE_OFFSET = 1;
        public static final int TRACKING_NUMBER_OFFSET = 3;
        public static final int TIMESTAMP_OFFSET = 5;
        public static final int TIMESTAMP_LENGTH = 6;
        public static final int LENGTH = 11;

        private Header() {}
    }

    /**
     * System Event {@code S}, 12 bytes.
     *
     * <pre>
     *  0 type 'S' | 1 locate (2) | 3 tracking (2) | 5 timestamp (6) | 11 event code (1)
     * </pre>
     */
    public static final class SystemEvent {
        public static final byte TYPE = 'S';
        public static final int EVENT_CODE_OFFSET = 11;
        public static final int LENGTH = 12;

        /**
         * Event codes: start of messages, start of system hours, start/end of market hours, end of system hours, end of
         * messages.
         */
        public static final byte START_OF_MESSAGES = 'O';

        public static final byte START_OF_SYSTEM_HOURS = 'S';
        public static final byte START_OF_MARKET_HOURS = 'Q';
        public static final byte END_OF_MARKET_HOURS = 'M';
        public static final byte END_OF_SYSTEM_HOURS = 'E';
        public static final byte END_OF_MESSAGES = 'C';

        private SystemEvent() {}
    }

    /**
     * Stock Directory {@code R}, 39 bytes.
     *
     * <pre>
     *  0 type 'R'             | 1 locate (2)              | 3 tracking (2)
     *  5 timestamp (6)        | 11 stock (8, Alpha)       | 19 market category (1)
     * 20 financial status (1) | 21 round lot size (4)     | 25 round lots only (1)
     * 26 issue class (1)      | 27 issue sub-type (2)     | 29 authenticity (1)
     * 30 short sale threshold (1) | 31 IPO flag (1)       | 32 LULD ref price tier (1)
     * 33 ETP flag (1)         | 34 ETP leverage factor (4)| 38 inverse indicator (1)
     * </pre>
     */
    public static final class StockDirectory {
        public static final byte TYPE = 'R';
        public static final int STOCK_OFFSET = 11;
        public static final int MARKET_CATEGORY_OFFSET = 19;
        public static final int FINANCIAL_STATUS_INDICATOR_OFFSET = 20;
        public static final int ROUND_LOT_SIZE_OFFSET = 21;
        public static final int ROUND_LOTS_ONLY_OFFSET = 25;
        public static final int ISSUE_CLASSIFICATION_OFFSET = 26;
        public static final int ISSUE_SUB_TYPE_OFFSET = 27;
        public static final int AUTHENTICITY_OFFSET = 29;
        public static final int SHORT_SALE_THRESHOLD_INDICATOR_OFFSET = 30;
        public static final int IPO_FLAG_OFFSET = 31;
        public static final int LULD_REFERENCE_PRICE_TIER_OFFSET = 32;
        public static final int ETP_FLAG_OFFSET = 33;
        public static final int ETP_LEVERAGE_FACTOR_OFFSET = 34;
        public static final int INVERSE_INDICATOR_OFFSET = 38;
        public static final int LENGTH = 39;

        private StockDirectory() {}
    }

    /**
     * Add Order - No MPID Attribution {@code A}, 36 bytes.
     *
     * <pre>
     *  0 type 'A' | 1 locate (2) | 3 tracking (2) | 5 timestamp (6)
     * 11 order reference number (8) | 19 buy/sell indicator (1, 'B' or 'S')
     * 20 shares (4) | 24 stock (8, Alpha) | 32 price (4, Price(4))
     * </pre>
     */
    public static final class AddOrder {
        public static final byte TYPE = 'A';
        public static final int ORDER_REFERENCE_NUMBER_OFFSET = 11;
        public static final int BUY_SELL_INDICATOR_OFFSET = 19;
        public static final int SHARES_OFFSET = 20;
        public static final int STOCK_OFFSET = 24;
        public static final int PRICE_OFFSET = 32;
        public static final int LENGTH = 36;

        private AddOrder() {}
    }

    /**
     * Add Order with MPID Attribution {@code F}, 40 bytes: {@link AddOrder} followed by the MPID.
     *
     * <pre>
     *  0 type 'F' | 1 locate (2) | 3 tracking (2) | 5 timestamp (6)
     * 11 order reference number (8) | 19 buy/sell indicator (1)
     * 20 shares (4) | 24 stock (8) | 32 price (4) | 36 attribution (4, Alpha MPID)
     * </pre>
     */
    public static final class AddOrderMpid {
        public static final byte TYPE = 'F';
        public static final int ATTRIBUTION_OFFSET = 36;
        public static final int LENGTH = 40;

        private AddOrderMpid() {}
    }

    /**
     * Order Executed {@code E}, 31 bytes: shares executed at the order's own price.
     *
     * <pre>
     *  0 type 'E' | 1 locate (2) | 3 tracking (2) | 5 timestamp (6)
     * 11 order reference number (8) | 19 executed shares (4) | 23 match number (8)
     * </pre>
     */
    public static final class OrderExecuted {
        public static final byte TYPE = 'E';
        public static final int ORDER_REFERENCE_NUMBER_OFFSET = 11;
        public static final int EXECUTED_SHARES_OFFSET = 19;
        public static final int MATCH_NUMBER_OFFSET = 23;
        public static final int LENGTH = 31;

        private OrderExecuted() {}
    }

    /**
     * Order Executed With Price {@code C}, 36 bytes: shares executed at a price other than the order's (for example in
     * a cross).
     *
     * <pre>
     *  0 type 'C' | 1 locate (2) | 3 tracking (2) | 5 timestamp (6)
     * 11 order reference number (8) | 19 executed shares (4) | 23 match number (8)
     * 31 printable (1, 'Y' or 'N') | 32 execution price (4, Price(4))
     * </pre>
     */
    public static final class OrderExecutedWithPrice {
        public static final byte TYPE = 'C';
        public static final int PRINTABLE_OFFSET = 31;
        public static final int EXECUTION_PRICE_OFFSET = 32;
        public static final int LENGTH = 36;

        private OrderExecutedWithPrice() {}
    }

    /**
     * Order Cancel {@code X}, 23 bytes: a partial cancel of an order's remaining shares.
     *
     * <pre>
     *  0 type 'X' | 1 locate (2) | 3 tracking (2) | 5 timestamp (6)
     * 11 order reference number (8) | 19 cancelled shares (4)
     * </pre>
     */
    public static final class OrderCancel {
        public static final byte TYPE = 'X';
        public static final int ORDER_REFERENCE_NUMBER_OFFSET = 11;
        public static final int CANCELLED_SHARES_OFFSET = 19;
        public static final int LENGTH = 23;

        private OrderCancel() {}
    }

    /**
     * Order Delete {@code D}, 19 bytes: the whole remaining order leaves the book.
     *
     * <pre>
     *  0 type 'D' | 1 locate (2) | 3 tracking (2) | 5 timestamp (6)
     * 11 order reference number (8)
     * </pre>
     */
    public static final class OrderDelete {
        public static final byte TYPE = 'D';
        public static final int ORDER_REFERENCE_NUMBER_OFFSET = 11;
        public static final int LENGTH = 19;

        private OrderDelete() {}
    }

    /**
     * Order Replace {@code U}, 35 bytes: the original order leaves the book and a new order (new reference, shares and
     * price; same side and stock) takes its place at the back of the queue.
     *
     * <pre>
     *  0 type 'U' | 1 locate (2) | 3 tracking (2) | 5 timestamp (6)
     * 11 original order reference number (8) | 19 new order reference number (8)
     * 27 shares (4) | 31 price (4, Price(4))
     * </pre>
     */
    public static final class OrderReplace {
        public static final byte TYPE = 'U';
        public static final int ORIGINAL_ORDER_REFERENCE_NUMBER_OFFSET = 11;
        public static final int NEW_ORDER_REFERENCE_NUMBER_OFFSET = 19;
        public static final int SHARES_OFFSET = 27;
        public static final int PRICE_OFFSET = 31;
        public static final int LENGTH = 35;

        private OrderReplace() {}
    }

    /**
     * Trade (non-cross) {@code P}, 44 bytes: an execution against a non-displayed order, which therefore never was in
     * the book.
     *
     * <pre>
     *  0 type 'P' | 1 locate (2) | 3 tracking (2) | 5 timestamp (6)
     * 11 order reference number (8) | 19 buy/sell indicator (1) | 20 shares (4)
     * 24 stock (8) | 32 price (4, Price(4)) | 36 match number (8)
     * </pre>
     */
    public static final class Trade {
        public static final byte TYPE = 'P';
        public static final int ORDER_REFERENCE_NUMBER_OFFSET = 11;
        public static final int BUY_SELL_INDICATOR_OFFSET = 19;
        public static final int SHARES_OFFSET = 20;
        public static final int STOCK_OFFSET = 24;
        public static final int PRICE_OFFSET = 32;
        public static final int MATCH_NUMBER_OFFSET = 36;
        public static final int LENGTH = 44;

        private Trade() {}
    }

    /** Buy/sell indicator values. */
    public static final byte BUY = 'B';

    public static final byte SELL = 'S';

    /** The longest ITCH 5.0 message (Net Order Imbalance Indicator {@code I}, 50 bytes). */
    public static final int MAX_MESSAGE_LENGTH = 50;

    private static final byte[] LENGTH_BY_TYPE = new byte[256];

    static {
        setLength(SystemEvent.TYPE, SystemEvent.LENGTH);
        setLength(StockDirectory.TYPE, StockDirectory.LENGTH);
        setLength('H', 25); // Stock Trading Action
        setLength('Y', 20); // Reg SHO Short Sale Price Test Restricted Indicator
        setLength('L', 26); // Market Participant Position
        setLength('V', 35); // MWCB Decline Level
        setLength('W', 12); // MWCB Status
        setLength('K', 28); // IPO Quoting Period Update
        setLength('J', 35); // LULD Auction Collar
        setLength('h', 21); // Operational Halt
        setLength(AddOrder.TYPE, AddOrder.LENGTH);
        setLength(AddOrderMpid.TYPE, AddOrderMpid.LENGTH);
        setLength(OrderExecuted.TYPE, OrderExecuted.LENGTH);
        setLength(OrderExecutedWithPrice.TYPE, OrderExecutedWithPrice.LENGTH);
        setLength(OrderCancel.TYPE, OrderCancel.LENGTH);
        setLength(OrderDelete.TYPE, OrderDelete.LENGTH);
        setLength(OrderReplace.TYPE, OrderReplace.LENGTH);
        setLength(Trade.TYPE, Trade.LENGTH);
        setLength('Q', 40); // Cross Trade
        setLength('B', 19); // Broken Trade
        setLength('I', 50); // Net Order Imbalance Indicator (NOII)
        setLength('N', 20); // Retail Price Improvement Indicator
        setLength('O', 48); // Direct Listing with Capital Raise Price Discovery
    }

    private static void setLength(int type, int length) {
        LENGTH_BY_TYPE[type] = (byte) length;
    }

    /**
     * @param messageType the first byte of a message
     * @return the fixed length of that ITCH 5.0 message type in bytes, or 0 if it is not one
     */
    public static int lengthOf(byte messageType) {
        return LENGTH_BY_TYPE[messageType & 0xFF];
    }

    /** @return whether {@code messageType} is an ITCH 5.0 message type */
    public static boolean isKnownType(byte messageType) {
        return LENGTH_BY_TYPE[messageType & 0xFF] != 0;
    }

    /** @return whether {@code messageType} is one the parser decodes (the others are skipped by length) */
    public static boolean isDecodedType(byte messageType) {
        return switch (messageType) {
            case SystemEvent.TYPE,
                    StockDirectory.TYPE,
                    AddOrder.TYPE,
                    AddOrderMpid.TYPE,
                    OrderExecuted.TYPE,
                    OrderExecutedWithPrice.TYPE,
                    OrderCancel.TYPE,
                    OrderDelete.TYPE,
                    OrderReplace.TYPE,
                    Trade.TYPE -> true;
            default -> false;
        };
    }
}
