package io.stagebench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What the formatter does not enforce: a JDK type is imported, never named in full inside the code (comments, strings
 * and Javadoc links may name it), so a reader finds every type a class uses in its import lines.
 */
class SourceStyleTest {

    private static final List<Path> SOURCES = List.of(
            Path.of("src/main/java"),
            Path.of("src/test/java"),
            Path.of("../stages/src/main/java"),
            Path.of("../stages/src/test/java"));
    private static final Pattern COMMENTS_AND_STRINGS = Pattern.compile(
            "\"\"\"[\\s\\S]*?\"\"\"|/\\*[\\s\\S]*?\\*/|//[^\\n]*|\"(?:\\\\.|[^\"\\\\\\n])*\"|'(?:\\\\.|[^'\\\\\\n])'");
    private static final Pattern HEADER_LINE = Pattern.compile("^(?:package|import)\\s[^\\n]*", Pattern.MULTILINE);
    private static final Pattern QUALIFIED_JDK_NAME =
            Pattern.compile("(?<![\\w.])(?:java|javax)\\.(?:[a-z]\\w*\\.)+[A-Z]\\w*");

    @Test
    void shouldImportEveryJdkTypeInsteadOfQualifyingItInline() {
        List<String> found = new ArrayList<>();
        int files = 0;
        for (Path root : SOURCES) {
            try (Stream<Path> walk = Files.walk(root)) {
                for (Path file : walk.filter(f -> f.toString().endsWith(".java"))
                        .sorted()
                        .toList()) {
                    files++;
                    qualifiedNames(Files.readString(file)).forEach(name -> found.add(file + ": " + name));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        assertTrue(files > 400, "found only " + files + " source files");
        assertEquals(List.of(), found, "import these types");
    }

    @Test
    void shouldFindAQualifiedNameInCodeButNotInACommentStringOrImport() {
        String planted = """
                package io.stagebench.clock;
                import java.util.List;
                /** See {@link java.util.Map}. */
                class Tsc {
                    // java.util.Set in a comment
                    String s = "java.util.Deque";
                    java.util.concurrent.atomic.AtomicLong ticks = new java.util.concurrent.atomic.AtomicLong();
                    List<java.time.Duration> spans;
                }
                """;
        assertEquals(
                List.of(
                        "java.util.concurrent.atomic.AtomicLong",
                        "java.util.concurrent.atomic.AtomicLong",
                        "java.time.Duration"),
                qualifiedNames(planted));
    }

    /** @return the JDK types named in full in {@code source}'s code, in order */
    private static List<String> qualifiedNames(String source) {
        String code = HEADER_LINE
                .matcher(COMMENTS_AND_STRINGS.matcher(source).replaceAll(" "))
                .replaceAll("");
        List<String> names = new ArrayList<>();
        Matcher matcher = QUALIFIED_JDK_NAME.matcher(code);
        while (matcher.find()) {
            names.add(matcher.group());
        }
        return names;
    }
}
