package io.stagebench.config;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A message rate for paced runs, parsed from text such as {@code 100k/s}, {@code 2500/s}, {@code 1M/s}, {@code 1G/s},
 * {@code 1000} (per second) or {@code 1/ms}: more than 0 and at most {@value #MAX_PER_SECOND_TEXT}.
 */
public final class Rate {

    /** The highest rate accepted, as it is written. */
    public static final String MAX_PER_SECOND_TEXT = "1G/s";

    private static final double MAX_PER_SECOND = 1e9;
    private static final Pattern FORM = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)\\s*([kKmMgG]?)\\s*(?:/\\s*(s|ms|us))?");

    private Rate() {}

    /**
     * @return messages per second
     * @throws IllegalArgumentException "cannot parse rate 'x' (expected e.g. 100k/s, 2500/s, 1M/s, 1G/s, 1/ms)", or
     *     "rate '2G/s' is out of range (more than 0, at most 1G/s)"
     */
    public static double parsePerSecond(String text) {
        Matcher m = FORM.matcher(text == null ? "" : text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException(
                    "cannot parse rate '" + text + "' (expected e.g. 100k/s, 2500/s, 1M/s, 1G/s, 1/ms)");
        }
        double count = Double.parseDouble(m.group(1));
        switch (m.group(2).toLowerCase(Locale.ROOT)) {
            case "k" -> count *= 1e3;
            case "m" -> count *= 1e6;
            case "g" -> count *= 1e9;
            default -> {}
        }
        String unit = m.group(3) == null ? "s" : m.group(3);
        double perSecond = switch (unit) {
            case "ms" -> count * 1e3;
            case "us" -> count * 1e6;
            default -> count;
        };
        if (!(perSecond > 0) || perSecond > MAX_PER_SECOND) {
            throw new IllegalArgumentException(
                    "rate '" + text + "' is out of range (more than 0, at most " + MAX_PER_SECOND_TEXT + ")");
        }
        return perSecond;
    }

    /** @return e.g. {@code 100k/s} */
    public static String format(double perSecond) {
        if (perSecond >= 1e9 && perSecond % 1e9 == 0) {
            return (long) (perSecond / 1e9) + "G/s";
        }
        if (perSecond >= 1e6 && perSecond % 1e6 == 0) {
            return (long) (perSecond / 1e6) + "M/s";
        }
        if (perSecond >= 1e3 && perSecond % 1e3 == 0) {
            return (long) (perSecond / 1e3) + "k/s";
        }
        return String.format(Locale.ROOT, "%.6g/s", perSecond);
    }
}
