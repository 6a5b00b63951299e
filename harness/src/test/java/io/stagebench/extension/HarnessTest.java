package io.stagebench.extension;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.config.MeasureDefaults;
import io.stagebench.io.AtomicFiles;
import io.stagebench.process.JvmFork;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HarnessTest {

    @TempDir
    Path dir;

    private enum Shape {
        BACK_TO_BACK;

        @Override
        public String toString() {
            return "back-to-back";
        }
    }

    @Test
    void shouldGiveTheFlagsEveryForkStartsWith() {
        assertTrue(
                MeasureDefaults.JVM_FLAGS.containsAll(Harness.SHARED_FORK_FLAGS), MeasureDefaults.JVM_FLAGS.toString());
        assertEquals(
                List.of(
                        Harness.HEAP_MIN_FLAG,
                        Harness.HEAP_MAX_FLAG,
                        Harness.PRE_TOUCH_FLAG,
                        Harness.HUGE_PAGES_FLAG,
                        Harness.GC_FLAG,
                        Harness.FOREGROUND_COMPILE_FLAG),
                Harness.SHARED_FORK_FLAGS);
        assertEquals(List.of(Harness.NATIVE_ACCESS_FLAG), JvmFork.BASE_JVM_FLAGS);
    }

    @Test
    void shouldWriteJsonAsTheHarnessDoesAndLeaveNoTemporaryFile() throws IOException {
        Path file = dir.resolve("sub").resolve("doc.json");
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("mode", Shape.BACK_TO_BACK);
        doc.put("cpu", 3);

        Harness.writeJson(file, doc);

        assertEquals(
                "{\n  \"mode\" : \"back-to-back\",\n  \"cpu\" : 3\n}",
                Files.readString(file).replace("\r\n", "\n"));
        try (Stream<Path> files = Files.list(file.getParent())) {
            assertTrue(files.noneMatch(f -> f.getFileName().toString().startsWith(AtomicFiles.TEMP_PREFIX)));
        }
    }

    @Test
    void shouldWriteWhatTheContentWritesAndRefuseADirectory() throws IOException {
        Path file = dir.resolve("data.bin");

        Harness.writeAtomically(file, out -> out.write("abc".getBytes(StandardCharsets.UTF_8)));

        assertEquals("abc", Files.readString(file));
        IOException e = assertThrows(IOException.class, () -> Harness.writeAtomically(dir, out -> out.write(1)));
        assertTrue(e.getMessage().contains("is a directory"), e.getMessage());
    }
}
