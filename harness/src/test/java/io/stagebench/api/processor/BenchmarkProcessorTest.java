package io.stagebench.api.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The processor as javac runs it on a user's benchmark: a bad {@code --param} declaration is a compile error. */
class BenchmarkProcessorTest {

    @TempDir
    Path dir;

    private final DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();

    private boolean compile(String params) throws Exception {
        return compileSource("""
                package x;
                import io.stagebench.api.*;
                @Benchmark(name = "bench", params = %s)
                public final class Bench implements Operation {
                    public void run(long seq, Stamps stamps, Sink sink) {
                    }
                }
                """.formatted(params));
    }

    private boolean compileHandoff(String stagesAndThreads) throws Exception {
        return compileSource("""
                package x;
                import io.stagebench.api.*;
                @Benchmark(name = "bench", %s)
                public final class Bench implements HandoffOperation {
                    public void produce(long seq, Stamps stamps, Sink sink) {
                    }
                    public void publish(long seq) {
                    }
                    public long take() {
                        return 0;
                    }
                    public void process(long seq, Stamps stamps, Sink sink) {
                    }
                }
                """.formatted(stagesAndThreads));
    }

    private boolean compileSource(String text) throws Exception {
        Path source = dir.resolve("src/x/Bench.java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, text);
        Path classes = Files.createDirectories(dir.resolve("classes"));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT, null)) {
            JavaCompiler.CompilationTask task = javac.getTask(
                    null,
                    files,
                    diagnostics,
                    List.of("-proc:full", "-d", classes.toString(), "-cp", System.getProperty("java.class.path")),
                    null,
                    files.getJavaFileObjects(source));
            task.setProcessors(List.of(new BenchmarkProcessor()));
            return task.call();
        }
    }

    private List<String> errors() {
        return diagnostics.getDiagnostics().stream()
                .filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
                .map(d -> d.getMessage(Locale.ROOT))
                .toList();
    }

    @Test
    void shouldFailTheCompileOfANameThatIsNotASafeFolderName() throws Exception {
        for (String name : List.of("..", ".", "a/b", ".hidden", "-x")) {
            String source = String.join(
                    "\n",
                    "package x;",
                    "import io.stagebench.api.*;",
                    "@Benchmark(name = \"" + name + "\")",
                    "public final class Bench implements Operation {",
                    "    public void run(long seq, Stamps stamps, Sink sink) {",
                    "    }",
                    "}",
                    "");
            assertFalse(compileSource(source), name);
            List<String> errors = errors();
            assertEquals(
                    "@Benchmark name '" + name + "' must be a letter or digit first, then only letters, digits,"
                            + " '.', '-', '_' (it names a folder of the results)",
                    errors.get(errors.size() - 1));
        }
    }

    private boolean compileTags(String tags) throws Exception {
        return compileSource("""
                package x;
                import io.stagebench.api.*;
                @Benchmark(name = "bench", tags = %s)
                public final class Bench implements Operation {
                    public void run(long seq, Stamps stamps, Sink sink) {
                        stamps.tag(0);
                    }
                }
                """.formatted(tags));
    }

    @Test
    void shouldFailTheCompileOfATagDeclaredTwiceABadTagNameOrTheReservedOne() throws Exception {
        assertFalse(compileTags("{\"add\", \"add\"}"));
        assertEquals(List.of("@Benchmark 'bench' declares tag 'add' twice"), errors());

        assertFalse(compileTags("{\"add\", \"a/b\"}"));
        assertEquals(
                "@Benchmark 'bench' tag 'a/b' must be a letter or digit first, then only letters, digits, '.', '-',"
                        + " '_' (it names a series, stage[tag])",
                errors().get(errors().size() - 1));

        assertFalse(compileTags("{\"untagged\"}"));
        assertEquals(
                "@Benchmark 'bench' tag 'untagged' is reserved for a tagged stage's messages that were given no tag",
                errors().get(errors().size() - 1));
    }

    @Test
    void shouldFailTheCompileOfMoreTagsThanAByteHolds() throws Exception {
        String tags =
                IntStream.range(0, 255).mapToObj(i -> "\"t" + i + "\"").collect(Collectors.joining(", ", "{", "}"));

        assertFalse(compileTags(tags));

        assertEquals(
                List.of("@Benchmark 'bench' declares 255 tags; at most 254 fit the byte a message's tag is stored in"),
                errors());
    }

    @Test
    void shouldListABenchmarkWithValidTags() throws Exception {
        assertTrue(compileTags("{\"add\", \"execute\", \"no-order\"}"), errors().toString());
    }

    @Test
    void shouldFailTheCompileOfADefaultOutsideItsOwnRange() throws Exception {
        assertFalse(compile("@Parameter(name = \"n\", min = 1, max = 10, defaultValue = \"20\")"));

        assertEquals(List.of("@Benchmark 'bench': parameter n: default '20' is out of range"), errors());
    }

    @Test
    void shouldFailTheCompileOfAParameterDeclaredTwice() throws Exception {
        assertFalse(compile("{@Parameter(name = \"n\"), @Parameter(name = \"n\")}"));

        assertEquals(List.of("@Benchmark 'bench' declares parameter 'n' twice"), errors());
    }

    @Test
    void shouldListABenchmarkWithValidParameters() throws Exception {
        assertTrue(
                compile("@Parameter(name = \"side\", type = Parameter.Type.TEXT, values = {\"bid\", \"ask\"},"
                        + " defaultValue = \"bid\")"),
                errors().toString());

        assertTrue(Files.readString(dir.resolve("classes").resolve(BenchmarkProcessor.LIST))
                .contains("bench\tx.Bench"));
    }

    @Test
    void shouldFailTheCompileOfAHandoffBenchmarkWithoutAStageOnEitherSideOfTheHandoff() throws Exception {
        assertFalse(compileHandoff("stages = {\"handoff\", \"decide\"}, threads = {\"feed\", \"strategy\"}"));

        assertEquals(
                List.of("@Benchmark 'bench' implements io.stagebench.api.HandoffOperation: it must declare two threads"
                        + " (feed, strategy) and one stage 'handoff' with stages on either side"),
                errors());
    }

    @Test
    void shouldListAHandoffBenchmarkWithTwoThreadsAndAHandoffStage() throws Exception {
        assertTrue(
                compileHandoff("stages = {\"book\", \"handoff\", \"decide\"}, threads = {\"feed\", \"strategy\"}"),
                errors().toString());

        assertTrue(Files.readString(dir.resolve("classes").resolve(BenchmarkProcessor.LIST))
                .contains("bench\tx.Bench"));
    }
}
