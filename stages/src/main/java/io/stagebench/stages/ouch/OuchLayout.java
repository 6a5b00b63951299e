package io.stagebench.stages.ouch;

/**
 * Binary layout of NASDAQ OUCH 4.2 inbound messages, from the public specification. Integers are unsigned big-endian;
 * prices carry 4 implied decimals; Alpha fields are left-justified and space-padded ASCII.
 */
public final class OuchLayout {

    private OuchLayout() {}

    /**
     * Enter Order {@code O}, 49 bytes.
     *
     * <pre>
     *   0  type 'O'                       (1)
     *   1  order token                    (14, Alpha, unique per firm and day)
     *  15  buy/sell indicator             (1, 'B' buy, 'S' sell, 'T' short, 'E' short exempt)
     *  16  shares                         (4)
     *  20  stock                          (8, Alpha)
     *  28  price                          (4, Price(4))
     *  32  time in force                  (4, seconds; 0 = IOC, 99998 = market hours, 99999 = system hours)
     *  36  firm                           (4, Alpha)
     *  40  display                        (1, 'Y' visible, 'N' hidden, 'A' attributable, ...)
     *  41  capacity                       (1, 'A' agency, 'P' principal, 'R' riskless, 'O' other)
     *  42  intermarket sweep eligibility  (1, 'Y' or 'N')
     *  43  minimum quantity               (4)
     *  47  cross type                     (1, 'N' no cross, 'O' opening, 'C' closing, ...)
     *  48  customer type                  (1, 'R' retail designated, 'N' not, ' ' port default)
     * </pre>
     */
    public static final class EnterOrder {
        public static final byte TYPE = 'O';
        public static final int MESSAGE_TYPE_OFFSET = 0;
        public static final int ORDER_TOKEN_OFFSET = 1;
        public static final int ORDER_TOKEN_LENGTH = 14;
        public static final int BUY_SELL_INDICATOR_OFFSET = 15;
        public static final int SHARES_OFFSET = 16;
        public static final int STOCK_OFFSET = 20;
        public static final int PRICE_OFFSET = 28;
        public static final int TIME_IN_FORCE_OFFSET = 32;
        public static final int FIRM_OFFSET = 36;
        public static final int DISPLAY_OFFSET = 40;
        public static final int CAPACITY_OFFSET = 41;
        public static final int INTERMARKET_SWEEP_ELIGIBILITY_OFFSET = 42;
        public static final int MINIMUM_QUANTITY_OFFSET = 43;
        public static final int CROSS_TYPE_OFFSET = 47;
        public static final int CUSTOMER_TYPE_OFFSET = 48;
        public static final int LENGTH = 49;

        private EnterOrder() {}
    }
}
