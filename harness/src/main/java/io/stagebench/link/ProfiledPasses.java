package io.stagebench.link;

import io.stagebench.io.AtomicFiles;
import io.stagebench.json.Json;
import java.io.IOException;
import java.nio.file.Path;

/**
 * What a fork's profile ({@code --prof}) counts, beside its collapsed stacks: the event, what one count of a stack is
 * worth, and the messages its profiled passes measured, so a profile reads as time (or bytes) a message and two
 * profiles of different lengths compare.
 *
 * @param event the async-profiler event
 * @param unit what a count is in: {@code ns} (cpu, wall, lock) or {@code B} (alloc)
 * @param unitsPerCount what one count of a collapsed stack is worth in {@code unit}: the sampling interval for cpu and
 *     wall, whose stacks count samples; 1 for alloc and lock, whose stacks count bytes and ns
 * @param messages the messages every profiled pass measured, replayed passes too
 */
public record ProfiledPasses(String event, String unit, long unitsPerCount, long messages) {

    /** @return the facts of a fork that sampled {@code event} every {@code interval} over {@code messages} */
    public static ProfiledPasses of(String event, long interval, long messages) {
        boolean sampled = event.equals("cpu") || event.equals("wall");
        return new ProfiledPasses(event, event.equals("alloc") ? "B" : "ns", sampled ? interval : 1, messages);
    }

    /** @return {@code counts} of a stack as {@code unit} a message */
    public double perMessage(long counts) {
        return messages == 0 ? 0 : (double) counts * unitsPerCount / messages;
    }

    /** Writes atomically. */
    public void write(Path file) throws IOException {
        AtomicFiles.writeString(file, Json.write(this));
    }

    /** @return the facts a fork wrote to {@code file} */
    public static ProfiledPasses read(Path file) throws IOException {
        return Json.mapper().readValue(file.toFile(), ProfiledPasses.class);
    }
}
