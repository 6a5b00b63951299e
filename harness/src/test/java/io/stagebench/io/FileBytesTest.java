package io.stagebench.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileBytesTest {

    @TempDir
    Path dir;

    @Test
    void shouldReadEveryByteOfAFileLargerThanOneRead() throws Exception {
        byte[] content = new byte[3 * FileBytes.READ_BYTES + 17];
        new Random(7).nextBytes(content);
        Path file = Files.write(dir.resolve("stream.bin"), content);

        assertArrayEquals(content, FileBytes.read(file));
        assertArrayEquals(new byte[0], FileBytes.read(Files.write(dir.resolve("empty.bin"), new byte[0])));
    }

    @Test
    void shouldNameAMissingFile() {
        Path missing = dir.resolve("missing.bin");

        NoSuchFileException e = assertThrows(NoSuchFileException.class, () -> FileBytes.read(missing));

        assertTrue(e.getMessage().contains(missing.toString()), e.getMessage());
    }
}
