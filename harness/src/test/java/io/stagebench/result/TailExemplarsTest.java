package io.stagebench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.stagebench.link.ForkMeasurement;
import io.stagebench.link.ForkResult;
import io.stagebench.link.RawStamps;
import io.stagebench.link.Replica;
import io.stagebench.output.TailLines;
import io.stagebench.stats.Distribution;
import io.stagebench.stats.StageSummary;
import io.stagebench.store.RunFixture;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TailExemplarsTest {

    private static final int MESSAGES = 10_000;
    private static final int BASE_TICKS = 300;
    /** 1,000 ticks between message starts at 2.6 ticks a ns. */
    private static final long START_STEP_TICKS = 1_000;

    @TempDir
    Path forkDir;

    /** A fork whose pass waited in the run queue, on a shared core, with three messages stalled: two together. */
    private ForkResult fork(int[] stageTicks) throws IOException {
        return fork(stageTicks, 250_000);
    }

    /** @param runQueueWaitNs the pass's run-queue wait, -1 where the kernel did not say */
    private ForkResult fork(int[] stageTicks, long runQueueWaitNs) throws IOException {
        long[] starts = new long[MESSAGES];
        int[] seq = new int[MESSAGES];
        for (int i = 0; i < MESSAGES; i++) {
            starts[i] = 1_000_000 + i * START_STEP_TICKS;
            seq[i] = 70_000 + i;
        }
        new RawStamps(1, MESSAGES, starts, seq, null, new int[][] {stageTicks}).write(forkDir.resolve("fork-1.raw"));
        ForkResult base = RunFixture.fork(
                "encode", List.of("encode"), 1, List.of(StageSummary.of("encode", Distribution.of(new double[] {1, 2, 3
                }))));
        ForkMeasurement m = base.measurement();
        Replica replica = new Replica(1, 1_000, MESSAGES, 0, 0, 0, 5, 10, 0, 10, runQueueWaitNs, 3, 2.4);
        ForkMeasurement withReplica = new ForkMeasurement(
                m.warmupMessages(),
                m.warmupPasses(),
                m.replayed(),
                m.warmupStageRuns(),
                MESSAGES,
                m.droppedMessages(),
                m.markErrors(),
                m.sinkValue(),
                m.measureStartEpochMs(),
                m.measureEndEpochMs(),
                List.of(replica),
                m.rawFile(),
                null,
                null);
        return new ForkResult(
                base.run(), base.ruler(), base.placement(), withReplica, base.checks(), base.linkVersion());
    }

    @Test
    void shouldNameTheSlowestMessagesAboveP999AndWhatTheyCoincidedWith() throws IOException {
        int[] ticks = new int[MESSAGES];
        Arrays.fill(ticks, BASE_TICKS);
        ticks[5_000] = 100_000;
        ticks[5_001] = 50_000;
        ticks[9_000] = 30_000;
        ForkResult fork = fork(ticks);
        double overhead = fork.ruler().overhead().subtractedTicks();
        double[] ns = new double[MESSAGES];
        for (int i = 0; i < MESSAGES; i++) {
            ns[i] = (ticks[i] - overhead) / 2.6;
        }

        List<TailExemplars> tail = TailExemplars.of(forkDir, List.of(fork), Map.of("encode", Distribution.of(ns)));

        assertEquals(1, tail.size());
        TailExemplars t = tail.get(0);
        assertEquals((BASE_TICKS - overhead) / 2.6, t.thresholdNs(), 1e-9);
        assertEquals(3, t.beyond(), "the three stalls, not the messages at the threshold");
        assertEquals(
                List.of(75_000L, 75_001L, 79_000L),
                t.slowest().stream().map(TailExemplars.Exemplar::seq).toList(),
                "slowest first");
        assertEquals(
                List.of(true, true, false),
                t.slowest().stream().map(TailExemplars.Exemplar::burst).toList(),
                "two next to each other; the third 4,000 messages later");
        TailExemplars.Exemplar first = t.slowest().get(0);
        assertEquals(5_000, first.message());
        assertEquals(5_000 * START_STEP_TICKS / 2.6 / 1e6, first.atMs(), 1e-9);
        assertEquals(250_000, first.runQueueWaitNs());
        assertEquals(new TailExemplars.Coincidence(1.0, 1.0, 0.0, 2.0 / 3), t.tail());
        assertEquals(new TailExemplars.Coincidence(1.0, 1.0, 0.0, null), t.all());
        assertEquals(
                "encode above p99.9 (" + TailLines.time(t.thresholdNs()) + "): 3 messages, 100 % in passes that waited"
                        + " in the run queue (all messages 100 %), 0 % on a shared core (0 %), 67 % in bursts; slowest "
                        + TailLines.time(first.ns()) + ", seq 75,000 (fork 1, replica 1, 1.9 ms into its pass)",
                TailLines.line("encode", tail).orElseThrow());
    }

    @Test
    void shouldCountNeitherWayAPassWhoseKernelDidNotSayItsWait() throws IOException {
        int[] ticks = new int[MESSAGES];
        Arrays.fill(ticks, BASE_TICKS);
        ticks[5_000] = 100_000;
        ForkResult fork = fork(ticks, -1);
        double[] ns = new double[MESSAGES];
        Arrays.fill(ns, 100);
        ns[5_000] = 38_000;

        TailExemplars t = TailExemplars.of(forkDir, List.of(fork), Map.of("encode", Distribution.of(ns)))
                .get(0);

        assertEquals(null, t.tail().runQueueWait(), "not 0 %: unknown");
        assertEquals(null, t.all().runQueueWait());
        assertEquals(1.0, t.tail().involuntarySwitch(), "the switches were said");
        assertEquals(-1, t.slowest().get(0).runQueueWaitNs());
    }
}
