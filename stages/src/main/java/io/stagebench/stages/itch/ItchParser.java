package io.stagebench.stages.itch;

import static io.stagebench.stages.BigEndian.u16;
import static io.stagebench.stages.BigEndian.u32;
import static io.stagebench.stages.BigEndian.u48;
import static io.stagebench.stages.BigEndian.u64;
import static io.stagebench.stages.BigEndian.u8;

import io.stagebench.stages.RejectReason;
import io.stagebench.stages.Status;
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
 * The parse stage: decodes one ITCH 5.0 message, in place from the caller's buffer, into the reused {@link #message()}.
 *
 * <p>{@link #parse} returns a status instead of throwing:
 *
 * <ul>
 *   <li>{@link Status#OK} — a supported type (S R A F E C X D U P) was decoded;
 *   <li>{@link Status#IGNORED} — another ITCH 5.0 type; its header is decoded and the body skipped by its length;
 *   <li>{@link RejectReason#TRUNCATED} — the buffer ends before {@code offset + length};
 *   <li>{@link RejectReason#LENGTH_TOO_SHORT} — {@code length} is shorter than the type's fixed size (or 0);
 *   <li>{@link RejectReason#UNKNOWN_TYPE} — not an ITCH 5.0 type.
 * </ul>
 *
 * A length longer than the type's size is accepted and the extra bytes ignored, as the spec allows fields to be
 * appended in later revisions.
 *
 * <p>IMPLEMENTATION NOTES: every field is read once, at a constant offset, with a big-endian unaligned access; the
 * message holder is reused, so a call allocates nothing and creates no {@code String}. The parser decodes eagerly
 * rather than exposing lazy getters over the buffer so that the parse stage measured on its own does the work a real
 * feed handler does (bounds checks, byte-order conversion, field extraction), and the book reads plain fields.
 */
public final class ItchParser {

    private final ItchMessage message = new ItchMessage();

    /** @return the holder every successful {@link #parse} writes into */
    public ItchMessage message() {
        return message;
    }

    /**
     * Decodes the message at {@code offset}.
     *
     * @param buffer the bytes; only {@code [offset, offset + length)} is read
     * @param offset where the message type byte is
     * @param length the message length from its framing (length prefix or MoldUDP64 block)
     * @return {@link Status#OK}, {@link Status#IGNORED} or a {@link RejectReason#code()}
     */
    public int parse(MemorySegment buffer, long offset, int length) {
        if (length < 1) {
            return RejectReason.LENGTH_TOO_SHORT.code();
        }
        if (offset < 0 || offset > buffer.byteSize() - length) {
            return RejectReason.TRUNCATED.code();
        }
        final byte type = u8(buffer, offset);
        final int requiredLength = ItchLayout.lengthOf(type);
        if (requiredLength == 0) {
            return RejectReason.UNKNOWN_TYPE.code();
        }
        if (length < requiredLength) {
            return RejectReason.LENGTH_TOO_SHORT.code();
        }
        final ItchMessage m = message;
        m.messageType = type;
        m.stockLocate = u16(buffer, offset + Header.STOCK_LOCATE_OFFSET);
        m.trackingNumber = u16(buffer, offset + Header.TRACKING_NUMBER_OFFSET);
        m.timestampNs = u48(buffer, offset + Header.TIMESTAMP_OFFSET);
        switch (type) {
            case AddOrder.TYPE -> decodeAdd(buffer, offset, m);
            case AddOrderMpid.TYPE -> {
                decodeAdd(buffer, offset, m);
                m.attribution = (int) u32(buffer, offset + AddOrderMpid.ATTRIBUTION_OFFSET);
            }
            case OrderExecuted.TYPE -> decodeExecuted(buffer, offset, m);
            case OrderExecutedWithPrice.TYPE -> {
                decodeExecuted(buffer, offset, m);
                m.printable = u8(buffer, offset + OrderExecutedWithPrice.PRINTABLE_OFFSET);
                m.priceE4 = u32(buffer, offset + OrderExecutedWithPrice.EXECUTION_PRICE_OFFSET);
            }
            case OrderCancel.TYPE -> {
                m.orderReferenceNumber = u64(buffer, offset + OrderCancel.ORDER_REFERENCE_NUMBER_OFFSET);
                m.shares = u32(buffer, offset + OrderCancel.CANCELLED_SHARES_OFFSET);
            }
            case OrderDelete.TYPE ->
                m.orderReferenceNumber = u64(buffer, offset + OrderDelete.ORDER_REFERENCE_NUMBER_OFFSET);
            case OrderReplace.TYPE -> {
                m.orderReferenceNumber = u64(buffer, offset + OrderReplace.ORIGINAL_ORDER_REFERENCE_NUMBER_OFFSET);
                m.newOrderReferenceNumber = u64(buffer, offset + OrderReplace.NEW_ORDER_REFERENCE_NUMBER_OFFSET);
                m.shares = u32(buffer, offset + OrderReplace.SHARES_OFFSET);
                m.priceE4 = u32(buffer, offset + OrderReplace.PRICE_OFFSET);
            }
            case Trade.TYPE -> {
                m.orderReferenceNumber = u64(buffer, offset + Trade.ORDER_REFERENCE_NUMBER_OFFSET);
                m.side = u8(buffer, offset + Trade.BUY_SELL_INDICATOR_OFFSET);
                m.shares = u32(buffer, offset + Trade.SHARES_OFFSET);
                m.stock = u64(buffer, offset + Trade.STOCK_OFFSET);
                m.priceE4 = u32(buffer, offset + Trade.PRICE_OFFSET);
                m.matchNumber = u64(buffer, offset + Trade.MATCH_NUMBER_OFFSET);
            }
            case SystemEvent.TYPE -> m.eventCode = u8(buffer, offset + SystemEvent.EVENT_CODE_OFFSET);
            case StockDirectory.TYPE -> decodeStockDirectory(buffer, offset, m);
            default -> {
                return Status.IGNORED;
            }
        }
        return Status.OK;
    }

    private static void decodeAdd(MemorySegment buffer, long offset, ItchMessage m) {
        m.orderReferenceNumber = u64(buffer, offset + AddOrder.ORDER_REFERENCE_NUMBER_OFFSET);
        m.side = u8(buffer, offset + AddOrder.BUY_SELL_INDICATOR_OFFSET);
        m.shares = u32(buffer, offset + AddOrder.SHARES_OFFSET);
        m.stock = u64(buffer, offset + AddOrder.STOCK_OFFSET);
        m.priceE4 = u32(buffer, offset + AddOrder.PRICE_OFFSET);
    }

    private static void decodeExecuted(MemorySegment buffer, long offset, ItchMessage m) {
        m.orderReferenceNumber = u64(buffer, offset + OrderExecuted.ORDER_REFERENCE_NUMBER_OFFSET);
        m.shares = u32(buffer, offset + OrderExecuted.EXECUTED_SHARES_OFFSET);
        m.matchNumber = u64(buffer, offset + OrderExecuted.MATCH_NUMBER_OFFSET);
    }

    private static void decodeStockDirectory(MemorySegment buffer, long offset, ItchMessage m) {
        m.stock = u64(buffer, offset + StockDirectory.STOCK_OFFSET);
        m.marketCategory = u8(buffer, offset + StockDirectory.MARKET_CATEGORY_OFFSET);
        m.financialStatusIndicator = u8(buffer, offset + StockDirectory.FINANCIAL_STATUS_INDICATOR_OFFSET);
        m.roundLotSize = u32(buffer, offset + StockDirectory.ROUND_LOT_SIZE_OFFSET);
        m.roundLotsOnly = u8(buffer, offset + StockDirectory.ROUND_LOTS_ONLY_OFFSET);
        m.issueClassification = u8(buffer, offset + StockDirectory.ISSUE_CLASSIFICATION_OFFSET);
        m.issueSubType = (short) u16(buffer, offset + StockDirectory.ISSUE_SUB_TYPE_OFFSET);
        m.authenticity = u8(buffer, offset + StockDirectory.AUTHENTICITY_OFFSET);
        m.shortSaleThresholdIndicator = u8(buffer, offset + StockDirectory.SHORT_SALE_THRESHOLD_INDICATOR_OFFSET);
        m.ipoFlag = u8(buffer, offset + StockDirectory.IPO_FLAG_OFFSET);
        m.luldReferencePriceTier = u8(buffer, offset + StockDirectory.LULD_REFERENCE_PRICE_TIER_OFFSET);
        m.etpFlag = u8(buffer, offset + StockDirectory.ETP_FLAG_OFFSET);
        m.etpLeverageFactor = u32(buffer, offset + StockDirectory.ETP_LEVERAGE_FACTOR_OFFSET);
        m.inverseIndicator = u8(buffer, offset + StockDirectory.INVERSE_INDICATOR_OFFSET);
    }
}
