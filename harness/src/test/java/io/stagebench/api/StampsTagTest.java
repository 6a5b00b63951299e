package io.stagebench.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How a message's stages are tagged and skipped, as the runner drives the stamps. */
class StampsTagTest {

    private final StepClock clock = new StepClock();
    private final int[][] deltas = new int[3][4];
    private final byte[][] tags = new byte[3][4];
    private final RecordingStamps stamps = new RecordingStamps(clock, deltas, tags, 2);

    private void message(int row, Runnable operation) {
        stamps.open(row);
        stamps.start(clock.begin());
        operation.run();
        stamps.close(clock.end());
    }

    @Test
    void shouldTagOnlyTheStageThatCallsAndClearARowsTagsBeforeItsNextMessage() {
        message(0, () -> {
            stamps.mark();
            stamps.tag(1);
            stamps.mark();
        });
        message(1, () -> {
            stamps.tag(0);
            stamps.mark();
            stamps.mark();
            stamps.tag(1);
        });
        message(0, () -> {
            stamps.mark();
            stamps.mark();
        });

        assertArrayEquals(new byte[] {0, 1}, new byte[] {tags[0][0], tags[0][1]});
        assertArrayEquals(new byte[] {0, 0}, new byte[] {tags[1][0], tags[1][1]}, "row 0 again: its old tag is gone");
        assertArrayEquals(new byte[] {0, 2}, new byte[] {tags[2][0], tags[2][1]});
    }

    @Test
    void shouldSkipOnlyTheStageThatSaysSoAndStillTimeIt() {
        message(0, () -> {
            stamps.tag(0);
            stamps.mark();
            stamps.skip();
            stamps.mark();
        });
        message(1, () -> {
            stamps.mark();
            stamps.mark();
        });

        assertEquals(1, tags[0][0]);
        assertEquals(RecordingStamps.SKIPPED, tags[1][0]);
        assertEquals(0, tags[2][0], "the stage after a skipped one runs");
        assertEquals(10, deltas[1][0], "a skipped stage's interval is still measured");
        assertArrayEquals(
                new byte[] {0, 0, 0},
                new byte[] {tags[0][1], tags[1][1], tags[2][1]},
                "a new message starts untagged and unskipped");
    }

    @Test
    void shouldCountATagOutsideTheDeclarationWithoutStoringOrThrowing() {
        message(0, () -> {
            stamps.tag(2);
            stamps.tag(-1);
            stamps.mark();
            stamps.mark();
        });

        assertEquals(2, stamps.tagErrors());
        assertEquals(-1, stamps.lastBadTag());
        assertEquals(0, tags[0][0]);
    }

    @Test
    void shouldIgnoreTagsAndSkipsInUnmarkedStamps() {
        int[] total = new int[1];
        RecordingStamps unmarked = RecordingStamps.unmarked(clock, total);
        unmarked.open(0);
        unmarked.start(clock.begin());
        unmarked.tag(5);
        unmarked.skip();
        unmarked.close(clock.end());

        assertEquals(0, unmarked.tagErrors(), "unmarked stamps have no tags to check against");
        assertEquals(10, total[0]);
    }

    @Test
    void shouldStoreTagsOfTheUnmarkedPassWhereNoResultReadsThemSoBothPassesDoTheSameWork() {
        int[] total = new int[2];
        byte[] sink = new byte[2];
        RecordingStamps unmarked = RecordingStamps.unmarked(clock, total, sink, 2);
        unmarked.open(1);
        unmarked.start(clock.begin());
        unmarked.tag(1);
        unmarked.mark();
        unmarked.skip();
        unmarked.close(clock.end());

        assertEquals(RecordingStamps.SKIPPED, sink[1], "its one slot: the last tag or skip of the message");
        assertEquals(10, total[1], "one interval: the mark read no clock");
    }

    @Test
    void shouldLookUpADeclaredTagByNameAndRefuseAnUndeclaredOneInOneLine() {
        BenchmarkParams params = new BenchmarkParams("book", 1, 10, 10, Map.of(), 0, List.of("add", "delete"));

        assertEquals(1, params.tag("delete"));
        DeclarationException refused = assertThrows(DeclarationException.class, () -> params.tag("replace"));
        assertEquals(
                "benchmark 'book' tags messages 'replace' but declares only the tags add, delete"
                        + " (@Benchmark(tags = {...}))",
                refused.getMessage());
    }
}
