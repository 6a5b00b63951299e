package io.stagebench.link;

import io.stagebench.json.RecordJson;
import java.util.List;

/**
 * What a fork measured: its warm-up, the messages it recorded and lost, when it measured, its replicas and the raw
 * files that hold the stamps. The raw files and the warm-up are replica 1's; the counts total the replicas and the
 * epochs span them. One part of a {@link ForkResult}, written among its fields.
 *
 * <p>What an older build's file lacks reads as {@link OlderBuilds} says.
 *
 * @param warmupMessages messages run in warm-up
 * @param warmupPasses warm-up passes run (the minimum warm-up, then passes until one compiled nothing)
 * @param replayed whether warm-up replayed the measured messages (the benchmark declares a reset)
 * @param warmupStageRuns per stage, the messages it ran for before the pass the warm-up's checks kept (warm-up by each
 *     stage's own count; replica 1's warm-up and measured passes come after it); empty when not counted: batched, a
 *     handoff, paced, no warm-up, or an older build
 * @param measuredMessages messages recorded
 * @param droppedMessages messages beyond the recording's capacity
 * @param markErrors messages whose pipeline marks did not match the stage count
 * @param sinkValue the published sink fold (keeps results alive)
 * @param measureStartEpochMs wall-clock time the measured loop started (0: not recorded)
 * @param measureEndEpochMs wall-clock time the measured loop ended (0: not recorded)
 * @param replicas the fork's replicas, in order ({@link Replica})
 * @param rawFile name of the raw stamps file
 * @param unmarkedRawFile raw stamps of the unmarked pass ({@code fork-N.unmarked.raw}), null when not measured
 * @param preparationRawFile raw stamps of a batched run's preparation pass ({@code fork-N.preparation.raw}), the same
 *     batches through the benchmark's untimed part alone; null when not measured
 */
public record ForkMeasurement(
        long warmupMessages,
        int warmupPasses,
        boolean replayed,
        List<Long> warmupStageRuns,
        long measuredMessages,
        long droppedMessages,
        long markErrors,
        long sinkValue,
        long measureStartEpochMs,
        long measureEndEpochMs,
        List<Replica> replicas,
        String rawFile,
        String unmarkedRawFile,
        String preparationRawFile)
        implements RecordJson.Part {

    public ForkMeasurement {
        warmupStageRuns = OlderBuilds.emptyUnlessGiven(warmupStageRuns);
        replicas = OlderBuilds.emptyUnlessGiven(replicas);
    }

    /**
     * @return how many replicas the fork measured ({@link OlderBuilds#replicaCount}: 1 for a result from before them)
     */
    public int replicaCount() {
        return OlderBuilds.replicaCount(replicas);
    }

    /** @return this measurement naming replica {@code replica}'s raw files ({@link ForkFiles#replica}) */
    ForkMeasurement ofReplica(int replica) {
        return new ForkMeasurement(
                warmupMessages,
                warmupPasses,
                replayed,
                warmupStageRuns,
                measuredMessages,
                droppedMessages,
                markErrors,
                sinkValue,
                measureStartEpochMs,
                measureEndEpochMs,
                replicas,
                ForkFiles.replica(rawFile, replica),
                ForkFiles.replica(unmarkedRawFile, replica),
                ForkFiles.replica(preparationRawFile, replica));
    }
}
