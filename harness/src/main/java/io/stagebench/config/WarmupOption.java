package io.stagebench.config;

import io.stagebench.link.Warmup;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The text of {@code -w}/{@code --warmup}: a message count such as 100000, or a time such as 2s or 500ms. */
public final class WarmupOption {

    private static final Pattern DURATION = Pattern.compile("([0-9]+)\\s*(ms|s)");

    private WarmupOption() {}

    /**
     * @param text a {@code --warmup} value
     * @return the warm-up it names
     * @throws IllegalArgumentException with the one line to print when it is neither a count nor a time, a time of 0,
     *     or a negative count
     */
    public static Warmup parse(String text) {
        Matcher duration = DURATION.matcher(text.trim());
        if (duration.matches()) {
            long ms = Long.parseLong(duration.group(1)) * (duration.group(2).equals("s") ? 1000 : 1);
            if (ms < 1) {
                throw new IllegalArgumentException("--warmup time must be positive, got '" + text + "'");
            }
            return Warmup.ofTime(Duration.ofMillis(ms));
        }
        long count;
        try {
            count = Long.parseLong(text.trim().replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--warmup: cannot parse '" + text
                    + "' (a message count such as 100000, or a time such as 2s or 500ms)");
        }
        if (count < 0) {
            throw new IllegalArgumentException("--warmup must not be negative, got " + count);
        }
        return Warmup.ofMessages(count);
    }
}
