package io.stagebench.stages.wire;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.nio.charset.StandardCharsets;

/**
 * A UDP socket on Linux x86-64 through FFM, with the kernel's timestamps: each datagram received carries the instant
 * the kernel took it in ({@code SO_TIMESTAMPING}, receive stamp), and each datagram sent leaves the instant the kernel
 * handed it to the device on the socket's error queue (transmit stamp, matched to its send by the kernel's counter,
 * {@code SOF_TIMESTAMPING_OPT_ID}). Software stamps are CLOCK_REALTIME; a NIC's hardware stamps, where enabled, come in
 * the same message, in the NIC's clock.
 *
 * <p>The hot calls ({@link #receive()}, {@link #send(int)}, {@link #pollTransmitStamp()}) never block
 * ({@code MSG_DONTWAIT}: -1 when nothing is there yet) and allocate nothing: the message header, the buffers and the
 * control space are allocated once here, and the downcall handles are constants.
 */
public final class UdpSocket implements AutoCloseable {

    /** Largest datagram a buffer takes. */
    public static final int BUFFER_BYTES = 2_048;

    private static final int AF_INET = 2;
    private static final int SOCK_DGRAM = 2;
    private static final int SOL_SOCKET = 1;
    private static final int SOL_IP = 0;
    private static final int IP_RECVERR = 11;
    private static final int SO_TIMESTAMPING = 37;
    private static final int SO_RCVBUF = 8;
    private static final int MSG_DONTWAIT = 0x40;
    private static final int MSG_ERRQUEUE = 0x2000;
    private static final int SO_EE_ORIGIN_TIMESTAMPING = 4;
    /** {@code SOF_TIMESTAMPING_*} bits of {@code linux/net_tstamp.h}. */
    static final int TX_SOFTWARE = 1 << 1;

    static final int RX_SOFTWARE = 1 << 3;
    static final int SOFTWARE = 1 << 4;
    static final int OPT_ID = 1 << 7;
    static final int OPT_TSONLY = 1 << 11;

    private static final int CONTROL_BYTES = 512;
    private static final int SOCKADDR_BYTES = 16;

    private static final StructLayout MSGHDR = MemoryLayout.structLayout(
            ValueLayout.ADDRESS.withName("name"),
            ValueLayout.JAVA_INT.withName("namelen"),
            MemoryLayout.paddingLayout(4),
            ValueLayout.ADDRESS.withName("iov"),
            ValueLayout.JAVA_LONG.withName("iovlen"),
            ValueLayout.ADDRESS.withName("control"),
            ValueLayout.JAVA_LONG.withName("controllen"),
            ValueLayout.JAVA_INT.withName("flags"),
            MemoryLayout.paddingLayout(4));
    private static final long IOV_LEN_OFFSET = 8;
    private static final long MSG_CONTROLLEN_OFFSET =
            MSGHDR.byteOffset(MemoryLayout.PathElement.groupElement("controllen"));

    private static final Linker LINKER = Linker.nativeLinker();
    private static final StructLayout CAPTURED = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = CAPTURED.varHandle(MemoryLayout.PathElement.groupElement("errno"));
    private static final MethodHandle SOCKET = downcall(
            "socket",
            FunctionDescriptor.of(
                    ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT),
            true);
    private static final MethodHandle SETSOCKOPT = downcall(
            "setsockopt",
            FunctionDescriptor.of(
                    ValueLayout.JAVA_INT,
                    ValueLayout.JAVA_INT,
                    ValueLayout.JAVA_INT,
                    ValueLayout.JAVA_INT,
                    ValueLayout.ADDRESS,
                    ValueLayout.JAVA_INT),
            true);
    /** {@code int f(int fd, const struct sockaddr *address, socklen_t length)}: bind and connect. */
    private static final FunctionDescriptor FD_ADDRESS_LENGTH = FunctionDescriptor.of(
            ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT);

    private static final MethodHandle BIND = downcall("bind", FD_ADDRESS_LENGTH, true);
    private static final MethodHandle CONNECT = downcall("connect", FD_ADDRESS_LENGTH, true);
    private static final MethodHandle GETSOCKNAME = downcall(
            "getsockname",
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS),
            true);
    private static final MethodHandle CLOSE =
            downcall("close", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT), false);
    private static final MethodHandle SEND = downcall(
            "send",
            FunctionDescriptor.of(
                    ValueLayout.JAVA_LONG,
                    ValueLayout.JAVA_INT,
                    ValueLayout.ADDRESS,
                    ValueLayout.JAVA_LONG,
                    ValueLayout.JAVA_INT),
            false);
    private static final MethodHandle RECVMSG = downcall(
            "recvmsg",
            FunctionDescriptor.of(
                    ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT),
            false);

    private static final MethodHandle IOCTL = LINKER.downcallHandle(
            LINKER.defaultLookup().findOrThrow("ioctl"),
            FunctionDescriptor.of(
                    ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG, ValueLayout.ADDRESS),
            Linker.Option.firstVariadicArg(2),
            Linker.Option.captureCallState("errno"));
    private static final long SIOCETHTOOL = 0x8946;
    private static final int ETHTOOL_GET_TS_INFO = 0x41;
    private static final int TX_HARDWARE = 1;
    private static final int RX_HARDWARE = 1 << 2;
    private static final int RAW_HARDWARE = 1 << 6;

    private final int fd;
    private final MemorySegment captured;
    private final MemorySegment receiveBuffer;
    private final MemorySegment sendBuffer;
    private final MemorySegment receiveHeader;
    private final MemorySegment receiveControl;
    private final MemorySegment errorHeader;
    private final MemorySegment errorControl;
    private final MemorySegment address;
    private long receiveStampNs;
    private long transmitStampNs;
    private long transmitId;
    private boolean closed;

    private UdpSocket(int fd, Arena arena) {
        this.fd = fd;
        this.captured = arena.allocate(CAPTURED);
        this.receiveBuffer = arena.allocate(BUFFER_BYTES, 64);
        this.sendBuffer = arena.allocate(BUFFER_BYTES, 64);
        this.receiveControl = arena.allocate(CONTROL_BYTES, 8);
        this.errorControl = arena.allocate(CONTROL_BYTES, 8);
        this.address = arena.allocate(SOCKADDR_BYTES, 8);
        MemorySegment receiveIov = arena.allocate(16, 8);
        receiveIov.set(ValueLayout.ADDRESS, 0, receiveBuffer);
        receiveIov.set(ValueLayout.JAVA_LONG, IOV_LEN_OFFSET, BUFFER_BYTES);
        this.receiveHeader = header(arena, receiveIov, receiveControl);
        MemorySegment errorIov = arena.allocate(16, 8);
        errorIov.set(ValueLayout.ADDRESS, 0, arena.allocate(64, 8));
        errorIov.set(ValueLayout.JAVA_LONG, IOV_LEN_OFFSET, 64);
        this.errorHeader = header(arena, errorIov, errorControl);
    }

    /**
     * Opens a UDP socket bound to {@code host:port} (port 0: any free one) with the kernel's software timestamps on
     * receive and, when {@code transmitStamps}, on send.
     *
     * @param host a dotted IPv4 address, e.g. {@code 127.0.0.1}
     * @throws IllegalStateException naming the call that failed and its errno
     */
    public static UdpSocket open(String host, int port, boolean transmitStamps) {
        Arena arena = Arena.ofAuto();
        MemorySegment captured = arena.allocate(CAPTURED);
        int fd = checked("socket", call(() -> (int) SOCKET.invokeExact(captured, AF_INET, SOCK_DGRAM, 0)), captured);
        UdpSocket socket = new UdpSocket(fd, arena);
        try {
            int flags = RX_SOFTWARE | SOFTWARE | (transmitStamps ? TX_SOFTWARE | OPT_ID | OPT_TSONLY : 0);
            socket.setInt(SO_TIMESTAMPING, flags, "setsockopt(SO_TIMESTAMPING)");
            socket.setInt(SO_RCVBUF, 1 << 20, "setsockopt(SO_RCVBUF)");
            socket.fillAddress(host, port);
            checked(
                    "bind " + host + ":" + port,
                    call(() -> (int) BIND.invokeExact(socket.captured, fd, socket.address, SOCKADDR_BYTES)),
                    socket.captured);
        } catch (RuntimeException e) {
            socket.close();
            throw e;
        }
        return socket;
    }

    /** Sends every datagram to {@code host:port}, and receives only from there. */
    public void connect(String host, int port) {
        fillAddress(host, port);
        checked(
                "connect " + host + ":" + port,
                call(() -> (int) CONNECT.invokeExact(captured, fd, address, SOCKADDR_BYTES)),
                captured);
    }

    /** @return the port the socket is bound to */
    public int localPort() {
        MemorySegment length = Arena.ofAuto().allocate(ValueLayout.JAVA_INT);
        length.set(ValueLayout.JAVA_INT, 0, SOCKADDR_BYTES);
        checked("getsockname", call(() -> (int) GETSOCKNAME.invokeExact(captured, fd, address, length)), captured);
        return Short.toUnsignedInt(Short.reverseBytes(address.get(ValueLayout.JAVA_SHORT, 2)));
    }

    /**
     * Reads what timestamping device {@code device} offers ({@code ETHTOOL_GET_TS_INFO}, as {@code ethtool -T} does).
     *
     * @return e.g. "lo: software stamps only" or "eth0: hardware stamps on PTP clock /dev/ptp0"
     */
    public String timestampingOf(String device) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment info = arena.allocate(44, 8);
            info.set(ValueLayout.JAVA_INT, 0, ETHTOOL_GET_TS_INFO);
            MemorySegment request = arena.allocate(40, 8);
            byte[] name = device.getBytes(StandardCharsets.US_ASCII);
            MemorySegment.copy(name, 0, request, ValueLayout.JAVA_BYTE, 0, Math.min(name.length, 15));
            request.set(ValueLayout.ADDRESS, 16, info);
            int rc = call(() -> (int) IOCTL.invokeExact(captured, fd, SIOCETHTOOL, request));
            if (rc < 0) {
                return device + ": its timestamping unreadable (errno " + (int) ERRNO.get(captured, 0L) + ")";
            }
            int offered = info.get(ValueLayout.JAVA_INT, 4);
            int phc = info.get(ValueLayout.JAVA_INT, 8);
            boolean hardware = (offered & (TX_HARDWARE | RX_HARDWARE | RAW_HARDWARE))
                    == (TX_HARDWARE | RX_HARDWARE | RAW_HARDWARE);
            return hardware
                    ? device + ": offers hardware stamps" + (phc >= 0 ? " on PTP clock /dev/ptp" + phc : "")
                    : device + ": software stamps only";
        }
    }

    /** @return the buffer a received datagram lands in ({@link #BUFFER_BYTES}) */
    public MemorySegment receiveBuffer() {
        return receiveBuffer;
    }

    /** @return the buffer {@link #send(int)} sends from ({@link #BUFFER_BYTES}) */
    public MemorySegment sendBuffer() {
        return sendBuffer;
    }

    /**
     * Takes the next datagram into {@link #receiveBuffer()}, if one is queued, and its receive stamp into
     * {@link #receiveStampNs()} (0 when the kernel gave none).
     *
     * @return its length, or -1 when none was queued
     */
    public int receive() {
        receiveHeader.set(ValueLayout.JAVA_LONG, MSG_CONTROLLEN_OFFSET, CONTROL_BYTES);
        long length;
        try {
            length = (long) RECVMSG.invokeExact(fd, receiveHeader, MSG_DONTWAIT);
        } catch (Throwable t) {
            throw new AssertionError("recvmsg cannot throw", t);
        }
        if (length < 0) {
            return -1;
        }
        receiveStampNs = softwareStamp(receiveControl, receiveHeader.get(ValueLayout.JAVA_LONG, MSG_CONTROLLEN_OFFSET));
        return (int) length;
    }

    /** @return the kernel's receive stamp of the last datagram {@link #receive()} took, CLOCK_REALTIME ns */
    public long receiveStampNs() {
        return receiveStampNs;
    }

    /**
     * Sends the first {@code length} bytes of {@link #sendBuffer()} to the connected peer.
     *
     * @return bytes sent, or -1 when the kernel refused (a full buffer, no peer)
     */
    public long send(int length) {
        try {
            return (long) SEND.invokeExact(fd, sendBuffer, (long) length, MSG_DONTWAIT);
        } catch (Throwable t) {
            throw new AssertionError("send cannot throw", t);
        }
    }

    /**
     * Reads one transmit stamp from the error queue, if the kernel has queued one: its instant into
     * {@link #transmitStampNs()} and the number of the send it belongs to (0 for the socket's first) into
     * {@link #transmitId()}.
     *
     * @return true when a stamp was read
     */
    public boolean pollTransmitStamp() {
        errorHeader.set(ValueLayout.JAVA_LONG, MSG_CONTROLLEN_OFFSET, CONTROL_BYTES);
        long length;
        try {
            length = (long) RECVMSG.invokeExact(fd, errorHeader, MSG_ERRQUEUE | MSG_DONTWAIT);
        } catch (Throwable t) {
            throw new AssertionError("recvmsg cannot throw", t);
        }
        if (length < 0) {
            return false;
        }
        long controlLength = errorHeader.get(ValueLayout.JAVA_LONG, MSG_CONTROLLEN_OFFSET);
        transmitStampNs = softwareStamp(errorControl, controlLength);
        transmitId = timestampId(errorControl, controlLength);
        return true;
    }

    /** @return the last transmit stamp {@link #pollTransmitStamp()} read, CLOCK_REALTIME ns */
    public long transmitStampNs() {
        return transmitStampNs;
    }

    /** @return which send the last transmit stamp belongs to, counted from 0; -1 when the kernel did not say */
    public long transmitId() {
        return transmitId;
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            try {
                int ignored = (int) CLOSE.invokeExact(fd);
            } catch (Throwable t) {
                throw new AssertionError("close cannot throw", t);
            }
        }
    }

    /** The software stamp ({@code ts[0]} of {@code struct scm_timestamping}) among the control messages; 0 if none. */
    private static long softwareStamp(MemorySegment control, long controlLength) {
        long at = 0;
        while (at + 16 <= controlLength) {
            long length = control.get(ValueLayout.JAVA_LONG, at);
            if (length < 16) {
                return 0;
            }
            int level = control.get(ValueLayout.JAVA_INT, at + 8);
            int type = control.get(ValueLayout.JAVA_INT, at + 12);
            if (level == SOL_SOCKET && type == SO_TIMESTAMPING && length >= 16 + 48) {
                return control.get(ValueLayout.JAVA_LONG, at + 16) * 1_000_000_000L
                        + control.get(ValueLayout.JAVA_LONG, at + 24);
            }
            at += (length + 7) & ~7L;
        }
        return 0;
    }

    /** {@code ee_data} of the {@code sock_extended_err} a transmit stamp comes with: its send's number; -1 if none. */
    private static long timestampId(MemorySegment control, long controlLength) {
        long at = 0;
        while (at + 16 <= controlLength) {
            long length = control.get(ValueLayout.JAVA_LONG, at);
            if (length < 16) {
                return -1;
            }
            int level = control.get(ValueLayout.JAVA_INT, at + 8);
            int type = control.get(ValueLayout.JAVA_INT, at + 12);
            if (level == SOL_IP && type == IP_RECVERR && length >= 16 + 16) {
                byte origin = control.get(ValueLayout.JAVA_BYTE, at + 16 + 4);
                return origin == SO_EE_ORIGIN_TIMESTAMPING
                        ? Integer.toUnsignedLong(control.get(ValueLayout.JAVA_INT, at + 16 + 12))
                        : -1;
            }
            at += (length + 7) & ~7L;
        }
        return -1;
    }

    private static MemorySegment header(Arena arena, MemorySegment iov, MemorySegment control) {
        MemorySegment header = arena.allocate(MSGHDR);
        header.set(ValueLayout.ADDRESS, MSGHDR.byteOffset(MemoryLayout.PathElement.groupElement("iov")), iov);
        header.set(ValueLayout.JAVA_LONG, MSGHDR.byteOffset(MemoryLayout.PathElement.groupElement("iovlen")), 1L);
        header.set(ValueLayout.ADDRESS, MSGHDR.byteOffset(MemoryLayout.PathElement.groupElement("control")), control);
        return header;
    }

    private void setInt(int option, int value, String what) {
        MemorySegment holder = Arena.ofAuto().allocate(ValueLayout.JAVA_INT);
        holder.set(ValueLayout.JAVA_INT, 0, value);
        checked(what, call(() -> (int) SETSOCKOPT.invokeExact(captured, fd, SOL_SOCKET, option, holder, 4)), captured);
    }

    private void fillAddress(String host, int port) {
        String[] parts = host.split("\\.");
        if (parts.length != 4) {
            throw new IllegalArgumentException("not a dotted IPv4 address: " + host);
        }
        address.fill((byte) 0);
        address.set(ValueLayout.JAVA_SHORT, 0, (short) AF_INET);
        address.set(ValueLayout.JAVA_SHORT, 2, Short.reverseBytes((short) port));
        for (int i = 0; i < 4; i++) {
            address.set(ValueLayout.JAVA_BYTE, 4 + i, (byte) Integer.parseInt(parts[i]));
        }
    }

    private interface IntCall {
        int invoke() throws Throwable;
    }

    private static int call(IntCall call) {
        try {
            return call.invoke();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    private static int checked(String what, int result, MemorySegment captured) {
        if (result < 0) {
            int errno = (int) ERRNO.get(captured, 0L);
            throw new IllegalStateException(what + " failed: errno " + errno);
        }
        return result;
    }

    private static MethodHandle downcall(String name, FunctionDescriptor descriptor, boolean captureErrno) {
        MemorySegment symbol = LINKER.defaultLookup().findOrThrow(name);
        return captureErrno
                ? LINKER.downcallHandle(symbol, descriptor, Linker.Option.captureCallState("errno"))
                : LINKER.downcallHandle(symbol, descriptor);
    }
}
