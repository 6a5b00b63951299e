package io.stagebench.result;

/**
 * How {@code --batch auto} chose a benchmark's batch, and the rule it chose by: the smallest power of two that puts the
 * probe below {@value #TARGET_PROBE_PERCENT}% of the timed interval, from a pilot fork measured one interval a message
 * (the launcher's {@code BatchPilot} runs it).
 *
 * <p>A batch of K messages costs K x m + p ticks to time (m the per-message cost the pilot's p50 puts on the messages,
 * p the probe overhead), so the probe's share of the interval is p / (K x m + p). The pilot's m is the benchmark's
 * stage (its unmarked total for a pipeline, which a batch times with its marks off).
 *
 * @param batch the K chosen (1 when the pilot failed, or the probe is already below the target)
 * @param probeNs the pilot's probe overhead
 * @param perMessageNs the pilot's per-message p50 the choice used
 * @param probeShare the probe's share of a K-message interval at those figures
 * @param failure why there was no pilot figure, or null
 */
public record BatchChoice(int batch, double probeNs, double perMessageNs, double probeShare, String failure) {

    /** Largest probe share of a batch's interval {@code auto} accepts, in percent. */
    public static final int TARGET_PROBE_PERCENT = 5;
    /** Largest batch {@code auto} chooses. */
    public static final int MAX_BATCH = 4096;
    /** Measured (and at most warm-up) messages of a pilot fork. */
    public static final int PILOT_MESSAGES = 20_000;

    /** @return the probe's share of the interval of {@code batch} messages of {@code perMessageNs} each */
    public static double probeShare(double probeNs, double perMessageNs, int batch) {
        double intervalNs = batch * Math.max(0.0, perMessageNs) + probeNs;
        return intervalNs <= 0 ? 1.0 : probeNs / intervalNs;
    }

    /**
     * @param maxBatch the largest K allowed (the measured messages, say)
     * @return the smallest power of two K, at most {@code min(maxBatch, MAX_BATCH)}, whose probe share is below the
     *     target; the largest allowed when none is
     */
    public static int choose(double probeNs, double perMessageNs, int maxBatch) {
        int limit = Math.max(1, Math.min(maxBatch, MAX_BATCH));
        int k = 1;
        while (k * 2 <= limit && probeShare(probeNs, perMessageNs, k) >= TARGET_PROBE_PERCENT / 100.0) {
            k *= 2;
        }
        return k;
    }
}
