package io.stagebench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.stagebench.api.RecordingStamps;
import io.stagebench.api.SeriesNames;
import io.stagebench.link.ForkResult;
import io.stagebench.link.RawStamps;
import io.stagebench.link.Replica;
import io.stagebench.stats.Distribution;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tail of one series, shown rather than counted: the messages above its p99.9 over every fork, the slowest named
 * (sequence number, tag, fork, replica, ns, when in its pass), and what they coincided with, as far as a fork sees it:
 * its replica's pass waited in the run queue (another task held the measuring CPU), was switched out involuntarily, or
 * ran on a shared core ({@link CoreContention}); and whether another message of the tail lies within
 * {@value #BURST_MESSAGES} messages of it in the same pass (a spell, or an interruption whose cost outlasts one
 * message; a tail spread at random puts about 2 % of its messages so close). Each share stands beside the same share of
 * every message, so a tail that merely shares the run's conditions reads as such.
 *
 * @param series the series ({@code parse}, {@code total})
 * @param thresholdNs its p99.9 over every fork
 * @param beyond the messages above it
 * @param slowest the slowest of them, slowest first
 * @param tail what the messages beyond coincided with
 * @param all what every message coincided with ({@code burst} not counted: null)
 */
public record TailExemplars(
        String series, double thresholdNs, int beyond, List<Exemplar> slowest, Coincidence tail, Coincidence all) {

    /** The percentile the tail starts at. */
    public static final double FROM_PERCENTILE = 99.9;
    /** Exemplars kept a series. */
    public static final int SLOWEST = 10;
    /** Two messages of the tail this few messages apart in one pass are a burst. */
    public static final int BURST_MESSAGES = 10;

    /**
     * One message of the tail.
     *
     * @param seq its sequence number
     * @param tag its tag in this series' stage, or null
     * @param fork the fork
     * @param replica the replica, from 1
     * @param ns its time
     * @param message its place in its pass, from 0
     * @param atMs when, from its pass's first message
     * @param runQueueWaitNs its replica's pass's wait in the run queue; -1 where the kernel did not say
     * @param involuntarySwitches its replica's pass's involuntary switches; -1 where the kernel did not say
     * @param sharedCore whether its replica met a shared core
     * @param burst whether another message of the tail lies within {@value #BURST_MESSAGES} messages of it in its pass
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Exemplar(
            long seq,
            String tag,
            int fork,
            int replica,
            double ns,
            int message,
            double atMs,
            long runQueueWaitNs,
            long involuntarySwitches,
            boolean sharedCore,
            boolean burst) {}

    /**
     * Shares of a set of messages, each in [0, 1]; null where there was nothing to count.
     *
     * @param runQueueWait in a pass that waited in the run queue
     * @param involuntarySwitch in a pass switched out involuntarily
     * @param sharedCore in a replica that met a shared core
     * @param burst with another message of the tail within {@value #BURST_MESSAGES} messages, in the same pass
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Coincidence(Double runQueueWait, Double involuntarySwitch, Double sharedCore, Double burst) {}

    /**
     * @param forkDir the benchmark's folder of fork files
     * @param forks its forks
     * @param merged its series over every fork
     * @return the tail of each stage and, for more than one stage, of the total; none for a handoff or a batched run,
     *     whose samples are not one message measured by one thread
     */
    public static List<TailExemplars> of(Path forkDir, List<ForkResult> forks, Map<String, Distribution> merged)
            throws IOException {
        if (forks.isEmpty()
                || forks.stream().anyMatch(f -> f.handoff() || f.run().batch() > 1)) {
            return List.of();
        }
        List<String> stages = forks.get(0).run().stages();
        List<String> names = new ArrayList<>(stages);
        if (stages.size() > 1) {
            names.add(SeriesNames.TOTAL);
        }
        Map<String, Tally> tallies = new LinkedHashMap<>();
        for (String name : names) {
            if (merged.containsKey(name)) {
                tallies.put(name, new Tally(merged.get(name).percentile(FROM_PERCENTILE)));
            }
        }
        double fastestLoopNs = forks.stream()
                .flatMap(f -> f.measurement().replicas().stream())
                .mapToDouble(Replica::coreLoopNs)
                .filter(ns -> ns > 0)
                .min()
                .orElse(0);
        for (ForkResult fork : forks) {
            for (int r = 1; r <= fork.replicaCount(); r++) {
                ForkResult replica = fork.ofReplica(r);
                Replica facts = r <= fork.measurement().replicas().size()
                        ? fork.measurement().replicas().get(r - 1)
                        : null;
                RawStamps raw =
                        RawStamps.read(forkDir.resolve(replica.measurement().rawFile()));
                Pass pass = new Pass(fork.run().fork(), r, replica, facts, fastestLoopNs);
                pass.tally(raw, tallies);
            }
        }
        List<TailExemplars> out = new ArrayList<>();
        tallies.forEach((name, t) -> out.add(t.exemplars(name)));
        return out;
    }

    /** One series' tally over every pass. */
    private static final class Tally {
        final double thresholdNs;
        final List<Exemplar> beyond = new ArrayList<>();
        long waitKnown;
        long inWaitingPasses;
        long switchesKnown;
        long inSwitchedPasses;
        long coreKnown;
        long onSharedCore;

        Tally(double thresholdNs) {
            this.thresholdNs = thresholdNs;
        }

        TailExemplars exemplars(String name) {
            int n = beyond.size();
            // a pass whose kernel did not say (-1) counts neither way
            Coincidence tail = new Coincidence(
                    share(
                            beyond.stream().filter(e -> e.runQueueWaitNs() > 0).count(),
                            beyond.stream().filter(e -> e.runQueueWaitNs() >= 0).count()),
                    share(
                            beyond.stream()
                                    .filter(e -> e.involuntarySwitches() > 0)
                                    .count(),
                            beyond.stream()
                                    .filter(e -> e.involuntarySwitches() >= 0)
                                    .count()),
                    coreKnown == 0
                            ? null
                            : share(beyond.stream().filter(Exemplar::sharedCore).count(), n),
                    share(beyond.stream().filter(Exemplar::burst).count(), n));
            Coincidence all = new Coincidence(
                    share(inWaitingPasses, waitKnown),
                    share(inSwitchedPasses, switchesKnown),
                    share(onSharedCore, coreKnown),
                    null);
            List<Exemplar> slowest = beyond.stream()
                    .sorted(Comparator.comparingDouble(Exemplar::ns).reversed())
                    .limit(SLOWEST)
                    .toList();
            return new TailExemplars(name, thresholdNs, n, slowest, tail, all);
        }

        private static Double share(long part, long whole) {
            return whole == 0 ? null : (double) part / whole;
        }
    }

    /** One replica's pass, read message by message. */
    private record Pass(int fork, int replica, ForkResult result, Replica facts, double fastestLoopNs) {

        boolean waited() {
            return facts != null && facts.runQueueWaitNs() > 0;
        }

        boolean switched() {
            return facts != null && facts.involuntarySwitches() > 0;
        }

        boolean sharedCore() {
            return facts != null
                    && facts.coreLoopNs() > 0
                    && facts.coreLoopNs() >= CoreContention.SHARED_RATIO * fastestLoopNs;
        }

        void tally(RawStamps raw, Map<String, Tally> tallies) {
            double overheadTicks = result.ruler().overhead().subtractedTicks();
            double ticksPerNs = result.ruler().calibration().ticksPerNs();
            List<String> stages = result.run().stages();
            List<String> tags = result.run().tags();
            int n = raw.count();
            double[] totalNs = new double[n];
            Map<String, List<Exemplar>> found = new LinkedHashMap<>();
            long first = n > 0 ? raw.startTicks()[0] : 0;
            for (int s = 0; s < raw.stages(); s++) {
                Tally tally = tallies.get(stages.get(s));
                for (int i = 0; i < n; i++) {
                    double ns = Math.max(0.0, raw.stage(s, i) - overheadTicks) / ticksPerNs;
                    totalNs[i] += ns;
                    byte tag = raw.tag(s, i);
                    if (tally == null || tag == RecordingStamps.SKIPPED) {
                        continue;
                    }
                    count(tally, 1);
                    if (ns > tally.thresholdNs) {
                        String tagName = tag == RecordingStamps.UNTAGGED
                                ? null
                                : (tag & 0xFF) - 1 < tags.size()
                                        ? tags.get((tag & 0xFF) - 1)
                                        : "tag-" + ((tag & 0xFF) - 1);
                        found.computeIfAbsent(stages.get(s), k -> new ArrayList<>())
                                .add(exemplar(raw, i, tagName, ns, first, ticksPerNs));
                    }
                }
            }
            Tally total = stages.size() > 1 ? tallies.get(SeriesNames.TOTAL) : null;
            if (total != null) {
                count(total, n);
                for (int i = 0; i < n; i++) {
                    if (totalNs[i] > total.thresholdNs) {
                        found.computeIfAbsent(SeriesNames.TOTAL, k -> new ArrayList<>())
                                .add(exemplar(raw, i, null, totalNs[i], first, ticksPerNs));
                    }
                }
            }
            found.forEach((name, exemplars) -> tallies.get(name).beyond.addAll(bursts(exemplars)));
        }

        private void count(Tally tally, long messages) {
            tally.waitKnown += facts != null && facts.runQueueWaitNs() >= 0 ? messages : 0;
            tally.inWaitingPasses += waited() ? messages : 0;
            tally.switchesKnown += facts != null && facts.involuntarySwitches() >= 0 ? messages : 0;
            tally.inSwitchedPasses += switched() ? messages : 0;
            tally.coreKnown += facts != null && facts.coreLoopNs() > 0 ? messages : 0;
            tally.onSharedCore += sharedCore() ? messages : 0;
        }

        private Exemplar exemplar(RawStamps raw, int i, String tag, double ns, long first, double ticksPerNs) {
            return new Exemplar(
                    Integer.toUnsignedLong(raw.seq()[i]),
                    tag,
                    fork,
                    replica,
                    ns,
                    i,
                    (raw.startTicks()[i] - first) / ticksPerNs / 1e6,
                    facts != null ? facts.runQueueWaitNs() : -1,
                    facts != null ? facts.involuntarySwitches() : -1,
                    sharedCore(),
                    false);
        }

        /** @return {@code inPass}, in message order, each marked when another lies within {@value #BURST_MESSAGES} */
        private static List<Exemplar> bursts(List<Exemplar> inPass) {
            List<Exemplar> out = new ArrayList<>(inPass.size());
            for (int i = 0; i < inPass.size(); i++) {
                Exemplar e = inPass.get(i);
                boolean near = (i > 0 && e.message() - inPass.get(i - 1).message() <= BURST_MESSAGES)
                        || (i + 1 < inPass.size() && inPass.get(i + 1).message() - e.message() <= BURST_MESSAGES);
                out.add(new Exemplar(
                        e.seq(),
                        e.tag(),
                        e.fork(),
                        e.replica(),
                        e.ns(),
                        e.message(),
                        e.atMs(),
                        e.runQueueWaitNs(),
                        e.involuntarySwitches(),
                        e.sharedCore(),
                        near));
            }
            return out;
        }
    }
}
