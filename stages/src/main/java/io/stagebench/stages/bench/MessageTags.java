package io.stagebench.stages.bench;

import io.stagebench.api.BenchmarkParams;
import io.stagebench.stages.RejectReason;
import io.stagebench.stages.itch.ItchLayout;
import java.util.Arrays;

/**
 * The tags the reference benchmarks give their messages ({@code @Benchmark(tags = ...)}), so a stage's distribution is
 * told apart by the work it did: the ITCH 5.0 message type for {@code parse} and {@code book} (an add is not a delete),
 * the outcome for the pipeline's {@code decide} and {@code encode} (an order, no order, or the message rejected and
 * why).
 *
 * <p>An annotation takes constants only, so each benchmark lists the names it declares; {@link #byType} and
 * {@link #byOutcome} turn them into the index tables the measured loop reads, once, in setup
 * ({@link BenchmarkParams#tag(String)} refuses a name the benchmark does not declare).
 */
public final class MessageTags {

    /** S: system event. */
    public static final String SYSTEM = "system";
    /** R: stock directory. */
    public static final String DIRECTORY = "directory";
    /** A: add order. */
    public static final String ADD = "add";
    /** F: add order with MPID attribution. */
    public static final String ADD_MPID = "add-mpid";
    /** E: order executed. */
    public static final String EXECUTE = "execute";
    /** C: order executed with price. */
    public static final String EXECUTE_PRICE = "execute-price";
    /** X: order cancel. */
    public static final String CANCEL = "cancel";
    /** D: order delete. */
    public static final String DELETE = "delete";
    /** U: order replace. */
    public static final String REPLACE = "replace";
    /** P: trade (non-cross). */
    public static final String TRADE = "trade";
    /** Any other type byte: one the parser does not know. */
    public static final String OTHER_TYPE = "other-type";

    /** decide made an order (and encode encoded it). */
    public static final String ORDER = "order";
    /** decide made no order: encode did not run. */
    public static final String NO_ORDER = "no-order";
    /** A message parse or book refused, as {@code rejected-<reason>} ({@link RejectReason#label()}). */
    public static final String REJECTED_PREFIX = "rejected-";

    private static final byte[] TYPES = {
        ItchLayout.SystemEvent.TYPE,
        ItchLayout.StockDirectory.TYPE,
        ItchLayout.AddOrder.TYPE,
        ItchLayout.AddOrderMpid.TYPE,
        ItchLayout.OrderExecuted.TYPE,
        ItchLayout.OrderExecutedWithPrice.TYPE,
        ItchLayout.OrderCancel.TYPE,
        ItchLayout.OrderDelete.TYPE,
        ItchLayout.OrderReplace.TYPE,
        ItchLayout.Trade.TYPE
    };
    private static final String[] TYPE_TAGS = {
        SYSTEM, DIRECTORY, ADD, ADD_MPID, EXECUTE, EXECUTE_PRICE, CANCEL, DELETE, REPLACE, TRADE
    };

    private MessageTags() {}

    /** @return tag index by message type byte ({@code table[type & 0xFF]}), {@link #OTHER_TYPE} for the rest */
    public static int[] byType(BenchmarkParams params) {
        int[] table = new int[256];
        Arrays.fill(table, params.tag(OTHER_TYPE));
        for (int i = 0; i < TYPES.length; i++) {
            table[TYPES[i] & 0xFF] = params.tag(TYPE_TAGS[i]);
        }
        return table;
    }

    /**
     * @return tag index by stage status: {@code table[0]} is {@link #NO_ORDER}, {@code table[code]} the rejection
     *     {@code code} ({@link RejectReason#code()}); {@link #ORDER} is looked up apart
     */
    public static int[] byOutcome(BenchmarkParams params) {
        int[] table = new int[RejectReason.COUNT + 1];
        table[0] = params.tag(NO_ORDER);
        for (RejectReason reason : RejectReason.values()) {
            table[reason.code()] = params.tag(REJECTED_PREFIX + reason.label());
        }
        return table;
    }
}
