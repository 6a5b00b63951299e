package io.stagebench.result;

import io.stagebench.api.TagDeclaration;
import io.stagebench.link.ForkResult;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * The replicas a fork should measure, from a run's own spread and costs: Kalibera and Jones's optimum for two levels of
 * repetition ("Rigorous benchmarking in reasonable time", ISMM 2013). A run's centre over F forks of R replicas has
 * variance {@code (forks^2 + (setups^2 + within^2) / R) / F} and costs {@code F (fork + R replica)} seconds, a fork's
 * part being what a fork costs beyond its first replica; their product is least at {@code R = sqrt((setups^2 +
 * within^2) fork / (forks^2 replica))}: the dearer a fork and the more of the spread is the setups', the more replicas
 * a fork pays for.
 */
public final class ReplicaPlan {

    /** The most replicas a plan names: beyond it a fork's own level dominates, and its raw files grow. */
    public static final int MAX_REPLICAS = 16;

    private ReplicaPlan() {}

    /**
     * @param spread one series' components, measured with at least two forks and two replicas
     * @param costs the run's costs, with a setup's
     * @param messagesPerReplica measured messages of a replica
     * @return the replicas that minimise the series' centre variance per second, in [1, {@value #MAX_REPLICAS}]; empty
     *     when a level or a cost is unknown
     */
    public static OptionalInt optimum(SpreadComponents spread, RepetitionCosts costs, long messagesPerReplica) {
        if (spread == null
                || costs == null
                || spread.forkPct() == null
                || spread.setupPct() == null
                || costs.setupS() == null
                || Double.isNaN(costs.messageNs())
                || Double.isNaN(costs.forkS())) {
            return OptionalInt.empty();
        }
        double replicaS = costs.setupS() + messagesPerReplica * costs.messageNs() / 1e9;
        double forkOnlyS = Math.max(0, costs.forkS() - replicaS);
        double between = square(spread.forkPct());
        double below = square(spread.setupPct()) + square(spread.withinPct());
        if (between == 0) {
            return OptionalInt.of(below == 0 ? 1 : MAX_REPLICAS);
        }
        double r = Math.sqrt(below * forkOnlyS / (between * replicaS));
        return OptionalInt.of((int) Math.max(1, Math.min(MAX_REPLICAS, Math.round(r))));
    }

    /**
     * @return the replicas a fork of {@code outcome} should measure at its own figures: the median over its stages'
     *     series
     */
    public static OptionalInt optimum(BenchmarkOutcome outcome) {
        if (outcome.forks().isEmpty()) {
            return OptionalInt.empty();
        }
        List<SpreadComponents> stages = outcome.spread().entrySet().stream()
                .filter(e -> TagDeclaration.stageOf(e.getKey()).isEmpty())
                .map(Map.Entry::getValue)
                .toList();
        ForkResult first = outcome.forks().get(0);
        return optimum(stages, outcome.costs(), first.measurement().measuredMessages() / first.replicaCount());
    }

    /** @return the median of the optima of {@code spreads} (a benchmark's series), or empty when none has one */
    public static OptionalInt optimum(
            Collection<SpreadComponents> spreads, RepetitionCosts costs, long messagesPerReplica) {
        int[] each = spreads.stream()
                .map(s -> optimum(s, costs, messagesPerReplica))
                .filter(OptionalInt::isPresent)
                .mapToInt(OptionalInt::getAsInt)
                .sorted()
                .toArray();
        return each.length == 0 ? OptionalInt.empty() : OptionalInt.of(each[(each.length - 1) / 2]);
    }

    /**
     * Bytes a comparison's launcher holds per measured sample: a float in its fork's series in message order, again in
     * the fork's sorted distribution and in the side's merged one, with room for the copies a verdict makes. The figure
     * is the largest heap per sample after any young collection of an {@code ab}'s verdict, dead objects promoted
     * included; floats, not the doubles held before, which took more and ran a large {@code ab} out of the launcher's
     * heap (docs/decisions.md, "Launcher heap per sample").
     */
    public static final long LAUNCHER_BYTES_PER_SAMPLE = 20;

    /**
     * @param heapBytes the launcher's heap ({@code Runtime.maxMemory()})
     * @param forks the most forks a side may measure
     * @param messagesPerReplica measured messages of a replica
     * @param series the benchmark's series
     * @return the most replicas a fork can measure with both sides' samples held in {@code heapBytes}, at least 1
     */
    public static int fittingReplicas(long heapBytes, int forks, long messagesPerReplica, int series) {
        return (int) Math.max(
                1, Math.min(MAX_REPLICAS, Math.floor(heapBytes / heldBytes(forks, 1, messagesPerReplica, series))));
    }

    /**
     * @return the launcher's bytes for both sides' samples of {@code forks} forks of that many replicas and messages
     */
    private static double heldBytes(int forks, int replicas, long messages, int series) {
        return 2.0
                * Math.max(1, forks)
                * Math.max(1, replicas)
                * Math.max(1, messages)
                * Math.max(1, series)
                * LAUNCHER_BYTES_PER_SAMPLE;
    }

    /**
     * The fewest messages a replica is planned down to when the heap holds too few replicas of the asked-for length: a
     * tenth of the default 200,000, so that a stage that runs for one message in 200 still has ~100 samples a replica.
     */
    public static final int MIN_PLANNED_MESSAGES = 20_000;

    /**
     * A fork's replicas and each one's measured messages.
     *
     * @param replicas replicas a fork
     * @param messages measured messages a replica
     */
    public record Shape(int replicas, int messages) {}

    /**
     * @return the most measured messages a replica can have with both sides' samples of {@code replicas} replicas a
     *     fork held in {@code heapBytes} (as {@link #fittingReplicas})
     */
    public static int fittingMessages(long heapBytes, int forks, int replicas, int series) {
        return (int) Math.min(Integer.MAX_VALUE, Math.floor(heapBytes / heldBytes(forks, replicas, 1, series)));
    }

    /**
     * Kalibera and Jones's third level, where the heap binds: when {@code optimal} replicas of {@code messages} do not
     * fit, the most replicas up to {@code optimal} whose samples fit with at least {@link #MIN_PLANNED_MESSAGES} (or
     * {@code messages}, if fewer) each - the same samples spread over more setups, whose share of a fork's spread is
     * what replicas divide - else {@link #fittingReplicas} of {@code messages}.
     *
     * @param heapBytes the launcher heap's share of this benchmark
     * @param optimal the replicas a fork should measure at the run's figures
     * @param messages the measured messages a replica asked for
     * @param series the benchmark's series
     */
    public static Shape underHeap(long heapBytes, int forks, int optimal, int messages, int series) {
        int wanted = Math.max(1, Math.min(MAX_REPLICAS, optimal));
        int fitting = fittingReplicas(heapBytes, forks, messages, series);
        if (fitting >= wanted) {
            return new Shape(wanted, messages);
        }
        int fewest = Math.min(messages, MIN_PLANNED_MESSAGES);
        for (int replicas = wanted; replicas > fitting; replicas--) {
            int fit = Math.min(messages, fittingMessages(heapBytes, forks, replicas, series));
            if (fit >= fewest) {
                return new Shape(replicas, fit);
            }
        }
        return new Shape(fitting, messages);
    }

    private static double square(double v) {
        return v * v;
    }
}
