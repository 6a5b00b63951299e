package io.stagebench.config;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What {@code --prof} samples in the measured passes, named as async-profiler names its events: on-CPU time, heap
 * allocations, contended locks, or wall-clock time (every thread, running or not). A time sample interrupts the
 * measured thread for a signal and a stack walk, which a virtual machine makes long, and its cost is counted in the
 * frame it interrupted: one a millisecond keeps that to a few per cent of the pass, and every pass adds its tens of
 * samples to the fork's profile.
 */
public enum ProfileEvent {
    CPU("cpu", 1_000_000),
    ALLOC("alloc", 512),
    LOCK("lock", 1_000),
    WALL("wall", 1_000_000);

    private final String id;
    private final long interval;

    ProfileEvent(String id, long interval) {
        this.id = id;
        this.interval = interval;
    }

    /** @return the event's name, as {@code --prof} takes it and async-profiler names it */
    @JsonValue
    public String id() {
        return id;
    }

    /** @return the sampling interval: ns of CPU or wall time, bytes allocated, or ns of lock contention */
    public long interval() {
        return interval;
    }

    /**
     * @param text a {@code --prof} value
     * @throws IllegalArgumentException naming the valid events when it is none of them
     */
    public static ProfileEvent parse(String text) {
        return Arrays.stream(values())
                .filter(e -> e.id.equals(text.trim().toLowerCase(Locale.ROOT)))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("--prof: unknown event '" + text + "' (valid: "
                        + Arrays.stream(values()).map(ProfileEvent::id).collect(Collectors.joining(", ")) + ")"));
    }
}
