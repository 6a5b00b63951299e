package io.stagebench.forked;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.stagebench.api.SeriesNames;
import io.stagebench.api.Sink;
import io.stagebench.result.HandoffJoin;
import io.stagebench.result.LatencySeries;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The handoff loops and the launcher's join on scripted time (one tick = 1 ns, fenced reads free): a paced feed with
 * 100 ns of work every 1 000 ns, a strategy whose one stage is an injected delay, exact to the tick.
 */
class HandoffLoopTest {

    private static final List<String> STAGES = List.of("book", "handoff", "decide");
    private static final long INTERVAL_TICKS = 1_000;
    private static final long FEED_TICKS = 100;
    private static final int MESSAGES = 200;

    @Test
    void shouldShowADelayInjectedOnTheStrategyThreadInDecideAndTotalButNotInHandoff() {
        Map<String, double[]> quick = run(0);
        Map<String, double[]> slow = run(300);

        for (int i = 0; i < MESSAGES; i++) {
            assertEquals(300, slow.get("decide")[i] - quick.get("decide")[i], 0.0, "decide of message " + i);
            assertEquals(300, slow.get(SeriesNames.TOTAL)[i] - quick.get(SeriesNames.TOTAL)[i], 0.0, "total " + i);
            assertEquals(quick.get("handoff")[i], slow.get("handoff")[i], 0.0, "handoff " + i);
            assertEquals(FEED_TICKS, slow.get("book")[i], 0.0, "book " + i);
        }
    }

    @Test
    void shouldShowTheBacklogInHandoffWhenTheStrategyIsSlowerThanThePacedRate() {
        // each message takes 1 500 ns on the strategy but arrives every 1 000: message n waits n x 500 ns
        Map<String, double[]> series = run(1_500);

        for (int n = 0; n < MESSAGES; n++) {
            assertEquals(n * 500.0, series.get("handoff")[n], 2.0, "handoff of message " + n);
            assertEquals(1_500, series.get("decide")[n], 0.0, "decide of message " + n);
            // from the intended arrival: the backlog is in the response, not omitted
            assertEquals(FEED_TICKS + n * 500.0 + 1_500, series.get(SeriesNames.RESPONSE)[n], 4.0, "response " + n);
        }
    }

    private static Map<String, double[]> run(long strategyTicks) {
        FakeTimeClock feedClock = new FakeTimeClock(0, 0, 1);
        FakeTimeClock strategyClock = new FakeTimeClock(0, 0, 1);
        ScriptedHandoff op = new ScriptedHandoff(feedClock, strategyClock, FEED_TICKS, strategyTicks, MESSAGES);
        Recording feed = new Recording(MESSAGES, 1, true);
        Recording strategy = new Recording(MESSAGES, 1, false);

        HandoffLoop.feedPaced(
                feedClock,
                op,
                feed.stamps(feedClock),
                new Sink(),
                feed,
                0,
                MESSAGES,
                0,
                new Schedule(INTERVAL_TICKS, INTERVAL_TICKS, 0));
        HandoffLoop.strategy(strategyClock, op, strategy.stamps(strategyClock), new Sink(), strategy, 0, MESSAGES);

        HandoffJoin joined = HandoffJoin.join(feed.raw(), strategy.raw());
        assertEquals(0, joined.negativeHandoffs());
        return LatencySeries.compute(joined.raw(), STAGES, 0, 1.0);
    }
}
