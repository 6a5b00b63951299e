package io.stagebench.stages.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stagebench.cli.Main;
import io.stagebench.stages.Alpha;
import io.stagebench.stages.ItchReplay;
import io.stagebench.stages.WireBytes;
import io.stagebench.stages.book.OrderBook;
import io.stagebench.stages.itch.GeneratedMarketData;
import io.stagebench.stages.itch.ItchFileReader;
import io.stagebench.stages.itch.MarketDataGenerator;
import io.stagebench.stages.testing.StartsProcesses;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code stagebench itch} and {@code itch-gen} through the real command line. */
class ItchCommandTest {

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    private static final String[] REASONS = {
        "truncated",
        "length_too_short",
        "unknown_type",
        "locate_out_of_range",
        "execute_unknown_order",
        "cancel_unknown_order",
        "delete_unknown_order",
        "replace_unknown_order",
        "duplicate_order",
        "locate_mismatch",
        "invalid_side",
        "invalid_shares",
        "invalid_price",
        "excess_shares",
        "order_capacity",
        "corrupt_gzip",
        "io_error",
        "sequence_gap",
        "duplicate_sequence",
    };

    @Test
    void shouldGenerateAFileAndReplayItAsJson() throws IOException {
        final Path file = dir.resolve("day.itch.gz");
        assertEquals(
                0, run("itch-gen", "--count", "60000", "--seed", "5", "--instruments", "3", "--out", file.toString()));
        assertTrue(out.toString().contains("wrote 60000 messages"), out.toString());
        out.getBuffer().setLength(0);

        assertEquals(0, run("itch", file.toString(), "--json"), err.toString());
        final JsonNode json = new ObjectMapper().readTree(out.toString());
        assertEquals(List.of("messages", "rejected", "books"), names(json));

        long messages = 0;
        for (JsonNode count : json.get("messages")) {
            messages += count.asLong();
        }
        assertEquals(60_000, messages);
        assertEquals(6, json.get("messages").get("S").asLong(), "3 opening and 3 closing system events");
        assertEquals(List.of(REASONS), names(json.get("rejected")));
        for (JsonNode count : json.get("rejected")) {
            assertEquals(0, count.asLong());
        }

        // The books agree with an in-memory replay of the same generated stream.
        final GeneratedMarketData data =
                MarketDataGenerator.generate(5, 60_000, new MarketDataGenerator.Config(3, 200));
        final ItchReplay replay = new ItchReplay(65_535, 1 << 20);
        for (int i = 0; i < data.messageCount(); i++) {
            replay.onMessage(data.segment(), data.messageOffset(i), data.messageLength(i));
        }
        final OrderBook book = replay.book();
        final JsonNode books = json.get("books");
        assertEquals(3, books.size());
        for (JsonNode entry : books) {
            assertEquals(List.of("locate", "bid", "ask"), names(entry));
            final int locate = entry.get("locate").asInt();
            assertEquals(
                    book.bestBidPriceE4(locate), entry.get("bid").get("price").asLong());
            assertEquals(
                    book.bestBidShares(locate), entry.get("bid").get("shares").asLong());
            assertEquals(
                    book.bestAskPriceE4(locate), entry.get("ask").get("price").asLong());
            assertEquals(
                    book.bestAskShares(locate), entry.get("ask").get("shares").asLong());
        }
    }

    @Test
    void shouldReplayAMoldUdp64File() throws IOException {
        final Path file = dir.resolve("mold.bin");
        assertEquals(0, run("itch-gen", "--count", "5000", "--framing", "moldudp64", "--out", file.toString()));
        out.getBuffer().setLength(0);
        assertEquals(0, run("itch", "--framing", "moldudp64", "--json", file.toString()), err.toString());
        final JsonNode json = new ObjectMapper().readTree(out.toString());
        long messages = 0;
        for (JsonNode count : json.get("messages")) {
            messages += count.asLong();
        }
        assertEquals(5_000, messages);
        assertEquals(0, json.get("rejected").get("sequence_gap").asLong());
    }

    /** A length-prefixed file holding one example of each kind of bad input between good messages. */
    private Path badInputFile() throws IOException {
        final ByteArrayOutputStream file = new ByteArrayOutputStream();
        final long stock = Alpha.packStock("BAD");
        frame(
                file,
                new WireBytes(39).ch(0, 'R').uint(1, 2, 1).uint(11, 8, stock).uint(21, 4, 100));
        // A good add on locate 1, ref 1: bid 100 @ 10.0000.
        frame(file, add(1, 1, 'B', 100, 100_000));
        // Unknown type.
        frame(file, new WireBytes(20).ch(0, 'z'));
        // Length prefix shorter than an Add Order (20 < 36).
        frame(file, new WireBytes(20).ch(0, 'A').uint(1, 2, 1));
        // Execute, cancel, replace, delete of unknown reference 99.
        frame(file, new WireBytes(31).ch(0, 'E').uint(1, 2, 1).uint(11, 8, 99).uint(19, 4, 1));
        frame(file, new WireBytes(23).ch(0, 'X').uint(1, 2, 1).uint(11, 8, 99).uint(19, 4, 1));
        frame(
                file,
                new WireBytes(35)
                        .ch(0, 'U')
                        .uint(1, 2, 1)
                        .uint(11, 8, 99)
                        .uint(19, 8, 100)
                        .uint(27, 4, 1)
                        .uint(31, 4, 1));
        frame(file, new WireBytes(19).ch(0, 'D').uint(1, 2, 1).uint(11, 8, 99));
        // Locate out of range (the command runs with --max-locate 16).
        frame(file, add(40, 2, 'S', 100, 100_100));
        // A good ask on locate 1.
        frame(file, add(1, 3, 'S', 200, 100_200));
        // Truncated: the prefix announces 36 bytes, the file ends after 10.
        final byte[] last = add(1, 4, 'S', 1, 1).bytes();
        file.write(0);
        file.write(36);
        file.write(last, 0, 10);
        final Path path = dir.resolve("bad.itch");
        Files.write(path, file.toByteArray());
        return path;
    }

    private static WireBytes add(int locate, long ref, char side, long shares, long priceE4) {
        return new WireBytes(36)
                .ch(0, 'A')
                .uint(1, 2, locate)
                .uint(11, 8, ref)
                .ch(19, side)
                .uint(20, 4, shares)
                .alpha(24, 8, "BAD")
                .uint(32, 4, priceE4);
    }

    private static void frame(ByteArrayOutputStream out, WireBytes message) {
        out.write(message.length() >>> 8);
        out.write(message.length() & 0xFF);
        out.writeBytes(message.bytes());
    }

    @Test
    void shouldCountEachKindOfBadInputUnderItsOwnReasonAndCarryOn() throws IOException {
        final Path file = badInputFile();
        assertEquals(0, run("itch", "--max-locate", "16", "--json", file.toString()), err.toString());
        final JsonNode json = new ObjectMapper().readTree(out.toString());
        final JsonNode rejected = json.get("rejected");
        for (String reason : new String[] {
            "unknown_type",
            "length_too_short",
            "execute_unknown_order",
            "cancel_unknown_order",
            "replace_unknown_order",
            "delete_unknown_order",
            "locate_out_of_range",
            "truncated"
        }) {
            assertEquals(1, rejected.get(reason).asLong(), reason);
        }
        assertEquals(1, json.get("books").size());
        final JsonNode book = json.get("books").get(0);
        assertEquals(1, book.get("locate").asInt());
        assertEquals(100_000, book.get("bid").get("price").asLong());
        assertEquals(100, book.get("bid").get("shares").asLong());
        assertEquals(100_200, book.get("ask").get("price").asLong());
        assertEquals(200, book.get("ask").get("shares").asLong());
        assertEquals(3, json.get("messages").get("A").asLong(), "A messages parsed, whatever the book did");

        out.getBuffer().setLength(0);
        assertEquals(0, run("itch", "--max-locate", "16", file.toString()));
        final String text = out.toString();
        assertTrue(text.contains("rejected: 8"), text);
        assertTrue(text.matches("(?s).*execute_unknown_order\\s+1\\n.*"), text);
        assertTrue(text.matches("(?s).*\\n\\s+1\\s+BAD\\s+100000\\s+100\\s+100200\\s+200\\n.*"), text);
    }

    @Test
    void shouldReportACorruptGzipInTheOutput() throws IOException {
        final Path file = dir.resolve("corrupt.itch.gz");
        assertEquals(0, run("itch-gen", "--count", "100000", "--out", file.toString()));
        final byte[] bytes = Files.readAllBytes(file);
        for (int i = bytes.length / 2; i < bytes.length / 2 + 32; i++) {
            bytes[i] = (byte) ~bytes[i];
        }
        Files.write(file, bytes);
        out.getBuffer().setLength(0);
        assertEquals(0, run("itch", file.toString()));
        assertTrue(out.toString().matches("(?s).*corrupt_gzip\\s+1\\n.*"), out.toString());
    }

    @Test
    void shouldShowAnEmptySideAsNull() throws IOException {
        final ByteArrayOutputStream file = new ByteArrayOutputStream();
        frame(file, add(7, 1, 'B', 300, 55_500));
        final Path path = dir.resolve("one.itch");
        Files.write(path, file.toByteArray());
        assertEquals(0, run("itch", "--json", path.toString()));
        final JsonNode book =
                new ObjectMapper().readTree(out.toString()).get("books").get(0);
        assertEquals(7, book.get("locate").asInt());
        assertTrue(book.get("ask").isNull());
        assertEquals(300, book.get("bid").get("shares").asLong());
    }

    @Test
    void shouldExitTwoNamingAMissingFile() {
        final Path missing = dir.resolve("no-such.itch");
        assertEquals(2, run("itch", missing.toString()));
        assertTrue(err.toString().contains(missing.toString()), err.toString());
        assertTrue(err.toString().startsWith("stagebench itch: "), err.toString());
    }

    @Test
    void shouldExitTwoNamingADirectoryGivenAsFile() {
        assertEquals(2, run("itch", dir.toString()));
        assertTrue(err.toString().contains(dir + ": not a regular file"), err.toString());
    }

    @StartsProcesses
    @Test
    void shouldLeaveTheOldFileAndNoPartialOneWhenTheDiskFillsUp() throws Exception {
        final Path file = Files.writeString(dir.resolve("day.itch"), "the previous file");
        // a file-size limit of 64 KiB makes the write fail midway the way a full disk does (EFBIG)
        final Process gen = new ProcessBuilder(
                        "bash",
                        "-c",
                        "ulimit -f 64; exec \"$0\" \"$@\"",
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-XX:-UsePerfData",
                        "-cp",
                        System.getProperty("java.class.path"),
                        Main.class.getName(),
                        "itch-gen",
                        "--count",
                        "200000",
                        "--out",
                        file.toString())
                .redirectErrorStream(true)
                .start();
        final String output = new String(gen.getInputStream().readAllBytes());

        assertEquals(2, gen.waitFor(), output);
        assertEquals(1, output.strip().lines().count(), output);
        assertTrue(output.startsWith("stagebench itch-gen: " + file + ": cannot write (file too large)"), output);
        assertEquals("the previous file", Files.readString(file));
        try (var files = Files.list(dir)) {
            assertEquals(List.of(file), files.toList(), "no temporary file is left beside it");
        }
    }

    @Test
    void shouldExitTwoOnABadFraming() throws IOException {
        final Path file = dir.resolve("x.itch");
        Files.write(file, new byte[0]);
        assertEquals(2, run("itch", "--framing", "pcap", file.toString()));
        assertTrue(err.toString().contains("--framing"), err.toString());
    }

    @Test
    void shouldReplayTheSameWayThroughTheLibrary() throws IOException {
        final Path file = dir.resolve("lib.itch");
        MarketDataGenerator.generate(3, 10_000).writeTo(file);
        final ItchReplay.Result result = ItchReplay.replay(file, ItchFileReader.Framing.LENGTH_PREFIXED, 64, 4_096);
        assertEquals(10_000, result.messageCount());
        assertEquals(8, result.books().size());
    }

    private static List<String> names(JsonNode node) {
        final List<String> names = new ArrayList<>();
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            names.add(it.next());
        }
        return names;
    }
}
