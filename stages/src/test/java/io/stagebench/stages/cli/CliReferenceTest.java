package io.stagebench.stages.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.cli.Main;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@code docs/cli.md}, the reference of every command and option, is picocli's own usage of the command line this
 * checkout builds (the harness's commands and the stages' plug-ins), so it cannot drift from the code: this test fails
 * when they differ, and writes the file anew when run with {@code -Dstagebench.writeDocs=true}.
 */
class CliReferenceTest {

    private static final Path REFERENCE = Path.of("..", "docs", "cli.md");
    /** Columns of the usage text: wide enough for the option descriptions, narrow enough to read on a page. */
    private static final int WIDTH = 110;

    /** @return docs/cli.md as the command line says it */
    static String render() {
        CommandLine root = Main.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
        StringBuilder md = new StringBuilder();
        md.append("# Command-line reference\n\n[← stagebench](../README.md)\n\n")
                .append("Every command and option, as `stagebench <command> --help` prints it. Generated from the code")
                .append(" (`CliReferenceTest`): do not edit by hand; after changing an option, run\n")
                .append("`mvn -q test -pl stages -Dtest=CliReferenceTest -Dstagebench.writeDocs=true`.\n\n");
        md.append("Commands:");
        root.getSubcommands()
                .keySet()
                .forEach(name -> md.append(" [`")
                        .append(name)
                        .append("`](#stagebench-")
                        .append(name)
                        .append(")"));
        md.append("\n\n");
        append(md, root, "stagebench");
        return md.toString();
    }

    private static void append(StringBuilder md, CommandLine command, String qualifiedName) {
        command.setUsageHelpWidth(WIDTH);
        md.append("## ")
                .append(qualifiedName)
                .append("\n\n```\n")
                .append(command.getUsageMessage(CommandLine.Help.Ansi.OFF).stripTrailing())
                .append("\n```\n\n");
        command.getSubcommands().forEach((name, sub) -> append(md, sub, qualifiedName + " " + name));
    }

    @Test
    void shouldMatchTheCommandLineItDocuments() throws IOException {
        String expected = render();
        if (Boolean.getBoolean("stagebench.writeDocs")) {
            Files.writeString(REFERENCE, expected, StandardCharsets.UTF_8);
        }

        assertTrue(Files.exists(REFERENCE), "docs/cli.md is missing: write it with -Dstagebench.writeDocs=true");
        assertEquals(
                expected,
                Files.readString(REFERENCE, StandardCharsets.UTF_8),
                "docs/cli.md is not what the command"
                        + " line prints: write it anew with 'mvn -q test -pl stages -Dtest=CliReferenceTest"
                        + " -Dstagebench.writeDocs=true'");
    }
}
