package io.stagebench.io;

import java.io.Console;
import java.util.Map;

/**
 * Whether standard error is an interactive terminal, and whether it may be coloured: colour only on a terminal, never
 * when {@code NO_COLOR} is set (https://no-color.org) or {@code TERM} is {@code dumb}. Off a terminal (a CI log, a
 * pipe, a test) output is plain text and progress is printed once per fork, never redrawn.
 */
public final class Terminal {

    private static final String RESET = "\u001b[0m";
    private static final String YELLOW = "\u001b[33m";
    private static final String RED = "\u001b[31m";

    private final boolean interactive;
    private final boolean colour;

    /**
     * @param interactive whether the output is an interactive terminal
     * @param env the environment: {@code NO_COLOR} set and non-empty turns colour off, {@code TERM=dumb} makes the
     *     terminal not interactive
     */
    public Terminal(boolean interactive, Map<String, String> env) {
        this.interactive = interactive && !"dumb".equals(env.get("TERM"));
        String noColour = env.get("NO_COLOR");
        this.colour = this.interactive && (noColour == null || noColour.isEmpty());
    }

    /** @return the terminal this process writes to */
    public static Terminal current() {
        Console console = System.console();
        return new Terminal(console != null && console.isTerminal(), System.getenv());
    }

    /** @return a terminal that is not interactive: plain text, progress once per fork */
    public static Terminal plain() {
        return new Terminal(false, Map.of());
    }

    /** @return true when status lines may be redrawn in place */
    public boolean interactive() {
        return interactive;
    }

    /** @return true when colour may be used */
    public boolean colour() {
        return colour;
    }

    /**
     * @return {@code line} with a leading {@code *** WARNING} in yellow or {@code *** FAILED} in red when colour is
     *     allowed, else {@code line} unchanged
     */
    public String highlight(String line) {
        if (!colour) {
            return line;
        }
        if (line.startsWith("*** WARNING")) {
            return YELLOW + line + RESET;
        }
        if (line.startsWith("*** FAILED")) {
            return RED + line + RESET;
        }
        return line;
    }
}
