package io.stagebench.store;

import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The name of a run folder: the run's UTC start second, {@code yyyyMMdd-HHmmss}, then {@code -2}, {@code -3} ... when
 * several runs of one commit start in the same second. Defined here once: {@link RunStore} names folders with it,
 * {@link RunResolver} orders them by it (time, then number: {@code -10} after {@code -9}), {@link ResultReader} falls
 * back on it for a start time.
 */
public final class RunId {

    private static final DateTimeFormatter FORMAT = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");
    private static final Pattern PATTERN = Pattern.compile("(\\d{8}-\\d{6})(?:-(\\d+))?");

    /** Run folders in the order they started; names that are not run ids sort by name, before them. */
    public static final Comparator<Path> ORDER = Comparator.comparing(
                    (Path p) -> base(p.getFileName().toString()))
            .thenComparingLong(p -> number(p.getFileName().toString()));

    private RunId() {}

    /** @return the first run id of a run starting at {@code start} */
    public static String of(Instant start) {
        return FORMAT.format(start.atZone(ZoneOffset.UTC));
    }

    /** @return the {@code n}-th run id (from 2) of runs starting in the same second as {@code first} */
    static String numbered(String first, int n) {
        return first + "-" + n;
    }

    /** @return the start second a run id names, or empty when {@code name} is not a run id */
    public static Optional<Instant> startOf(String name) {
        Matcher m = PATTERN.matcher(name);
        return m.matches()
                ? Optional.of(LocalDateTime.parse(m.group(1), FORMAT).toInstant(ZoneOffset.UTC))
                : Optional.empty();
    }

    private static String base(String name) {
        Matcher m = PATTERN.matcher(name);
        return m.matches() ? m.group(1) : name;
    }

    private static long number(String name) {
        Matcher m = PATTERN.matcher(name);
        return m.matches() && m.group(2) != null ? Long.parseLong(m.group(2)) : 1;
    }
}
