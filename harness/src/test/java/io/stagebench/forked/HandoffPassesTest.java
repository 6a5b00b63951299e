package io.stagebench.forked;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.api.Sink;
import io.stagebench.clock.NanoTimeClock;
import io.stagebench.result.HandoffJoin;
import io.stagebench.testing.MeasuresInProcess;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Both threads of a handoff benchmark for real, through the passes, the strategy thread and the launcher's join, on
 * {@code System.nanoTime()} (one counter on every core). What it checks does not depend on the scheduler: which
 * messages arrive, in what order, never before they were published, each strategy stage at least its injected delay.
 * The timing itself is checked exactly on scripted time ({@link HandoffLoopTest}).
 */
@MeasuresInProcess
class HandoffPassesTest {

    private static final int CHUNK = 100;

    @Test
    void shouldDeliverEveryMessageOnceInOrderAcrossPassesThroughASmallRing() throws Exception {
        NanoTimeClock clock = new NanoTimeClock();
        long delayNs = 2_000;
        SpscHandoff op = new SpscHandoff(clock, delayNs, 8);
        try (StrategyThread strategy = new StrategyThread("strategy", -1, clock, op, CHUNK)) {
            strategy.start();
            HandoffPasses passes = new HandoffPasses(clock, op, new Sink(), 0, CHUNK, () -> {}, false, strategy);
            Recording feed = new Recording(500, 1, false);
            Recording strategyRec = new Recording(500, 1, false);

            long next = passes.run(feed, feed.stamps(clock), strategyRec, strategyRec.stamps(clock), 300, 0);
            next = passes.run(feed, feed.stamps(clock), strategyRec, strategyRec.stamps(clock), 500, next);

            assertEquals(800, next);
            HandoffJoin joined = HandoffJoin.join(feed.raw(), strategyRec.raw());
            assertEquals(0, joined.negativeHandoffs(), "one counter on every core: never consumed before published");
            int[] expected = new int[500];
            Arrays.setAll(expected, i -> 300 + i);
            assertEquals(Arrays.toString(expected), Arrays.toString(joined.raw().seq()));
            for (int i = 0; i < 500; i++) {
                assertEquals(
                        300 + i,
                        strategyRec.seq(i),
                        "the strategy took message " + strategyRec.seq(i) + " at row " + i);
                assertTrue(strategyRec.stageTicks(0, i) >= delayNs, "strategy stage of row " + i);
            }
            assertEquals(0, passes.strategyAllocatedBytes(), "the strategy thread allocated during the pass");
        }
    }
}
