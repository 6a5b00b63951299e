package io.stagebench.link;

import io.stagebench.json.RecordJson;
import java.time.Duration;
import java.util.Locale;

/**
 * How long a fork warms up before it measures: a count of messages, or a time (the messages are then as many as the
 * time takes), or none. Written among the fields of the record that holds it as {@code warmupMessages} and
 * {@code warmupMs}, the time 0 for a count, as every build before the type wrote them; nothing else reads the two
 * apart.
 *
 * @param warmupMessages the messages of a warm-up bounded by count; 0 when bounded by time
 * @param warmupMs the time of a warm-up bounded by time, in ms; 0 when bounded by count
 */
public record Warmup(long warmupMessages, long warmupMs) implements RecordJson.Part {

    /** No warm-up: the first pass is measured. */
    public static final Warmup NONE = new Warmup(0, 0);

    public Warmup {
        if (warmupMessages < 0 || warmupMs < 0) {
            throw new IllegalArgumentException(
                    "a warm-up is not negative: " + warmupMessages + " messages, " + warmupMs + " ms");
        }
    }

    /** The warm-up of its components' values in declaration order ({@link ForkSpec#CANONICAL}). */
    static Warmup ofComponents(Object[] c) {
        return new Warmup((long) c[0], (long) c[1]);
    }

    /** @return a warm-up of {@code count} messages (0: none) */
    public static Warmup ofMessages(long count) {
        return new Warmup(count, 0);
    }

    /** @return a warm-up as long as {@code time}, to the millisecond (under 1 ms: none) */
    public static Warmup ofTime(Duration time) {
        return new Warmup(0, time.toMillis());
    }

    /** @return true when bounded by time */
    public boolean timed() {
        return warmupMs > 0;
    }

    /** @return true when there is none: the first pass is measured */
    public boolean none() {
        return warmupMessages == 0 && warmupMs == 0;
    }

    /** @return the time of a timed warm-up; zero for one bounded by count */
    public Duration time() {
        return Duration.ofMillis(warmupMs);
    }

    /**
     * @return the messages a count-bounded warm-up runs; -1 for a timed one, whose count is not known before it runs
     */
    public long knownMessages() {
        return timed() ? -1 : warmupMessages;
    }

    /**
     * @return "500 ms" for a timed warm-up, "200000 messages" for a counted one (digits ungrouped, as a fork says it)
     */
    public String describe() {
        return timed() ? warmupMs + " ms" : warmupMessages + " messages";
    }

    /** @return "500 ms" for a timed warm-up, "200,000 messages" for a counted one */
    public String describeGrouped() {
        return timed() ? warmupMs + " ms" : String.format(Locale.ROOT, "%,d messages", warmupMessages);
    }
}
