package io.stagebench.stages.bench;

import io.stagebench.api.Benchmark;
import io.stagebench.api.BenchmarkParams;
import io.stagebench.api.CheckParams;
import io.stagebench.api.Operation;
import io.stagebench.api.Parameter;
import io.stagebench.api.Reset;
import io.stagebench.api.Setup;
import io.stagebench.api.Sink;
import io.stagebench.api.Stamps;
import io.stagebench.api.TearDown;
import io.stagebench.api.WallClock;
import io.stagebench.clock.Calibration;
import io.stagebench.clock.Clock;
import io.stagebench.stages.BigEndian;
import io.stagebench.stages.Pipeline;
import io.stagebench.stages.RejectReason;
import io.stagebench.stages.Status;
import io.stagebench.stages.book.OrderBook;
import io.stagebench.stages.decide.ImbalanceStrategy;
import io.stagebench.stages.itch.ItchMessage;
import io.stagebench.stages.itch.ItchParser;
import io.stagebench.stages.itch.MoldUdp64Decoder;
import io.stagebench.stages.ouch.OuchEncoder;
import io.stagebench.stages.wire.WireLink;
import java.lang.foreign.MemorySegment;

/**
 * The pipeline behind a socket: tick-to-trade as the kernel sees it. A feeder process ({@code WireFeeder}, on the CPUs
 * off the measuring one) sends each message as a MoldUDP64 packet over UDP; this process receives it with the kernel's
 * receive stamp, runs parse | book | decide | encode, and sends the order (OUCH over UDP) with a transmit stamp from
 * the socket's error queue. Kernel stamps are CLOCK_REALTIME, mapped onto the counter by the fork's {@link WallClock},
 * whose bound the report prints.
 *
 * <p>Stages: {@code wire-in}, from the kernel's receive stamp to the first instruction after {@code recvmsg} returned
 * (the kernel's receive path after the stamp, the socket queue, the copy and the return); {@code parse} (the MoldUDP64
 * header and the ITCH message), {@code book}, {@code decide}, {@code encode}; {@code wire-out}, from the order's last
 * byte written to the kernel's transmit stamp (the {@code send} call and the stack down to the device), only for the
 * messages that sent an order. {@code total[order]} is tick-to-trade, the receive stamp to the transmit stamp;
 * {@code total} mixes in the messages that traded nothing (they end at the decision).
 *
 * <p>The feeder sends a message when this process asks for it (two stores into a shared page), so each message is
 * received on an idle socket: back to back, {@code wire-in} is the receive path and not a queue; paced
 * ({@code --rate}), a message asked for late is sent late, so a stall shows in {@code response}, from the intended
 * time, and not in tick-to-trade, which starts at the receive stamp (the coordinated omission of a measurement that
 * starts there).
 */
@Benchmark(
        name = "wire",
        stages = {"wire-in", "parse", "book", "decide", "encode", "wire-out"},
        description = "the pipeline over UDP: kernel receive stamp -> stages -> kernel transmit stamp",
        unmarkedTotal = false,
        byDefault = false,
        params = {
            @Parameter(
                    name = ReferenceWorkload.MESSAGES,
                    min = 1,
                    max = ReferenceWorkload.MAX_STREAM_MESSAGES,
                    description = ReferenceWorkload.MESSAGES_DESCRIPTION),
            @Parameter(
                    name = ReferenceWorkload.SEED,
                    defaultValue = ReferenceWorkload.DEFAULT_SEED_TEXT,
                    description = ReferenceWorkload.SEED_DESCRIPTION),
            @Parameter(
                    name = WireBenchmark.PATH,
                    type = Parameter.Type.TEXT,
                    defaultValue = WireLink.LOOPBACK,
                    values = {WireLink.LOOPBACK, WireLink.VETH},
                    description = "loopback, or a veth pair into a network namespace of the feeder's own (root)")
        },
        tags = {
            MessageTags.ORDER,
            MessageTags.NO_ORDER,
            MessageTags.REJECTED_PREFIX + "truncated",
            MessageTags.REJECTED_PREFIX + "length_too_short",
            MessageTags.REJECTED_PREFIX + "unknown_type",
            MessageTags.REJECTED_PREFIX + "locate_out_of_range",
            MessageTags.REJECTED_PREFIX + "execute_unknown_order",
            MessageTags.REJECTED_PREFIX + "cancel_unknown_order",
            MessageTags.REJECTED_PREFIX + "delete_unknown_order",
            MessageTags.REJECTED_PREFIX + "replace_unknown_order",
            MessageTags.REJECTED_PREFIX + "duplicate_order",
            MessageTags.REJECTED_PREFIX + "locate_mismatch",
            MessageTags.REJECTED_PREFIX + "invalid_side",
            MessageTags.REJECTED_PREFIX + "invalid_shares",
            MessageTags.REJECTED_PREFIX + "invalid_price",
            MessageTags.REJECTED_PREFIX + "excess_shares",
            MessageTags.REJECTED_PREFIX + "order_capacity",
            MessageTags.REJECTED_PREFIX + "corrupt_gzip",
            MessageTags.REJECTED_PREFIX + "io_error",
            MessageTags.REJECTED_PREFIX + "sequence_gap",
            MessageTags.REJECTED_PREFIX + "duplicate_sequence"
        })
public final class WireBenchmark implements Operation {

    /** The parameter that chooses the network path. */
    public static final String PATH = "path";

    /** How long a message may take to arrive before it counts as lost and is asked for again. */
    private static final long LOST_AFTER_NS = 200_000_000L;

    private static final int MESSAGE_OFFSET =
            MoldUdp64Decoder.HEADER_LENGTH + MoldUdp64Decoder.MESSAGE_LENGTH_FIELD_LENGTH;

    private final OuchEncoder encoder = new OuchEncoder();
    private final ItchParser parser = new ItchParser();
    private OrderBook book;
    private ImbalanceStrategy strategy;
    private MessageCursor messages;
    private WireLink link;
    private WallClock wall;
    private Clock clock;
    private MemorySegment in;
    private MemorySegment out;
    private long lostAfterTicks;
    private int[] tagByOutcome;
    private int orderTag;
    private long requests;
    private long ordersSent;
    private long lost;
    private long gaps;
    private long stampsMissing;
    private long receiveStampsLate;
    private long transmitStampsEarly;
    private long worstOutsideTicks;
    private double ticksPerNs;

    /** The stream setup generates must fit: checked by the launcher before any fork. */
    @CheckParams
    public static void check(BenchmarkParams params) {
        ReferenceWorkload.checkStream(params, 1.0);
        WireLink.checkPath(params.param(PATH));
    }

    @Setup
    public void setup(BenchmarkParams params, Clock clock, Calibration calibration, WallClock wall) throws Exception {
        this.clock = clock;
        this.wall = wall;
        this.lostAfterTicks = (long) (LOST_AFTER_NS * calibration.ticksPerNs());
        this.ticksPerNs = calibration.ticksPerNs();
        book = ReferenceWorkload.newBook();
        long seed = params.longParam(ReferenceWorkload.SEED, ReferenceWorkload.DEFAULT_SEED);
        var stream = ReferenceWorkload.stream(params, 1.0);
        messages = new MessageCursor(stream, book);
        messages.startAfter(ReferenceWorkload.PREAMBLE_MESSAGES);
        strategy = ReferenceWorkload.newStrategy();
        tagByOutcome = MessageTags.byOutcome(params);
        orderTag = params.tag(MessageTags.ORDER);
        link = WireLink.shared(params.param(PATH), seed, stream.messageCount());
        wall.stamps("software stamps; " + link.timestamping());
        in = link.socket().receiveBuffer();
        out = link.socket().sendBuffer();
    }

    /** Back to the first measured message, its book, a strategy as new and token 1. */
    @Reset
    public void reset() {
        messages.rewind();
        strategy.reset();
        encoder.reset();
    }

    @Override
    public void run(long seq, Stamps stamps, Sink sink) {
        final WireLink wire = link;
        requests++;
        long number = wire.request(messages.advance());
        int length;
        long askedAt = clock.raw();
        while ((length = wire.socket().receive()) < 0
                || BigEndian.u64(in, MoldUdp64Decoder.SEQUENCE_NUMBER_OFFSET) != number) {
            if (length >= 0) {
                gaps++; // a packet of an earlier request, lost once and asked for again
            } else if (clock.raw() - askedAt > lostAfterTicks) {
                lost++;
                number = wire.requestAgain();
                askedAt = clock.raw();
            }
        }
        final long receivedNs = wire.socket().receiveStampNs();
        final long firstTicks = wall.anchorNow();
        if (receivedNs == 0) {
            stampsMissing++;
        }
        final long receivedTicks = receivedNs == 0 ? firstTicks : wall.ticksAt(receivedNs);
        if (receivedTicks - firstTicks > wall.boundTicks()) {
            receiveStampsLate++;
            worstOutsideTicks = Math.max(worstOutsideTicks, receivedTicks - firstTicks - wall.boundTicks());
        }
        stamps.restartAt(receivedTicks);
        stamps.markAt(firstTicks); // wire-in ends at the first instruction after recvmsg
        final int parsed = BigEndian.u16(in, MoldUdp64Decoder.MESSAGE_COUNT_OFFSET) == 1
                ? parser.parse(in, MESSAGE_OFFSET, BigEndian.u16(in, MoldUdp64Decoder.HEADER_LENGTH))
                : RejectReason.TRUNCATED.code();
        stamps.mark();
        final ItchMessage m = parser.message();
        final int applied = parsed == Status.OK ? book.apply(m) : parsed;
        stamps.mark();
        final boolean decided = applied == Status.OK
                && Pipeline.changesBook(m.messageType)
                && strategy.decide(book, m.stockLocate, m.timestampNs);
        stamps.tag(decided ? orderTag : tagByOutcome[Math.max(applied, 0)]);
        stamps.mark();
        if (!decided) {
            stamps.skip();
            stamps.mark();
            stamps.skip();
            sink.consume(applied);
            return;
        }
        final int written = encoder.encodeEnterOrder(strategy.decision(), out, 0);
        stamps.mark();
        final long lastTicks = wall.anchorNow();
        final long sent = wire.send(written);
        ordersSent++;
        while (!wire.socket().pollTransmitStamp() || wire.socket().transmitId() < sent) {
            Thread.onSpinWait();
        }
        final long transmittedNs = wire.socket().transmitStampNs();
        final long transmittedTicks = transmittedNs == 0 ? lastTicks : wall.ticksAt(transmittedNs);
        stampsMissing += transmittedNs == 0 ? 1 : 0;
        if (lastTicks - transmittedTicks > wall.boundTicks()) {
            transmitStampsEarly++;
            worstOutsideTicks = Math.max(worstOutsideTicks, lastTicks - transmittedTicks - wall.boundTicks());
        }
        stamps.tag(orderTag);
        stamps.endAt(transmittedTicks);
        sink.consume(written);
    }

    /**
     * Fails the fork when the wire lost what it may not: a message lost and asked for again, an order the feeder did
     * not receive, a kernel stamp missing, or one outside the process's interval (the clock mapping off by more than
     * its bound) - each a figure no series shows.
     */
    @TearDown
    public void check() throws Exception {
        book.checkInvariants();
        long sent = link.sends();
        long missing = sent - link.awaitOrders(sent);
        String problems = (lost > 0 ? lost + " message(s) lost and sent again; " : "")
                + (gaps > 0 ? gaps + " stale packet(s) skipped; " : "")
                + (missing > 0 ? missing + " of " + sent + " order(s) sent on the link not received; " : "")
                + (stampsMissing > 0 ? stampsMissing + " kernel stamp(s) missing; " : "")
                + (receiveStampsLate + transmitStampsEarly > 0
                        ? receiveStampsLate + " receive stamp(s) after the first instruction and " + transmitStampsEarly
                                + " transmit stamp(s) before the last, by up to "
                                + Math.round(worstOutsideTicks / ticksPerNs)
                                + " ns beyond the clock mapping's bound; "
                        : "");
        if (!problems.isEmpty()) {
            throw new IllegalStateException("wire: " + problems + "over " + requests + " messages");
        }
        if (ordersSent == 0) {
            throw new IllegalStateException("the wire pipeline sent no order: wire-out was never exercised");
        }
    }
}
