package io.stagebench.forked;

import io.stagebench.link.ProgressEvent.Phase;
import io.stagebench.link.Warmup;

/**
 * A replica's warm-up before its measured pass. The setup that runs the fork's whole warm-up (the fork's warm-up setup,
 * or replica 1 of a fork told not to warm up) runs the warm-up asked for; a replica after it a single pass over its new
 * data, the compiled code being the JVM's already. Warm-up goes on in the measurement itself ({@link KeptPass}).
 */
final class ReplicaWarmup {

    /** What a warm-up ran. */
    record WarmedUp(long messages, int passes) {}

    private final Warmup asked;
    private final ForkProgress progress;
    /** When the fork's warm-up began: a method C1 compiled since then was reached by the replayed measured messages. */
    private long startEpochMs;
    /** The messages the fork's warm-up setup ran ({@link ReplicaExecution#WARMUP_SETUP}), once it has; 0 before. */
    private long forkWarmupMessages;

    /** @param asked the fork's warm-up, as the launcher asked for it */
    ReplicaWarmup(Warmup asked, ForkProgress progress) {
        this.asked = asked;
        this.progress = progress;
    }

    /**
     * Warms a replica's body up, saying so first.
     *
     * @param first whether this setup runs the fork's whole warm-up
     * @param kept whether the replica is measured, not the fork's warm-up setup
     * @param of what the replica's lines say after their text, e.g. {@code " (replica r/n)"}
     */
    WarmedUp warmUp(ForkBody body, boolean first, boolean kept, String of) throws Exception {
        if (first) {
            progress.say(
                    Phase.WARMUP,
                    "warm-up " + asked.describe() + body.warmupNote()
                            + (kept ? "" : ", on a setup of its own (not measured)"));
            startEpochMs = System.currentTimeMillis();
            return run(body, asked);
        }
        progress.say(Phase.WARMUP, "warm-up " + body.measuredPassMessages() + " messages" + of + body.warmupNote());
        return run(body, asked.none() ? Warmup.NONE : Warmup.ofMessages(body.measuredPassMessages()));
    }

    /** Keeps the messages the fork's warm-up setup ran, which each replica's line counts as the fork's warm-up. */
    void ranOnOwnSetup(long messagesRun) {
        forkWarmupMessages = messagesRun;
    }

    /** @return when the fork's warm-up began, epoch ms (0: it has not) */
    long startEpochMs() {
        return startEpochMs;
    }

    /**
     * @param first whether this setup ran the fork's whole warm-up
     * @param setupRunNow the messages this setup ran before its measured pass
     * @return "120000 of warm-up": on a replica's setup after the fork's own warm-up setup, the warm-up setup's and
     *     this setup's, as the run's summary counts the fork's warm-up, not this setup's pass alone
     */
    String warmedUp(boolean first, long setupRunNow) {
        return (first ? setupRunNow : forkWarmupMessages + setupRunNow) + " of warm-up";
    }

    /**
     * The minimum warm-up ({@code -w} messages or time), in passes as long as the measurement (as long as the warm-up,
     * when that is shorter, count-bounded and the benchmark has no reset). A benchmark with a reset is rewound before
     * every pass, so each pass replays exactly the messages the measurement will run; a pipeline's pass runs them
     * marked and then unmarked, as the measurement does. Warm-up goes on in the measurement itself: a measured pass
     * during which the JIT compiled is discarded and replayed.
     */
    private static WarmedUp run(ForkBody body, Warmup bound) throws Exception {
        long minNs = bound.time().toNanos();
        long minMessages = bound.warmupMessages();
        if (bound.none()) {
            return new WarmedUp(0, 0);
        }
        long measuredLength = body.measuredPassMessages();
        long passLength =
                body.replays() || minNs > 0 ? measuredLength : Math.max(1, Math.min(measuredLength, minMessages));
        long seq = 0;
        int passCount = 0;
        long begin = System.nanoTime();
        while (minNs > 0 ? System.nanoTime() - begin < minNs : seq < minMessages) {
            seq = body.warmupPass(minNs > 0 ? passLength : Math.min(passLength, minMessages - seq), seq, passCount++);
        }
        return new WarmedUp(seq, passCount);
    }
}
