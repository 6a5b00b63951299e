package io.stagebench.stages.wire;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The measured process's end of the wire: its socket, the page it shares with the feeder, and the feeder process,
 * started on loopback or in a network namespace of its own behind a veth pair.
 *
 * <p>On loopback both ends are {@code 127.0.0.1}. Through veth, the measured end is {@value #VETH_MEASURED_ADDRESS} in
 * the fork's namespace and the feeder runs under {@code ip netns exec} at {@value #VETH_FEEDER_ADDRESS}: the packet
 * crosses a device pair, as it would cross a NIC, and the kernel still stamps it in software. The pair and the
 * namespace are named after the fork's process and removed when the link closes.
 */
public final class WireLink implements AutoCloseable {

    /** {@code --param path=loopback}: both ends on 127.0.0.1. */
    public static final String LOOPBACK = "loopback";
    /** {@code --param path=veth}: the feeder in a network namespace of its own, behind a veth pair. */
    public static final String VETH = "veth";

    static final String VETH_MEASURED_ADDRESS = "10.251.0.1";
    static final String VETH_FEEDER_ADDRESS = "10.251.0.2";
    private static final String LOOPBACK_ADDRESS = "127.0.0.1";
    private static final long FEEDER_START_MS = 60_000;
    private static final long FEEDER_STOP_MS = 5_000;

    private final UdpSocket socket;
    private final FeederLink page;
    private final Path pageFile;
    private final Path feederLog;
    private final Process feeder;
    private final List<List<String>> undo;
    private final String device;
    private long lastIndex;
    private long requests;
    private long sends;
    private static WireLink shared;
    private static String sharedKey;

    private WireLink(
            UdpSocket socket,
            FeederLink page,
            Path pageFile,
            Path feederLog,
            Process feeder,
            List<List<String>> undo,
            String device) {
        this.socket = socket;
        this.page = page;
        this.pageFile = pageFile;
        this.feederLog = feederLog;
        this.feeder = feeder;
        this.undo = undo;
        this.device = device;
    }

    /**
     * @return empty when {@code path} can be set up on this machine, else why not (one line): veth needs root and
     *     {@code ip}
     * @throws IllegalArgumentException when {@code path} is neither {@value #LOOPBACK} nor {@value #VETH}
     */
    public static Optional<String> unavailable(String path) {
        if (LOOPBACK.equals(path)) {
            return Optional.empty();
        }
        if (!VETH.equals(path)) {
            throw new IllegalArgumentException("--param path must be " + LOOPBACK + " or " + VETH + ", got " + path);
        }
        if (!"root".equals(System.getProperty("user.name"))) {
            return Optional.of("a veth pair into a network namespace needs root; run as root or use path=loopback");
        }
        if (findIp().isEmpty()) {
            return Optional.of(
                    "a veth pair needs the ip command (iproute2), not found in /usr/sbin, /sbin or /usr/bin");
        }
        return Optional.empty();
    }

    /** The launcher's check: refuses a path this machine cannot set up, with the reason. */
    public static void checkPath(String path) {
        unavailable(path).ifPresent(reason -> {
            throw new IllegalArgumentException("--param path=" + path + ": " + reason);
        });
    }

    /**
     * The fork's one link for {@code path} and the stream: started on first use and kept across the benchmark's setups
     * (a fork's warm-up setup and each replica's), so that a feeder process starts once a fork, and closed when the
     * fork's JVM exits.
     */
    public static synchronized WireLink shared(String path, long seed, int messages)
            throws IOException, InterruptedException {
        String key = path + " " + seed + " " + messages;
        if (shared != null && !key.equals(sharedKey)) {
            shared.close();
            shared = null;
        }
        if (shared == null) {
            boolean first = sharedKey == null;
            shared = start(path, seed, messages);
            sharedKey = key;
            if (first) {
                Runtime.getRuntime().addShutdownHook(new Thread(WireLink::closeShared, "stagebench-wire-close"));
            }
        }
        return shared;
    }

    private static synchronized void closeShared() {
        if (shared != null) {
            shared.close();
            shared = null;
        }
    }

    /**
     * Opens the measured end, starts the feeder on {@code path} and waits until it listens.
     *
     * @param seed the reference stream's seed, for the feeder's copy of the stream
     * @param messages the stream's length
     */
    public static WireLink start(String path, long seed, int messages) throws IOException, InterruptedException {
        checkPath(path);
        boolean veth = VETH.equals(path);
        List<List<String>> undo = new ArrayList<>();
        String namespace = "sbwire" + ProcessHandle.current().pid();
        String measuredAddress = LOOPBACK_ADDRESS;
        String feederAddress = LOOPBACK_ADDRESS;
        List<String> prefix = new ArrayList<>();
        String device = "lo";
        if (veth) {
            String ip = findIp().orElseThrow().toString();
            String measuredDevice = "sbm" + ProcessHandle.current().pid();
            String feederDevice = "sbf" + ProcessHandle.current().pid();
            run(List.of(ip, "netns", "add", namespace));
            undo.add(List.of(ip, "netns", "del", namespace));
            run(List.of(ip, "link", "add", measuredDevice, "type", "veth", "peer", "name", feederDevice));
            undo.add(0, List.of(ip, "link", "del", measuredDevice));
            run(List.of(ip, "link", "set", feederDevice, "netns", namespace));
            run(List.of(ip, "addr", "add", VETH_MEASURED_ADDRESS + "/30", "dev", measuredDevice));
            run(List.of(ip, "link", "set", measuredDevice, "up"));
            run(List.of(
                    ip,
                    "netns",
                    "exec",
                    namespace,
                    ip,
                    "addr",
                    "add",
                    VETH_FEEDER_ADDRESS + "/30",
                    "dev",
                    feederDevice));
            run(List.of(ip, "netns", "exec", namespace, ip, "link", "set", feederDevice, "up"));
            run(List.of(ip, "netns", "exec", namespace, ip, "link", "set", "lo", "up"));
            device = measuredDevice;
            measuredAddress = VETH_MEASURED_ADDRESS;
            feederAddress = VETH_FEEDER_ADDRESS;
            prefix.addAll(List.of(ip, "netns", "exec", namespace));
        }
        UdpSocket socket = null;
        FeederLink page = null;
        Process feeder = null;
        Path pageFile = Files.createTempFile("stagebench-wire", ".page");
        Path log = Files.createTempFile("stagebench-wire", ".log");
        try {
            socket = UdpSocket.open(measuredAddress, 0, true);
            page = FeederLink.map(pageFile, true);
            List<String> command = new ArrayList<>(prefix);
            command.addAll(List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "--enable-native-access=ALL-UNNAMED",
                    "-XX:+UseSerialGC",
                    "-Xss512k",
                    "-cp",
                    System.getProperty("java.class.path"),
                    WireFeeder.class.getName(),
                    pageFile.toString(),
                    feederAddress,
                    measuredAddress,
                    Integer.toString(socket.localPort()),
                    Long.toString(seed),
                    Integer.toString(messages)));
            feeder = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
            WireLink link = new WireLink(socket, page, pageFile, log, feeder, undo, device);
            link.awaitFeeder(feederAddress);
            return link;
        } catch (IOException | InterruptedException | RuntimeException e) {
            if (feeder != null) {
                feeder.destroyForcibly();
            }
            if (socket != null) {
                socket.close();
            }
            if (page != null) {
                page.close();
            }
            Files.deleteIfExists(pageFile);
            Files.deleteIfExists(log);
            undo(undo);
            throw e;
        }
    }

    private void awaitFeeder(String feederAddress) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(FEEDER_START_MS);
        int port;
        while ((port = page.feederPort()) == 0) {
            if (!feeder.isAlive() || System.nanoTime() > deadline) {
                String output =
                        Files.readString(feederLog, StandardCharsets.UTF_8).strip();
                close();
                throw new IllegalStateException("the wire's feeder did not start"
                        + (output.isEmpty()
                                ? ""
                                : ": " + output.lines().reduce((a, b) -> b).orElse("")));
            }
            Thread.sleep(5);
        }
        socket.connect(feederAddress, port);
    }

    /**
     * @return what the measured end's device offers for timestamping, e.g. "lo: software stamps only"; the benchmark
     *     reads software stamps either way
     */
    public String timestamping() {
        String offered = socket.timestampingOf(device);
        return offered.contains("hardware") ? offered + ", not read: the benchmark reads software stamps" : offered;
    }

    /** @return the measured end's socket */
    public UdpSocket socket() {
        return socket;
    }

    /**
     * Asks the feeder for stream message {@code index}: two stores, no system call.
     *
     * @return the request's number, which the packet carries as its MoldUDP64 sequence number
     */
    public long request(long index) {
        lastIndex = index;
        page.request(++requests, index);
        return requests;
    }

    /**
     * Asks again for the last request's message, under a new number (the last packet was lost).
     *
     * @return the new number
     */
    public long requestAgain() {
        return request(lastIndex);
    }

    /**
     * Sends the first {@code length} bytes of the socket's send buffer.
     *
     * @return the send's number, from 0, which its transmit stamp carries ({@link UdpSocket#transmitId()})
     */
    public long send(int length) {
        socket.send(length);
        return sends++;
    }

    /** @return orders sent on this link */
    public long sends() {
        return sends;
    }

    /**
     * Waits up to a second for the feeder to have received {@code expected} orders.
     *
     * @return the orders it received
     */
    public long awaitOrders(long expected) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
        long received;
        while ((received = page.ordersReceived()) < expected && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        return received;
    }

    /** Stops the feeder, closes the socket and removes the page, the veth pair and the namespace. */
    @Override
    public void close() {
        page.stop();
        try {
            if (!feeder.waitFor(FEEDER_STOP_MS, TimeUnit.MILLISECONDS)) {
                feeder.destroyForcibly();
            }
        } catch (InterruptedException e) {
            feeder.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        socket.close();
        page.close();
        try {
            Files.deleteIfExists(pageFile);
            Files.deleteIfExists(feederLog);
            undo(undo);
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException("the wire could not clean up: " + e.getMessage(), e);
        }
    }

    private static void undo(List<List<String>> commands) throws IOException, InterruptedException {
        for (List<String> command : commands) {
            new ProcessBuilder(command).redirectErrorStream(true).start().waitFor(10, TimeUnit.SECONDS);
        }
    }

    private static void run(List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (!process.waitFor(10, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IllegalStateException("'" + String.join(" ", command) + "' failed: " + output);
        }
    }

    private static Optional<Path> findIp() {
        for (String dir : List.of("/usr/sbin", "/sbin", "/usr/bin", "/bin")) {
            Path ip = Path.of(dir, "ip");
            if (Files.isExecutable(ip)) {
                return Optional.of(ip);
            }
        }
        return Optional.empty();
    }
}
