package io.stagebench.forked;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The one-thread and the two-thread fork share one template ({@link ForkExecution}) and one chunk walk
 * ({@link Chunks}), but keep two measured loops, {@link MeasureLoop} and {@link HandoffLoop}, compiled apart: a loop
 * the JIT shares between two kinds of benchmark carries both kinds' profiles, and JMH likewise generates one loop per
 * mode. These tests fail when a body or its passes reach the other kind's loop, or when a body walks chunks by itself.
 */
class MeasuredLoopsTest {

    private static final Path SOURCES = Path.of("src/main/java/io/stagebench/forked");
    private static final Pattern COMMENTS = Pattern.compile("/\\*[\\s\\S]*?\\*/|//[^\\n]*");

    @Test
    void shouldKeepEachKindOfForkOnItsOwnMeasuredLoop() throws IOException {
        Map<String, String> forbidden = Map.of(
                "OperationBody",
                "HandoffLoop",
                "Passes",
                "HandoffLoop",
                "HandoffBody",
                "MeasureLoop",
                "HandoffPasses",
                "MeasureLoop",
                "StrategyThread",
                "MeasureLoop");
        List<String> crossed = new ArrayList<>();
        forbidden.forEach((file, loop) -> {
            if (code(file).contains(loop + ".")) {
                crossed.add(file + " calls " + loop);
            }
        });
        assertEquals(List.of(), crossed);
        assertTrue(code("Passes").contains("MeasureLoop."), "Passes no longer drives MeasureLoop");
        assertTrue(code("HandoffPasses").contains("HandoffLoop."), "HandoffPasses no longer drives HandoffLoop");
    }

    @Test
    void shouldDeclareTheLoopsAsStaticMethodsOfTwoFinalClasses() {
        for (Class<?> loop : List.of(MeasureLoop.class, HandoffLoop.class)) {
            assertTrue(Modifier.isFinal(loop.getModifiers()), loop + " is not final");
            List<Method> loops = Arrays.stream(loop.getDeclaredMethods())
                    .filter(m -> !m.isSynthetic() && Modifier.isStatic(m.getModifiers()))
                    .toList();
            assertTrue(loops.size() >= 2, loop + " declares " + loops);
        }
    }

    @Test
    void shouldWalkChunksOnlyThroughChunks() {
        for (String file : List.of("Passes", "HandoffPasses", "StrategyThread")) {
            String code = code(file);
            assertTrue(code.contains("chunks.next()"), file + " does not walk with Chunks");
            assertTrue(!code.contains("% capacity"), file + " walks chunks by itself");
        }
    }

    @Test
    void shouldWalkAShortRecordingInWrappingChunks() {
        Chunks chunks = new Chunks();
        chunks.start(7, 3, 2);
        List<String> walked = new ArrayList<>();
        while (chunks.next()) {
            walked.add(chunks.lapStart() + ":" + chunks.from() + "-" + chunks.to());
        }
        assertEquals(List.of("0:0-2", "0:2-3", "3:0-2", "3:2-3", "6:0-1"), walked);
        assertEquals(7, chunks.walked());
    }

    @Test
    void shouldWalkNothingForAnEmptyPass() {
        Chunks chunks = new Chunks();
        chunks.start(0, 10, 4);
        assertTrue(!chunks.next());
        assertEquals(0, chunks.walked());
    }

    private static String code(String className) {
        try {
            return COMMENTS.matcher(Files.readString(SOURCES.resolve(className + ".java")))
                    .replaceAll(" ");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
