package io.stagebench.stages.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.cli.Main;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every stagebench command line the README and the manual show - in code blocks, and in inline code that starts with
 * the command - parses as the command line this checkout builds: a renamed option or a removed command fails here, not
 * in a reader's terminal.
 */
class DocsCommandLinesTest {

    private static final Path ROOT = Path.of("..");
    /**
     * A command line: the launcher or a project's runnable jar first on the line (after a prompt, variables, or
     * {@code git bisect run}), not a word of the output shown beside it nor an error it printed ({@code stagebench run:
     * ...}).
     */
    private static final Pattern COMMAND = Pattern.compile("^(?:\\$ )?(?:[A-Z_]+=\\S+ )*(?:git bisect run )?"
            + "(?:\\./|/path/to/|\\.\\./\\.\\./)?(?:stagebench|java -jar target/benchmarks\\.jar) (?!\\S+: )(.*)$");

    private static final Pattern INLINE_CODE = Pattern.compile("`((?:\\./)?stagebench [^`]+)`");
    /** The launcher script's own flag, answered before the command line is read. */
    private static final String LAUNCHER_ONLY = "--which-java";

    /** One command line of a document. */
    record Shown(Path file, int line, String text) {
        @Override
        public String toString() {
            return file.normalize() + ":" + line + ": " + text;
        }
    }

    /** @return the documents: the README, the manual and the stages' and results' READMEs */
    static List<Path> documents() throws IOException {
        List<Path> out = new ArrayList<>(List.of(
                ROOT.resolve("README.md"), ROOT.resolve("stages/README.md"), ROOT.resolve("results/README.md")));
        try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")
                            && !p.getFileName().toString().equals("cli.md"))
                    .sorted()
                    .forEach(out::add);
        }
        return out.stream().filter(Files::exists).toList();
    }

    /** @return every command line {@code file} shows: code blocks' lines (continuations joined) and inline code */
    static List<Shown> commandLines(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        List<Shown> out = new ArrayList<>();
        boolean inBlock = false;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.strip().startsWith("```")) {
                inBlock = !inBlock;
                continue;
            }
            if (inBlock) {
                int first = i;
                StringBuilder joined = new StringBuilder(line);
                while (joined.toString().stripTrailing().endsWith("\\") && i + 1 < lines.size()) {
                    joined.setLength(joined.toString().stripTrailing().length() - 1);
                    joined.append(' ').append(lines.get(++i).strip());
                }
                Matcher command = COMMAND.matcher(joined.toString().strip());
                if (command.find()) {
                    out.add(new Shown(file, first + 1, command.group(1)));
                }
            } else {
                Matcher inline = INLINE_CODE.matcher(line);
                while (inline.find()) {
                    Matcher command = COMMAND.matcher(inline.group(1));
                    // `stagebench diff` alone names a command in a sentence; with arguments it is a command line
                    if (command.find() && command.group(1).strip().contains(" ")) {
                        out.add(new Shown(file, i + 1, command.group(1)));
                    }
                }
            }
        }
        return out;
    }

    /**
     * @return the arguments of one shown command line: shell words, up to a comment, a pipe, a redirection or a second
     *     command; a placeholder such as {@code <commit>} or {@code <before>} stands for one word
     */
    static List<String> arguments(String text) {
        String line = text.replaceAll("<[^>]*>", "PLACEHOLDER");
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    word.append(c);
                }
                continue;
            }
            if (c == '\'' || c == '"') {
                quote = c;
                word = word == null ? new StringBuilder() : word;
                continue;
            }
            if (Character.isWhitespace(c)) {
                if (word != null) {
                    words.add(word.toString());
                    word = null;
                }
                continue;
            }
            if (word == null && (c == '#' || c == '|' || c == '>' || c == ';' || c == '&' || c == ')')
                    || c == '`'
                    || (c == '2' && word == null && i + 1 < line.length() && line.charAt(i + 1) == '>')) {
                break;
            }
            word = word == null ? new StringBuilder() : word;
            word.append(c);
        }
        if (word != null) {
            words.add(word.toString());
        }
        // "..." in a shown line stands for arguments left out, and a trailing sentence's punctuation is not an argument
        return words.stream().filter(w -> !w.equals("...") && !w.equals("…")).toList();
    }

    @Test
    void shouldParseEveryCommandLineTheDocumentsShow() throws IOException {
        List<String> failures = new ArrayList<>();
        int parsed = 0;
        // one tree for every line: picocli resets each option to its initial value when it parses again
        CommandLine cli = Main.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
        for (Path file : documents()) {
            for (Shown shown : commandLines(file)) {
                List<String> args = arguments(shown.text());
                if (args.isEmpty() || args.get(0).equals(LAUNCHER_ONLY)) {
                    continue;
                }
                try {
                    cli.parseArgs(args.toArray(String[]::new));
                    parsed++;
                } catch (CommandLine.ParameterException e) {
                    failures.add(shown + "\n    " + e.getMessage());
                }
            }
        }

        assertEquals(List.of(), failures, "command lines in the documents that the command line refuses");
        assertTrue(parsed >= 50, "only " + parsed + " command lines found: is the scan still reading the documents?");
    }

    @Test
    void shouldFindAPlantedCommandLineThatNoLongerParses() throws IOException {
        Path planted = Files.createTempFile("planted", ".md");
        try {
            Files.writeString(
                    planted,
                    "text `./stagebench diff --no-such-option A B` text\n\n```\n./stagebench ab \\\n"
                            + "    HEAD encode --quick   # a comment\n./stagebench run --quick | tee run.txt\n```\n");
            List<Shown> shown = commandLines(planted);

            assertEquals(3, shown.size(), shown.toString());
            assertEquals(
                    List.of("ab", "HEAD", "encode", "--quick"),
                    arguments(shown.get(1).text()));
            assertEquals(List.of("run", "--quick"), arguments(shown.get(2).text()));
            CommandLine cli =
                    Main.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
            assertFalse(parses(cli, arguments(shown.get(0).text())), "an unknown option must not parse");
        } finally {
            Files.delete(planted);
        }
    }

    private static boolean parses(CommandLine cli, List<String> args) {
        try {
            cli.parseArgs(args.toArray(String[]::new));
            return true;
        } catch (CommandLine.ParameterException e) {
            return false;
        }
    }
}
