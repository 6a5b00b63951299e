package io.stagebench.forked;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.api.BenchmarkParams;
import io.stagebench.api.RecordingStamps;
import io.stagebench.api.Sink;
import io.stagebench.builtin.JitterBenchmark;
import io.stagebench.builtin.ServiceBenchmark;
import io.stagebench.clock.Calibration;
import io.stagebench.clock.Clock;
import io.stagebench.clock.ClockBinding;
import io.stagebench.registry.BenchmarkDescriptor;
import io.stagebench.registry.BenchmarkRegistry;
import io.stagebench.result.LatencySeries;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The built-in {@code jitter} and {@code service} benchmarks under scripted time. */
class BuiltinBenchmarksTest {

    private static final Calibration NS_TICKS = new Calibration(1.0, 1.0, 1.0, 1, 200_000_000L);

    /**
     * A counter that advances {@code readCostTicks} per read and jumps by a scripted stall just before chosen reads
     * (counted from 1): what a spinning thread sees when the CPU is taken away from it.
     */
    private static final class StallingCounter implements Clock {
        private final long readCostTicks;
        private final Map<Long, Long> stallBeforeRead;
        private long now;
        private long reads;

        StallingCounter(long readCostTicks, Map<Long, Long> stallBeforeRead) {
            this.readCostTicks = readCostTicks;
            this.stallBeforeRead = stallBeforeRead;
        }

        private long read() {
            reads++;
            now += stallBeforeRead.getOrDefault(reads, 0L);
            long t = now;
            now += readCostTicks;
            return t;
        }

        @Override
        public long begin() {
            return read();
        }

        @Override
        public long end() {
            return read();
        }

        @Override
        public long raw() {
            return read();
        }

        @Override
        public ClockBinding binding() {
            return ClockBinding.FFM;
        }
    }

    private static BenchmarkParams params(Map<String, String> params) {
        return new BenchmarkParams("b", 1, 0, 2, params);
    }

    @Test
    void shouldRecordTheFirstGapAboveTheThresholdAsTheGapStageAndTheTimeBeforeItAsWait() throws Exception {
        // read 1 is the runner's start read; the benchmark's reads follow; read 202 comes 5000 ticks late
        StallingCounter clock = new StallingCounter(10, Map.of(202L, 5_000L));
        JitterBenchmark jitter = new JitterBenchmark();
        BenchmarkDescriptor.setup(jitter, params(Map.of("thresholdNs", "1000", "windowUs", "100")), clock, NS_TICKS);
        Recording rec = new Recording(2, 2, false);

        MeasureLoop.backToBack(clock, jitter, rec.stamps(clock), new Sink(), rec, 0, 2, 0);

        // message 0: 200 reads of 10 ticks before the gap, then the gap and the end read
        assertEquals(200 * 10, rec.stageTicks(0, 0), "wait");
        assertEquals(10 + 5_000 + 10, rec.stageTicks(1, 0), "gap: the late read's gap plus the end read");
        // message 1: no gap above 1000 ticks in a 100 000-tick window
        assertTrue(
                rec.stageTicks(0, 1) >= 100_000 && rec.stageTicks(0, 1) <= 100_000 + 30,
                "wait " + rec.stageTicks(0, 1));
        assertEquals(20, rec.stageTicks(1, 1), "a window without a stall records one ordinary gap");
        // after the probe overhead (one read) is subtracted, the stall alone is left, and the quiet window's ~0
        Map<String, double[]> ns = LatencySeries.compute(rec.raw(), List.of("wait", "gap"), 10, 1.0);
        assertEquals(5_010, ns.get("gap")[0], 1e-9);
        assertEquals(10, ns.get("gap")[1], 1e-9);
    }

    @Test
    void shouldConvertTheJitterThresholdAndWindowWithTheCalibration() throws Exception {
        JitterBenchmark jitter = new JitterBenchmark();

        BenchmarkDescriptor.setup(
                jitter,
                params(Map.of("thresholdNs", "2000", "windowUs", "50")),
                new StallingCounter(1, Map.of()),
                new Calibration(2.5, 2.5, 2.5, 1, 200_000_000L));

        assertEquals(5_000, jitter.thresholdTicks());
        assertEquals(125_000, jitter.windowTicks());
    }

    @Test
    void shouldRefuseAJitterWindowNoLongerThanItsThreshold() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> BenchmarkDescriptor.setup(
                        new JitterBenchmark(),
                        params(Map.of("thresholdNs", "5000", "windowUs", "5")),
                        new StallingCounter(1, Map.of()),
                        NS_TICKS));

        assertTrue(e.getMessage().contains("window longer than the threshold"), e.getMessage());
    }

    @Test
    void shouldBusyWaitTheServiceTimeConvertedToTicksWithTheCalibration() throws Exception {
        FakeTimeClock clock = new FakeTimeClock(0, 0, 100);
        ServiceBenchmark service = new ServiceBenchmark();
        BenchmarkDescriptor.setup(service, params(Map.of("us", "100")), clock, new Calibration(2.5, 2.5, 2.5, 1, 0));
        Recording rec = new Recording(2, 1, false);

        MeasureLoop.backToBack(clock, service, rec.stamps(clock), new Sink(), rec, 0, 2, 0);

        assertEquals(250_000, service.ticks());
        for (int i = 0; i < 2; i++) {
            long ticks = rec.stageTicks(0, i);
            assertTrue(ticks >= 250_000 && ticks <= 250_000 + 2 * 100, "message " + i + ": " + ticks);
        }
    }

    @Test
    void shouldMarkABoundaryAtAnEarlierRead() {
        FakeTimeClock clock = new FakeTimeClock(0, 0);
        int[][] deltas = new int[2][1];
        RecordingStamps stamps = new RecordingStamps(clock, deltas);
        stamps.open(0);
        stamps.start(100);

        stamps.markAt(130);
        stamps.close(200);

        assertEquals(30, deltas[0][0]);
        assertEquals(70, deltas[1][0]);
        assertEquals(0, stamps.markErrors());
    }

    @Test
    void shouldRegisterJitterAndServiceAsBuiltinsOutsideTheDefaultRun() {
        BenchmarkRegistry registry = BenchmarkRegistry.load();

        assertEquals(List.of("wait", "gap"), registry.get("jitter").stages());
        assertTrue(registry.isBuiltin("jitter") && registry.isBuiltin("service"));
        TreeSet<String> defaults = new TreeSet<>();
        registry.defaults().forEach(d -> defaults.add(d.name()));
        assertTrue(!defaults.contains("jitter") && !defaults.contains("service"), defaults.toString());
    }
}
