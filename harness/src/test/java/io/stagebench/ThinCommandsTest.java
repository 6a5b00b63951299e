package io.stagebench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Holds every command of the command line, the harness's and the stages module's, to a thin {@code call()}: options to
 * a plan, the plan to the room that carries it out, its result to the output, in at most {@value #MOST_STATEMENTS}
 * statements (counted as the code's semicolons and inner blocks, so the formatter's line breaks do not change them).
 * What a command computes beyond that belongs to the package that owns it, where the other commands and the tests can
 * reach it.
 */
class ThinCommandsTest {

    /** The most statements a command's {@code call()} may hold: its semicolons and inner blocks. */
    static final int MOST_STATEMENTS = 20;

    private static final List<Path> COMMANDS = List.of(
            Path.of("src/main/java/io/stagebench/cli"), Path.of("../stages/src/main/java/io/stagebench/stages/cli"));
    private static final Pattern CALL = Pattern.compile("^\\s*public Integer call\\(\\)", Pattern.MULTILINE);

    @Test
    void shouldKeepEveryCommandsCallWithinTwentyStatements() throws IOException {
        List<String> found = new ArrayList<>();
        List<String> tooLong = new ArrayList<>();
        for (Path folder : COMMANDS) {
            try (Stream<Path> files = Files.list(folder)) {
                // every command, whatever its class is called (demo co's is CoordinatedOmissionDemo)
                for (Path file : files.filter(f -> f.getFileName().toString().endsWith(".java"))
                        .sorted()
                        .toList()) {
                    int statements = callStatements(Files.readString(file));
                    if (statements > 0) {
                        found.add(file.getFileName().toString());
                    }
                    if (statements > MOST_STATEMENTS) {
                        tooLong.add(file.getFileName() + ": " + statements + " statements");
                    }
                }
            }
        }
        assertTrue(found.size() >= 12, "found only " + found);
        assertTrue(found.contains("CoordinatedOmissionDemo.java"), "a command not named ...Command: " + found);
        assertEquals(List.of(), tooLong, "commands whose call() does a room's work");
    }

    @Test
    void shouldCountACallsStatementsAndInnerBlocksWithThoseInStringsLeftOut() {
        String source = """
                class X implements Callable<Integer> {
                    @Override
                    public Integer call() {
                        if (a) {
                            say("{");
                        }
                        return 0;
                    }

                    void other() {
                    }
                }
                """;
        assertEquals(3, callStatements(source), "say(...); return 0; and the if's block");
        assertEquals(0, callStatements("class Y { void run() { } }"));
    }

    /**
     * @return the statements of the first {@code public Integer call()} in {@code source} - its semicolons and the
     *     blocks opened inside it, strings and comments left out - or 0 without one
     */
    static int callStatements(String source) {
        Matcher m = CALL.matcher(source);
        if (!m.find()) {
            return 0;
        }
        String code =
                source.substring(m.start()).replaceAll("\"(?:\\\\.|[^\"\\\\])*\"|'(?:\\\\.|[^'\\\\])'|//[^\n]*", "");
        int depth = 0;
        int statements = 0;
        for (char c : code.toCharArray()) {
            if (c == '{') {
                statements += depth > 0 ? 1 : 0;
                depth++;
            } else if (c == '}' && --depth == 0) {
                return statements;
            } else if (c == ';' && depth > 0) {
                statements++;
            }
        }
        throw new IllegalArgumentException("call() never closes");
    }
}
