package io.stagebench.nativeaccess;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NativeLibraryFileTest {

    @TempDir
    Path folder;

    @Test
    void shouldKeepOneCopyPerContentAndReuseItUntouched() throws Exception {
        byte[] library = {0x7f, 'E', 'L', 'F', 1, 2, 3};

        Path first = NativeLibraryFile.cached(library, folder);
        FileTime written = FileTime.fromMillis(1_000_000);
        Files.setLastModifiedTime(first, written);
        Path second = NativeLibraryFile.cached(library, folder);

        assertEquals(first, second);
        assertEquals(written, Files.getLastModifiedTime(second), "a copy that holds the bytes is not written again");
        assertArrayEquals(library, Files.readAllBytes(second));
        assertEquals(List.of(first), files(), "nothing else left behind");
    }

    @Test
    void shouldRewriteACopyThatWasCutAndNameAnotherBuildsLibraryApart() throws Exception {
        byte[] library = {0x7f, 'E', 'L', 'F', 1, 2, 3};
        Path copy = NativeLibraryFile.cached(library, folder);
        Files.write(copy, new byte[] {0x7f, 'E'});

        Path again = NativeLibraryFile.cached(library, folder);
        Path other = NativeLibraryFile.cached(new byte[] {0x7f, 'E', 'L', 'F', 9}, folder);

        assertEquals(copy, again);
        assertArrayEquals(library, Files.readAllBytes(again));
        assertNotEquals(copy, other);
        assertEquals(2, files().size());
    }

    private List<Path> files() throws Exception {
        try (Stream<Path> listed = Files.list(folder)) {
            return listed.toList();
        }
    }
}
