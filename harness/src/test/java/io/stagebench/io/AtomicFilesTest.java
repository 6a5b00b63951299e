package io.stagebench.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {

    @TempDir
    Path dir;

    @Test
    void shouldKeepTheOldContentAndLeaveNoTemporaryFileWhenTheWriterFailsMidway() throws Exception {
        Path target = Files.writeString(dir.resolve("data.bin"), "old");

        FileSystemException e = assertThrows(
                FileSystemException.class,
                () -> AtomicFiles.write(target, out -> {
                    out.write(new byte[64 * 1024]);
                    throw new IOException("No space left on device");
                }));

        assertEquals(target + ": cannot write (no space left on device)", IoProblems.describe(e));
        assertEquals("old", Files.readString(target));
        assertEquals(List.of(target), listing());
    }

    @Test
    void shouldRefuseADirectoryAsTheTarget() throws Exception {
        Path target = Files.createDirectories(dir.resolve("folder"));

        FileSystemException e = assertThrows(FileSystemException.class, () -> AtomicFiles.writeString(target, "x"));

        assertEquals(target + ": is a directory", IoProblems.describe(e));
        assertEquals(List.of(target), listing());
    }

    @Test
    void shouldLetTheContentWrapAndCloseItsStream() throws Exception {
        Path target = dir.resolve("data.gz");

        AtomicFiles.write(target, out -> {
            try (OutputStream gzip = new BufferedOutputStream(new GZIPOutputStream(out))) {
                gzip.write("hello".getBytes());
            }
        });

        try (var in = new GZIPInputStream(Files.newInputStream(target))) {
            assertEquals("hello", new String(in.readAllBytes()));
        }
        assertEquals(List.of(target), listing());
    }

    @Test
    void shouldDescribeAFailureWithoutTheExceptionsName() {
        assertEquals("/no/such: no such file or directory", IoProblems.describe(new NoSuchFileException("/no/such")));
        assertEquals("stream closed", IoProblems.describe(new IOException("Stream closed")));
    }

    private List<Path> listing() throws IOException {
        try (var files = Files.list(dir)) {
            return files.sorted().toList();
        }
    }
}
