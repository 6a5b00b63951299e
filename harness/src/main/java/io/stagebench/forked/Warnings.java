package io.stagebench.forked;

import io.stagebench.link.ForkWarning;
import java.util.ArrayList;
import java.util.List;

/** A fork's warnings as it collects them: each a line for people and a code for the launcher ({@link ForkWarning}). */
final class Warnings {

    private final List<String> texts = new ArrayList<>();
    private final List<ForkWarning> codes = new ArrayList<>();

    /** Adds a warning whose remedy, if any, it states itself. */
    void add(String text) {
        add(ForkWarning.OTHER, text);
    }

    void add(ForkWarning code, String text) {
        texts.add(text);
        codes.add(code);
    }

    void addAll(List<String> lines) {
        lines.forEach(this::add);
    }

    /** Appends {@code suffix} to the last warning of {@code code}; nothing when there is none. */
    void amendLast(ForkWarning code, String suffix) {
        int last = codes.lastIndexOf(code);
        if (last >= 0) {
            texts.set(last, texts.get(last) + suffix);
        }
    }

    List<String> texts() {
        return List.copyOf(texts);
    }

    /** @return the codes, one for each of {@link #texts()} */
    List<ForkWarning> codes() {
        return List.copyOf(codes);
    }
}
