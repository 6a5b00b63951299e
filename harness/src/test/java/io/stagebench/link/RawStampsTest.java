package io.stagebench.link;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RawStampsTest {

    @TempDir
    Path dir;

    private static RawStamps sample() {
        return new RawStamps(2, 3, new long[] {10, 20, 30}, new int[] {0, 1, 2}, new int[] {0, 5, -1}, new int[][] {
            {1, 2, 3}, {4, 5, -2}
        });
    }

    @Test
    void shouldRoundTripEveryArray() throws IOException {
        Path file = dir.resolve("fork-1.raw");
        sample().write(file);

        RawStamps read = RawStamps.read(file);

        assertEquals(2, read.stages());
        assertArrayEquals(new long[] {10, 20, 30}, read.startTicks());
        assertArrayEquals(new int[] {0, 1, 2}, read.seq());
        assertEquals(0xFFFF_FFFFL, read.queue(2));
        assertEquals(0xFFFF_FFFEL, read.stage(1, 2));
        assertTrue(Files.list(dir).noneMatch(p -> p.getFileName().toString().startsWith(".tmp-")));
    }

    @Test
    void shouldWriteTheFirstCountOfLongerArraysLittleEndianInTheirPlaces() throws IOException {
        // a fork's arrays are preallocated for the longest pass; the file holds the messages measured
        RawStamps stamps = new RawStamps(
                1,
                2,
                new long[] {0x0102030405060708L, 20, 99},
                new int[] {7, 8, 99},
                new int[] {3, 4, 99},
                new int[][] {{-1, 6, 99}});
        Path file = dir.resolve("fork-2.raw");
        stamps.write(file);

        ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        RawStamps read = RawStamps.read(file);

        assertEquals(24 + 8 * 2 + 4 * 2 + 4 * 2 + 4 * 2, bytes.capacity());
        assertEquals(0x08, bytes.get(24), "the low byte first");
        assertEquals(0x0102030405060708L, bytes.getLong(24));
        assertEquals(8, bytes.getInt(24 + 16 + 4), "the second sequence number after the starts");
        assertEquals(4, bytes.getInt(24 + 16 + 8 + 4), "the queueing delays after the sequence numbers");
        assertEquals(6, bytes.getInt(24 + 16 + 8 + 8 + 4), "the stage's deltas last");
        assertArrayEquals(new long[] {0x0102030405060708L, 20}, read.startTicks());
        assertArrayEquals(new int[] {7, 8}, read.seq());
        assertEquals(4, read.queue(1));
        assertEquals(0xFFFF_FFFFL, read.stage(0, 0));
        assertEquals(6, read.stage(0, 1));
    }

    @Test
    void shouldRoundTripTagsAndWriteAnUntaggedFileAsBeforeTags() throws IOException {
        RawStamps tagged = new RawStamps(
                2,
                3,
                new long[] {10, 20, 30},
                new int[] {0, 1, 2},
                null,
                new int[][] {{1, 2, 3}, {4, 5, 6}},
                new byte[][] {{1, 2, 0}, {0, -1, 3}});
        Path taggedFile = dir.resolve("fork-3.raw");
        Path untaggedFile = dir.resolve("fork-4.raw");
        tagged.write(taggedFile);
        new RawStamps(2, 3, tagged.startTicks(), tagged.seq(), null, tagged.stageTicks()).write(untaggedFile);

        RawStamps read = RawStamps.read(taggedFile);

        assertTrue(read.tagged());
        assertEquals(2, read.tag(0, 1));
        assertEquals(-1, read.tag(1, 1));
        assertEquals(3, read.tag(1, 2));
        assertEquals(Files.size(untaggedFile) + 2 * 3, Files.size(taggedFile));
        assertEquals(24 + 12 * 3 + 4 * 2 * 3, Files.size(untaggedFile), "the layout of files written before tags");
        assertFalse(RawStamps.read(untaggedFile).tagged());
        assertEquals(0, RawStamps.read(untaggedFile).tag(1, 1));
    }

    @Test
    void shouldNameTheFileAndTheProblemWhenTruncated() throws IOException {
        Path file = dir.resolve("fork-2.raw");
        sample().write(file);
        byte[] bytes = Files.readAllBytes(file);
        Files.write(file, Arrays.copyOf(bytes, bytes.length - 7));

        IOException e = assertThrows(IOException.class, () -> RawStamps.read(file));

        assertTrue(e.getMessage().startsWith(file.toString()), e.getMessage());
        assertTrue(e.getMessage().contains("truncated or corrupt"), e.getMessage());
    }

    @Test
    void shouldRejectAFileThatIsNotRawStamps() throws IOException {
        Path file = dir.resolve("notes.raw");
        Files.writeString(file, "hello, this is not a stamps file at all");

        IOException e = assertThrows(IOException.class, () -> RawStamps.read(file));

        assertTrue(e.getMessage().contains("bad magic"), e.getMessage());
    }
}
