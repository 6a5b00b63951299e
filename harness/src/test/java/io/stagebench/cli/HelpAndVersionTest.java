package io.stagebench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class HelpAndVersionTest {

    @Test
    void shouldSummariseEveryCommandInOneWholeSentence() {
        CommandLine cli = Main.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
        for (CommandLine sub : cli.getSubcommands().values()) {
            String[] description = sub.getCommandSpec().usageMessage().description();
            String summary = description[0];
            assertTrue(summary.endsWith("."), sub.getCommandName() + ": '" + summary + "' is cut mid-sentence");
            assertTrue(summary.length() <= 100, sub.getCommandName() + ": " + summary);
        }
    }

    @Test
    void shouldPrintTheBuildsVersionAndCommit() {
        StringWriter out = new StringWriter();

        int code = Main.run(new String[] {"-V"}, new PrintWriter(out, true), new PrintWriter(new StringWriter(), true));

        assertEquals(0, code);
        String first = out.toString().lines().findFirst().orElse("");
        assertTrue(
                first.matches("stagebench \\d+\\.\\d+\\.\\d+\\S* \\((commit [0-9a-f]{12}(-dirty)?|unknown commit)\\)"),
                first);
        assertTrue(!first.contains("development build"), first);
    }
}
