package io.stagebench.io;

import java.util.ArrayList;
import java.util.List;

/** Breaks report lines at spaces so that each fits a width, continuations indented by four. */
public final class TextWrap {

    /** The widest line a report prints. */
    public static final int WIDTH = 120;

    private static final String INDENT = "    ";

    private TextWrap() {}

    /**
     * Adds {@code line} to {@code lines}, broken at spaces into lines of at most {@link #WIDTH} characters; a word
     * longer than the width (a path) stays whole on a line of its own.
     */
    public static void wrap(String line, List<String> lines) {
        String rest = line;
        String indent = "";
        while (indent.length() + rest.length() > WIDTH) {
            int cut = rest.lastIndexOf(' ', WIDTH - indent.length());
            if (cut <= 0) {
                break;
            }
            lines.add(indent + rest.substring(0, cut));
            rest = rest.substring(cut + 1);
            indent = INDENT;
        }
        lines.add(indent + rest);
    }

    /** @return {@code text}'s lines, each wrapped to {@link #WIDTH}, joined with the platform's line separator */
    public static String wrapAll(String text) {
        List<String> lines = new ArrayList<>();
        text.lines().forEach(l -> wrap(l, lines));
        StringBuilder out = new StringBuilder();
        lines.forEach(l -> out.append(l).append(System.lineSeparator()));
        return out.toString();
    }
}
