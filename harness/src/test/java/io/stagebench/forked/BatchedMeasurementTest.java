package io.stagebench.forked;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.api.BenchmarkParams;
import io.stagebench.api.Operation;
import io.stagebench.api.Preparation;
import io.stagebench.api.RecordingStamps;
import io.stagebench.api.Sink;
import io.stagebench.api.Stamps;
import io.stagebench.builtin.SpinBenchmark;
import io.stagebench.config.Batch;
import io.stagebench.config.RunConfig;
import io.stagebench.link.ForkResult;
import io.stagebench.link.ForkSpec;
import io.stagebench.link.RawStamps;
import io.stagebench.link.Warmup;
import io.stagebench.registry.BenchmarkRegistry;
import io.stagebench.result.LatencySeries;
import io.stagebench.testing.MeasuresInProcess;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --batch K}: K messages between one begin and one end read, on scripted time exact to the tick. */
class BatchedMeasurementTest {

    private static final long READ = 10;
    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

    @TempDir
    Path runDir;

    @Test
    void shouldTimeKMessagesBetweenOneBeginAndOneEndReadAndDivideTheRestByK() {
        FakeTimeClock clock = new FakeTimeClock(0, READ);
        List<Long> seqs = new ArrayList<>();
        Operation op = (seq, stamps, sink) -> {
            seqs.add(seq);
            clock.advance(100 + seq % 4); // 100, 101, 102, 103 ticks: a batch of four is 406
        };
        Passes passes = new Passes(clock, op, new Sink(), 0, 8, () -> {}, true, 4, null);
        Recording rec = new Recording(3, 1, false);

        long next = passes.run(rec, rec.batchedStamps(clock), 100);

        assertEquals(112, next, "three batches of four messages");
        assertEquals(List.of(100L, 101L, 102L, 103L, 104L, 105L, 106L, 107L, 108L, 109L, 110L, 111L), seqs);
        assertArrayEquals(new int[] {100, 104, 108}, new int[] {rec.seq(0), rec.seq(1), rec.seq(2)});
        for (int i = 0; i < 3; i++) {
            assertEquals(406 + READ, rec.stageTicks(0, i), "one probe a batch, not one a message");
        }
        double[] perMessage = LatencySeries.batched(rec.raw(), null, READ, 1.0, 4);
        assertArrayEquals(new double[] {101.5, 101.5, 101.5}, perMessage, 0.0);
    }

    @Test
    void shouldSubtractEachBatchsPreparationFromTheSameBatchOfTheOperation() throws Exception {
        FakeTimeClock clock = new FakeTimeClock(0, READ);
        long[] cursor = {0};
        PreparedOp op = new PreparedOp(clock, cursor);
        Passes passes = new Passes(clock, op, new Sink(), 0, 8, () -> cursor[0] = 0, true, 4, op);
        Recording whole = new Recording(2, 1, false);
        Recording preparation = new Recording(2, 1, false);
        RecordingStamps wholeStamps = whole.batchedStamps(clock);

        passes.run(whole, wholeStamps, 0);
        passes.reset();
        passes.runPreparation(preparation, preparation.batchedStamps(clock), 0);

        // a message: 30 + its cursor ticks of preparation, then 50 ticks of stage; restart reads nothing
        assertEquals(4 * 50 + (30 * 4 + 0 + 1 + 2 + 3) + READ, whole.stageTicks(0, 0));
        assertEquals(30 * 4 + 0 + 1 + 2 + 3 + READ, preparation.stageTicks(0, 0));
        assertTrue(wholeStamps.restartIgnored());
        assertArrayEquals(
                new double[] {50, 50}, LatencySeries.batched(whole.raw(), preparation.raw(), READ, 1.0, 4), 0.0);
    }

    @Test
    void shouldMeanTheBatchesAsTheDifferenceOfThePassesWhereAnInterruptedPreparationCutsItsPairAt0() {
        // batches of 4 messages, 50 ticks of stage a message over 75 of preparation: whole 500, preparation 300 a
        // batch;
        // one interruption of 1000 ticks lands in the whole pass's second batch, one in the preparation's third
        RawStamps whole = oneStage(500, 1500, 500, 500);
        RawStamps preparation = oneStage(300, 300, 1300, 300);

        double[] samples = LatencySeries.batched(whole, preparation, READ, 1.0, 4);

        assertArrayEquals(new double[] {50, 300, 0, 50}, samples, 0.0, "the third pair, -200 a message, is cut at 0");
        assertEquals(
                100.0,
                Arrays.stream(samples).average().orElseThrow(),
                1e-9,
                "the samples keep the whole pass's interruption and drop the preparation's");
        assertEquals(
                50.0,
                LatencySeries.batchedMeanNs(whole, preparation, READ, 1.0, 4),
                1e-9,
                "each pass keeps its own: they cancel");
        assertEquals(
                (500 - READ) / 4.0,
                LatencySeries.batchedMeanNs(oneStage(500, 500), null, READ, 1.0, 4),
                1e-9,
                "without a preparation, the probe is subtracted");
        assertThrows(
                IllegalArgumentException.class, () -> LatencySeries.batchedMeanNs(whole, oneStage(300), READ, 1.0, 4));
    }

    private static RawStamps oneStage(int... deltaTicks) {
        int n = deltaTicks.length;
        return new RawStamps(1, n, new long[n], new int[n], null, new int[][] {deltaTicks});
    }

    @Test
    void shouldReadTheClockNeitherAtAMarkNorAtARestartInsideABatch() {
        FakeTimeClock clock = new FakeTimeClock(0, READ);
        Recording rec = new Recording(1, 1, false);
        RecordingStamps stamps = rec.batchedStamps(clock);
        stamps.open(0);
        stamps.start(clock.begin());

        stamps.mark();
        stamps.restart();
        stamps.markAt(5);

        assertEquals(READ, clock.now(), "only the start read advanced the scripted time");
        assertEquals(0, stamps.stageStartTicks(), "every message of a batch sees the batch's start");
        stamps.close(clock.end());
        assertEquals(READ, rec.stageTicks(0, 0));
        assertEquals(0, stamps.markErrors());
        assertTrue(stamps.restartIgnored());
    }

    @Test
    void shouldSpinSixteenMessagesToSixteenTimesTheirTicksWithinOneRawRead() throws Exception {
        FakeTimeClock clock = new FakeTimeClock(0, READ, 3);
        SpinBenchmark spin = new SpinBenchmark();
        spin.setup(new BenchmarkParams("spin", 1, 0, 16 * 5, Map.of("ticks", "1000"), 0), clock);
        Passes passes = new Passes(clock, spin, new Sink(), 0, 1_000, () -> {}, false, 16, null);
        Recording rec = new Recording(5, 1, false);

        passes.run(rec, rec.batchedStamps(clock), 0);

        double[] perMessage = LatencySeries.batched(rec.raw(), null, READ, 1.0, 16);
        for (double ticks : perMessage) {
            // the deadlines chain, so the batch overshoots once (< one raw read of 3 ticks), not once a message; the
            // scripted begin read's cost lies inside the spin's first wait, and is subtracted as the probe; the last
            // raw
            // read overshoots by under 3 ticks and costs 3 more before the end read
            double least = 1000 - READ / 16.0;
            assertTrue(ticks >= least && ticks < least + 2 * 3.0 / 16, "per-message ticks " + ticks);
        }
    }

    @Test
    void shouldRefuseABatchForAPacedPass() {
        FakeTimeClock clock = new FakeTimeClock(0, READ);
        assertThrows(
                IllegalArgumentException.class,
                () -> new Passes(clock, (seq, stamps, sink) -> {}, new Sink(), 100, 8, () -> {}, false, 4, null));
    }

    @MeasuresInProcess
    @Test
    void shouldMeasureABatchedForkWithoutAllocatingAndRecordItsBatch() throws Exception {
        BenchmarkRegistry registry = BenchmarkRegistry.load();
        ForkSpec spec = config("spin", 16).forkSpec("spin", 1, runDir);

        ForkResult result = new ForkExecution(spec, registry.get("spin"), QUIET).run();

        assertEquals(16, result.run().batch());
        assertEquals(3_000 / 16 * 16, result.measurement().measuredMessages());
        assertEquals(0, result.checks().allocatedBytes());
        assertEquals(0, result.checks().gcCount());
        assertNull(result.measurement().preparationRawFile());
        RawStamps raw = RawStamps.read(runDir.resolve(result.measurement().rawFile()));
        assertEquals(3_000 / 16, raw.count());
        assertEquals(1, raw.stages());
    }

    @MeasuresInProcess
    @Test
    void shouldFailABatchedForkWhoseBenchmarkRestartsWithoutAPreparation() throws Exception {
        BenchmarkRegistry registry = BenchmarkRegistry.load();
        ForkSpec spec = config("test.restarting", 8).forkSpec("test.restarting", 1, runDir);

        IllegalStateException e = assertThrows(
                IllegalStateException.class,
                () -> new ForkExecution(spec, registry.get("test.restarting"), QUIET).run());

        assertTrue(
                e.getMessage()
                        .contains("calls Stamps.restart(), which a batch (--batch 8) cannot honour: implement"
                                + " io.stagebench.api.Preparation"),
                e.getMessage());
        // with no warm-up, the measured pass is the first to see a restart
        ForkSpec cold = config("test.restarting", 8, 0).forkSpec("test.restarting", 1, runDir);
        assertThrows(
                IllegalStateException.class,
                () -> new ForkExecution(cold, registry.get("test.restarting"), QUIET).run());
    }

    @MeasuresInProcess
    @Test
    void shouldTimeAPreparedBenchmarksPreparationInBatchesOfItsOwn() throws Exception {
        BenchmarkRegistry registry = BenchmarkRegistry.load();
        ForkSpec spec = config("test.prepared", 8).forkSpec("test.prepared", 1, runDir);

        ForkResult result = new ForkExecution(spec, registry.get("test.prepared"), QUIET).run();

        assertEquals("fork-1.preparation.raw", result.measurement().preparationRawFile());
        assertEquals(0, result.checks().allocatedBytes());
        RawStamps whole = RawStamps.read(runDir.resolve(result.measurement().rawFile()));
        RawStamps preparation =
                RawStamps.read(runDir.resolve(result.measurement().preparationRawFile()));
        assertEquals(whole.count(), preparation.count());
        // the same batches of the same messages, under the same sequence numbers: a prepare that reads seq sees the
        // inputs the operation saw
        assertArrayEquals(whole.seq(), preparation.seq());
        assertEquals(8, whole.seq()[1] - whole.seq()[0]);
    }

    @MeasuresInProcess
    @Test
    void shouldFailABatchedForkWhosePreparationCannotReplayTheSameMessages() throws Exception {
        BenchmarkRegistry registry = BenchmarkRegistry.load();
        ForkSpec spec = config("test.prepared-no-reset", 8).forkSpec("test.prepared-no-reset", 1, runDir);

        IllegalStateException e = assertThrows(
                IllegalStateException.class,
                () -> new ForkExecution(spec, registry.get("test.prepared-no-reset"), QUIET).run());

        assertTrue(e.getMessage().contains("implements Preparation but declares no @Reset"), e.getMessage());
    }

    @MeasuresInProcess
    @Test
    void shouldWarnOfTheMessagesBeyondTheLastWholeBatch() throws Exception {
        BenchmarkRegistry registry = BenchmarkRegistry.load();
        ForkSpec spec = config("spin", 16).forkSpec("spin", 1, runDir);

        ForkResult result = new ForkExecution(spec, registry.get("spin"), QUIET).run();

        assertTrue(
                result.checks()
                        .warnings()
                        .contains("the last 8 of the 3000 measured messages (-n) fill no batch of 16 and were"
                                + " not measured"),
                result.checks().warnings().toString());
    }

    private RunConfig config(String benchmark, int batch) {
        return config(benchmark, batch, 20_000);
    }

    private RunConfig config(String benchmark, int batch, long warmupMessages) {
        return RunConfig.builder(List.of(benchmark), -1, runDir)
                .forks(1)
                .warmup(Warmup.ofMessages(warmupMessages))
                .messages(3_000)
                .chunk(500)
                .overheadPairs(100_000)
                .lockMemory(false)
                .jvmFlagsInsteadOfDefaults(List.of())
                .forkTimeoutS(120)
                .batch(Batch.of(batch))
                .build();
    }

    /** 30 ticks plus the cursor's value of untimed work, a restart, then 50 ticks of stage. */
    private static final class PreparedOp implements Operation, Preparation {
        private final FakeTimeClock clock;
        private final long[] cursor;

        PreparedOp(FakeTimeClock clock, long[] cursor) {
            this.clock = clock;
            this.cursor = cursor;
        }

        @Override
        public void run(long seq, Stamps stamps, Sink sink) {
            prepare(seq, sink);
            stamps.restart();
            clock.advance(50);
        }

        @Override
        public void prepare(long seq, Sink sink) {
            clock.advance(30 + cursor[0]++ % 4);
        }
    }
}
