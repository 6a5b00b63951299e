package io.stagebench.config;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.OptionalInt;

/**
 * How many messages one timed interval spans ({@code --batch}): a count of at least 1, or {@link #AUTO}, a count each
 * benchmark's pilot chooses before its forks start. A run plans with it; a fork only ever sees a count (its spec
 * carries the resolved one), so {@link #messages()} of {@code AUTO} is a mistake in the launcher, not a user's. Stored
 * (a run's {@code config.batch}) as the count, 0 for {@code AUTO}, as the number it was before it had a type of its
 * own.
 */
public final class Batch {

    /** One interval a message: every run without {@code --batch}. */
    public static final Batch ONE = new Batch(1);
    /** {@code --batch auto}: the count a pilot chooses for each benchmark. */
    public static final Batch AUTO = new Batch(0);

    private final int messages;

    private Batch(int messages) {
        this.messages = messages;
    }

    /**
     * @param messages messages per timed interval
     * @throws IllegalArgumentException when it is below 1
     */
    public static Batch of(int messages) {
        if (messages < 1) {
            throw new IllegalArgumentException("a batch is at least 1 message, got " + messages);
        }
        return messages == 1 ? ONE : new Batch(messages);
    }

    /**
     * @param text a {@code --batch} value: a message count of at least 1 such as 16 (underscores allowed), or
     *     {@code auto}
     * @return the batch it names ({@link #ONE} for 1, {@link #AUTO} for {@code auto})
     * @throws IllegalArgumentException with the one line to print when {@code text} is neither, or below 1
     */
    public static Batch parse(String text) {
        OptionalInt count = parseCount(text);
        if (count.isEmpty()) {
            return AUTO;
        }
        if (count.getAsInt() < 1) {
            throw new IllegalArgumentException("--batch must be at least 1 message, got " + count.getAsInt());
        }
        return of(count.getAsInt());
    }

    /**
     * @param text a {@code --batch} value: a message count such as 16 (underscores allowed), or {@code auto}
     * @return the count, as given (its range is the caller's to check against its own messages), or empty for
     *     {@code auto}
     * @throws IllegalArgumentException with the one line to print when {@code text} is neither
     */
    public static OptionalInt parseCount(String text) {
        String trimmed = text.trim();
        if (trimmed.equals("auto")) {
            return OptionalInt.empty();
        }
        try {
            return OptionalInt.of(Integer.parseInt(trimmed.replace("_", "")));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "--batch: cannot parse '" + text + "' (a message count such as 16, or auto)");
        }
    }

    /** @return the stored number: the count, 0 for {@link #AUTO} */
    @JsonValue
    int stored() {
        return messages;
    }

    /**
     * @param stored a stored number ({@link #stored})
     * @throws IllegalArgumentException when it is negative
     */
    @JsonCreator
    static Batch fromStored(int stored) {
        return stored == 0 ? AUTO : of(stored);
    }

    /** @return whether a pilot is still to choose the count */
    public boolean isAuto() {
        return messages == 0;
    }

    /**
     * @return messages per timed interval
     * @throws IllegalStateException for {@link #AUTO}, whose count no pilot has chosen yet
     */
    public int messages() {
        if (isAuto()) {
            throw new IllegalStateException("--batch auto has no count until a pilot chooses one");
        }
        return messages;
    }

    /** @return messages per timed interval, or {@code fallback} for {@link #AUTO} */
    public int messagesOr(int fallback) {
        return isAuto() ? fallback : messages;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Batch batch && batch.messages == messages;
    }

    @Override
    public int hashCode() {
        return messages;
    }

    /** @return {@code auto} or the count, as {@code --batch} takes it */
    @Override
    public String toString() {
        return isAuto() ? "auto" : Integer.toString(messages);
    }
}
