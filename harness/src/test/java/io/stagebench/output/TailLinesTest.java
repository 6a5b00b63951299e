package io.stagebench.output;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.stagebench.result.TailExemplars;
import io.stagebench.result.TailExemplars.Coincidence;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TailLinesTest {

    private static TailExemplars tail(String series, double waited, double waitedAll, double shared, double sharedAll) {
        TailExemplars.Exemplar slowest =
                new TailExemplars.Exemplar(1234, "add", 3, 2, 1_500_000, 77, 12.3, 2_000_000, 2, true, true);
        return new TailExemplars(
                series,
                500,
                200,
                List.of(slowest),
                new Coincidence(waited, waited, shared, 0.4),
                new Coincidence(waitedAll, waitedAll, sharedAll, null));
    }

    @Test
    void shouldSayTheRangeOverEveryBenchmarksHeadlineSeriesInOneLine() {
        Map<String, List<TailExemplars>> tails = new LinkedHashMap<>();
        tails.put("parse", List.of(tail("parse", 0.03, 0.1, 0, 0)));
        tails.put("pipeline", List.of(tail("parse", 0.9, 0.9, 0.9, 0.9), tail("total", 0.29, 0.4, 0.82, 0.2)));
        tails.put("handoff", List.of());

        assertEquals(
                Optional.of(
                        "p99.9+ (report.html, --verbose): 3-29 % in passes with run-queue waits (all 10-40 %), 0-82 %"
                                + " on a shared core (0-20 %)"),
                TailLines.summary(tails),
                "a pipeline's total speaks for it; a benchmark without a tail adds nothing");
        assertEquals(Optional.empty(), TailLines.summary(Map.of("handoff", List.of())));
    }

    @Test
    void shouldNameTheSlowestMessageWithItsTagAndPlace() {
        assertEquals(
                "pipeline total above p99.9 (500.0 ns): 200 messages, 29 % in passes that waited in the run queue (all"
                        + " messages 40 %), 82 % on a shared core (20 %), 40 % in bursts; slowest 1.50 ms, seq 1,234"
                        + " [add] (fork 3, replica 2, 12.3 ms into its pass)",
                TailLines.line("pipeline", List.of(tail("total", 0.29, 0.4, 0.82, 0.2)))
                        .orElseThrow());
    }
}
