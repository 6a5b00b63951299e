package io.stagebench.stages.wire;

import io.stagebench.stages.BigEndian;
import io.stagebench.stages.bench.ReferenceWorkload;
import io.stagebench.stages.itch.GeneratedMarketData;
import io.stagebench.stages.itch.MoldUdp64Decoder;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.locks.LockSupport;

/**
 * The exchange's side of the {@code wire} benchmark, a process of its own: it generates the reference stream the
 * measured process generates (same seed, same length), sends the message the measured process asks for as one MoldUDP64
 * packet over UDP, its sequence number the request's, and receives and counts the orders that come back.
 *
 * <p>It runs on the CPUs the fork gave its benchmark's setup, never the measuring one: the measured process starts it
 * from its setup, whose affinity a child inherits. It spins while requests come and backs off to short sleeps when they
 * stop (between passes), so a fork's compiler threads on those CPUs are not starved; and it exits when told to, or when
 * its parent has gone.
 *
 * <p>Arguments: {@code <link file> <feeder address> <measured address> <measured port> <seed> <messages>}.
 */
public final class WireFeeder {

    /** The session name of every packet. */
    static final String SESSION = "STAGEBENCH";

    /** Polls without a request before it backs off. */
    private static final long SPINS_BEFORE_BACKOFF = 1_000_000;

    private WireFeeder() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 6) {
            System.err.println("usage: WireFeeder <link file> <feeder address> <measured address> <measured port>"
                    + " <seed> <messages>");
            System.exit(2);
        }
        try (FeederLink link = FeederLink.map(Path.of(args[0]), false);
                UdpSocket socket = UdpSocket.open(args[1], 0, false)) {
            GeneratedMarketData stream = ReferenceWorkload.stream(Long.parseLong(args[4]), Integer.parseInt(args[5]));
            socket.connect(args[2], Integer.parseInt(args[3]));
            MemorySegment packet = socket.sendBuffer();
            packet.asSlice(MoldUdp64Decoder.SESSION_OFFSET, MoldUdp64Decoder.SESSION_LENGTH)
                    .copyFrom(MemorySegment.ofArray(SESSION.getBytes(StandardCharsets.US_ASCII)));
            BigEndian.putU16(packet, MoldUdp64Decoder.MESSAGE_COUNT_OFFSET, 1);
            link.ready(socket.localPort());
            serve(link, socket, stream, packet);
        }
    }

    private static void serve(FeederLink link, UdpSocket socket, GeneratedMarketData stream, MemorySegment packet) {
        MemorySegment data = stream.segment();
        long served = 0;
        long orders = 0;
        long idle = 0;
        ProcessHandle parent = ProcessHandle.current().parent().orElse(null);
        while (!link.stopped()) {
            long number = link.requestNumber();
            if (number != served) {
                int index = (int) link.requestIndex();
                int length = stream.messageLength(index);
                BigEndian.putU64(packet, MoldUdp64Decoder.SEQUENCE_NUMBER_OFFSET, number);
                BigEndian.putU16(packet, MoldUdp64Decoder.HEADER_LENGTH, length);
                MemorySegment.copy(
                        data,
                        stream.messageOffset(index),
                        packet,
                        MoldUdp64Decoder.HEADER_LENGTH + MoldUdp64Decoder.MESSAGE_LENGTH_FIELD_LENGTH,
                        length);
                socket.send(MoldUdp64Decoder.HEADER_LENGTH + MoldUdp64Decoder.MESSAGE_LENGTH_FIELD_LENGTH + length);
                served = number;
                idle = 0;
            } else if (socket.receive() >= 0) {
                link.ordersReceived(++orders);
                idle = 0;
            } else if (++idle < SPINS_BEFORE_BACKOFF) {
                Thread.onSpinWait();
            } else {
                LockSupport.parkNanos(100_000);
                if (parent != null && (idle & 0x3FF) == 0 && !parent.isAlive()) {
                    return;
                }
            }
        }
    }
}
