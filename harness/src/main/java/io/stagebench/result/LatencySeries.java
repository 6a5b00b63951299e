package io.stagebench.result;

import io.stagebench.api.RecordingStamps;
import io.stagebench.api.SeriesNames;
import io.stagebench.api.TagDeclaration;
import io.stagebench.link.ForkResult;
import io.stagebench.link.RawStamps;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns raw stamps into latency samples in nanoseconds, offline: subtract the fork's probe overhead
 * ({@link io.stagebench.clock.ProbeOverhead#subtractedTicks()}) from each stage delta (never below 0), then divide by
 * the fork's calibrated ticks per ns.
 *
 * <p>Series, in order: one per stage (over the messages it ran for), each followed by its tags' series when its
 * messages were {@link Stamps#tag(int) tagged}; {@code total} (sum of the corrected stages) when there is more than one
 * stage, then {@code total[tag]} for each tag its last stage gave; {@code response} in paced mode (queueing delay from
 * the intended arrival plus the corrected stages: the latency a message really saw).
 */
public final class LatencySeries {

    private LatencySeries() {}

    /** {@link #compute(RawStamps, List, List, double, double)} of a benchmark that declares no tags. */
    public static Map<String, double[]> compute(
            RawStamps raw, List<String> stages, double overheadTicks, double ticksPerNs) {
        return compute(raw, stages, List.of(), overheadTicks, ticksPerNs);
    }

    /**
     * @param raw the fork's raw stamps
     * @param stages stage names, as many as {@code raw.stages()}
     * @param tags the tag names the benchmark declares, in index order ({@link ForkResult#tags()})
     * @param overheadTicks probe overhead to subtract from each stage delta
     * @param ticksPerNs the fork's calibration
     * @return series name to samples in ns, in report order: each stage over the messages it ran for (a
     *     {@link Stamps#skip() skipped} message is left out), then, when its messages were tagged, each tag's series
     *     {@code stage[tag]} that this fork saw, in declaration order, {@code stage[untagged]} last (none for a
     *     pipeline's last stage when one tag covers all its messages); {@code total} and {@code response} over every
     *     message, and {@code total[tag]} over the messages the last stage tagged
     */
    public static Map<String, double[]> compute(
            RawStamps raw, List<String> stages, List<String> tags, double overheadTicks, double ticksPerNs) {
        if (stages.size() != raw.stages()) {
            throw new IllegalArgumentException(
                    "raw stamps have " + raw.stages() + " stages, expected " + stages.size());
        }
        int n = raw.count();
        boolean pipeline = raw.stages() > 1;
        Map<String, double[]> series = new LinkedHashMap<>();
        double[] sumTicks = new double[n];
        int[] lastStagePerTag = null;
        for (int s = 0; s < raw.stages(); s++) {
            double[] ns = new double[n];
            int[] perTag = new int[TagDeclaration.MAX_TAGS + 2];
            lastStagePerTag = perTag;
            int ran = 0;
            for (int i = 0; i < n; i++) {
                double corrected = Math.max(0.0, raw.stage(s, i) - overheadTicks);
                sumTicks[i] += corrected;
                byte tag = raw.tag(s, i);
                if (tag != RecordingStamps.SKIPPED) {
                    ns[ran++] = corrected / ticksPerNs;
                    perTag[tag & 0xFF]++;
                }
            }
            series.put(stages.get(s), ran == n ? ns : Arrays.copyOf(ns, ran));
            boolean repeatsTotalSplit = pipeline && s == raw.stages() - 1 && oneTagThroughout(perTag, ran);
            if (ran > perTag[RecordingStamps.UNTAGGED] && !repeatsTotalSplit) {
                putTagged(series, raw, s, stages.get(s), tags, perTag, overheadTicks, ticksPerNs);
            }
        }
        if (pipeline) {
            double[] total = new double[n];
            for (int i = 0; i < n; i++) {
                total[i] = sumTicks[i] / ticksPerNs;
            }
            series.put(SeriesNames.TOTAL, total);
            putTotalsByLastTag(series, raw, tags, lastStagePerTag, total);
        }
        if (raw.paced()) {
            double[] response = new double[n];
            for (int i = 0; i < n; i++) {
                response[i] = (raw.queue(i) + sumTicks[i]) / ticksPerNs;
            }
            series.put(SeriesNames.RESPONSE, response);
        }
        return series;
    }

    /**
     * {@code total[tag]} for each tag the last stage gave its messages ({@code perTag}: its messages by stored tag), in
     * declaration order: the whole of the messages that ended one way, such as a wire benchmark's tick-to-trade over
     * the messages that sent an order, apart from those that did not.
     */
    private static void putTotalsByLastTag(
            Map<String, double[]> series, RawStamps raw, List<String> tags, int[] perTag, double[] total) {
        int last = raw.stages() - 1;
        for (int t = 1; t < perTag.length; t++) {
            if (perTag[t] == 0) {
                continue;
            }
            double[] ns = new double[perTag[t]];
            int filled = 0;
            for (int i = 0; i < raw.count(); i++) {
                if (raw.tag(last, i) != RecordingStamps.SKIPPED && (raw.tag(last, i) & 0xFF) == t) {
                    ns[filled++] = total[i];
                }
            }
            String name = t - 1 < tags.size() ? tags.get(t - 1) : "tag-" + (t - 1);
            series.put(TagDeclaration.series(SeriesNames.TOTAL, name), ns);
        }
    }

    /**
     * @return whether every message a stage ran for carries one and the same tag: a pipeline's last stage then gives no
     *     {@code stage[tag]} series, which would repeat the stage's, only {@code total[tag]}
     */
    private static boolean oneTagThroughout(int[] perTag, int ran) {
        for (int t = 1; t < perTag.length; t++) {
            if (perTag[t] == ran) {
                return true;
            }
        }
        return false;
    }

    /** One series per tag stage {@code s}'s messages carry, in declaration order, then its untagged messages. */
    private static void putTagged(
            Map<String, double[]> series,
            RawStamps raw,
            int s,
            String stage,
            List<String> tags,
            int[] perTag,
            double overheadTicks,
            double ticksPerNs) {
        double[][] byTag = new double[perTag.length][];
        int[] filled = new int[perTag.length];
        for (int t = 0; t < perTag.length; t++) {
            byTag[t] = perTag[t] == 0 ? null : new double[perTag[t]];
        }
        for (int i = 0; i < raw.count(); i++) {
            byte tag = raw.tag(s, i);
            if (tag != RecordingStamps.SKIPPED) {
                int t = tag & 0xFF;
                byTag[t][filled[t]++] = Math.max(0.0, raw.stage(s, i) - overheadTicks) / ticksPerNs;
            }
        }
        for (int t = 1; t < byTag.length; t++) {
            if (byTag[t] != null) {
                String name = t - 1 < tags.size() ? tags.get(t - 1) : "tag-" + (t - 1);
                series.put(TagDeclaration.series(stage, name), byTag[t]);
            }
        }
        if (byTag[RecordingStamps.UNTAGGED] != null) {
            series.put(TagDeclaration.series(stage, TagDeclaration.UNTAGGED), byTag[RecordingStamps.UNTAGGED]);
        }
    }

    /**
     * @param raw a pipeline's unmarked pass: one delta per message, its whole time
     * @param overheadTicks probe overhead, subtracted once
     * @param ticksPerNs the fork's calibration
     * @return the {@value SeriesNames#UNMARKED} series in ns
     */
    public static double[] unmarked(RawStamps raw, double overheadTicks, double ticksPerNs) {
        if (raw.stages() != 1) {
            throw new IllegalArgumentException("unmarked stamps have one stage, not " + raw.stages());
        }
        double[] ns = new double[raw.count()];
        for (int i = 0; i < ns.length; i++) {
            ns[i] = Math.max(0.0, raw.stage(0, i) - overheadTicks) / ticksPerNs;
        }
        return ns;
    }

    /**
     * A batched fork's one series ({@code --batch K}): each sample is the mean per message of one batch of
     * {@code batch} consecutive messages - the batch's interval less one probe overhead, divided by K - so its
     * percentiles are those of K-message means, not of messages. With a preparation pass
     * ({@link io.stagebench.api.Preparation}) a batch's stage time is its interval less the same batch's preparation
     * interval: both paid one probe, which cancels.
     *
     * @param raw one delta per batch, its whole interval
     * @param preparation the same batches through the preparation alone, or null
     * @param overheadTicks probe overhead, subtracted once per batch when there is no preparation
     * @param ticksPerNs the fork's calibration
     * @param batch messages per batch
     * @return per-message ns of each batch, never below 0: a pair whose preparation batch an interruption lengthened
     *     past its whole batch reads 0, so these samples' mean leans high by what interrupted the preparation pass
     *     ({@link #batchedMeanNs} is the mean without that lean)
     */
    public static double[] batched(
            RawStamps raw, RawStamps preparation, double overheadTicks, double ticksPerNs, int batch) {
        checkBatched(raw, preparation, batch);
        double[] ns = new double[raw.count()];
        for (int i = 0; i < ns.length; i++) {
            double baseTicks = preparation == null ? overheadTicks : preparation.stage(0, i);
            ns[i] = Math.max(0.0, raw.stage(0, i) - baseTicks) / batch / ticksPerNs;
        }
        return ns;
    }

    /**
     * The mean per message of a batched fork's batches, as {@link #batched} defines a batch's figure but never cut at
     * 0: with a preparation pass, the whole pass's mean less the preparation pass's - JMH's construction for a stage it
     * cannot time alone, a difference of two means.
     *
     * <p>Measurement hazard: an interruption is as likely in either pass. One that lands in a preparation batch makes
     * that pair's difference too small, often below 0; {@link #batched} keeps such a pair at 0 (a sample below 0 is no
     * latency), which leaves the interruption out of the subtraction while the whole pass's stay in. On a host that
     * shares the core that lean is a visible part of a short stage, every fork leaning high (docs/decisions.md,
     * "Batched mean uncut"). Uncut, each pass keeps what interrupted it and the difference keeps the stage's share.
     *
     * @return ns per message; NaN when there are no batches
     * @see #batched
     */
    public static double batchedMeanNs(
            RawStamps raw, RawStamps preparation, double overheadTicks, double ticksPerNs, int batch) {
        checkBatched(raw, preparation, batch);
        if (raw.count() == 0) {
            return Double.NaN;
        }
        double ticks = 0;
        for (int i = 0; i < raw.count(); i++) {
            ticks += raw.stage(0, i) - (preparation == null ? overheadTicks : preparation.stage(0, i));
        }
        return ticks / raw.count() / batch / ticksPerNs;
    }

    private static void checkBatched(RawStamps raw, RawStamps preparation, int batch) {
        if (raw.stages() != 1 || batch < 1) {
            throw new IllegalArgumentException(
                    "batched stamps have one stage and a batch of at least 1, not " + raw.stages() + " and " + batch);
        }
        if (preparation != null && (preparation.stages() != 1 || preparation.count() != raw.count())) {
            throw new IllegalArgumentException("a preparation pass must have one stage and as many batches ("
                    + raw.count() + ") as the run, not " + preparation.stages() + " and " + preparation.count());
        }
    }

    /** @return the name of a batched benchmark's one series: its stage, or {@value SeriesNames#TOTAL} for a pipeline */
    public static String batchedSeries(List<String> stages) {
        return stages.size() == 1 ? stages.get(0) : SeriesNames.TOTAL;
    }
}
