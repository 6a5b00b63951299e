package io.stagebench.stages.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** When {@code crosscheck} starts JMH's forks between stagebench's, and which twins beside which run. */
class InterleavedJmhTest {

    private static CrosscheckPlan plan(List<String> stages, int forks, String batch, int jmhForks) {
        return CrosscheckPlan.of(stages, forks, 1_000, null, batch, new CrosscheckPlan.Jmh(jmhForks, 1, 1, 100),
                10_000, 7, IllegalArgumentException::new);
    }

    @Test
    void shouldRunABatchedRowsTwinsBesideTheBatchedRunAndOnlyThePerMessageRowsOwnBesideThePerMessageRun() {
        InterleavedJmh jmh = new InterleavedJmh(plan(List.of(), 3, "auto", 2), (twins, fork) -> { });

        assertEquals(List.of("DecideJmh.prepareAndDecide", "DecideJmh.prepare"), jmh.twinsBeside("decide", true));
        assertEquals(List.of("DecideCallJmh.decide", "DecideCallJmh.timer"), jmh.twinsBeside("decide", false));
        assertEquals(List.of("ParseJmh.parse"), jmh.twinsBeside("parse", true));
        assertEquals(List.of(), jmh.twinsBeside("parse", false));
        assertEquals(List.of("PipelineJmh.pipeline"), jmh.twinsBeside("pipeline", true));
        assertEquals(List.of(), jmh.twinsBeside("pipeline", false));
    }

    @Test
    void shouldRunEveryTwinBesideThePerMessageRunWhenNothingIsBatched() {
        InterleavedJmh jmh = new InterleavedJmh(plan(List.of(), 3, "1", 2), (twins, fork) -> { });

        assertEquals(List.of("ParseJmh.parse"), jmh.twinsBeside("parse", false));
        assertEquals(List.of("DecideCallJmh.decide", "DecideCallJmh.timer"), jmh.twinsBeside("decide", false));
        assertEquals(List.of(), jmh.twinsBeside("parse", true));
    }

    @Test
    void shouldStartOneJmhForkAfterEachStagebenchForkUntilJmhHasItsForks() {
        List<String> started = new ArrayList<>();
        InterleavedJmh jmh = new InterleavedJmh(plan(List.of("encode"), 3, "auto", 2),
                (twins, fork) -> started.add(twins + "#" + fork));

        for (int fork = 1; fork <= 3; fork++) {
            jmh.forkEnded("encode", fork, false);
            jmh.forkEnded("encode", fork, true);
            started.add("after " + fork);
        }

        assertEquals(List.of("[EncodeJmh.encode]#1", "after 1", "[EncodeJmh.encode]#2", "after 2", "after 3"), started);
    }

    @Test
    void shouldStartEveryJmhForkStillOwedAfterTheLastStagebenchFork() {
        List<String> started = new ArrayList<>();
        InterleavedJmh jmh = new InterleavedJmh(plan(List.of("book"), 2, "auto", 4),
                (twins, fork) -> started.add(twins + "#" + fork));

        jmh.forkEnded("book", 1, true);
        started.add("after 1");
        jmh.forkEnded("book", 2, true);

        assertEquals(List.of("[BookJmh.parseAndApply, BookJmh.parse]#1", "after 1",
                "[BookJmh.parseAndApply, BookJmh.parse]#2", "[BookJmh.parseAndApply, BookJmh.parse]#3",
                "[BookJmh.parseAndApply, BookJmh.parse]#4"), started);
    }
}
