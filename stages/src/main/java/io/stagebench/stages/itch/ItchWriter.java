package io.stagebench.stages.itch;

import static io.stagebench.stages.BigEndian.putU16;
import static io.stagebench.stages.BigEndian.putU32;
import static io.stagebench.stages.BigEndian.putU48;
import static io.stagebench.stages.BigEndian.putU64;
import static io.stagebench.stages.BigEndian.putU8;

import io.stagebench.stages.itch.ItchLayout.AddOrder;
import io.stagebench.stages.itch.ItchLayout.AddOrderMpid;
import io.stagebench.stages.itch.ItchLayout.Header;
import io.stagebench.stages.itch.ItchLayout.OrderCancel;
import io.stagebench.stages.itch.ItchLayout.OrderDelete;
import io.stagebench.stages.itch.ItchLayout.OrderExecuted;
import io.stagebench.stages.itch.ItchLayout.OrderExecutedWithPrice;
import io.stagebench.stages.itch.ItchLayout.OrderReplace;
import io.stagebench.stages.itch.ItchLayout.StockDirectory;
import io.stagebench.stages.itch.ItchLayout.SystemEvent;
import io.stagebench.stages.itch.ItchLayout.Trade;
import java.lang.foreign.MemorySegment;

/**
 * Writes ITCH 5.0 messages (the supported types) into a caller's buffer at an offset, for the
 * {@link MarketDataGenerator} and for tests. Each method writes exactly the type's {@code LENGTH} bytes and returns
 * that length; the caller guarantees the room.
 */
public final class ItchWriter {

    private ItchWriter() {}

    private static void header(
            MemorySegment buffer, long offset, byte type, int locate, int tracking, long timestampNs) {
        putU8(buffer, offset + Header.MESSAGE_TYPE_OFFSET, type);
        putU16(buffer, offset + Header.STOCK_LOCATE_OFFSET, locate);
        putU16(buffer, offset + Header.TRACKING_NUMBER_OFFSET, tracking);
        putU48(buffer, offset + Header.TIMESTAMP_OFFSET, timestampNs);
    }

    /** Writes a System Event {@code S}; returns 12. */
    public static int systemEvent(MemorySegment buffer, long offset, int tracking, long timestampNs, byte eventCode) {
        header(buffer, offset, SystemEvent.TYPE, 0, tracking, timestampNs);
        putU8(buffer, offset + SystemEvent.EVENT_CODE_OFFSET, eventCode);
        return SystemEvent.LENGTH;
    }

    /**
     * Writes a Stock Directory {@code R} for a common stock on NASDAQ Global Select (category {@code Q}, normal status,
     * live, not an ETP); returns 39.
     */
    public static int stockDirectory(
            MemorySegment buffer,
            long offset,
            int locate,
            int tracking,
            long timestampNs,
            long stock,
            long roundLotSize) {
        header(buffer, offset, StockDirectory.TYPE, locate, tracking, timestampNs);
        putU64(buffer, offset + StockDirectory.STOCK_OFFSET, stock);
        putU8(buffer, offset + StockDirectory.MARKET_CATEGORY_OFFSET, (byte) 'Q');
        putU8(buffer, offset + StockDirectory.FINANCIAL_STATUS_INDICATOR_OFFSET, (byte) 'N');
        putU32(buffer, offset + StockDirectory.ROUND_LOT_SIZE_OFFSET, roundLotSize);
        putU8(buffer, offset + StockDirectory.ROUND_LOTS_ONLY_OFFSET, (byte) 'N');
        putU8(buffer, offset + StockDirectory.ISSUE_CLASSIFICATION_OFFSET, (byte) 'C');
        putU16(buffer, offset + StockDirectory.ISSUE_SUB_TYPE_OFFSET, ('Z' << 8) | ' ');
        putU8(buffer, offset + StockDirectory.AUTHENTICITY_OFFSET, (byte) 'P');
        putU8(buffer, offset + StockDirectory.SHORT_SALE_THRESHOLD_INDICATOR_OFFSET, (byte) 'N');
        putU8(buffer, offset + StockDirectory.IPO_FLAG_OFFSET, (byte) 'N');
        putU8(buffer, offset + StockDirectory.LULD_REFERENCE_PRICE_TIER_OFFSET, (byte) '1');
        putU8(buffer, offset + StockDirectory.ETP_FLAG_OFFSET, (byte) 'N');
        putU32(buffer, offset + StockDirectory.ETP_LEVERAGE_FACTOR_OFFSET, 0);
        putU8(buffer, offset + StockDirectory.INVERSE_INDICATOR_OFFSET, (byte) 'N');
        return StockDirectory.LENGTH;
    }

    /** Writes an Add Order {@code A}; returns 36. */
    public static int addOrder(
            MemorySegment buffer,
            long offset,
            int locate,
            int tracking,
            long timestampNs,
            long orderReferenceNumber,
            byte side,
            long shares,
            long stock,
            long priceE4) {
        header(buffer, offset, AddOrder.TYPE, locate, tracking, timestampNs);
        putU64(buffer, offset + AddOrder.ORDER_REFERENCE_NUMBER_OFFSET, orderReferenceNumber);
        putU8(buffer, offset + AddOrder.BUY_SELL_INDICATOR_OFFSET, side);
        putU32(buffer, offset + AddOrder.SHARES_OFFSET, shares);
        putU64(buffer, offset + AddOrder.STOCK_OFFSET, stock);
        putU32(buffer, offset + AddOrder.PRICE_OFFSET, priceE4);
        return AddOrder.LENGTH;
    }

    /** Writes an Add Order with MPID {@code F}; returns 40. */
    public static int addOrderMpid(
            MemorySegment buffer,
            long offset,
            int locate,
            int tracking,
            long timestampNs,
            long orderReferenceNumber,
            byte side,
            long shares,
            long stock,
            long priceE4,
            int attribution) {
        addOrder(buffer, offset, locate, tracking, timestampNs, orderReferenceNumber, side, shares, stock, priceE4);
        putU8(buffer, offset + Header.MESSAGE_TYPE_OFFSET, AddOrderMpid.TYPE);
        putU32(buffer, offset + AddOrderMpid.ATTRIBUTION_OFFSET, attribution & 0xFFFF_FFFFL);
        return AddOrderMpid.LENGTH;
    }

    /** Writes an Order Executed {@code E}; returns 31. */
    public static int orderExecuted(
            MemorySegment buffer,
            long offset,
            int locate,
            int tracking,
            long timestampNs,
            long orderReferenceNumber,
            long executedShares,
            long matchNumber) {
        header(buffer, offset, OrderExecuted.TYPE, locate, tracking, timestampNs);
        putU64(buffer, offset + OrderExecuted.ORDER_REFERENCE_NUMBER_OFFSET, orderReferenceNumber);
        putU32(buffer, offset + OrderExecuted.EXECUTED_SHARES_OFFSET, executedShares);
        putU64(buffer, offset + OrderExecuted.MATCH_NUMBER_OFFSET, matchNumber);
        return OrderExecuted.LENGTH;
    }

    /** Writes an Order Executed With Price {@code C}; returns 36. */
    public static int orderExecutedWithPrice(
            MemorySegment buffer,
            long offset,
            int locate,
            int tracking,
            long timestampNs,
            long orderReferenceNumber,
            long executedShares,
            long matchNumber,
            byte printable,
            long executionPriceE4) {
        orderExecuted(buffer, offset, locate, tracking, timestampNs, orderReferenceNumber, executedShares, matchNumber);
        putU8(buffer, offset + Header.MESSAGE_TYPE_OFFSET, OrderExecutedWithPrice.TYPE);
        putU8(buffer, offset + OrderExecutedWithPrice.PRINTABLE_OFFSET, printable);
        putU32(buffer, offset + OrderExecutedWithPrice.EXECUTION_PRICE_OFFSET, executionPriceE4);
        return OrderExecutedWithPrice.LENGTH;
    }

    /** Writes an Order Cancel {@code X}; returns 23. */
    public static int orderCancel(
            MemorySegment buffer,
            long offset,
            int locate,
            int tracking,
            long timestampNs,
            long orderReferenceNumber,
            long cancelledShares) {
        header(buffer, offset, OrderCancel.TYPE, locate, tracking, timestampNs);
        putU64(buffer, offset + OrderCancel.ORDER_REFERENCE_NUMBER_OFFSET, orderReferenceNumber);
        putU32(buffer, offset + OrderCancel.CANCELLED_SHARES_OFFSET, cancelledShares);
        return OrderCancel.LENGTH;
    }

    /** Writes an Order Delete {@code D}; returns 19. */
    public static int orderDelete(
            MemorySegment buffer, long offset, int locate, int tracking, long timestampNs, long orderReferenceNumber) {
        header(buffer, offset, OrderDelete.TYPE, locate, tracking, timestampNs);
        putU64(buffer, offset + OrderDelete.ORDER_REFERENCE_NUMBER_OFFSET, orderReferenceNumber);
        return OrderDelete.LENGTH;
    }

    /** Writes an Order Replace {@code U}; returns 35. */
    public static int orderReplace(
            MemorySegment buffer,
            long offset,
            int locate,
            int tracking,
            long timestampNs,
            long originalOrderReferenceNumber,
            long newOrderReferenceNumber,
            long shares,
            long priceE4) {
        header(buffer, offset, OrderReplace.TYPE, locate, tracking, timestampNs);
        putU64(buffer, offset + OrderReplace.ORIGINAL_ORDER_REFERENCE_NUMBER_OFFSET, originalOrderReferenceNumber);
        putU64(buffer, offset + OrderReplace.NEW_ORDER_REFERENCE_NUMBER_OFFSET, newOrderReferenceNumber);
        putU32(buffer, offset + OrderReplace.SHARES_OFFSET, shares);
        putU32(buffer, offset + OrderReplace.PRICE_OFFSET, priceE4);
        return OrderReplace.LENGTH;
    }

    /** Writes a Trade {@code P}; returns 44. */
    public static int trade(
            MemorySegment buffer,
            long offset,
            int locate,
            int tracking,
            long timestampNs,
            long orderReferenceNumber,
            byte side,
            long shares,
            long stock,
            long priceE4,
            long matchNumber) {
        header(buffer, offset, Trade.TYPE, locate, tracking, timestampNs);
        putU64(buffer, offset + Trade.ORDER_REFERENCE_NUMBER_OFFSET, orderReferenceNumber);
        putU8(buffer, offset + Trade.BUY_SELL_INDICATOR_OFFSET, side);
        putU32(buffer, offset + Trade.SHARES_OFFSET, shares);
        putU64(buffer, offset + Trade.STOCK_OFFSET, stock);
        putU32(buffer, offset + Trade.PRICE_OFFSET, priceE4);
        putU64(buffer, offset + Trade.MATCH_NUMBER_OFFSET, matchNumber);
        return Trade.LENGTH;
    }
}
