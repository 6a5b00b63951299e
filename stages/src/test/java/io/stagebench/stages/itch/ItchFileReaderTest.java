package io.stagebench.stages.itch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.stages.ItchReplay;
import io.stagebench.stages.RejectReason;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ItchFileReaderTest {

    private static final int COUNT = 50_000;
    private static final MarketDataGenerator.Config CONFIG = new MarketDataGenerator.Config(4, 100);

    @TempDir
    Path dir;

    private static GeneratedMarketData data() {
        return MarketDataGenerator.generate(17, COUNT, CONFIG);
    }

    private static ItchReplay.Result replay(Path file, ItchFileReader.Framing framing) throws IOException {
        return ItchReplay.replay(file, framing, 16, CONFIG.maxLiveOrders());
    }

    private static ItchReplay.Result replayInMemory(GeneratedMarketData data) {
        final ItchReplay replay = new ItchReplay(16, CONFIG.maxLiveOrders());
        for (int i = 0; i < data.messageCount(); i++) {
            replay.onMessage(data.segment(), data.messageOffset(i), data.messageLength(i));
        }
        return replay.result();
    }

    @Test
    void shouldReadAPlainLengthPrefixedFileAsGenerated() throws IOException {
        final GeneratedMarketData data = data();
        final Path file = dir.resolve("plain.itch");
        data.writeTo(file);
        final ItchReplay.Result result = replay(file, ItchFileReader.Framing.LENGTH_PREFIXED);
        assertEquals(COUNT, result.messageCount());
        assertEquals(0, result.rejects().total());
        assertEquals(replayInMemory(data), result);
    }

    @Test
    void shouldDetectGzipByItsMagicBytesAndReadTheSameMessages() throws IOException {
        final GeneratedMarketData data = data();
        final Path file = dir.resolve("compressed.bin"); // no .gz name: detection is by content
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
            data.writeTo(out);
        }
        try (ItchFileReader reader = ItchFileReader.open(file, ItchFileReader.Framing.LENGTH_PREFIXED)) {
            assertTrue(reader.gzip());
            final long[] count = new long[1];
            assertEquals(COUNT, reader.readAll((buffer, offset, length) -> count[0]++));
            assertEquals(COUNT, count[0]);
            assertEquals(data.byteLength(), reader.bytesRead());
        }
        assertEquals(replayInMemory(data), replay(file, ItchFileReader.Framing.LENGTH_PREFIXED));
    }

    @Test
    void shouldCountACorruptGzipAndKeepWhatWasReadBefore() throws IOException {
        final GeneratedMarketData data = data();
        final ByteArrayOutputStream compressed = new ByteArrayOutputStream();
        try (OutputStream out = new GZIPOutputStream(compressed)) {
            data.writeTo(out);
        }
        final byte[] bytes = compressed.toByteArray();
        // Flip bytes in the middle of the deflate stream.
        for (int i = bytes.length / 2; i < bytes.length / 2 + 64; i++) {
            bytes[i] ^= (byte) 0x5A;
        }
        final Path file = dir.resolve("corrupt.itch.gz");
        Files.write(file, bytes);
        final ItchReplay.Result result = replay(file, ItchFileReader.Framing.LENGTH_PREFIXED);
        assertEquals(1, result.rejects().count(RejectReason.CORRUPT_GZIP));
        assertTrue(result.messageCount() > 1_000, "messages before the corruption are kept: " + result.messageCount());
        assertTrue(result.messageCount() < COUNT);
    }

    @Test
    void shouldCountAGzipCutShortAsCorrupt() throws IOException {
        final ByteArrayOutputStream compressed = new ByteArrayOutputStream();
        try (OutputStream out = new GZIPOutputStream(compressed)) {
            data().writeTo(out);
        }
        final Path file = dir.resolve("cut.itch.gz");
        Files.write(file, Arrays.copyOf(compressed.toByteArray(), compressed.size() / 2));
        final ItchReplay.Result result = replay(file, ItchFileReader.Framing.LENGTH_PREFIXED);
        assertEquals(1, result.rejects().count(RejectReason.CORRUPT_GZIP));
        assertEquals(0, result.rejects().count(RejectReason.TRUNCATED));
        assertTrue(result.messageCount() > 0);
    }

    @Test
    void shouldCountAGzipWithABrokenHeader() throws IOException {
        final Path file = dir.resolve("header.gz");
        Files.write(file, new byte[] {0x1F, (byte) 0x8B, 0x01, 0x00});
        final ItchReplay.Result result = replay(file, ItchFileReader.Framing.LENGTH_PREFIXED);
        assertEquals(1, result.rejects().count(RejectReason.CORRUPT_GZIP));
        assertEquals(0, result.messageCount());
    }

    @Test
    void shouldCountAFileEndingInsideAFrameAsTruncated() throws IOException {
        final GeneratedMarketData data = data();
        final byte[] bytes = data.segment().toArray(ValueLayout.JAVA_BYTE);
        final Path file = dir.resolve("truncated.itch");
        Files.write(file, Arrays.copyOf(bytes, bytes.length - 5));
        final ItchReplay.Result result = replay(file, ItchFileReader.Framing.LENGTH_PREFIXED);
        assertEquals(1, result.rejects().count(RejectReason.TRUNCATED));
        assertEquals(COUNT - 1, result.messageCount());
    }

    @Test
    void shouldReadAFileOfMoldUdp64Packets() throws IOException {
        final GeneratedMarketData data = data();
        final Path file = dir.resolve("mold.bin");
        try (OutputStream out = Files.newOutputStream(file);
                MoldUdp64PacketWriter packets = new MoldUdp64PacketWriter(out, "TEST", 1_400)) {
            for (int i = 0; i < data.messageCount(); i++) {
                packets.write(data.segment(), data.messageOffset(i), data.messageLength(i));
            }
        }
        try (ItchFileReader reader = ItchFileReader.open(file, ItchFileReader.Framing.MOLDUDP64)) {
            assertFalse(reader.gzip());
            assertEquals(COUNT, reader.readAll((buffer, offset, length) -> {}));
            assertTrue(reader.framesRead() > COUNT / 50, "many packets");
        }
        assertEquals(replayInMemory(data), replay(file, ItchFileReader.Framing.MOLDUDP64));
    }

    @Test
    void shouldHandOutMessagesInPlaceAcrossBufferRefills() throws IOException {
        // 2 MiB of messages forces at least one compaction of the 1 MiB read buffer.
        final GeneratedMarketData data = MarketDataGenerator.generate(2, 70_000, CONFIG);
        final Path file = dir.resolve("big.itch");
        data.writeTo(file);
        final int[] index = {0};
        final boolean[] allEqual = {true};
        try (ItchFileReader reader = ItchFileReader.open(file, ItchFileReader.Framing.LENGTH_PREFIXED)) {
            reader.readAll((buffer, offset, length) -> {
                final int i = index[0]++;
                allEqual[0] &= length == data.messageLength(i)
                        && MemorySegment.mismatch(
                                        buffer,
                                        offset,
                                        offset + length,
                                        data.segment(),
                                        data.messageOffset(i),
                                        data.messageOffset(i) + length)
                                == -1;
            });
        }
        assertEquals(70_000, index[0]);
        assertTrue(allEqual[0]);
    }
}
