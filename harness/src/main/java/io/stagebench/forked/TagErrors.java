package io.stagebench.forked;

import io.stagebench.api.DeclarationException;
import io.stagebench.api.RecordingStamps;
import java.util.List;

/**
 * Refuses a benchmark whose messages were tagged with an index it does not declare. The measured loop cannot throw
 * ({@link Stamps#tag(int)} only counts), so the fork looks after warm-up, and again after measurement, and stops with
 * one line ({@link DeclarationException}).
 */
final class TagErrors {

    private TagErrors() {}

    /** @throws DeclarationException when any of {@code stamps} refused a tag */
    static void refuse(String benchmark, List<String> tags, String when, RecordingStamps... stamps) {
        long errors = 0;
        int lastBad = 0;
        for (RecordingStamps s : stamps) {
            if (s != null && s.tagErrors() > 0) {
                errors += s.tagErrors();
                lastBad = s.lastBadTag();
            }
        }
        if (errors > 0) {
            throw new DeclarationException("benchmark '" + benchmark + "' tagged " + errors + " " + when + " messages"
                    + " with tag " + lastBad + ", but declares "
                    + (tags.isEmpty()
                            ? "no tags"
                            : tags.size() + " (0.." + (tags.size() - 1) + ": " + String.join(", ", tags) + ")")
                    + " (@Benchmark(tags = {...}))");
        }
    }
}
