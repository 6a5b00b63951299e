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
 * Holds every command of the command line, the harness's and the stages module's, to a thin
 * {@code call()}: options to a plan, the plan to the room that carries it out, its result to the
 * output, in at most {@value #MOST_LINES} lines. What a command computes beyond that belongs to
 * the package that owns it, where the other commands and the tests can reach it.
 */
class ThinCommandsTest {

    /** The most lines a command's {@code call()} may take, its signature and closing brace included. */
    static final int MOST_LINES = 25;

    private static final List<Path> COMMANDS = List.of(Path.of("src/main/java/io/stagebench/cli"),
            Path.of("../stages/src/main/java/io/stagebench/stages/cli"));
    private static final Pattern CALL = Pattern.compile("^\\s*public Integer call\\(\\)", Pattern.MULTILINE);

    @Test
    void shouldKeepEveryCommandsCallWithinTwentyFiveLines() throws IOException {
        List<String> found = new ArrayList<>();
        List<String> tooLong = new ArrayList<>();
        for (Path folder : COMMANDS) {
            try (Stream<Path> files = Files.list(folder)) {
                // every command, whatever its class is called (demo co's is CoordinatedOmissionDemo)
                for (Path file : files.filter(f -> f.getFileName().toString().endsWith(".java")).sorted().toList()) {
                    int lines = callLines(Files.readString(file));
                    if (lines > 0) {
                        found.add(file.getFileName().toString());
                    }
                    if (lines > MOST_LINES) {
                        tooLong.add(file.getFileName() + ": " + lines + " lines");
                    }
                }
            }
        }
        assertTrue(found.size() >= 12, "found only " + found);
        assertTrue(found.contains("CoordinatedOmissionDemo.java"), "a command not named ...Command: " + found);
        assertEquals(List.of(), tooLong, "commands whose call() does a room's work");
    }

    @Test
    void shouldCountACallFromItsSignatureToItsClosingBraceWithBracesInStringsLeftOut() {
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
        assertEquals(6, callLines(source));
        assertEquals(0, callLines("class Y { void run() { } }"));
    }

    /** @return the lines of the first {@code public Integer call()} in {@code source}, 0 without one */
    static int callLines(String source) {
        Matcher m = CALL.matcher(source);
        if (!m.find()) {
            return 0;
        }
        String[] lines = source.substring(m.start()).split("\n", -1);
        int depth = 0;
        boolean opened = false;
        for (int i = 0; i < lines.length; i++) {
            String code = lines[i].replaceAll("\"(?:\\\\.|[^\"\\\\])*\"|'(?:\\\\.|[^'\\\\])'|//.*", "");
            for (char c : code.toCharArray()) {
                if (c == '{') {
                    depth++;
                    opened = true;
                } else if (c == '}') {
                    depth--;
                }
            }
            if (opened && depth == 0) {
                return i + 1;
            }
        }
        throw new IllegalArgumentException("call() never closes");
    }
}
