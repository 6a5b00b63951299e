package io.stagebench.forked;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.api.BenchmarkParams;
import io.stagebench.api.SeriesNames;
import io.stagebench.api.Sink;
import io.stagebench.builtin.ServiceBenchmark;
import io.stagebench.clock.Calibration;
import io.stagebench.output.CoordinatedOmissionText;
import io.stagebench.registry.BenchmarkDescriptor;
import io.stagebench.result.LatencySeries;
import io.stagebench.stats.CoordinatedOmission;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The reference text's scenario on scripted time, one tick per microsecond: a message intended every 1 ms for 10 s, 100
 * µs of service ({@code service}, the built-in), one stall of 1 s at message 5 000 ({@code --stall-at}), through the
 * real paced loop. No real sleep: the whole run takes milliseconds.
 */
class CoordinatedOmissionScenarioTest {

    private static final double TICKS_PER_NS = 0.001;
    private static final long INTERVAL_TICKS = 1_000;
    private static final long STALL_TICKS = 1_000_000;
    private static final int MESSAGES = 10_000;
    private static final double SERVICE_NS = 100_000;
    private static final double STALL_NS = 1e9;

    private static CoordinatedOmission.Comparison comparison;

    @BeforeAll
    static void runTheScenario() throws Exception {
        // fenced reads free, each raw read 1 tick (1 us): the pacing and service spins end on time to 1 us
        FakeTimeClock clock = new FakeTimeClock(0, 0, 1);
        ServiceBenchmark service = new ServiceBenchmark();
        BenchmarkDescriptor.setup(
                service,
                new BenchmarkParams("service", 1, 0, MESSAGES, Map.of("us", "100")),
                clock,
                new Calibration(TICKS_PER_NS, TICKS_PER_NS, TICKS_PER_NS, 1, 0));
        StallingOperation op = StallingOperation.once(service, clock, 5_000, STALL_TICKS, 1);
        op.measurementStarts(0);
        Recording rec = new Recording(MESSAGES, 1, true);

        for (int from = 0; from < MESSAGES; from += 1_000) {
            MeasureLoop.paced(
                    clock,
                    op,
                    rec.stamps(clock),
                    new Sink(),
                    rec,
                    from,
                    from + 1_000,
                    0,
                    new Schedule(INTERVAL_TICKS, INTERVAL_TICKS, 0));
        }

        Map<String, double[]> series = LatencySeries.compute(rec.raw(), List.of("service"), 0, TICKS_PER_NS);
        comparison = CoordinatedOmission.compare(
                series.get(SeriesNames.RESPONSE), series.get("service"), Math.round(INTERVAL_TICKS / TICKS_PER_NS));
    }

    @Test
    void shouldShowThePacedViewsMedianAtTheServiceTimeAndItsP99AtLeastNinetyPercentOfTheStall() {
        CoordinatedOmission.Column paced = comparison.paced();

        assertEquals(MESSAGES, paced.count());
        assertEquals(SERVICE_NS, paced.p50Ns(), 0.05 * SERVICE_NS, "p50");
        assertTrue(paced.p99Ns() >= 0.9 * STALL_NS, "p99 " + paced.p99Ns());
        assertEquals(STALL_NS, paced.maxNs(), 0.01 * STALL_NS, "max");
    }

    @Test
    void shouldShowTheNaiveClosedLoopViewsP99AtTheServiceTimeDespiteTheStall() {
        CoordinatedOmission.Column naive = comparison.naive();

        assertEquals(MESSAGES, naive.count());
        assertEquals(SERVICE_NS, naive.p99Ns(), 0.05 * SERVICE_NS, "p99");
        assertEquals(SERVICE_NS, naive.p999Ns(), 0.05 * SERVICE_NS, "p99.9");
        assertEquals(STALL_NS, naive.maxNs(), 0.01 * STALL_NS, "the one stalled sample is still its max");
    }

    @Test
    void shouldPutTheCorrectedP99WellAboveTheServiceTimeBySynthesisingTheHiddenSamples() {
        CoordinatedOmission.Column corrected = comparison.corrected();

        // one synthesised sample per missed interval of the 1 s stall: 1 s - 1 ms, 1 s - 2 ms, ... 1 ms
        assertEquals(MESSAGES + 999, corrected.count(), 2);
        assertTrue(corrected.p99Ns() >= 0.8 * STALL_NS, "p99 " + corrected.p99Ns());
        assertTrue(corrected.p99Ns() > 1_000 * SERVICE_NS, "p99 " + corrected.p99Ns());
        assertEquals(SERVICE_NS, corrected.p50Ns(), 0.05 * SERVICE_NS, "p50 still the service time");
        assertEquals(comparison.naive().maxNs(), corrected.maxNs(), "max exact, not bucketed");
    }

    @Test
    void shouldPrintTheThreeColumnsSideBySideAndMarkThinPercentiles() {
        String text = CoordinatedOmissionText.render(comparison);

        assertTrue(
                text.contains("paced response")
                        && text.contains("naive closed loop")
                        && text.contains("HdrHistogram corrected"),
                text);
        assertTrue(text.lines().anyMatch(l -> l.strip().startsWith("p99.9") && l.contains("*")), text);
        assertTrue(text.contains("recordValueWithExpectedInterval(value, 1,000,000 ns)"), text);
    }
}
