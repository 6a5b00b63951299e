package io.stagebench.store;

import io.stagebench.api.TagDeclaration;
import io.stagebench.json.Json;
import io.stagebench.result.RepetitionCosts;
import io.stagebench.result.ReplicaPlan;
import io.stagebench.result.SpreadComponents;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A plan's pilot from the store: the newest stored runs (up to {@value #POOLED_RUNS}) of a benchmark measured on this
 * machine that estimated its spread between forks, setups and within a setup, and what a fork and a setup cost
 * ({@code summary.json}'s {@code spread} and {@code costs}), pooled. From those figures {@link ReplicaPlan} names the
 * replicas a fork should measure now, for the messages a replica measures now: the figures are the machine's and the
 * benchmark's, not the command's. A run of another machine ({@link MachineFingerprint}) is never a pilot: its spread
 * and costs are not this one's.
 *
 * <p>Why pooled: one run's fork component rests on its few forks (4 degrees of freedom at 5) and swings from run to run
 * for the same code, down to 0; at 0 the optimum is as many replicas as a plan allows, so one pilot's draw could move
 * an {@code ab} from a few replicas a fork to the most (docs/decisions.md, "Replica pilot pooled"). The variances of
 * several runs, weighted by their degrees of freedom ({@link SpreadComponents#pool}), and the costs' medians do not
 * swing so.
 *
 * @param runs the pilot runs, newest first, as {@code history} names runs ({@code commit/run-id})
 * @param spread per stage series with both levels estimated, the runs' pooled components (tag series left out)
 * @param costs what a fork, a setup and a message cost, the runs' medians
 */
public record ReplicaPilot(List<String> runs, Map<String, SpreadComponents> spread, RepetitionCosts costs) {

    /** The most runs a pilot pools: enough degrees of freedom for the fork level, few enough to be this code's. */
    public static final int POOLED_RUNS = 5;

    public ReplicaPilot {
        runs = List.copyOf(runs);
        spread = Map.copyOf(spread);
    }

    /**
     * @param root the results folder
     * @param machine this machine, as the run about to start would be stored
     * @param benchmark the benchmark
     * @return the newest runs under {@code root} of {@code machine} whose {@code benchmark} has a spread and costs that
     *     name a setup's cost, up to {@value #POOLED_RUNS}, pooled; empty when there is none (or none can be read)
     */
    public static Optional<ReplicaPilot> pooled(Path root, MachineFingerprint machine, String benchmark) {
        List<StoredRun> stored = new ArrayList<>(ResultReader.scan(root).runs());
        Collections.reverse(stored);
        List<ReplicaPilot> found = new ArrayList<>();
        for (StoredRun run : stored) {
            if (found.size() == POOLED_RUNS) {
                break;
            }
            if (run.benchmark(benchmark).isEmpty()
                    || !MachineFingerprint.of(run).sameAs(machine)) {
                continue;
            }
            of(run, benchmark).ifPresent(found::add);
        }
        if (found.isEmpty()) {
            return Optional.empty();
        }
        Map<String, List<SpreadComponents>> bySeries = new LinkedHashMap<>();
        found.forEach(pilot -> pilot.spread.forEach((series, c) ->
                bySeries.computeIfAbsent(series, k -> new ArrayList<>()).add(c)));
        Map<String, SpreadComponents> pooled = new LinkedHashMap<>();
        bySeries.forEach((series, parts) -> pooled.put(series, SpreadComponents.pool(parts)));
        return Optional.of(new ReplicaPilot(
                found.stream().flatMap(p -> p.runs.stream()).toList(),
                pooled,
                RepetitionCosts.pool(found.stream().map(ReplicaPilot::costs).toList())));
    }

    /** @return the pilot {@code run}'s {@code benchmark} gives, when its summary has the figures a plan needs */
    static Optional<ReplicaPilot> of(StoredRun run, String benchmark) {
        Summary summary;
        try {
            summary =
                    Json.mapper().readValue(run.dir().resolve(RunStore.SUMMARY).toFile(), Summary.class);
        } catch (IOException e) {
            return Optional.empty();
        }
        for (Summary.Benchmark b : summary.benchmarks()) {
            if (!b.name().equals(benchmark) || b.costs() == null || b.costs().setupS() == null) {
                continue;
            }
            Map<String, SpreadComponents> stages = new LinkedHashMap<>();
            b.spread().forEach((series, components) -> {
                if (TagDeclaration.stageOf(series).isEmpty()
                        && components.forkPct() != null
                        && components.setupPct() != null) {
                    stages.put(series, components);
                }
            });
            if (!stages.isEmpty()) {
                return Optional.of(new ReplicaPilot(List.of(Pairing.idOf(run.dir())), stages, b.costs()));
            }
        }
        return Optional.empty();
    }

    /**
     * @param messagesPerReplica the messages a replica measures now
     * @return the replicas a fork should measure at the pilot's figures ({@link ReplicaPlan}, the median over the stage
     *     series), or empty when no series has the figures
     */
    public OptionalInt replicas(long messagesPerReplica) {
        return ReplicaPlan.optimum(spread.values(), costs, messagesPerReplica);
    }

    /**
     * @return the figures the plan rests on, its first stage's spread and the costs, e.g. {@code run
     *     1a2b3c4d5e6f/20261202-101500 and 2 before it, pooled: encode forks 1.5%, setups 2.7%, within 0.7%; a fork 2.6
     *     s, a setup 0.21 s}
     */
    public String describe() {
        Map.Entry<String, SpreadComponents> first = spread.entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .findFirst()
                .orElseThrow();
        String which =
                "run " + runs.get(0) + (runs.size() == 1 ? "" : " and " + (runs.size() - 1) + " before it, pooled");
        return which + ": " + first.getKey() + " " + first.getValue().describe() + "; " + costs.describe();
    }
}
