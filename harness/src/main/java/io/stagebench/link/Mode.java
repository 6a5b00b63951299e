package io.stagebench.link;

import java.util.Locale;

/** How messages are offered to the benchmark. */
public enum Mode {
    /** Closed loop: each message starts when the previous one ends; reports service time. */
    BACK_TO_BACK("back-to-back"),
    /** Open loop at a fixed rate: latency from each message's intended arrival, free of coordinated omission. */
    PACED("paced");

    private final String id;

    Mode(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    /** @throws IllegalArgumentException listing the valid modes */
    public static Mode parse(String text) {
        String wanted = text.trim().toLowerCase(Locale.ROOT);
        for (Mode mode : values()) {
            if (mode.id.equals(wanted)) {
                return mode;
            }
        }
        throw new IllegalArgumentException("unknown mode '" + text + "' (valid: back-to-back, paced)");
    }

    @Override
    public String toString() {
        return id;
    }
}
